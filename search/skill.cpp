#include "search/skill.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace kete {
namespace {

// A seed, the unit of the evaluation: the pick's random spread is at most this.
constexpr Value kSeedValue = 100;
// Levels 0..9 play a random move some of the time; level 0 always.
constexpr int kBlunderLevels = 10;

// The Elo of each level on docs/protocol.md's scales (the random mover, level 0, at 0),
// one row a variant (Variant's order), measured by scripts/strength-calibration.sh on
// 2026-12-02 with the built-in nets (kigogo's and kiswahili's rows again on 2026-12-05
// with their new nets, kiswahili's twice; bao's on 2026-12-06 with its late move
// reductions): each level against the one below, 20000 nodes a move, the balanced books
// of tuning/books (kujifunza's under `choose`); bao 200 games a match, the others 100.
// Where the chain fell back within its noise (bao 17-19, kiswahili 18-19, kujifunza 14
// and 19, all near the top where the levels' caps reach the match's nodes) the row holds
// the least-squares monotone fit: a scale must rise with the level.
constexpr std::array<std::array<int, kMaxSkillLevel + 1>, kVariantCount> kLevelElo = {{
    // bao
    {0,    200,  323,  419,  530,  641,  730,  857,  1017, 1217, 1512,
     1616, 1763, 1852, 1971, 1988, 2040, 2111, 2111, 2111, 2164},
    // kigogo
    {0,    35,   105,  183,  211,  366,  481,  636,  751,  933, 1097,
     1279, 1372, 1528, 1598, 1619, 1704, 1778, 1802, 1858, 2088},
    // kiswahili
    {0,    85,   155,  204,  253,  417,  532,  671,  871,  1062, 1444,
     1529, 1599, 1692, 1807, 1866, 1866, 1866, 1866, 1866, 1967},
    // kujifunza
    {0,   21,  70,  98,  161, 210, 318, 457, 667, 760, 838,
     852, 922, 954, 954, 971, 983, 983, 983, 983, 985},
}};
constexpr bool valid_scales() {
  int top = 0;
  for (const auto& scale : kLevelElo) {
    if (scale[0] != kMinElo) return false;
    for (size_t l = 1; l < scale.size(); ++l)
      if (scale[l] < scale[l - 1]) return false;  // the scale rises with the level
    top = std::max(top, scale.back());
  }
  return top == kMaxElo;
}
static_assert(valid_scales());

}  // namespace

uint64_t skill_nodes(int level) {
  if (level >= kMaxSkillLevel) return 0;
  // 2^(4 + 0.6 level): 24 nodes at level 1, about 1000 at 10, 43000 at 19.
  return uint64_t(std::llround(std::exp2(4.0 + 0.6 * level)));
}

int skill_lines(int level, int multipv) {
  return level >= kMaxSkillLevel ? multipv : std::max(multipv, kSkillLines);
}

Move pick_skill_move(int level, std::span<const Move> moves, std::span<const Value> values,
                     std::span<const Move> all_moves, Random& random) {
  // Below kBlunderLevels a move is random with probability (10 - level) / 10, so
  // that the low levels bridge the random mover and the search: even level 1's search
  // alone beat the random mover in every game.
  if (level < kBlunderLevels && int(random.uniform_below(kBlunderLevels)) >= level)
    return all_moves[random.uniform_below(all_moves.size())];
  // Stockfish's Skill::pick_best: weakness 120 - 2 level, each line's value raised by a
  // weakness share of its gap to the best and a random share of the spread.
  const int weakness = 120 - 2 * level;
  const Value top = values[0];
  const Value delta = std::min(top - values[values.size() - 1], kSeedValue);
  Move best = moves[0];
  int best_score = INT32_MIN;
  for (size_t i = 0; i < moves.size(); ++i) {
    const int push =
        (weakness * (top - values[i]) + delta * int(random.uniform_below(weakness))) / 128;
    if (values[i] + push >= best_score) {
      best_score = values[i] + push;
      best = moves[i];
    }
  }
  return best;
}

int level_elo(Variant v, int level) {
  return kLevelElo[size_t(v)][size_t(std::clamp(level, 0, kMaxSkillLevel))];
}

int level_for_elo(Variant v, int elo) {
  int level = 0;
  for (int l = 0; l <= kMaxSkillLevel; ++l)
    if (level_elo(v, l) <= elo) level = l;
  return level;
}

}  // namespace kete
