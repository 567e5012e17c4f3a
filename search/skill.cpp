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

// The Elo of each level on docs/protocol.md's scale (the random mover, level 0, at 0),
// measured by scripts/strength-calibration.sh: each level against the one below,
// kiswahili, 200 games a match, 20000 nodes a move. Levels 17 to 19 measured 1599, 1589
// and 1565, within the noise of each other (their node caps reach the match's 20000), so
// they hold the mean, 1584: the table must rise with the level. Full strength (20) is its
// value at 20000 nodes a move.
constexpr std::array<int, kMaxSkillLevel + 1> kLevelElo = {
    0,    28,   102,  147,  228,  347,  425,  568,  631,  795, 1103,
    1196, 1245, 1352, 1448, 1497, 1575, 1584, 1584, 1584, 1628};
static_assert(std::is_sorted(kLevelElo.begin(), kLevelElo.end()));
static_assert(kLevelElo.back() == kMaxElo);

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

int level_for_elo(int elo) {
  int level = 0;
  for (int l = 0; l <= kMaxSkillLevel; ++l)
    if (kLevelElo[size_t(l)] <= elo) level = l;
  return level;
}

}  // namespace kete
