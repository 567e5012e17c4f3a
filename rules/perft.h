// Perft: the number of move sequences of a given length, the rules library's proof.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "rules/rules.h"

namespace kete {

template <Rules R>
uint64_t perft(const Position& p, int depth) {
  if (depth <= 0) return 1;
  uint64_t nodes = 0;
  if (depth == 1) {
    R::generate(p, [&](Move, const Position&, int) { ++nodes; });
    return nodes;
  }
  R::generate(p, [&](Move, const Position& child, int) { nodes += perft<R>(child, depth - 1); });
  return nodes;
}

uint64_t perft(RuleSet rules, const Position& p, int depth);

struct PerftEntry {
  Move move;
  uint64_t nodes;
};

// Perft split by the first move, in generation order.
std::vector<PerftEntry> perft_divide(RuleSet rules, const Position& p, int depth);

// One line of a perft table (tests/data/perft/<name>.txt):
//   <position string> ; <perft 1> <perft 2> ...
struct PerftTableLine {
  std::string position;
  std::vector<uint64_t> counts;  // counts[d-1] = perft(d)
};

// The table's name for a rules set: the variant, and for kujifunza "-" and its KichwaRule.
std::string perft_table_name(RuleSet rules);

// The lines of a perft table's text; blank lines and lines starting with '#' are skipped.
// A line without ';' or counts, or with a count that is not a number, is an error naming
// `source` and the line.
absl::StatusOr<std::vector<PerftTableLine>> parse_perft_table(std::string_view text,
                                                              std::string_view source);

}  // namespace kete
