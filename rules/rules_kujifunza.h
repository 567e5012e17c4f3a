// Bao la Kujifunza (rules.md section 5): the mtaji stage of Bao la Kiswahili without house
// or takasia, with the kichwa of a central capture chosen by the player (kChoose) or by
// the championship rule (kFollow).
#pragma once

#include "rules/move.h"
#include "rules/mtaji.h"
#include "rules/sowing.h"
#include "rules/tiers.h"

namespace kete {

template <KichwaRule K>
struct KujifunzaRules : TieredRules<KujifunzaRules<K>, Variant::kKujifunza, 8> {
  using Base = TieredRules<KujifunzaRules<K>, Variant::kKujifunza, 8>;
  using Base::W;
  using typename Base::R;
  static constexpr KichwaRule kKichwa = K;

  // Tiers of rules.md section 5, each judged on legal moves only: capture moves; else
  // takata from front pits of 2+; else takata from back pits of 2+.
  static Candidates ranked_candidates(const Position& p) {
    const Side us = p.side_to_move();
    const uint64_t captures = mtaji_capture_candidates<W>(p);
    uint64_t front = 0, back = 0;
    for (int start = 0; start < R::kSize; ++start)
      if (p.seeds(us, start) >= 2) (R::is_front(start) ? front : back) |= both_ways(start);
    return {captures, front, back};
  }

  template <class Emit>
  static void play_candidate(const Position& p, const Candidates&, int tier, Candidate c,
                             Emit&& emit) {
    const Side us = p.side_to_move();
    const int n = p.seeds(us, c.pit);
    Position child = p;
    const int e = first_lap(child, us, c.pit, c.dir);
    if (e < 0) return;
    if (tier == 0)
      capture(child, Move(c.pit, c.dir, true), e, c.dir, n, emit);
    else
      relay<false>(child, Move(c.pit, c.dir), e, c.dir, n, n, emit);
  }

 private:
  // Lifts `start` and sows its first lap. Returns the lap end, or -1 if the lift leaves
  // the own front row empty when the first seed falls in the back row (rules.md 5).
  static int first_lap(Position& p, Side us, int start, Dir d) {
    const int n = lift(p, us, start);
    if (!front_row_survives<W>(p, us, start, d)) return -1;
    return sow<W>(p, us, start, d, n);
  }

  // Captures the pit facing lap end e and sows the seeds from the kichwa; under kChoose a
  // central capture branches into both kichwa. `sown` counts every seed sown so far.
  template <class Emit>
  static void capture(Position& p, Move m, int e, Dir d, int sown, Emit& emit) {
    const Side us = p.side_to_move(), them = ~us;
    const int n = lift(p, them, R::facing(e));
    const bool won = p.front_empty(them);
    const CaptureKichwa k = capture_kichwa<W>(e, d, K == KichwaRule::kChoose);
    if (k == CaptureKichwa::kChoice) {
      Position left_branch = p;
      enter_kichwa(left_branch, m.with_choice(false), false, n, won, sown, emit);
      m = m.with_choice(true);
    }
    const bool right = k != CaptureKichwa::kLeft;
    enter_kichwa(p, m, right, n, won, sown, emit);
  }

  template <class Emit>
  static void enter_kichwa(Position& p, Move m, bool right, int n, bool won, int sown, Emit& emit) {
    const int e = sow_from_kichwa<W>(p, p.side_to_move(), right, n);
    if (won) return done(p, m, sown + n, emit);  // rules.md section 2: the move stops
    relay<true>(p, m, e, right ? Dir::kAnticlockwise : Dir::kClockwise, n, sown + n, emit);
  }

  // Continues the move from lap end e: ends in an empty pit, captures again (capture
  // moves only), or relays. `since` counts seeds sown since the start or last capture.
  template <bool kCapturing, class Emit>
  static void relay(Position& p, Move m, int e, Dir d, int since, int sown, Emit& emit) {
    const Side us = p.side_to_move();
    for (;;) {
      if (p.seeds(us, e) == 1) return done(p, m, sown, emit);
      if (kCapturing && R::is_front(e) && p.seeds(~us, R::facing(e)) > 0)
        return capture(p, m, e, d, sown, emit);
      if (since > R::kEndlessSeeds) return;  // never-ending: illegal
      const int n = lift(p, us, e);
      if (!front_row_survives<W>(p, us, e, d)) return;
      e = sow<W>(p, us, e, d, n);
      since += n;
      sown += n;
    }
  }

  template <class Emit>
  static void done(Position& p, Move m, int sown, Emit& emit) {
    p.pass_turn();
    emit(m, p, sown);
  }
};

}  // namespace kete
