// Bao with simple rules (rules.md section 3): any pit of 2+, either way, eating optional.
#pragma once

#include "rules/move.h"
#include "rules/sowing.h"
#include "rules/tiers.h"

namespace kete {

struct BaoRules : TieredRules<BaoRules, Variant::kBao, 8> {
  // One tier: every pit of 2+, either way.
  static Candidates ranked_candidates(const Position& p) {
    const Side us = p.side_to_move();
    uint64_t starts = 0;
    for (int start = 0; start < R::kSize; ++start)
      if (p.seeds(us, start) >= 2) starts |= both_ways(start);
    return {starts};
  }

  template <class Emit>
  static void play_candidate(const Position& p, int /*tier*/, Candidate c, Emit&& emit) {
    Position child = p;
    const int sown = play(child, p.side_to_move(), c.pit, c.dir);
    if (sown < 0) return;
    child.pass_turn();
    emit(Move(c.pit, c.dir), child, sown);
  }

  // Plays the move from `start` in direction d on p; returns the seeds sown, or -1 if
  // the move is never-ending.
  static int play(Position& p, Side us, int start, Dir d) {
    const Side them = ~us;
    int n = lift(p, us, start);
    int e = sow<W>(p, us, start, d, n);
    int since_eat = n, sown = n;
    for (;;) {
      if (p.seeds(us, e) == 1) return sown;  // the lap ended in an empty pit
      if (R::is_front(e) && p.seeds(them, R::facing(e)) > 0) {
        // Eat: the lap end and the facing pit are lifted together and sown on.
        n = lift(p, us, e) + lift(p, them, R::facing(e));
        const bool won = p.front_empty(them);
        e = sow<W>(p, us, e, d, n);
        since_eat = n;
        sown += n;
        if (won) return sown;  // rules.md section 2: the move stops after this lap
        continue;
      }
      if (since_eat > R::kEndlessSeeds) return -1;
      n = lift(p, us, e);
      e = sow<W>(p, us, e, d, n);
      since_eat += n;
      sown += n;
    }
  }
};

}  // namespace kete
