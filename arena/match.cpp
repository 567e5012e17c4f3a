#include "arena/match.h"

#include <algorithm>
#include <mutex>
#include <set>
#include <thread>

#include <fmt/format.h>

#include "arena/game_runner.h"
#include "rules/notation.h"

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

absl::Status check_finished(const MatchConfig& config) {
  std::set<int> seen;
  for (const GameRecord& r : config.finished) {
    const auto wrong = [&](std::string_view what) {
      return absl::InvalidArgumentError(fmt::format("game {}: {}", r.game, what));
    };
    if (r.game < 1 || r.game > planned_games(config))
      return wrong(fmt::format("not a game of this match (1..{})", planned_games(config)));
    if (!seen.insert(r.game).second) return wrong("recorded twice");
    const int g = r.game - 1;
    const Opening& opening = config.openings[size_t(g / 2) % config.openings.size()];
    const std::array<std::string, 2> players =
        g % 2 == 0 ? std::array{config.engines[0].name, config.engines[1].name}
                   : std::array{config.engines[1].name, config.engines[0].name};
    if (r.round != g / 2 + 1) return wrong(fmt::format("round {}, planned {}", r.round, g / 2 + 1));
    if (r.players != players)
      return wrong(fmt::format("{} vs {}, planned {} vs {}", r.players[0], r.players[1], players[0],
                               players[1]));
    if (r.rules != config.rules.rules || r.max_plies != config.rules.max_plies)
      return wrong("played under other rules or MaxPlies");
    if (r.time_control != config.time_control.text())
      return wrong(
          fmt::format("time control {}, planned {}", r.time_control, config.time_control.text()));
    if (r.start != position_string(opening.start) || r.opening_plies != int(opening.moves.size()) ||
        r.moves.size() < opening.moves.size() ||
        !std::equal(opening.moves.begin(), opening.moves.end(), r.moves.begin()))
      return wrong("not from its round's opening");
    if (r.termination == Termination::kAborted) return wrong("aborted: it does not count");
    if (absl::Status s = verify(r); !s.ok()) return wrong(error_text(s));
  }
  return absl::OkStatus();
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
