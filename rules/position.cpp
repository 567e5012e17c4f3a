#include "rules/position.h"

#include <fmt/format.h>

namespace kete {

Position Position::empty(Variant v) {
  Position p;
  p.variant_ = v;
  p.key_ = p.compute_key();
  return p;
}

Position Position::start(Variant v) {
  Position p = empty(v);
  const int w = p.width();
  for (Side s : {Side::kSouth, Side::kNorth}) {
    switch (v) {
      case Variant::kBao:
      case Variant::kKujifunza:
        for (int i = 0; i < 2 * w; ++i)
          p.set_seeds(s, i, 2);
        break;
      case Variant::kKigogo:  // front pit 1 starts empty (rules.md section 4)
        for (int i = 1; i < 2 * w; ++i)
          p.set_seeds(s, i, 2);
        break;
      case Variant::kKiswahili:  // rules.md 6.1: 6 in the nyumba, 2 in pits 6 and 7
        p.set_seeds(s, kHouse, 6);
        p.set_seeds(s, 5, 2);
        p.set_seeds(s, 6, 2);
        p.set_hand(s, kMaxHand);
        p.set_house(s, true);
        break;
    }
  }
  return p;
}

int Position::front_seeds(Side s) const {
  int n = 0;
  for (int i = 0; i < width(); ++i)
    n += seeds(s, i);
  return n;
}

void Position::set_hand(Side s, int n) {
  assert(n >= 0 && n <= kMaxHand);
  key_ ^= zobrist::kKeys.hand[index(s)][hand_[index(s)]] ^ zobrist::kKeys.hand[index(s)][n];
  hand_[index(s)] = uint8_t(n);
}

void Position::set_house(Side s, bool intact) {
  const uint8_t bit = uint8_t(1 << index(s));
  const uint8_t next = intact ? (houses_ | bit) : (houses_ & ~bit);
  key_ ^= zobrist::kKeys.houses[houses_] ^ zobrist::kKeys.houses[next];
  houses_ = next;
}

void Position::set_takasia(const Pit* p) {
  const int8_t next = p ? int8_t(index(p->side) * kMaxRing + p->index) : kNoTakasia;
  key_ ^= zobrist::kKeys.takasia[takasia_ + 1] ^ zobrist::kKeys.takasia[next + 1];
  takasia_ = next;
}

std::string Position::consistency_error() const {
  const int ring = ring_size();
  for (int s = 0; s < 2; ++s)
    for (int i = ring; i < kMaxRing; ++i)
      if (pits_[s][i]) return fmt::format("seeds beyond the ring of side {}", s);
  const int total = total_seeds() + hand_[0] + hand_[1];
  if (variant_ == Variant::kKigogo ? total > initial_seeds(variant_)
                                   : total != initial_seeds(variant_))
    return fmt::format("{} seeds in play", total);
  if (variant_ != Variant::kKiswahili && (hand_[0] || hand_[1] || houses_ || has_takasia()))
    return "hands, houses or takasia outside kiswahili";
  for (Side s : {Side::kSouth, Side::kNorth})
    if (house_intact(s) && seeds(s, kHouse) == 0) return "an intact house is empty";
  if (has_takasia() && takasia().index >= width()) return "takasia pit not in a front row";
  if (key_ != compute_key()) return "key differs from the recomputed key";
  return {};
}

Position Position::colours_swapped() const {
  Position t = empty(variant_);
  for (Side s : {Side::kSouth, Side::kNorth}) {
    for (int i = 0; i < ring_size(); ++i)
      t.set_seeds(~s, i, seeds(s, i));
    t.set_hand(~s, hand(s));
    t.set_house(~s, house_intact(s));
  }
  if (has_takasia()) {
    Pit pit = takasia();
    pit.side = ~pit.side;
    t.set_takasia(&pit);
  }
  t.set_side_to_move(~side_);
  return t;
}

Position Position::mirrored() const {
  Position m = *this;
  const int w = width();
  for (Side s : {Side::kSouth, Side::kNorth})
    for (int i = 0; i < w; ++i) {
      m.set_seeds(s, i, seeds(s, w - 1 - i));          // front pit i+1 <-> W-i
      m.set_seeds(s, w + i, seeds(s, 2 * w - 1 - i));  // back pit W-i <-> i+1
    }
  if (has_takasia()) {
    Pit t = takasia();
    t.index = w - 1 - t.index;
    m.set_takasia(&t);
  }
  return m;
}

}  // namespace kete
