// Independent, deliberately simple reference move generator for the four Bao variants
// (docs: docs/rules.md and docs/interface.md sections 1-2). Used only by tests to
// cross-check the engine's fast generator; it shares no code with rules/.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace kete::reference {

struct RefMove {
  std::string token;   // canonical move token (docs/interface.md section 1)
  std::string result;  // canonical position string after the move (docs/interface.md section 2)
};

// Legal moves of `position` in `variant` ("bao", "kigogo", "kujifunza", "kiswahili"),
// sorted by token. kichwa_rule is "choose" or "follow" (matters only for kujifunza).
// Finished positions (rules.md section 2) have no moves. Throws std::invalid_argument on
// an unknown variant or kichwa rule, or a position string it cannot parse.
std::vector<RefMove> legal_moves(const std::string& variant, const std::string& kichwa_rule,
                                 const std::string& position);

// Leaf count at `depth` (perft), built on the same generator; depth 0 counts 1.
std::uint64_t perft(const std::string& variant, const std::string& kichwa_rule,
                    const std::string& position, int depth);

}  // namespace kete::reference
