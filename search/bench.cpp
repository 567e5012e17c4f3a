#include "search/bench.h"

#include "engine/notation.h"
#include "search/search.h"
#include "search/tt.h"

namespace kete {

const std::vector<BenchPosition>& bench_positions() {
  // Per variant: the start, then positions of random games (tests/data/perft): mid-game,
  // late, and for kiswahili late namua, mtaji with and without a house, and takasia.
  static const std::vector<BenchPosition> positions = {
      {Variant::kBao, "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S"},
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
      {Variant::kKujifunza, "1,4,0,1,4,1,0,1/1,1,6,7,2,3,5,2/5,0,3,0,0,0,0,0/5,1,4,1,3,0,1,2 S"},
      {Variant::kKujifunza, "1,4,2,6,3,2,3,0/0,2,1,8,11,4,3,0/0,0,0,0,1,0,0,0/0,2,2,2,2,2,0,3 S"},
      {Variant::kKiswahili,
       "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Hh -"},
      {Variant::kKiswahili,
       "6,0,5,1,4,2,0,1/1,0,1,0,4,2,2,0/4,2,4,3,2,2,2,1/1,1,0,0,1,1,0,2 N 4,5 - -"},
      {Variant::kKiswahili,
       "0,1,2,4,1,4,0,0/0,5,1,24,4,1,0,6/0,0,1,1,1,0,0,0/1,0,0,2,2,1,0,2 S 0,0 h -"},
      {Variant::kKiswahili,
       "1,1,2,1,7,0,5,2/0,1,1,3,4,2,0,1/0,1,13,1,1,2,1,1/1,2,2,0,3,1,2,2 N 0,0 - -"},
      {Variant::kKiswahili,
       "1,2,0,2,3,1,0,0/0,0,11,0,0,2,7,1/2,0,3,23,0,0,0,0/0,2,1,0,0,1,2,0 N 0,0 - a6"},
  };
  return positions;
}

std::vector<BenchLine> run_bench(int depth, const SearchSettings& settings,
                                 const std::function<void(const BenchLine&)>& on_line) {
  std::vector<BenchLine> lines;
  const std::atomic<bool> stop{false};
  Limits limits;
  limits.depth = depth;
  for (const BenchPosition& b : bench_positions()) {
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
