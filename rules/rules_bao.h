// Bao with simple rules (rules.md section 3): any pit of 2+, either way, eating optional.
#pragma once

#include "rules/move.h"
#include "rules/sowing.h"
#include "rules/tiers.h"

namespace kete {

struct BaoRules : TieredRules<BaoRules, Variant::kBao, 8> {
  // One tier: every pit of 2+, either way; and the mover's ring's part of the key, which
  // play_candidate replaces in each child.
  static Candidates ranked_candidates(const Position& p) {
    const Side us = p.side_to_move();
    uint64_t starts = 0;
    for (int start = 0; start < R::kSize; ++start)
      if (p.seeds(us, start) >= 2) starts |= both_ways(start);
    Candidates c{starts};
    c.mover_ring_key = p.ring_key<W>(us);
    return c;
  }

  // The child's key is the parent's with the captured pits keyed as they are emptied, the
  // turn passed, and the mover's ring's part replaced once the move is made: its 16 pits
  // from the table instead of the 32 of a whole new key.
  template <class Emit>
  static void play_candidate(const Position& p, const Candidates& cs, int /*tier*/, Candidate c,
                             Emit&& emit) {
    Position child = p;
    const Side us = p.side_to_move();
    const int sown = c.dir == Dir::kClockwise ? play<Dir::kClockwise>(child, us, c.pit)
                                              : play<Dir::kAnticlockwise>(child, us, c.pit);
    if (sown < 0) return;
    child.pass_turn();
    child.rekey_ring<W>(us, cs.mover_ring_key);
    emit(Move(c.pit, c.dir), child, sown);
  }

  // Plays the move from `start` in direction d on p; returns the seeds sown, or -1 if
  // the move is never-ending. The mover's ring's part of the key is left stale
  // (Position::rekey_ring): the laps are sown in a RingWord, and the direction is a
  // constant of each copy (every lap of a move goes the same way).
  template <Dir d>
  static int play(Position& p, Side us, int start) {
    RingWord ring(p, us);
    const int sown = sow_laps<d>(ring, p, us, start);
    ring.store(p, us);
    return sown;
  }

 private:
  // The opponent's front row is read once, into a register: reading it back after an
  // eaten pit's byte is stored would wait for the store (a narrower store does not
  // forward to a wider load).
  template <Dir d>
  static int sow_laps(RingWord& ring, Position& p, Side us, int start) {
    const Side them = ~us;
    uint64_t their_front = p.pit_word(them, 0);  // pit i in byte i
    int n = ring.lift(start);
    int e = ring.sow<d>(start, n);
    int since_eat = n, sown = n;
    for (;;) {
      if (ring.seeds(e) == 1) return sown;  // the lap ended in an empty pit
      const int f = R::facing(e);
      if (R::is_front(e) && uint8_t(their_front >> (8 * f)) > 0) {
        // Eat: the lap end and the facing pit are lifted together and sown on.
        n = ring.lift(e) + int(uint8_t(their_front >> (8 * f)));
        their_front &= ~(uint64_t(0xff) << (8 * f));
        p.set_seeds(them, f, 0);
        const bool won = their_front == 0;  // rules.md section 2
        e = ring.sow<d>(e, n);
        since_eat = n;
        sown += n;
        if (won) return sown;  // rules.md section 2: the move stops after this lap
        continue;
      }
      if (since_eat > R::kEndlessSeeds) return -1;
      n = ring.lift(e);
      e = ring.sow<d>(e, n);
      since_eat += n;
      sown += n;
    }
  }
};

}  // namespace kete
