#include "arena/distributed_match.h"

#include <fmt/format.h>

#include "arena/pgn.h"
#include "rules/notation.h"
#include "rules/text.h"
#include "tools/standard_streams.h"
#include "tools/work_farm.h"

namespace kete::arena {

Tally coordinate_match(const MatchConfig& config, tools::Cluster& cluster,
                       const GameCallback& on_game, std::atomic<bool>& stop) {
  Tally tally = finished_tally(config);
  std::vector<std::string> pairs;
  for (int g : games_to_play(config))
    if (g % 2 == 0) pairs.push_back(std::to_string(g / 2));
  const auto over = [&] { return stop || tally.decision() != SprtDecision::kContinue; };
  const auto on_pair = [&](size_t job, std::string_view pgn) {
    if (over()) return;  // games after the verdict do not count, as in run_match
    absl::StatusOr<std::vector<GameRecord>> records =
        read_pgn(pgn, fmt::format("the records of pair {}", pairs[job]));
    if (!records.ok()) {
      tools::note("kete-match: {}\n", error_text(records.status()));
      return;
    }
    for (const GameRecord& r : *records)
      if (tally.add(r)) on_game(r, tally);
  };
  tools::WorkFarm farm(cluster);
  farm.run(pairs, on_pair, over);
  farm.finish();
  return tally;
}

absl::Status serve_match(const MatchConfig& config, tools::Cluster& cluster) {
  UciClient first(config.engines[0], config.rules, config.inherit_stderr);
  UciClient second(config.engines[1], config.rules, config.inherit_stderr);
  return tools::serve_jobs(
      cluster,
      [&](const std::string& job, const std::atomic<bool>& stop) -> std::optional<std::string> {
        absl::StatusOr<int> pair = parse_number<int>("pair", job, 0, 10'000'000);
        if (!pair.ok()) return std::nullopt;
        std::string pgn;
        for (int g : {2 * *pair, 2 * *pair + 1})
          pgn += write_pgn(play_match_game(config, g, first, second, stop));
        return pgn;
      });
}

}  // namespace kete::arena
