// A match spread over the ranks of an MPI job (docs/distributed.md): rank 0 hands out game
// pairs by index as ranks ask for work, counts the records they send back, runs the SPRT
// over them all and tells every rank to stop on a verdict or when no pair is left; the
// other ranks play, one pair at a time, with their own two engine processes. A pair's
// games depend on its index alone (play_match_game), so the ranks play the games a
// single process would.
#pragma once

#include <atomic>

#include "absl/status/status.h"
#include "arena/cluster.h"
#include "arena/match.h"

namespace kete::arena {

// Rank 0: returns the totals. `on_game` is called for each counted game, as in run_match;
// setting `stop` (an interrupt) stops every rank.
Tally coordinate_match(const MatchConfig& config, Cluster& cluster, const GameCallback& on_game,
                       std::atomic<bool>& stop);

// Every other rank: plays the pairs it is given until rank 0 says stop.
absl::Status serve_match(const MatchConfig& config, Cluster& cluster);

}  // namespace kete::arena
