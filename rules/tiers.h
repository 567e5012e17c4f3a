// Candidate moves in tiers: the shape that every variant's move generation shares, and
// what lets a random playout play one move instead of all of them.
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <initializer_list>
#include <optional>

#include "rules/move.h"
#include "rules/position.h"
#include "rules/sowing.h"

namespace kete {

// A candidate is a start pit and a direction, a bit of a 64-bit mask: the bit order is the
// order in which moves are generated (pit by pit, clockwise first).
constexpr int candidate(int pit, Dir d) {
  return 2 * pit + int(d);
}
constexpr int candidate_pit(int c) {
  return c / 2;
}
constexpr Dir candidate_dir(int c) {
  return Dir(c % 2);
}
constexpr uint64_t candidate_bit(int pit, Dir d) {
  return uint64_t(1) << candidate(pit, d);
}
constexpr uint64_t both_ways(int pit) {
  return candidate_bit(pit, Dir::kClockwise) | candidate_bit(pit, Dir::kAnticlockwise);
}

// A candidate as the rules play it: the start pit and the direction of its bit.
struct Candidate {
  int pit;
  Dir dir;
};

constexpr Candidate candidate_at(int c) {
  return {candidate_pit(c), candidate_dir(c)};
}

// The candidates of a position by tier. The rules of every variant rank moves (captures
// before takata, pits of 2+ before singletons, ...): a tier's moves are legal only if no
// earlier tier has a legal move. A candidate may turn out to have no legal move (a
// never-ending relay, the own front row rule); one with kichwa or safari choices has
// several.
struct Candidates {
  static constexpr int kMaxTiers = 4;
  std::array<uint64_t, kMaxTiers> tier{};
  int tiers = 0;
  // What every move of the position shares, made once for all of them: bao and kiswahili
  // key their children from the mover's ring's part of the parent's key
  // (Position::ring_key).
  uint64_t mover_ring_key = 0;

  Candidates() = default;
  // The tiers in rank order.
  Candidates(std::initializer_list<uint64_t> masks) {
    for (uint64_t mask : masks)
      add(mask);
  }

  void add(uint64_t mask) {
    assert(tiers < kMaxTiers);
    tier[tiers++] = mask;
  }
};

// R::generate for a rules type R that provides candidates(p) and
// play_candidate(p, candidates, tier, Candidate, emit): every candidate of each tier in bit order,
// until a tier has a legal move.
template <class R, class Emit>
void generate_by_tiers(const Position& p, Emit& emit) {
  const Candidates c = R::candidates(p);
  int legal = 0;
  auto counted = [&](Move m, const Position& child, int sown) {
    assert_consistent(child);
    ++legal;
    emit(m, child, sown);
  };
  for (int t = 0; t < c.tiers && !legal; ++t)
    for (uint64_t bits = c.tier[t]; bits; bits &= bits - 1)
      R::play_candidate(p, c, t, candidate_at(std::countr_zero(bits)), counted);
}

// Whether some legal move satisfies pred(move, child, seeds_sown): the moves in
// generate_by_tiers's order, stopping at the candidate whose move does.
template <class R, class Pred>
bool any_legal_move(const Position& p, Pred&& pred) {
  const Candidates c = R::candidates(p);
  bool legal = false, found = false;
  auto test = [&](Move m, const Position& child, int sown) {
    assert_consistent(child);
    legal = true;
    found = found || pred(m, child, sown);
  };
  for (int t = 0; t < c.tiers && !legal; ++t)
    for (uint64_t bits = c.tier[t]; bits && !found; bits &= bits - 1)
      R::play_candidate(p, c, t, candidate_at(std::countr_zero(bits)), test);
  return found;
}

// One move played without generating the others (the search's table move, tried before
// the node's moves are generated). The move is legal exactly when generate_by_tiers
// would emit it: when its tier is the first with any candidate (an earlier tier, even one
// whose candidates all fail, would take generating) and its candidate (its start pit,
// either direction) emits it. Then emit(move, child, seeds_sown) is called for it alone,
// `*sole` (when asked) tells whether it is the only legal move, found by playing the
// tier's other candidates until one plays, and the result is true. Otherwise, an illegal
// move or a later tier's, the result is false and nothing is emitted.
template <class R, class Emit>
bool play_first_tier_move(const Position& p, Move m, bool* sole, Emit&& emit) {
  const Candidates c = R::candidates(p);
  int t = 0;
  while (t < c.tiers && c.tier[t] == 0)
    ++t;
  if (t == c.tiers || m.pit() >= kMaxRing) return false;
  const uint64_t own = both_ways(m.pit()) & c.tier[t];
  int emitted = 0;
  bool found = false;
  auto match = [&](Move e, const Position& child, int sown) {
    ++emitted;
    if (e != m) return;
    assert_consistent(child);
    emit(e, child, sown);
    found = true;
  };
  for (uint64_t bits = own; bits; bits &= bits - 1)
    R::play_candidate(p, c, t, candidate_at(std::countr_zero(bits)), match);
  if (!found || sole == nullptr) return found;
  auto any = [&](Move, const Position&, int) { ++emitted; };
  for (uint64_t bits = c.tier[t] & ~own; bits && emitted < 2; bits &= bits - 1)
    R::play_candidate(p, c, t, candidate_at(std::countr_zero(bits)), any);
  *sole = emitted == 1;
  return true;
}

// The base of every rules type (CRTP) of variant V on a board W pits wide. Self supplies
// ranked_candidates(p), the tiers of a position whose game goes on, and play_candidate;
// candidates(p) has none once the game is over, and generate(p, emit), which calls
// emit(move, child, seeds_sown) for every legal move, is generate_by_tiers. A side whose
// front row is empty has lost (rules.md section 2) unless Self says otherwise.
template <class Self, Variant V, int Width>
struct TieredRules {
  static constexpr Variant kVariant = V;
  static constexpr int W = Width;
  using R = Ring<W>;

  static std::optional<Side> loser(const Position& p) { return front_row_loser<W>(p); }

  static Candidates candidates(const Position& p) {
    if (Self::loser(p)) return {};
    return Self::ranked_candidates(p);
  }

  template <class Emit>
  static void generate(const Position& p, Emit&& emit) {
    generate_by_tiers<Self>(p, emit);
  }
};

}  // namespace kete
