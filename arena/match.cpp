#include "arena/match.h"

#include <algorithm>
#include <mutex>
#include <thread>

#include "arena/game_runner.h"

namespace kete::arena {

Tally run_match(const MatchConfig& config, const GameCallback& on_game, std::atomic<bool>& stop) {
  Tally tally(config.engines[0].name, config.engines[1].name, config.sprt);
  const int total = 2 * ((config.games + 1) / 2);
  std::atomic<int> next{0};
  std::mutex mutex;

  const auto worker = [&] {
    UciClient first(config.engines[0], config.rules, config.inherit_stderr);
    UciClient second(config.engines[1], config.rules, config.inherit_stderr);
    for (int g; !stop && (g = next++) < total;) {
      // Game g: round g / 2 + 1; the first engine has South in the round's first game.
      GameSetup setup{config.rules, config.time_control,
                      config.openings[size_t(g / 2) % config.openings.size()], g / 2 + 1, g + 1};
      const std::array<UciClient*, 2> players =
          g % 2 == 0 ? std::array{&first, &second} : std::array{&second, &first};
      const GameRecord record = play_game(setup, players, stop);
      std::lock_guard lock(mutex);
      if (!tally.add(record)) continue;
      on_game(record, tally);
      if (tally.decision() != SprtDecision::kContinue) stop = true;
    }
  };
  std::vector<std::thread> threads;
  for (int i = 0; i < std::clamp(config.concurrency, 1, total); ++i)
    threads.emplace_back(worker);
  for (std::thread& t : threads)
    t.join();
  return tally;
}

}  // namespace kete::arena
