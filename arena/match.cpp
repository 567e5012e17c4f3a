#include "arena/match.h"

#include <algorithm>
#include <mutex>
#include <set>
#include <thread>

#include "arena/game_runner.h"

namespace kete::arena {

int planned_games(const MatchConfig& config) {
  return 2 * ((config.games + 1) / 2);
}

GameRecord play_match_game(const MatchConfig& config, int g, UciClient& first, UciClient& second,
                           const std::atomic<bool>& stop) {
  GameSetup setup{config.rules, config.time_control,
                  config.openings[size_t(g / 2) % config.openings.size()], g / 2 + 1, g + 1};
  const std::array<UciClient*, 2> players =
      g % 2 == 0 ? std::array{&first, &second} : std::array{&second, &first};
  return play_game(setup, players, stop);
}

Tally finished_tally(const MatchConfig& config) {
  Tally tally(config.engines[0].name, config.engines[1].name, config.sprt);
  for (const GameRecord& r : config.finished)
    tally.add(r);
  return tally;
}

std::vector<int> games_to_play(const MatchConfig& config) {
  std::set<int> done;
  for (const GameRecord& r : config.finished)
    done.insert(r.game - 1);
  std::vector<int> games;
  for (int g = 0; g < planned_games(config); ++g)
    if (!done.contains(g)) games.push_back(g);
  return games;
}

Tally run_match(const MatchConfig& config, const GameCallback& on_game, std::atomic<bool>& stop) {
  Tally tally = finished_tally(config);
  if (tally.decision() != SprtDecision::kContinue) return tally;
  const std::vector<int> games = games_to_play(config);
  const int total = int(games.size());
  std::atomic<int> next{0};
  std::mutex mutex;

  const auto worker = [&] {
    UciClient first(config.engines[0], config.rules, config.inherit_stderr);
    UciClient second(config.engines[1], config.rules, config.inherit_stderr);
    for (int i; !stop && (i = next++) < total;) {
      const GameRecord record = play_match_game(config, games[size_t(i)], first, second, stop);
      std::lock_guard lock(mutex);
      if (!tally.add(record)) continue;
      on_game(record, tally);
      if (tally.decision() != SprtDecision::kContinue) stop = true;
    }
  };
  std::vector<std::thread> threads;
  for (int i = 0; i < std::clamp(config.concurrency, 1, std::max(total, 1)); ++i)
    threads.emplace_back(worker);
  for (std::thread& t : threads)
    t.join();
  return tally;
}

}  // namespace kete::arena
