// A move is a whole turn: the start pit and every choice the player makes during it.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

#include "rules/types.h"

namespace kete {

// Packed into 16 bits:
//   bits 0-4   start pit (ring index of the mover, 0..23)
//   bit  5     direction (1 = anticlockwise)
//   bit  6     capture: the move's first lap captures (kiswahili namua: the hand seed
//              captures, and the direction bit then names the kichwa: clockwise = left)
//   bit  7     safari taken at the house (kiswahili)
//   bits 8-10  number of kichwa choices made (kujifunza under KichwaRule::kChoose)
//   bits 11-14 the choices in order, bit k set = right kichwa at the k-th central capture
// A player's own front pits capture at most once per move, so a move has at most four
// central captures (pits 3..6) and four choice bits suffice.
class Move {
 public:
  static constexpr int kMaxChoices = 4;

  constexpr Move() = default;
  constexpr Move(int pit, Dir dir, bool capture = false) : bits_(uint16_t(pit)) {
    assert(pit >= 0 && pit < kMaxRing);
    if (dir == Dir::kAnticlockwise) bits_ |= kDirBit;
    if (capture) bits_ |= kCaptureBit;
  }

  constexpr int pit() const { return bits_ & 31; }
  constexpr Dir dir() const { return (bits_ & kDirBit) ? Dir::kAnticlockwise : Dir::kClockwise; }
  constexpr bool capture() const { return bits_ & kCaptureBit; }
  constexpr bool safari() const { return bits_ & kSafariBit; }
  constexpr int choice_count() const { return (bits_ >> 8) & 7; }
  // True if the k-th central capture entered the right kichwa.
  constexpr bool choice_right(int k) const { return (bits_ >> (11 + k)) & 1; }

  constexpr Move with_safari() const { return from_bits(bits_ | kSafariBit); }
  constexpr Move with_choice(bool right) const {
    const int k = choice_count();
    assert(k < kMaxChoices);
    uint16_t b = uint16_t((bits_ & ~(7u << 8)) | unsigned(k + 1) << 8);
    if (right) b |= uint16_t(1u << (11 + k));
    return from_bits(b);
  }

  // No move (its pit lies beyond every ring): the TT's and the PV's "nothing here".
  static constexpr Move none() { return from_bits(0xFFFF); }
  constexpr bool is_none() const { return bits_ == 0xFFFF; }

  constexpr uint16_t raw() const { return bits_; }
  static constexpr Move from_bits(uint16_t b) {
    Move m;
    m.bits_ = b;
    return m;
  }
  friend constexpr bool operator==(Move, Move) = default;

 private:
  static constexpr uint16_t kDirBit = 1 << 5;
  static constexpr uint16_t kCaptureBit = 1 << 6;
  static constexpr uint16_t kSafariBit = 1 << 7;
  uint16_t bits_ = 0;
};

// The largest move count: kujifunza under `choose`, 16 start pits x 2 directions x 2^4
// kichwa choices. Every other variant stays far below (kiswahili namua: 8 pits x 2 kichwa
// x 2 stop/safari).
inline constexpr int kMaxMoves = 512;

// A fixed-capacity list, so generating moves never allocates.
template <class T>
class FixedList {
 public:
  void push_back(const T& v) {
    assert(size_ < kMaxMoves);
    items_[size_++] = v;
  }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const T& operator[](int i) const { return items_[i]; }
  const T* begin() const { return items_.data(); }
  const T* end() const { return items_.data() + size_; }

 private:
  std::array<T, kMaxMoves> items_;
  int size_ = 0;
};

using MoveList = FixedList<Move>;

}  // namespace kete
