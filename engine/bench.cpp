#include "engine/bench.h"

#include <algorithm>

#include "rules/notation.h"
#include "search/search.h"
#include "search/tt.h"

namespace kete {

const std::vector<BenchPosition>& bench_positions() {
  // Per variant: the start, then positions of random games (tests/data/perft and random
  // self-play): mid-game, late, and for kiswahili namua, mtaji and takasia. The extra
  // depths give every variant some 80 to 160 thousand nodes of the signature.
  static const std::vector<BenchPosition> positions = {
      {Variant::kBao, "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S", -2},
      {Variant::kBao, "0,1,1,2,0,1,0,1/1,1,4,1,1,1,1,2/1,2,9,9,0,2,1,2/0,2,1,2,9,2,3,1 S"},
      {Variant::kBao, "1,2,1,4,0,11,2,0/0,0,0,7,4,6,1,2/1,0,1,0,0,3,1,6/3,1,2,0,1,0,2,2 N"},
      {Variant::kKigogo,
       "2,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,0/0,2,2,2,2,2,2,2,2,2,2,2/"
       "2,2,2,2,2,2,2,2,2,2,2,2 S"},
      {Variant::kKigogo,
       "3,1,1,4,1,1,1,2,1,0,2,0/0,1,0,0,1,2,0,0,0,1,2,2/1,3,1,4,4,1,1,2,0,1,4,2/"
       "0,0,4,1,0,5,0,1,0,1,4,0 S"},
      {Variant::kKigogo,
       "1,1,0,1,1,1,3,0,1,1,5,0/0,1,3,1,0,0,0,0,2,1,2,0/2,0,0,1,1,2,0,4,0,1,0,0/"
       "1,1,0,1,0,1,0,1,0,0,0,2 N"},
      {Variant::kKujifunza, "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S"},
      {Variant::kKujifunza, "4,1,1,0,1,3,2,2/6,1,0,1,4,1,1,0/4,4,4,4,3,4,2,0/0,0,2,2,2,2,1,2 S", 2},
      {Variant::kKujifunza, "4,1,3,3,0,3,3,0/0,0,3,5,0,4,1,1/0,0,1,0,3,3,4,8/0,2,2,2,2,2,2,2 S", 3},
      {Variant::kKujifunza, "4,1,3,3,0,3,3,0/0,2,2,4,1,4,4,6/0,0,4,0,0,0,1,5/0,2,2,2,2,2,2,2 S", 2},
      {Variant::kKujifunza, "1,0,4,4,1,0,4,1/6,5,1,2,3,3,0,3/0,0,0,0,1,0,0,10/2,1,3,3,0,3,3,0 S",
       3},
      {Variant::kKujifunza, "0,3,3,0,3,3,1,4/4,4,4,1,4,2,2,0/6,1,0,0,0,4,0,0/3,0,2,2,2,2,2,2 S", 3},
      {Variant::kKiswahili,
       "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Hh -"},
      {Variant::kKiswahili,
       "0,0,0,0,0,0,0,0/0,6,5,1,1,2,0,1/1,0,0,4,10,0,0,1/0,0,0,0,0,0,0,0 S 16,16 H -", 4},
      {Variant::kKiswahili,
       "1,0,3,0,2,0,2,2/3,5,4,3,4,2,9,1/0,0,0,0,4,0,0,0/0,0,0,1,2,0,2,0 S 7,7 - -", 3},
      {Variant::kKiswahili,
       "1,2,0,2,3,1,0,0/0,0,11,0,0,2,7,1/2,0,3,23,0,0,0,0/0,2,1,0,0,1,2,0 N 0,0 - a6"},
  };
  return positions;
}

std::vector<BenchLine> run_bench(int depth, const SearchSettings& settings,
                                 const std::function<void(const BenchLine&)>& on_line) {
  std::vector<BenchLine> lines;
  const std::atomic<bool> stop{false};
  for (const BenchPosition& b : bench_positions()) {
    Limits limits;
    limits.depth = std::max(1, depth + b.extra_depth);
    const RuleSet rules{b.variant, KichwaRule::kChoose};
    const Position p = *parse_position(b.variant, b.position);
    TranspositionTable tt(16);  // a fresh table per position: the signature needs no order
    const SearchResult r =
        search(rules, p, GameContext{}, limits, settings, tt, stop, [](const SearchInfo&) {});
    lines.push_back({b, r.nodes});
    on_line(lines.back());
  }
  return lines;
}

}  // namespace kete
