// The parameters of `go` (docs/interface.md section 3, docs/protocol.md): a search's limits,
// `ponder`, `searchmoves`, or the solver's `mate N` and `solve` with their limits. The search
// moves are matched against the legal moves of the root.
#pragma once

#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/engine.h"
#include "rules/position.h"
#include "rules/types.h"

namespace kete {

struct GoCommand {
  enum class Kind : uint8_t { kSearch, kMate, kSolve };
  Kind kind = Kind::kSearch;
  // kSearch: limits.searchmoves, the root moves to search, empty for all; limits.ponder:
  // `go ponder`, a search that ends only after `ponderhit` (or `stop`).
  Limits limits;
  // kMate, kSolve (docs/solver.md): `go mate N`'s N, and `nodes` and `movetime`.
  int mate_moves = 0;
  SolveLimits solve;
};

// `go mate N`: N own moves at most.
inline constexpr int kMaxMateMoves = 500;

// Numbers are saturated at +-10^12 (ms: some 30 years), also past 2^63, so that the time
// management's arithmetic cannot overflow; negative clocks (an overrun, as some GUIs send
// them) count as 0.
inline constexpr int64_t kMaxGoNumber = 1'000'000'000'000;

// `words` is the whole command, "go" first. The error names the parameter.
absl::StatusOr<GoCommand> parse_go(const std::vector<std::string_view>& words, RuleSet rules,
                                   const Position& root);

}  // namespace kete
