// Search values and the score a search reports.
#pragma once

#include <cstdint>

namespace kete {

using Value = int32_t;

inline constexpr Value kInfinite = 32000;
inline constexpr Value kMate = 31000;              // a won game at the root
inline constexpr Value kMateBound = kMate - 1000;  // values beyond are game-theoretic
inline constexpr Value kDraw = 0;

constexpr Value mate_in(int ply) {
  return kMate - ply;
}
constexpr Value mated_in(int ply) {
  return -kMate + ply;
}

// A score as the protocol reports it: centi-seeds, or a won/lost game in N own moves.
// Always exact: the root reports an iteration only once its aspiration window holds the
// value, so the protocol's lowerbound/upperbound are never sent.
struct Score {
  Value value = 0;

  bool is_mate() const { return value > kMateBound || value < -kMateBound; }
  // Moves of the side to move until the game is won (positive) or lost (negative).
  int mate_moves() const { return value > 0 ? (kMate - value + 1) / 2 : -(kMate + value) / 2; }
};

}  // namespace kete
