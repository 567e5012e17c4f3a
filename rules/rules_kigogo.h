// Bao Kigogo (rules.md section 4): 4x12, anticlockwise relay sowing, one capture that
// removes seeds from the game at the end of the move.
#pragma once

#include <algorithm>
#include <optional>

#include "rules/move.h"
#include "rules/sowing.h"
#include "rules/tiers.h"

namespace kete {

struct KigogoRules : TieredRules<KigogoRules, Variant::kKigogo, 12> {
  static constexpr Dir kDir = Dir::kAnticlockwise;

  // A side with no seeds has lost.
  static std::optional<Side> loser(const Position& p) {
    return first_loser(p, [&](Side s) { return p.ring_empty(s); });
  }

  // Pits of 2+; only when none of them has a legal move, singletons that step into an
  // empty next pit.
  static Candidates ranked_candidates(const Position& p) {
    const Side us = p.side_to_move();
    uint64_t sowing = 0, stepping = 0;
    for (int start = 0; start < R::kSize; ++start) {
      const int n = p.seeds(us, start);
      if (n >= 2) sowing |= candidate_bit(start, kDir);
      if (n == 1 && p.seeds(us, R::next(start, kDir)) == 0) stepping |= candidate_bit(start, kDir);
    }
    return {sowing, stepping};
  }

  template <class Emit>
  static void play_candidate(const Position& p, const Candidates&, int tier, Candidate c,
                             Emit&& emit) {
    const Side us = p.side_to_move();
    Position child = p;
    int sown = 1;
    if (tier == 0) {
      sown = play(child, us, c.pit);
      if (sown < 0) return;
    } else {
      const int to = R::next(c.pit, kDir);
      child.set_seeds(us, c.pit, 0);
      child.set_seeds(us, to, 1);
      capture(child, us, to);
    }
    child.pass_turn();
    emit(Move(c.pit, kDir), child, sown);
  }

  // The most seeds one move of side s takes out of the game, as if s were to move: the
  // evaluation's threat. Kigogo's is exact: its relay sowing decides where the one
  // capture of a move falls, and a first-lap estimate missed it (docs/strength.md: the
  // exact threat is what made the fitted kigogo weights win).
  static int largest_capture(const Position& p, Side s) {
    Position q = p;
    q.set_side_to_move(s);
    const int before = q.ring_seeds(~s);
    int best = 0;
    generate(q, [&](Move, const Position& child, int) {
      best = std::max(best, before - child.ring_seeds(~s));
    });
    return best;
  }

 private:
  // Relay-sows from `start` until a lap ends in an empty pit, then captures. Returns the
  // seeds sown, or -1 if the move is never-ending (it can hold no capture, so the
  // twelve-rounds count runs from the start).
  static int play(Position& p, Side us, int start) {
    int n = lift(p, us, start);
    int e = sow<W>(p, us, start, kDir, n);
    int sown = n;
    while (p.seeds(us, e) > 1) {
      if (sown > R::kEndlessSeeds) return -1;
      n = lift(p, us, e);
      e = sow<W>(p, us, e, kDir, n);
      sown += n;
    }
    capture(p, us, e);
    return sown;
  }

  // The move ended in e: a front pit takes the facing pit out of the game, and with it
  // the back pit behind that one.
  static void capture(Position& p, Side us, int e) {
    if (!R::is_front(e) || p.seeds(~us, R::facing(e)) == 0) return;
    p.set_seeds(~us, R::facing(e), 0);
    p.set_seeds(~us, R::behind_facing(e), 0);
  }
};

}  // namespace kete
