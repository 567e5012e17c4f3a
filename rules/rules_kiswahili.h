// Bao la Kiswahili (rules.md section 6): namua with seeds in hand, the nyumba (house) and
// its privileges, mtaji, and takasia.
#pragma once

#include <bit>

#include "rules/move.h"
#include "rules/mtaji.h"
#include "rules/sowing.h"
#include "rules/tiers.h"

namespace kete {

struct KiswahiliRules : TieredRules<KiswahiliRules, Variant::kKiswahili, 8> {
  // The tiers of namua (6.2): captures; else takasa; else, with the house destroyed,
  // singletons. Of mtaji (6.4, 6.6): captures of the takasia target; else captures; else
  // takata from the front row; else from the back row.
  // The mover's ring's part of the key comes too: the moves are sown in a RingWord and
  // their children keyed from it once made, as bao's are (rules/rules_bao.h).
  static Candidates ranked_candidates(const Position& p) {
    Candidates c;
    if (p.hand(p.side_to_move()) > 0)
      namua_candidates(p, c);
    else
      mtaji_candidates(p, c);
    c.mover_ring_key = p.ring_key<W>(p.side_to_move());
    return c;
  }

  // The pit of the side to move that rules.md 6.6 blocks in `p` (judged on the position
  // alone, its takasia field ignored: as right after the opponent's mtaji takata), or -1
  // when no block could arise. A position string's block is checked against it.
  static int possible_block(const Position& p) {
    if (p.hand(Side::kSouth) || p.hand(Side::kNorth)) return -1;
    return takasia_trigger(p);
  }

  // Every child gets its takasia field here, the one place that knows the parent.
  template <class Emit>
  static void play_candidate(const Position& p, const Candidates& cs, int tier, Candidate c,
                             Emit&& emit) {
    auto finish = [&](Move m, Position& child, int sown) {
      update_takasia(p, m, child);
      emit(m, static_cast<const Position&>(child), sown);
    };
    const uint64_t key = cs.mover_ring_key;
    if (p.hand(p.side_to_move()) > 0) {
      if (tier == kNamuaCaptures) return namua_capture(p, key, c.pit, finish);
      const bool tax = c.pit == kHouse && house_works(p);
      return takasa(p, key, c.pit, c.dir, tax, finish);
    }
    if (tier <= kMtajiCaptures) return mtaji_capture(p, key, c.pit, c.dir, finish);
    takata(p, key, c.pit, c.dir, takasia_blocked(p), finish);
  }

 private:
  static constexpr int kNamuaCaptures = 0;
  static constexpr int kMtajiCaptures = 1;  // tier 0: of the takasia target only

  // A move being played out: the position, the choices so far and the sowing state. The
  // mover's ring is sown in `ring`; p's copy of it, and its part of p's key, are stale
  // until done() writes the ring back and keys it (old_ring_key: its part before the move).
  struct Turn {
    Turn(const Position& parent, uint64_t parent_ring_key, Move move, bool in_namua, bool capture,
         int block)
        : p(parent),
          ring(parent, parent.side_to_move()),
          old_ring_key(parent_ring_key),
          m(move),
          us(parent.side_to_move()),
          namua(in_namua),
          capturing(capture),
          blocked(block) {}

    Position p;
    RingWord ring;
    uint64_t old_ring_key;
    Move m;
    Side us;
    bool namua;      // the move started with seeds in hand (rules.md 6.2)
    bool capturing;  // a capture move; otherwise a takasa or takata
    int blocked;     // mtaji takata: the takasia-blocked own pit, else -1
    Dir d = Dir::kClockwise;
    int since = 0;  // seeds sown since the start or the last capture (twelve rounds)
    int sown = 0;   // seeds sown in all laps
  };

  // ---- Namua (rules.md 6.2) ----

  // The house of the side to move is intact and has 6+ seeds.
  static bool house_works(const Position& p) {
    const Side us = p.side_to_move();
    return p.house_intact(us) && p.seeds(us, kHouse) >= 6;
  }

  static void namua_candidates(const Position& p, Candidates& c) {
    const Side us = p.side_to_move(), them = ~us;
    // Captures: a front pit occupied before the seed, facing seeds (one candidate per
    // pit; its moves choose the kichwa).
    uint64_t captures = 0;
    int occupied = 0;
    for (int i = 0; i < W; ++i) {
      occupied += p.seeds(us, i) > 0;
      if (p.seeds(us, i) && p.seeds(them, R::facing(i)))
        captures |= candidate_bit(i, Dir::kClockwise);
    }
    c.add(captures);
    // Takasa. With the house destroyed, singletons only when no pit of 2+ has a legal
    // move. The working house only when it is the only occupied front pit (taxed then).
    const bool house = p.house_intact(us), working = house_works(p);
    uint64_t takasa = 0, singletons = 0;
    for (int i = 0; i < W; ++i) {
      const int n = p.seeds(us, i);
      if (!n) continue;
      if (!house && n < 2)
        singletons |= both_ways(i);
      else if (i != kHouse || !working || occupied == 1)
        takasa |= both_ways(i);
    }
    c.add(takasa);
    if (!house) c.add(singletons);
  }

  template <class Emit>
  static void namua_capture(const Position& p, uint64_t key, int i, Emit& emit) {
    Turn t(p, key, Move(), true, true, -1);
    put_hand_seed(t, i);
    capture(t, i, /*first_namua=*/true, emit);
  }

  static void put_hand_seed(Turn& t, int i) {
    t.p.set_hand(t.us, t.p.hand(t.us) - 1);
    t.ring.add(i, 1);
  }

  // Puts the hand seed into front pit i, lifts it (the tax: only 2 seeds) and sows.
  template <class Emit>
  static void takasa(const Position& p, uint64_t key, int i, Dir d, bool tax, Emit& emit) {
    Turn t(p, key, Move(i, d), true, false, -1);
    put_hand_seed(t, i);
    int n = 2;
    if (tax)
      t.ring.take(i, 2);
    else
      n = lift_own(t, i);
    start_lap(t, i, d, n, emit);
  }

  // ---- Mtaji (rules.md 6.4) ----

  static void mtaji_candidates(const Position& p, Candidates& c) {
    const Side us = p.side_to_move();
    // The blocker's duty (6.6): capture the takasia target first if any capture can.
    const uint64_t captures = mtaji_capture_candidates<W>(p);
    uint64_t of_target = 0;
    if (p.has_takasia() && p.takasia().side != us)
      for (uint64_t bits = captures; bits; bits &= bits - 1)
        if (captured_first(p, std::countr_zero(bits)) == p.takasia().index)
          of_target |= bits & -bits;
    c.add(of_target);
    c.add(captures & ~of_target);
    const int blocked = takasia_blocked(p);
    uint64_t front = 0, back = 0;
    for (int i = 0; i < R::kSize; ++i)
      if (i != blocked && p.seeds(us, i) >= 2) (R::is_front(i) ? front : back) |= both_ways(i);
    c.add(front);
    c.add(back);
  }

  // The own front pit that takasia blocks for this move, or -1.
  static int takasia_blocked(const Position& p) {
    return p.has_takasia() && p.takasia().side == p.side_to_move() ? p.takasia().index : -1;
  }

  // The opponent front pit that capture candidate c captures first.
  static int captured_first(const Position& p, int c) {
    const int n = p.seeds(p.side_to_move(), candidate_pit(c));
    return R::facing(lap_end<W>(candidate_pit(c), candidate_dir(c), n));
  }

  template <class Emit>
  static void mtaji_capture(const Position& p, uint64_t key, int start, Dir d, Emit& emit) {
    Turn t(p, key, Move(start, d, true), false, true, -1);
    const int e = first_lap(t, start, d);
    if (e >= 0) capture(t, e, false, emit);
  }

  template <class Emit>
  static void takata(const Position& p, uint64_t key, int i, Dir d, int blocked, Emit& emit) {
    Turn t(p, key, Move(i, d), false, false, blocked);
    const int e = first_lap(t, i, d);
    if (e >= 0) run(t, e, emit);
  }

  // ---- Sowing a move (rules.md 6.3, 6.5) ----

  // Lifts an own pit; emptying the intact house destroys it (6.1).
  static int lift_own(Turn& t, int i) {
    if (i == kHouse && t.p.house_intact(t.us)) t.p.set_house(t.us, false);
    return t.ring.lift(i);
  }

  // Lifts `start` and sows the first lap; returns its end, or -1 if the move is illegal.
  static int first_lap(Turn& t, int start, Dir d) {
    const int n = lift_own(t, start);
    if (!survives(t, start, d)) return -1;
    t.d = d;
    t.since = t.sown = n;
    return t.ring.sow(start, d, n);
  }

  template <class Emit>
  static void start_lap(Turn& t, int from, Dir d, int n, Emit& emit) {
    if (!survives(t, from, d)) return;
    t.d = d;
    t.since = t.sown = n;
    run(t, t.ring.sow(from, d, n), emit);
  }

  // Captures the pit facing lap end e and re-enters the seeds from a kichwa. Only the
  // first capture of a namua move chooses a central kichwa; the choice is the move's
  // letter, kept in its direction bit (clockwise = left kichwa).
  template <class Emit>
  static void capture(Turn& t, int e, bool first_namua, Emit& emit) {
    const Side them = ~t.us;
    const int f = R::facing(e);
    if (f == kHouse && t.p.house_intact(them)) t.p.set_house(them, false);
    const int n = lift(t.p, them, f);
    const bool won = t.p.front_empty(them);
    const CaptureKichwa k = capture_kichwa<W>(e, t.d, first_namua);
    if (k == CaptureKichwa::kChoice) {
      Turn left = t;
      left.m = Move(e, Dir::kClockwise, true);
      enter_kichwa(left, false, n, won, emit);
    }
    const bool right = k != CaptureKichwa::kLeft;
    if (first_namua) t.m = Move(e, right ? Dir::kAnticlockwise : Dir::kClockwise, true);
    enter_kichwa(t, right, n, won, emit);
  }

  template <class Emit>
  static void enter_kichwa(Turn& t, bool right, int n, bool won, Emit& emit) {
    const int e = t.ring.sow_from_kichwa(right, n);
    t.d = right ? Dir::kAnticlockwise : Dir::kClockwise;
    t.since = n;
    t.sown += n;
    if (won) return done(t, emit);  // rules.md section 2: the move stops after this lap
    run(t, e, emit);
  }

  // The lap ends of 6.5, from lap end e until the move ends.
  template <class Emit>
  static void run(Turn& t, int e, Emit& emit) {
    const Side them = ~t.us;
    for (;;) {
      const int n = t.ring.seeds(e);
      if (n == 1) return done(t, emit);
      if (t.capturing && R::is_front(e) && t.p.seeds(them, R::facing(e)))
        return capture(t, e, false, emit);
      if (t.namua && e == kHouse && n >= 6 && t.p.house_intact(t.us)) {
        if (!t.capturing) return done(t, emit);  // a takasa ends at the working house
        Turn stop = t;
        done(stop, emit);
        t.m = t.m.with_safari();  // safari: lift the house and relay on
      }
      if (e == t.blocked) return done(t, emit);  // the takasia pit ends a takata
      if (t.since > R::kEndlessSeeds) return;    // never-ending: illegal
      const int lifted = lift_own(t, e);
      if (!survives(t, e, t.d)) return;
      e = t.ring.sow(e, t.d, lifted);
      t.since += lifted;
      t.sown += lifted;
    }
  }

  // front_row_survives on the ring being sown.
  static bool survives(const Turn& t, int from, Dir d) {
    return !R::is_front(from) || R::is_front(R::next(from, d)) || !t.ring.front_empty();
  }

  template <class Emit>
  static void done(Turn& t, Emit& emit) {
    t.ring.store(t.p, t.us);
    t.p.rekey_ring<W>(t.us, t.old_ring_key);
    t.p.pass_turn();
    emit(t.m, t.p, t.sown);
  }

  // ---- Takasia (rules.md 6.6) ----

  // The takasia field after `m` from `parent`: a new block on the side now to move, else
  // the target the blocker must capture next (kept from the blocked side's move), else none.
  static void update_takasia(const Position& parent, Move m, Position& child) {
    const Side mover = parent.side_to_move();
    const bool mtaji_takata =
        !m.capture() && parent.hand(Side::kSouth) == 0 && parent.hand(Side::kNorth) == 0;
    if (mtaji_takata) {
      if (const int t = takasia_trigger(child); t >= 0) {
        const Pit block{child.side_to_move(), t};
        return child.set_takasia(&block);
      }
    }
    if (parent.has_takasia() && parent.takasia().side == mover) return;  // kept as target
    if (child.has_takasia()) child.clear_takasia();
  }

  // After X's mtaji takata, with Y to move in p: the pit t of Y to block, or -1. The
  // cheap tests come first: a block needs Y to have two occupied front pits, no capture
  // move, and X's capture moves to take exactly one pit first.
  static int takasia_trigger(const Position& p) {
    if (loser(p)) return -1;
    const Side y = p.side_to_move();
    int occupied = 0, big = 0;
    for (int i = 0; i < W; ++i) {
      occupied += p.seeds(y, i) > 0;
      big += p.seeds(y, i) >= 2;
    }
    if (occupied == 1) return -1;  // exception: t would be Y's only occupied front pit
    Position plain = p;
    plain.clear_takasia();
    if (first_capture_mask(plain, 1)) return -1;  // Y has a capture move
    Position x_to_move = plain;
    x_to_move.pass_turn();
    const unsigned mask = first_capture_mask(x_to_move, 2);
    if (std::popcount(mask) != 1) return -1;
    // One bit: a front pit's index, below W (the % lets GCC's bounds check see it too).
    const int t = std::countr_zero(mask) % W;
    // The other two exceptions: an intact house, the only pit of 2+.
    if (t == kHouse && p.house_intact(y)) return -1;
    if (p.seeds(y, t) >= 2 && big == 1) return -1;
    return t;
  }

  // The opponent front pits that the legal mtaji capture moves of the side to move
  // capture first, as a bit mask of ring indices; the search stops once `enough` pits
  // are found.
  static unsigned first_capture_mask(const Position& p, int enough) {
    unsigned mask = 0;
    uint64_t key = 0;  // the mover's ring's part of p's key, made at the first lap tried
    bool keyed = false;
    for (uint64_t bits = mtaji_capture_candidates<W>(p); bits; bits &= bits - 1) {
      const int c = std::countr_zero(bits);
      const int f = captured_first(p, c);
      if (std::popcount(mask) >= enough) break;
      if (mask & (1u << f)) continue;
      bool legal = false;
      auto any = [&](Move, Position&, int) { legal = true; };
      if (!keyed) {
        key = p.ring_key<W>(p.side_to_move());
        keyed = true;
      }
      mtaji_capture(p, key, candidate_pit(c), candidate_dir(c), any);
      if (legal) mask |= 1u << f;
    }
    return mask;
  }
};

}  // namespace kete
