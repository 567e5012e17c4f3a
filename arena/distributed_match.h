// A match spread over the ranks of an MPI job (docs/distributed.md): the jobs of the work
// farm are game pairs by index; rank 0 counts the records the ranks send back, runs the
// SPRT over them all and stops every rank on a verdict. A pair's games depend on its index
// alone (play_match_game), so the ranks play the games a single process would.
#pragma once

#include <atomic>

#include "absl/status/status.h"
#include "arena/match.h"
#include "tools/cluster.h"

namespace kete::arena {

// Rank 0: returns the totals. `on_game` is called for each counted game, as in run_match;
// setting `stop` (an interrupt) stops every rank.
Tally coordinate_match(const MatchConfig& config, tools::Cluster& cluster,
                       const GameCallback& on_game, std::atomic<bool>& stop);

// Every other rank: plays the pairs it is given, with its own two engine processes, until
// rank 0 says stop.
absl::Status serve_match(const MatchConfig& config, tools::Cluster& cluster);

}  // namespace kete::arena
