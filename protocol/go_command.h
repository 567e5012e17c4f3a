// The parameters of `go` (docs/interface.md section 3, docs/protocol.md): limits, `ponder`,
// `searchmoves`. The search moves are matched against the legal moves of the root.
#pragma once

#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/position.h"
#include "engine/types.h"
#include "search/search.h"

namespace kete {

struct GoCommand {
  // limits.searchmoves: the root moves to search, empty for all; limits.ponder: `go
  // ponder`, a search that ends only after `ponderhit` (or `stop`).
  Limits limits;
};

// Numbers are saturated at +-10^12 (ms: some 30 years), also past 2^63, so that the time
// management's arithmetic cannot overflow; negative clocks (an overrun, as some GUIs send
// them) count as 0.
inline constexpr int64_t kMaxGoNumber = 1'000'000'000'000;

// `words` is the whole command, "go" first. The error names the parameter.
absl::StatusOr<GoCommand> parse_go(const std::vector<std::string_view>& words, RuleSet rules,
                                   const Position& root);

}  // namespace kete
