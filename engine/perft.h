// Perft: the number of move sequences of a given length, the rules library's proof.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/rules.h"

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

}  // namespace kete
