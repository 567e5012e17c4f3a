#include "engine/perft.h"

namespace kete {

uint64_t perft(RuleSet rules, const Position& p, int depth) {
  return with_rules(rules, [&]<class R>(R) { return perft<R>(p, depth); });
}

std::vector<PerftEntry> perft_divide(RuleSet rules, const Position& p, int depth) {
  std::vector<PerftEntry> entries;
  with_rules(rules, [&]<class R>(R) {
    R::generate(p, [&](Move m, const Position& child, int) {
      entries.push_back({m, perft<R>(child, depth - 1)});
    });
  });
  return entries;
}

}  // namespace kete
