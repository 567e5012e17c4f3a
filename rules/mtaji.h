// The mtaji stage's capture, shared by Bao la Kujifunza (which is that stage alone) and
// Bao la Kiswahili: which moves are capture candidates, and which kichwa the captured
// seeds re-enter from.
#pragma once

#include <cstdint>

#include "rules/sowing.h"
#include "rules/tiers.h"

namespace kete {

// The capture candidates of the side to move (rules.md 5, 6.4): a start pit of 2+ whose
// first lap ends in an occupied own front pit facing seeds. A lap of a whole ring or more
// passes its start again, which the rules exclude: only 2..2W-1 seeds can capture.
template <int W>
uint64_t mtaji_capture_candidates(const Position& p) {
  using R = Ring<W>;
  const Side us = p.side_to_move(), them = ~us;
  uint64_t captures = 0;
  for (int start = 0; start < R::kSize; ++start) {
    const int n = p.seeds(us, start);
    if (n < 2 || n >= R::kSize) continue;
    for (Dir d : {Dir::kClockwise, Dir::kAnticlockwise}) {
      const int end = lap_end<W>(start, d, n);
      if (R::is_front(end) && p.seeds(us, end) && p.seeds(them, R::facing(end)))
        captures |= candidate_bit(start, d);
    }
  }
  return captures;
}

// The kichwa that the seeds of a capture at own front pit e re-enter from (rules.md 5,
// 6.3): a kimbi's own kichwa; for a central pit, the player's choice where the rules give
// one, else the kichwa that keeps the move's direction d.
enum class CaptureKichwa : uint8_t { kLeft, kRight, kChoice };

template <int W>
constexpr CaptureKichwa capture_kichwa(int e, Dir d, bool player_chooses) {
  using R = Ring<W>;
  if (R::is_kimbi(e)) return e >= W - 2 ? CaptureKichwa::kRight : CaptureKichwa::kLeft;
  if (player_chooses) return CaptureKichwa::kChoice;
  return d == Dir::kAnticlockwise ? CaptureKichwa::kRight : CaptureKichwa::kLeft;
}

}  // namespace kete
