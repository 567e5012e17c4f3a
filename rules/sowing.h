// The sowing primitives every variant is built from: the ring, the lap, the lap end.
#pragma once

#include <algorithm>
#include <array>
#include <optional>

#include "rules/position.h"

namespace kete {

// One player's ring of 2W pits (rules.md section 1), with the board geometry that the
// rules of every variant share.
template <int W>
struct Ring {
  static constexpr int kWidth = W;
  static constexpr int kSize = 2 * W;
  // The twelve-rounds rule (rules.md section 2): a move that would go on by relay or
  // safari after more than this many seeds sown since its start or last capture is
  // never-ending.
  static constexpr int kEndlessSeeds = 12 * kSize;

  static constexpr int next(int i, Dir d) {
    i += step(d);
    return i == kSize ? 0 : i < 0 ? kSize - 1 : i;
  }
  static constexpr bool is_front(int i) { return i < W; }
  // The opponent's front pit that faces own front pit i.
  static constexpr int facing(int i) { return W - 1 - i; }
  // The opponent's back pit behind the opponent front pit that faces own front pit i.
  static constexpr int behind_facing(int i) { return W + i; }
  static constexpr int kLeftKichwa = 0;
  static constexpr int kRightKichwa = W - 1;
  // Front pits 1, 2 and W-1, W.
  static constexpr bool is_kimbi(int i) { return i < 2 || (i >= W - 2 && i < W); }
};

// Where a lap of n < 2W seeds from `from` ends, without sowing it: the test of a capture
// move's first lap costs no copy of the position.
template <int W>
constexpr int lap_end(int from, Dir d, int n) {
  const int end = from + step(d) * n;
  return end >= Ring<W>::kSize ? end - Ring<W>::kSize : end < 0 ? end + Ring<W>::kSize : end;
}

// Sows n seeds of side s's ring one per pit in direction d, starting with the pit after
// `from`, and returns the lap end. Laps longer than the ring add whole rounds to every
// pit first; the rest falls on one or two runs of consecutive ring indices, sown without
// a wrap test per pit.
template <int W>
inline int sow(Position& p, Side s, int from, Dir d, int n) {
  using R = Ring<W>;
  assert(from >= 0 && from < R::kSize && n >= 0);
  const unsigned rounds = unsigned(n) / R::kSize, rest = unsigned(n) % R::kSize;
  if (rounds)
    for (int i = 0; i < R::kSize; ++i)
      p.add_seeds(s, i, int(rounds));
  const int end = lap_end<W>(from, d, int(rest));
  if (!rest) return end;
  // The partial round covers first..last in clockwise order, past the last pit if
  // first > last.
  const int first = d == Dir::kClockwise ? R::next(from, d) : end;
  const int last = d == Dir::kClockwise ? end : R::next(from, d);
  if (first <= last) {
    p.drop_run(s, first, last);
  } else {
    p.drop_run(s, first, R::kSize - 1);
    p.drop_run(s, 0, last);
  }
  return end;
}

// Side s's ring of 16 pits (W = 8) as one 128-bit number, pit i in byte i: a move sown
// here adds each lap's seeds in one addition and writes the ring back once, and its key
// is made once the move is made (Position::rekey_ring). Bao's moves sow some 18 seeds in some
// 5 laps (rules/rules_bao.h), kiswahili's some 3 laps (rules/rules_kiswahili.h), and a
// lap costs a few instructions here against some 80 sown pit by pit (sow<8> above, which
// keys each seed). A pit holds at most 92 seeds, so no byte carries into the next.
class RingWord {
 public:
  using u128 = unsigned __int128;

  RingWord(const Position& p, Side s) : ring_(u128(p.pit_word(s, 8)) << 64 | p.pit_word(s, 0)) {
    assert(p.width() == 8);
  }
  void store(Position& p, Side s) const {
    p.set_pit_word_unkeyed(s, 0, uint64_t(ring_));
    p.set_pit_word_unkeyed(s, 8, uint64_t(ring_ >> 64));
  }

  int seeds(int i) const { return int(uint8_t(ring_ >> (8 * i))); }
  int lift(int i) {
    const int n = seeds(i);
    ring_ &= kAllBut[size_t(i)];
    return n;
  }
  // n seeds put into pit i, or taken from it (it holds them).
  void add(int i, int n) { ring_ += u128(unsigned(n)) << (8 * i); }
  void take(int i, int n) {
    assert(seeds(i) >= n);
    ring_ -= u128(unsigned(n)) << (8 * i);
  }
  // The front row (pits 0..7) holds no seeds.
  bool front_empty() const { return uint64_t(ring_) == 0; }
  // sow<8>: n seeds one per pit in direction d from the pit after `from`; the lap end.
  template <Dir d>
  int sow(int from, int n) {
    assert(from >= 0 && from < 16 && n >= 0);
    if (n >= 16) ring_ += u128(unsigned(n) / 16) * kAll;
    const int rest = n % 16;
    const int end = (from + step(d) * rest) & 15;
    // The partial round, in clockwise order: the pits after `from`, or those up to it.
    ring_ += kRuns[size_t(d == Dir::kClockwise ? (from + 1) & 15 : end)][size_t(rest)];
    return end;
  }
  // The same, the direction known only at run time (kiswahili's laps change it).
  int sow(int from, Dir d, int n) {
    return d == Dir::kClockwise ? sow<Dir::kClockwise>(from, n) : sow<Dir::kAnticlockwise>(from, n);
  }
  // sow_from_kichwa (below) on the ring.
  int sow_from_kichwa(bool right_kichwa, int n) {
    return right_kichwa ? sow<Dir::kAnticlockwise>(Ring<8>::kRightKichwa + 1, n)
                        : sow<Dir::kClockwise>(Ring<8>::kSize - 1, n);
  }

 private:
  // A seed in every pit; all pits but pit i; kRuns[first][n]: a seed in each of the n < 16
  // pits first, first + 1, ... (mod 16).
  static constexpr u128 kAll = u128(0x0101010101010101) << 64 | 0x0101010101010101;
  static constexpr std::array<u128, 16> kAllBut = [] {
    std::array<u128, 16> masks{};
    for (int i = 0; i < 16; ++i)
      masks[size_t(i)] = ~(u128(0xFF) << (8 * i));
    return masks;
  }();
  static constexpr std::array<std::array<u128, 16>, 16> kRuns = [] {
    std::array<std::array<u128, 16>, 16> runs{};
    for (int first = 0; first < 16; ++first)
      for (int n = 0; n < 16; ++n)
        for (int k = 0; k < n; ++k)
          runs[size_t(first)][size_t(n)] |= u128(1) << (8 * ((first + k) & 15));
    return runs;
  }();

  u128 ring_;
};

// Sows n captured seeds in a re-entry lap that starts in the kichwa itself (rules.md
// section 1): the left kichwa sows clockwise, the right kichwa anticlockwise. Returns the
// lap end.
template <int W>
inline int sow_from_kichwa(Position& p, Side s, bool right_kichwa, int n) {
  using R = Ring<W>;
  return right_kichwa ? sow<W>(p, s, R::kRightKichwa + 1, Dir::kAnticlockwise, n)
                      : sow<W>(p, s, R::kSize - 1, Dir::kClockwise, n);
}

// The side for which `lost(side)` holds, the side to move checked first.
template <class Lost>
inline std::optional<Side> first_loser(const Position& p, Lost lost) {
  const Side us = p.side_to_move();
  if (lost(us)) return us;
  if (lost(~us)) return ~us;
  return std::nullopt;
}

// A finished position of bao, kujifunza and kiswahili (rules.md section 2): a side whose
// front row is empty has lost.
template <int W>
inline std::optional<Side> front_row_loser(const Position& p) {
  return first_loser(p, [&](Side s) { return p.front_empty<W>(s); });
}

// The own front row rule (rules.md 5, 6.5): when lifting front pit `from` has left side
// s's front row empty, the lap's first seed must fall in the front row.
template <int W>
inline bool front_row_survives(const Position& p, Side s, int from, Dir d) {
  using R = Ring<W>;
  return !R::is_front(from) || R::is_front(R::next(from, d)) || !p.front_empty(s);
}

// Lifts every seed of a pit and returns how many there were.
inline int lift(Position& p, Side s, int i) {
  const int n = p.seeds(s, i);
  p.set_seeds(s, i, 0);
  return n;
}

}  // namespace kete
