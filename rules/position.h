// The position: pits, hands, house flags, takasia state, side to move and its Zobrist key.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <string>

#include "rules/random.h"
#include "rules/types.h"

namespace kete {

// The most seeds a pit can hold: every seed of the largest game (kigogo: 92).
inline constexpr int kMaxSeeds = 92;

namespace zobrist {

using kete::splitmix64;

struct Keys {
  std::array<std::array<std::array<uint64_t, kMaxSeeds + 1>, kMaxRing>, 2> pit{};
  std::array<std::array<uint64_t, kMaxHand + 1>, 2> hand{};
  std::array<uint64_t, 4> houses{};  // by the two house flags
  std::array<uint64_t, 2 * kMaxRing + 1> takasia{};
  uint64_t north_to_move = 0;
  std::array<uint64_t, kVariantCount> variant{};
  // drop[s][i][c] = pit[s][i][c] ^ pit[s][i][c + 1]: the key change of one seed sown.
  std::array<std::array<std::array<uint64_t, kMaxSeeds>, kMaxRing>, 2> drop{};
};

constexpr Keys make_keys() {
  Keys k;
  uint64_t state = 0x6B657465ull;  // "kete"
  for (auto& side : k.pit)
    for (auto& pit : side)
      for (int c = 1; c <= kMaxSeeds; ++c)
        pit[c] = splitmix64(state);  // empty pits hash 0
  for (auto& side : k.hand)
    for (int c = 1; c <= kMaxHand; ++c)
      side[c] = splitmix64(state);
  for (int h = 1; h < 4; ++h)
    k.houses[h] = splitmix64(state);
  for (int t = 1; t <= 2 * kMaxRing; ++t)
    k.takasia[t] = splitmix64(state);
  k.north_to_move = splitmix64(state);
  for (auto& v : k.variant)
    v = splitmix64(state);
  for (int s = 0; s < 2; ++s)
    for (int i = 0; i < kMaxRing; ++i)
      for (int c = 0; c < kMaxSeeds; ++c)
        k.drop[s][i][c] = k.pit[s][i][c] ^ k.pit[s][i][c + 1];
  return k;
}

inline constexpr Keys kKeys = make_keys();

}  // namespace zobrist

// A pit of the board: its owner and its index on the owner's ring (rules.md section 1:
// 0..W-1 = front pits 1..W, W..2W-1 = back pits W..1).
struct Pit {
  Side side;
  int index;
  friend bool operator==(const Pit&, const Pit&) = default;
};

class Position {
 public:
  // House flags: bit i set = side i's house (nyumba) is intact (kiswahili only).
  static constexpr uint8_t kSouthHouse = 1, kNorthHouse = 2;
  static constexpr int8_t kNoTakasia = -1;

  static Position start(Variant v);
  // An empty board of `v` with South to move; for tests and parsers.
  static Position empty(Variant v);

  Variant variant() const { return variant_; }
  int width() const { return kete::width(variant_); }
  int ring_size() const { return 2 * width(); }
  Side side_to_move() const { return side_; }
  uint64_t key() const { return key_; }

  int seeds(Side s, int i) const { return pits_[index(s)][i]; }
  int seeds(Pit p) const { return seeds(p.side, p.index); }
  int hand(Side s) const { return hand_[index(s)]; }
  bool house_intact(Side s) const { return houses_ & (1 << index(s)); }
  uint8_t houses() const { return houses_; }
  // The takasia pit, if any: a pit of the side to move is blocked for this move; a pit of
  // the opponent is the target the side to move must capture if it can (docs/interface.md 2).
  bool has_takasia() const { return takasia_ != kNoTakasia; }
  Pit takasia() const { return {Side(takasia_ / kMaxRing), takasia_ % kMaxRing}; }

  // The pits i..i+7 of side s as one word, pit i in the low byte (only the first `bytes`
  // of them, the rest 0); pits past the ring hold no seeds.
  uint64_t pit_word(Side s, int i, int bytes = 8) const { return word(pits_[index(s)], i, bytes); }

  // Seeds on the board of one side (front row, or the whole ring).
  int front_seeds(Side s) const;
  // The seeds on a side's ring, a word of eight pits at a time (pits past the ring hold
  // none).
  int ring_seeds(Side s) const {
    const auto& ring = pits_[index(s)];
    return lane_sum(byte_pairs(word(ring, 0)) + byte_pairs(word(ring, 8)) +
                    byte_pairs(word(ring, 16)));
  }
  // Seeds counted a word of pits at a time: the pits' bytes added in pairs into 16-bit
  // lanes (no board fills one, even summed over a ring's three words), and the lanes
  // added by one multiplication.
  static constexpr uint64_t byte_pairs(uint64_t w) {
    constexpr uint64_t kEvenBytes = 0x00FF00FF00FF00FF;
    return (w & kEvenBytes) + ((w >> 8) & kEvenBytes);
  }
  static constexpr int lane_sum(uint64_t lanes) { return int((lanes * 0x0001000100010001) >> 48); }
  int total_seeds() const { return ring_seeds(Side::kSouth) + ring_seeds(Side::kNorth); }
  // Emptiness tests, which every move makes (the loser), a word of pits at a time.
  bool front_empty(Side s) const { return width() == 8 ? front_empty<8>(s) : front_empty<12>(s); }
  // The same on a board W pits wide.
  template <int W>
  bool front_empty(Side s) const {
    assert(W == width());
    const auto& ring = pits_[index(s)];
    return (W == 8 ? word(ring, 0) : word(ring, 0) | word(ring, 8, 4)) == 0;
  }
  bool ring_empty(Side s) const {
    const auto& ring = pits_[index(s)];
    return (word(ring, 0) | word(ring, 8) | word(ring, 16)) == 0;
  }

  // Setters keep the key up to date.
  void set_seeds(Side s, int i, int n) {
    assert(n >= 0 && n <= kMaxSeeds);
    uint8_t& pit = pits_[index(s)][i];
    key_ ^= zobrist::kKeys.pit[index(s)][i][pit] ^ zobrist::kKeys.pit[index(s)][i][n];
    pit = uint8_t(n);
  }
  void add_seeds(Side s, int i, int n) { set_seeds(s, i, seeds(s, i) + n); }
  // One seed into each of side s's pits first..last (consecutive ring indices): the
  // sowing step, one key table load per pit. The key is kept in a register through the
  // run (a byte store could alias key_ if it were updated in place).
  void drop_run(Side s, int first, int last) {
    assert(0 <= first && last < 2 * width());
    uint8_t* pits = pits_[index(s)].data();
    const auto& drop = zobrist::kKeys.drop[index(s)];
    uint64_t key = key_;
    for (int i = first; i <= last; ++i) {
      assert(pits[i] < kMaxSeeds);
      key ^= drop[i][pits[i]];
      ++pits[i];
    }
    key_ = key;
  }
  // A ring keyed once its move is made (bao's, rules/rules_bao.h): pit_word's inverse
  // writes the pits i..i+7 of side s and leaves the key stale, and rekey_ring<W>(s, old)
  // then replaces the ring's part of the key, old = ring_key<W>(s) from before the
  // writes: one table load a pit.
  void set_pit_word_unkeyed(Side s, int i, uint64_t w) {
    assert(i >= 0 && i + 8 <= kMaxRing);
    std::memcpy(pits_[index(s)].data() + i, &w, sizeof w);
  }
  template <int W>
  void rekey_ring(Side s, uint64_t old) {
    key_ ^= old ^ ring_key<W>(s);
  }
  // Side s's pits' part of the key, on a board W pits wide.
  template <int W>
  uint64_t ring_key(Side s) const {
    assert(W == width());
    const auto& keys = zobrist::kKeys.pit[index(s)];
    const auto& ring = pits_[index(s)];
    uint64_t key = 0;
    for (int i = 0; i < 2 * W; ++i)
      key ^= keys[i][ring[i]];
    return key;
  }
  void set_hand(Side s, int n);
  void set_house(Side s, bool intact);
  void set_takasia(const Pit* p);
  void clear_takasia() { set_takasia(nullptr); }
  void set_side_to_move(Side s) {
    if (s != side_) pass_turn();
  }
  void pass_turn() {
    side_ = ~side_;
    key_ ^= zobrist::kKeys.north_to_move;
  }

  // The key recomputed from scratch; equals key() in a consistent position.
  uint64_t compute_key() const { return width() == 8 ? compute_key<8>() : compute_key<12>(); }
  // The same on a board W pits wide: the pits past the ring hold none, and add nothing.
  template <int W>
  uint64_t compute_key() const {
    const auto& k = zobrist::kKeys;
    uint64_t key = k.variant[int(variant_)] ^ k.houses[houses_] ^ k.takasia[takasia_ + 1];
    if (side_ == Side::kNorth) key ^= k.north_to_move;
    for (Side s : {Side::kSouth, Side::kNorth})
      key ^= k.hand[index(s)][hand_[index(s)]] ^ ring_key<W>(s);
    return key;
  }
  // Empty string when the position is internally consistent, else what is wrong.
  std::string consistency_error() const;

  // Left-right mirror image (pit i <-> pit W+1-i on every row); bao and kujifunza are
  // symmetric under it.
  Position mirrored() const;

  // South and North exchanged: each side's pits, hand, house and takasia go to the other
  // side, and the other side moves. The rules treat both sides alike, so the twin has
  // the same perft. Some twins have no position string (kiswahili's namua with South to
  // move and unequal hands), hence a method built with the setters.
  Position colours_swapped() const;

  friend bool operator==(const Position& a, const Position& b) {
    return a.key_ == b.key_ && a.pits_ == b.pits_ && a.hand_ == b.hand_ && a.houses_ == b.houses_ &&
           a.takasia_ == b.takasia_ && a.side_ == b.side_ && a.variant_ == b.variant_;
  }

 private:
  // The pits i..i+7 of a ring as one word (only the first `bytes` of them, the rest 0).
  static uint64_t word(const std::array<uint8_t, kMaxRing>& ring, int i, int bytes = 8) {
    uint64_t w = 0;
    std::memcpy(&w, ring.data() + i, size_t(bytes));
    return w;
  }

  std::array<std::array<uint8_t, kMaxRing>, 2> pits_{};
  std::array<uint8_t, 2> hand_{};
  uint8_t houses_ = 0;
  int8_t takasia_ = kNoTakasia;
  Side side_ = Side::kSouth;
  Variant variant_ = Variant::kKiswahili;
  uint64_t key_ = 0;
};

// The zobrist key table aside, a position is one cache line: copy-make copies it at every
// node (docs/style.md).
static_assert(sizeof(Position) == 64);

// Debug and sanitizer builds check every position a move makes (docs/style.md); NDEBUG
// compiles the check out of the release build.
inline void assert_consistent([[maybe_unused]] const Position& p) {
  assert(p.consistency_error().empty());
}

// Rules-independent seed count of a fresh game of `v` (64, or 92 for kigogo).
constexpr int initial_seeds(Variant v) {
  return v == Variant::kKigogo ? 92 : 64;
}

}  // namespace kete
