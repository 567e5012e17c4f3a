// Playing below full strength: `Skill Level` and `UCI_LimitStrength` + `UCI_Elo`
// (docs/protocol.md, "Strength"). A level caps the nodes of each move and picks among
// the best root lines at random, the weaker the level the more (Stockfish's scheme);
// the levels below 10 also play random moves, level 0 nothing else. The Elo scale is the one
// measured with kete-match in docs/protocol.md, the random mover at 0.
#pragma once

#include <cstdint>
#include <span>

#include "rules/move.h"
#include "rules/random.h"
#include "rules/score.h"
#include "rules/types.h"

namespace kete {

inline constexpr int kMaxSkillLevel = 20;  // full strength: no cap, no random pick
inline constexpr int kSkillLines = 4;      // root lines searched for the pick (MultiPV)

// The nodes a move at `level` may search; 0 at full strength (no cap).
uint64_t skill_nodes(int level);

// The root lines the search needs at `level` (at least `multipv`).
int skill_lines(int level, int multipv);

// Picks the move among the root lines `moves` (best first) with their `values`:
// Stockfish's rule, each line's value pushed up by a share of its gap to the best line
// and a random share of the spread, the shares growing as the level falls. Levels below
// 10 instead pick any of `all_moves` uniformly with probability (10 - level) / 10: level
// 0 is the random mover.
Move pick_skill_move(int level, std::span<const Move> moves, std::span<const Value> values,
                     std::span<const Move> all_moves, Random& random);

// The Elo scales, one a variant (the calibration tables of docs/protocol.md): the
// random mover at 0, full strength at its Elo at 20000 nodes a move. `UCI_Elo` runs
// from kMinElo to the highest top of any variant; in a variant whose scale ends lower an
// Elo above its top plays at full strength.
inline constexpr int kMinElo = 0;
inline constexpr int kMaxElo = 2164;  // bao's full strength, the highest top
// The Elo of `level` on `v`'s scale.
int level_elo(Variant v, int level);
// The level whose measured Elo in `v` is the highest not above `elo`.
int level_for_elo(Variant v, int elo);

}  // namespace kete
