// Reference move generator: the rules of docs/rules.md followed step by step,
// one seed at a time, on a plain per-player ring. Slow on purpose; every rule cites its
// section ("R3" = rules.md section 3, "I2" = docs/interface.md section 2).
//
// Decisions taken where the text could be read two ways are marked "Decision:".

#include "reference_rules.h"

#include <algorithm>
#include <array>
#include <set>
#include <sstream>
#include <stdexcept>

namespace kete::reference {
namespace {

enum class Variant { Bao, Kigogo, Kujifunza, Kiswahili };

constexpr int kSouth = 0;
constexpr int kNorth = 1;
constexpr int kNone = -1;
constexpr int kHouse = 4;  // ring index of front pit 5, the nyumba (R1)

struct Rules {
  Variant variant;
  bool follow;  // KichwaRule=follow (R5); kujifunza only
  int width;    // W (R1)

  // R2 twelve-rounds rule: 12 rounds of the mover's ring of 2W pits.
  int round_limit() const { return 12 * 2 * width; }
  bool kiswahili() const { return variant == Variant::Kiswahili; }
  bool kujifunza() const { return variant == Variant::Kujifunza; }
  // R5, R6.5: a move that leaves the mover's front row empty after any drop is illegal.
  bool own_front_row_rule() const { return kujifunza() || kiswahili(); }
};

// Ring index (R1): per player, 0..W-1 = front pits 1..W, W..2W-1 = back pits W..1;
// +1 is clockwise. Front index i faces the opponent's front index W-1-i.
struct Pos {
  int width = 8;
  std::array<std::vector<int>, 2> ring;
  int side = kSouth;
  std::array<int, 2> hand{0, 0};            // kiswahili only
  std::array<bool, 2> house{false, false};  // intact houses, kiswahili only
  int takasia_owner = kNone;                // owner of the takasia pit (I2 field 5)
  int takasia_idx = kNone;
};

int ring_size(const Pos& p) {
  return 2 * p.width;
}
bool is_front(const Pos& p, int idx) {
  return idx < p.width;
}
int facing(const Pos& p, int idx) {
  return p.width - 1 - idx;
}
int step(const Pos& p, int idx, int dir) {
  const int n = ring_size(p);
  return ((idx + dir) % n + n) % n;
}

// R1: on the front row L = anticlockwise (-1), R = clockwise (+1); on the back row
// L = clockwise (+1), R = anticlockwise (-1).
int direction_of(const Pos& p, int idx, char letter) {
  if (is_front(p, idx)) return letter == 'L' ? -1 : +1;
  return letter == 'L' ? +1 : -1;
}

// R1 pit names: South upper case, North lower case; numbers from the owner's left.
std::string pit_name(const Pos& p, int player, int idx) {
  const bool front = is_front(p, idx);
  const int number = front ? idx + 1 : 2 * p.width - idx;
  char row = front ? 'A' : 'B';
  if (player == kNorth) row = static_cast<char>(row - 'A' + 'a');
  return std::string(1, row) + std::to_string(number);
}

int front_seeds(const Pos& p, int player) {
  int sum = 0;
  for (int i = 0; i < p.width; ++i)
    sum += p.ring[player][i];
  return sum;
}

int all_seeds(const Pos& p, int player) {
  int sum = 0;
  for (int v : p.ring[player])
    sum += v;
  return sum;
}

// Lifts every seed of a pit. R6.1: an intact house is destroyed when first emptied (by
// its owner's start, relay or safari, or by an opponent's capture). Outside kiswahili the
// house flags are always false, so this is a no-op there.
int take_all(Pos& p, int player, int idx) {
  const int seeds = p.ring[player][idx];
  p.ring[player][idx] = 0;
  if (idx == kHouse) p.house[player] = false;
  return seeds;
}

// R2 finished positions: a side's front row empty (bao, kujifunza, kiswahili) or a side
// without seeds (kigogo). Such a position has no legal moves.
bool finished(const Rules& r, const Pos& p) {
  for (int player : {kSouth, kNorth}) {
    if (r.variant == Variant::Kigogo ? all_seeds(p, player) == 0 : front_seeds(p, player) == 0)
      return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------
// One move in progress. Branch points (kichwa choice, safari/stop) copy it.

struct Sim {
  Pos pos;
  int me = kSouth;
  int dir = 0;                         // +1 clockwise, -1 anticlockwise
  int since_capture = 0;               // R2: seeds sown since the move began or its last capture
  std::string token;                   // pit + letter (kiswahili namua: + kichwa letter)
  std::string kichwa_letters;          // kujifunza under choose: one letter per central capture
  bool safari = false;                 // kiswahili: '+' suffix
  bool namua = false;                  // kiswahili: move started with seeds in hand
  bool first_capture_pending = false;  // kiswahili namua capture: first capture chooses
  int first_capture = kNone;           // opponent ring index captured first (R6.6)
  bool mtaji_takata = false;           // kiswahili: a takata started with hands empty
};

// A generated move before the side to move is switched (see finalize()).
struct Gen {
  std::string token;
  Pos after;
  int first_capture;
  bool mtaji_takata;
};

// One lap: drop `seeds` seeds one at a time into the mover's ring, the first into `first`
// (the pit after the emptied one for a normal lap, the kichwa itself for a re-entry lap,
// R1), then onwards in s.dir. Returns false when the move has become illegal by the
// own-front-row rule (R5, R6.5: checked after every drop).
bool sow(const Rules& r, Sim& s, int first, int seeds, int& last) {
  int idx = first;
  for (int k = 0; k < seeds; ++k) {
    if (k > 0) idx = step(s.pos, idx, s.dir);
    s.pos.ring[s.me][idx] += 1;
    s.since_capture += 1;
    if (r.own_front_row_rule() && front_seeds(s.pos, s.me) == 0) return false;
  }
  last = idx;
  return true;
}

void emit(const Sim& s, std::vector<Gen>& out) {
  std::string token = s.token;
  if (!s.kichwa_letters.empty()) token += ":" + s.kichwa_letters;
  if (s.safari) token += "+";
  out.push_back({token, s.pos, s.first_capture, s.mtaji_takata});
}

// ---------------------------------------------------------------------------------------
// R3 Bao (simple rules).

void bao_move(const Rules& r, const Pos& pos, int start, char letter, std::vector<Gen>& out) {
  Sim s;
  s.pos = pos;
  s.me = pos.side;
  s.dir = direction_of(pos, start, letter);
  s.token = pit_name(pos, s.me, start) + letter;
  const int opp = 1 - s.me;
  int p = 0;
  sow(r, s, step(s.pos, start, s.dir), take_all(s.pos, s.me, start), p);
  for (;;) {
    // R3 rule 1: the lap ended in an empty pit (it now holds 1): the move ends.
    if (s.pos.ring[s.me][p] == 1) break;
    // R3 rule 2: eat. Lift p and the facing pit together, sow on from the pit after p.
    const int f = facing(s.pos, p);
    if (is_front(s.pos, p) && s.pos.ring[opp][f] > 0) {
      const int eaten = take_all(s.pos, s.me, p) + take_all(s.pos, opp, f);
      s.since_capture = 0;  // R2: count since the last eat
      // R2/R3 winning at once: after the eat the opponent's front row is empty; the lap
      // is sown out and the move stops with no lap-end rule.
      const bool won = front_seeds(s.pos, opp) == 0;
      sow(r, s, step(s.pos, p, s.dir), eaten, p);
      if (won) break;
      continue;
    }
    // R3 rule 3: relay. R2: a relay after more than 12 rounds since the last eat makes
    // the move never-ending, hence illegal.
    if (s.since_capture > r.round_limit()) return;
    sow(r, s, step(s.pos, p, s.dir), take_all(s.pos, s.me, p), p);
  }
  // R3: a move ending with the mover's front row empty loses, but it is a legal move;
  // the resulting position is finished (R2) and has no moves.
  emit(s, out);
}

std::vector<Gen> bao_moves(const Rules& r, const Pos& pos) {
  std::vector<Gen> out;
  for (int idx = 0; idx < ring_size(pos); ++idx) {
    if (pos.ring[pos.side][idx] < 2) continue;  // R3: any own pit with 2+ seeds
    for (char letter : {'L', 'R'})
      bao_move(r, pos, idx, letter, out);
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// R4 Bao Kigogo.

void kigogo_move(const Rules& r, const Pos& pos, int start, std::vector<Gen>& out) {
  Sim s;
  s.pos = pos;
  s.me = pos.side;
  s.dir = -1;  // R4: anticlockwise only
  s.token = pit_name(pos, s.me, start);
  const int opp = 1 - s.me;
  int p = 0;
  sow(r, s, step(s.pos, start, s.dir), take_all(s.pos, s.me, start), p);
  // R4: laps relay until a lap ends in an empty pit.
  while (s.pos.ring[s.me][p] != 1) {
    if (s.since_capture > r.round_limit()) return;  // R2 (kigogo never resets the count)
    sow(r, s, step(s.pos, p, s.dir), take_all(s.pos, s.me, p), p);
  }
  // R4 capture, at the end of the move: the final (empty) pit is in the mover's front row
  // and the facing front pit is occupied: remove it from the game, and the opponent's back
  // pit of the same number if occupied.
  if (is_front(s.pos, p)) {
    const int f = facing(s.pos, p);
    if (s.pos.ring[opp][f] > 0) {
      s.pos.ring[opp][f] = 0;
      const int behind = 2 * s.pos.width - 1 - f;  // back pit with the same number as f
      s.pos.ring[opp][behind] = 0;
    }
  }
  emit(s, out);
}

std::vector<Gen> kigogo_moves(const Rules& r, const Pos& pos) {
  std::vector<Gen> out;
  const auto& mine = pos.ring[pos.side];
  for (int idx = 0; idx < ring_size(pos); ++idx) {
    if (mine[idx] >= 2) kigogo_move(r, pos, idx, out);
  }
  // R4 singleton rule. Decision (R2 "exists means legal"): "no own pit holds 2+" is read
  // as "no legal move from a pit of 2+ exists", so singletons are also allowed when every
  // 2+ move is never-ending.
  if (!out.empty()) return out;
  for (int idx = 0; idx < ring_size(pos); ++idx) {
    if (mine[idx] == 1 && mine[step(pos, idx, -1)] == 0) kigogo_move(r, pos, idx, out);
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// R5 Bao la Kujifunza and R6 Bao la Kiswahili share the capture machinery.

void lap_end(const Rules& r, Sim s, int p, bool capture_move, std::vector<Gen>& out);

// Capture at the mover's front pit p: take the facing seeds and re-enter them from a
// kichwa (R5, R6.3); one branch per kichwa the player may choose.
void capture(const Rules& r, Sim s, int p, std::vector<Gen>& out) {
  const int width = s.pos.width;
  const int opp = 1 - s.me;
  const int f = facing(s.pos, p);
  const int seeds = take_all(s.pos, opp, f);  // back rows are never captured
  s.since_capture = 0;
  if (s.first_capture == kNone) s.first_capture = f;
  // R2 winning at once: the opponent's front row is now empty.
  const bool won = front_seeds(s.pos, opp) == 0;

  struct Entry {
    int kichwa;
    int dir;
    char letter;
  };
  const Entry left{0, +1, 'L'};           // left kichwa, then clockwise
  const Entry right{width - 1, -1, 'R'};  // right kichwa, then anticlockwise
  const int number = p + 1;
  const bool central = number >= 3 && number <= width - 2;
  std::vector<Entry> entries;
  if (number <= 2) {
    entries = {left};
  } else if (number >= width - 1) {
    entries = {right};
  } else {
    // R5: under `choose` the player chooses at every central capture. R6.3: in kiswahili
    // only the first capture of a namua move chooses. Otherwise keep the current
    // direction: clockwise = left kichwa, anticlockwise = right kichwa.
    const bool chooses = (r.kujifunza() && !r.follow) || (r.kiswahili() && s.first_capture_pending);
    if (chooses) {
      entries = {left, right};
    } else {
      entries = {s.dir == +1 ? left : right};
    }
  }
  for (const Entry& e : entries) {
    Sim c = s;
    c.dir = e.dir;
    if (c.first_capture_pending) {
      // I1: a namua capture token is the pit + the kichwa entered, forced ones included.
      c.token += e.letter;
      c.first_capture_pending = false;
    } else if (r.kujifunza() && !r.follow && central) {
      c.kichwa_letters += e.letter;  // I1: `A3R:LR`
    }
    int last = 0;
    // R1: the capture re-entry lap starts in the kichwa itself.
    if (!sow(r, c, e.kichwa, seeds, last)) continue;
    if (won) {
      emit(c, out);  // R2: the lap is sown out, no lap-end rule after it
      continue;
    }
    lap_end(r, c, last, true, out);
  }
}

// Lap-end rules (R5; R6.5), applied at every lap end after the first lap of a capture move
// (or every lap end of a takasa/takata), until the move ends.
void lap_end(const Rules& r, Sim s, int p, bool capture_move, std::vector<Gen>& out) {
  const int opp = 1 - s.me;
  for (;;) {
    const auto& mine = s.pos.ring[s.me];
    // Empty (the pit now holds 1): the move ends.
    if (mine[p] == 1) {
      emit(s, out);
      return;
    }
    const bool intact_house_6 = r.kiswahili() && p == kHouse && s.pos.house[s.me] && mine[p] >= 6;
    if (capture_move) {
      // Own front pit, occupied, facing seeds: capture again (even at the house).
      if (is_front(s.pos, p) && s.pos.ring[opp][facing(s.pos, p)] > 0) {
        capture(r, s, p, out);
        return;
      }
      // R6.5 namua: the own intact house now holding 6+: stop (one move) or safari (lift
      // it all and relay on, destroying the house; the `+` move).
      if (s.namua && intact_house_6) {
        emit(s, out);
        s.safari = true;  // the relay below is the safari
      }
    } else {
      // R6.5 takasa in namua: the own intact house now holding 6+ ends the move.
      if (s.namua && intact_house_6) {
        emit(s, out);
        return;
      }
      // R6.6 takata in mtaji: a lap ending in the blocked pit ends the move, not lifted.
      if (!s.namua && s.pos.takasia_owner == s.me && s.pos.takasia_idx == p) {
        emit(s, out);
        return;
      }
    }
    // Relay (or safari). R2: beyond 12 rounds since the last capture the move is
    // never-ending and illegal.
    if (s.since_capture > r.round_limit()) return;
    const int seeds = take_all(s.pos, s.me, p);
    if (!sow(r, s, step(s.pos, p, s.dir), seeds, p)) return;
  }
}

// R5 / R6.4 capture moves: a start pit (front or back) with 2..15 seeds and a direction
// whose first lap ends in an own front pit that was occupied and faces seeds.
std::vector<Gen> mtaji_captures(const Rules& r, const Pos& pos) {
  std::vector<Gen> out;
  const int me = pos.side;
  const int opp = 1 - me;
  for (int idx = 0; idx < ring_size(pos); ++idx) {
    const int n = pos.ring[me][idx];
    if (n < 2 || n > 15) continue;  // a first lap of 16+ never captures
    for (char letter : {'L', 'R'}) {
      Sim s;
      s.pos = pos;
      s.me = me;
      s.dir = direction_of(pos, idx, letter);
      s.token = pit_name(pos, me, idx) + letter;
      int p = 0;
      if (!sow(r, s, step(s.pos, idx, s.dir), take_all(s.pos, me, idx), p)) continue;
      if (!is_front(s.pos, p) || s.pos.ring[me][p] < 2 || s.pos.ring[opp][facing(s.pos, p)] == 0)
        continue;
      capture(r, s, p, out);
    }
  }
  return out;
}

// R5 / R6.4 takata: laps relay and never capture. `front` selects the tier.
std::vector<Gen> takata_moves(const Rules& r, const Pos& pos, bool front) {
  std::vector<Gen> out;
  const int me = pos.side;
  const int begin = front ? 0 : pos.width;
  const int end = front ? pos.width : ring_size(pos);
  for (int idx = begin; idx < end; ++idx) {
    if (pos.ring[me][idx] < 2) continue;
    // R6.4/R6.6: the takasia-blocked pit may not start a takata.
    if (pos.takasia_owner == me && pos.takasia_idx == idx) continue;
    for (char letter : {'L', 'R'}) {
      Sim s;
      s.pos = pos;
      s.me = me;
      s.dir = direction_of(pos, idx, letter);
      s.token = pit_name(pos, me, idx) + letter;
      s.mtaji_takata = r.kiswahili();
      int p = 0;
      if (!sow(r, s, step(s.pos, idx, s.dir), take_all(s.pos, me, idx), p)) continue;
      lap_end(r, s, p, false, out);
    }
  }
  return out;
}

// R6.2 namua capture: own front pit occupied before the hand seed, facing seeds.
std::vector<Gen> namua_captures(const Rules& r, const Pos& pos) {
  std::vector<Gen> out;
  const int me = pos.side;
  for (int idx = 0; idx < pos.width; ++idx) {
    if (pos.ring[me][idx] == 0 || pos.ring[1 - me][facing(pos, idx)] == 0) continue;
    Sim s;
    s.pos = pos;
    s.me = me;
    s.namua = true;
    s.first_capture_pending = true;
    s.token = pit_name(pos, me, idx);
    s.pos.ring[me][idx] += 1;  // the hand seed is put, not sown (R2: not counted)
    s.pos.hand[me] -= 1;
    capture(r, s, idx, out);  // the capturing pit (even the house) keeps its seeds
  }
  return out;
}

// R6.2 takasa. `singletons` selects the fallback tier that exists once the house is
// destroyed.
std::vector<Gen> namua_takasa(const Rules& r, const Pos& pos, bool singletons) {
  std::vector<Gen> out;
  const int me = pos.side;
  const auto& mine = pos.ring[me];
  // R6.1: "working" is judged before the hand seed goes in; the house restriction and
  // the tax are judged on the board.
  const bool working = pos.house[me] && mine[kHouse] >= 6;
  int occupied = 0;
  for (int idx = 0; idx < pos.width; ++idx)
    occupied += mine[idx] > 0 ? 1 : 0;
  for (int idx = 0; idx < pos.width; ++idx) {
    if (mine[idx] == 0) continue;
    bool tax = false;
    if (idx == kHouse && working) {
      if (occupied != 1) continue;  // a working house only if it is the only occupied pit
      tax = true;
    }
    if (!pos.house[me]) {
      // R6.2: once the house is destroyed the chosen pit must hold 2+ before the seed,
      // unless every occupied front pit is a singleton. Decision (R2 "exists means
      // legal"; R6.1 exempts only the house restriction and the tax from tiers): the
      // singleton moves form a fallback tier used when no legal move from a 2+ pit exists.
      if (singletons ? mine[idx] != 1 : mine[idx] < 2) continue;
    } else if (singletons) {
      continue;  // with the house intact every occupied pit is already in the first tier
    }
    for (char letter : {'L', 'R'}) {
      Sim s;
      s.pos = pos;
      s.me = me;
      s.namua = true;
      s.dir = direction_of(pos, idx, letter);
      s.token = pit_name(pos, me, idx) + letter;
      s.pos.ring[me][idx] += 1;  // the hand seed
      s.pos.hand[me] -= 1;
      int seeds = 0;
      if (tax) {
        seeds = 2;  // R6.2 tax: lift only 2 seeds; the house is not destroyed
        s.pos.ring[me][idx] -= 2;
      } else {
        seeds = take_all(s.pos, me, idx);  // emptying an intact (non-working) house destroys it
      }
      int p = 0;
      if (!sow(r, s, step(s.pos, idx, s.dir), seeds, p)) continue;
      lap_end(r, s, p, false, out);
    }
  }
  return out;
}

// R5 kujifunza and R6 kiswahili, each tier judged on legal moves only (R2).
std::vector<Gen> mancala_family_moves(const Rules& r, const Pos& pos) {
  const int me = pos.side;
  if (r.kiswahili() && pos.hand[me] > 0) {
    std::vector<Gen> caps = namua_captures(r, pos);
    if (!caps.empty()) return caps;
    std::vector<Gen> takasa = namua_takasa(r, pos, false);
    if (!takasa.empty() || pos.house[me]) return takasa;
    return namua_takasa(r, pos, true);
  }
  std::vector<Gen> caps = mtaji_captures(r, pos);
  // R6.6: when the opponent's pit t is the takasia target, capture moves that capture t
  // first are compulsory if any exists.
  if (r.kiswahili() && pos.takasia_owner == 1 - me) {
    std::vector<Gen> on_target;
    for (const Gen& g : caps) {
      if (g.first_capture == pos.takasia_idx) on_target.push_back(g);
    }
    if (!on_target.empty()) return on_target;
  }
  if (!caps.empty()) return caps;
  std::vector<Gen> front = takata_moves(r, pos, true);
  if (!front.empty()) return front;
  return takata_moves(r, pos, false);  // only if no (legal) front takata exists
}

// R6.6 trigger, after player x's mtaji takata produced `after` (y to move): the blocked
// pit of y, or kNone.
int takasia_block(const Rules& r, const Pos& after, int x) {
  const int y = 1 - x;
  if (finished(r, after)) return kNone;
  Pos y_to_move = after;
  y_to_move.side = y;
  y_to_move.takasia_owner = y_to_move.takasia_idx = kNone;
  // Decision (R2 "exists means legal"): only legal capture moves count, both for "Y has
  // no capture move" and for the set of pits X's capture moves would capture first.
  if (!mtaji_captures(r, y_to_move).empty()) return kNone;
  Pos x_to_move = y_to_move;
  x_to_move.side = x;
  std::set<int> targets;
  for (const Gen& g : mtaji_captures(r, x_to_move))
    targets.insert(g.first_capture);
  if (targets.size() != 1) return kNone;
  const int t = *targets.begin();
  const auto& theirs = after.ring[y];
  // The three exceptions: Y's intact house; Y's only occupied front pit; t holds 2+ and
  // no other front pit of Y does.
  if (t == kHouse && after.house[y]) return kNone;
  int occupied = 0;
  int other_big = 0;
  for (int idx = 0; idx < after.width; ++idx) {
    occupied += theirs[idx] > 0 ? 1 : 0;
    if (idx != t && theirs[idx] >= 2) ++other_big;
  }
  if (occupied == 1 && theirs[t] > 0) return kNone;
  if (theirs[t] >= 2 && other_big == 0) return kNone;
  return t;
}

// Switch the side to move and set the takasia field (R6.6, I2 field 5).
Pos finalize(const Rules& r, const Pos& before, const Gen& g) {
  Pos after = g.after;
  const int me = before.side;
  after.side = 1 - me;
  after.takasia_owner = after.takasia_idx = kNone;
  if (!r.kiswahili()) return after;
  if (g.mtaji_takata) {
    const int t = takasia_block(r, after, me);
    if (t != kNone) {
      after.takasia_owner = 1 - me;  // blocks the side to move
      after.takasia_idx = t;
    }
  }
  // R6.6: a block on the mover persists into the opponent's next move as the target the
  // opponent must capture if it can, unless this move created a new block, which replaces
  // it. Decision: the target is written whether or not it can still be captured (the
  // state, not its consequence, is recorded).
  if (after.takasia_owner == kNone && before.takasia_owner == me) {
    after.takasia_owner = me;
    after.takasia_idx = before.takasia_idx;
  }
  return after;
}

std::vector<Gen> generate(const Rules& r, const Pos& pos) {
  if (finished(r, pos)) return {};
  switch (r.variant) {
    case Variant::Bao:
      return bao_moves(r, pos);
    case Variant::Kigogo:
      return kigogo_moves(r, pos);
    default:
      return mancala_family_moves(r, pos);
  }
}

// ---------------------------------------------------------------------------------------
// Notation (I2).

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::string current;
  for (char c : text) {
    if (c == sep) {
      parts.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  parts.push_back(current);
  return parts;
}

[[noreturn]] void reject(const std::string& field, const std::string& why) {
  throw std::invalid_argument("position string: " + field + ": " + why);
}

int parse_count(const std::string& text, const std::string& field, int max) {
  if (text.empty() || text.size() > 4) reject(field, "bad number '" + text + "'");
  int value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') reject(field, "not a number '" + text + "'");
    value = value * 10 + (c - '0');
  }
  if (value > max) reject(field, "count too large '" + text + "'");
  return value;
}

Rules make_rules(const std::string& variant, const std::string& kichwa_rule) {
  Rules r{Variant::Bao, false, 8};
  if (variant == "bao") {
    r.variant = Variant::Bao;
  } else if (variant == "kigogo") {
    r.variant = Variant::Kigogo;
    r.width = 12;
  } else if (variant == "kujifunza") {
    r.variant = Variant::Kujifunza;
  } else if (variant == "kiswahili") {
    r.variant = Variant::Kiswahili;
  } else {
    throw std::invalid_argument("unknown variant '" + variant + "'");
  }
  if (kichwa_rule == "follow") {
    r.follow = true;
  } else if (kichwa_rule != "choose") {
    throw std::invalid_argument("unknown kichwa rule '" + kichwa_rule + "'");
  }
  return r;
}

Pos parse(const Rules& r, const std::string& text) {
  const std::vector<std::string> fields = split(text, ' ');
  if (fields.size() < 2 || fields.size() > 5) reject("position", "expected 2 to 5 fields");
  const int width = r.width;
  const int max_total = r.variant == Variant::Kigogo ? 92 : 64;
  Pos pos;
  pos.width = width;
  pos.ring[kSouth].assign(2 * width, 0);
  pos.ring[kNorth].assign(2 * width, 0);

  // Field 1: North back bW..b1, North front aW..a1, South front A1..AW, South back B1..BW.
  const std::vector<std::string> rows = split(fields[0], '/');
  if (rows.size() != 4) reject("pits", "expected 4 rows");
  int total = 0;
  for (int row = 0; row < 4; ++row) {
    const std::vector<std::string> cells = split(rows[row], ',');
    if (static_cast<int>(cells.size()) != width) reject("pits", "wrong row width");
    for (int k = 0; k < width; ++k) {
      const int v = parse_count(cells[k], "pits", max_total);
      total += v;
      switch (row) {
        case 0:
          pos.ring[kNorth][width + k] = v;
          break;  // b(W-k): idx W + k
        case 1:
          pos.ring[kNorth][width - 1 - k] = v;
          break;  // a(W-k)
        case 2:
          pos.ring[kSouth][k] = v;
          break;  // A(k+1)
        default:
          pos.ring[kSouth][2 * width - 1 - k] = v;
          break;  // B(k+1)
      }
    }
  }

  // Field 2: side to move.
  if (fields[1] == "S") {
    pos.side = kSouth;
  } else if (fields[1] == "N") {
    pos.side = kNorth;
  } else {
    reject("side", "expected S or N");
  }

  // Field 3: hands (kiswahili), else '-'.
  const std::string hands = fields.size() > 2 ? fields[2] : "-";
  if (hands != "-") {
    if (!r.kiswahili()) reject("hands", "no hands in this variant");
    const std::vector<std::string> parts = split(hands, ',');
    if (parts.size() != 2) reject("hands", "expected <south>,<north>");
    pos.hand[kSouth] = parse_count(parts[0], "hands", 64);
    pos.hand[kNorth] = parse_count(parts[1], "hands", 64);
  }
  const bool both_empty = pos.hand[kSouth] == 0 && pos.hand[kNorth] == 0;
  if (pos.side == kSouth && pos.hand[kSouth] != pos.hand[kNorth])
    reject("hands", "South to move needs equal hands");
  if (pos.side == kNorth && !both_empty && pos.hand[kNorth] != pos.hand[kSouth] + 1)
    reject("hands", "North to move needs North's hand one more than South's");
  total += pos.hand[kSouth] + pos.hand[kNorth];
  if (r.variant == Variant::Kigogo ? total > 92 : total != 64)
    reject("pits", "impossible seed total " + std::to_string(total));

  // Field 4: intact houses.
  const std::string houses = fields.size() > 3 ? fields[3] : "-";
  if (houses != "-") {
    if (!r.kiswahili()) reject("houses", "no houses in this variant");
    if (houses == "Hh") {
      pos.house = {true, true};
    } else if (houses == "H") {
      pos.house = {true, false};
    } else if (houses == "h") {
      pos.house = {false, true};
    } else {
      reject("houses", "expected Hh, H, h or -");
    }
    for (int player : {kSouth, kNorth}) {
      if (pos.house[player] && pos.ring[player][kHouse] == 0)
        reject("houses", "intact house on an empty pit");
    }
  }

  // Field 5: takasia.
  const std::string takasia = fields.size() > 4 ? fields[4] : "-";
  if (takasia != "-") {
    if (!r.kiswahili() || !both_empty) reject("takasia", "only in kiswahili's mtaji");
    const char row = takasia[0];
    if (row != 'A' && row != 'a') reject("takasia", "not a front pit '" + takasia + "'");
    const std::string digits = takasia.substr(1);
    if (digits.empty() || digits.size() > 2 || digits[0] == '0' ||
        digits.find_first_not_of("0123456789") != std::string::npos)
      reject("takasia", "unknown pit name '" + takasia + "'");
    const int number = std::stoi(digits);
    if (number < 1 || number > width) reject("takasia", "unknown pit name '" + takasia + "'");
    pos.takasia_owner = row == 'A' ? kSouth : kNorth;
    pos.takasia_idx = number - 1;
  }
  return pos;
}

std::string format(const Rules& r, const Pos& pos) {
  const int width = pos.width;
  std::ostringstream out;
  auto row = [&](int player, int first, int delta) {
    for (int k = 0; k < width; ++k) {
      if (k) out << ',';
      out << pos.ring[player][first + k * delta];
    }
  };
  row(kNorth, width, +1);  // bW..b1
  out << '/';
  row(kNorth, width - 1, -1);  // aW..a1
  out << '/';
  row(kSouth, 0, +1);  // A1..AW
  out << '/';
  row(kSouth, 2 * width - 1, -1);  // B1..BW
  out << ' ' << (pos.side == kSouth ? 'S' : 'N');
  if (r.kiswahili()) {
    out << ' ' << pos.hand[kSouth] << ',' << pos.hand[kNorth] << ' ';
    if (pos.house[kSouth]) out << 'H';
    if (pos.house[kNorth]) out << 'h';
    if (!pos.house[kSouth] && !pos.house[kNorth]) out << '-';
    out << ' '
        << (pos.takasia_owner == kNone ? std::string("-")
                                       : pit_name(pos, pos.takasia_owner, pos.takasia_idx));
  }
  return out.str();
}

std::uint64_t perft_from(const Rules& r, const Pos& pos, int depth) {
  if (depth <= 0) return 1;
  const std::vector<Gen> moves = generate(r, pos);
  if (depth == 1) return moves.size();
  std::uint64_t nodes = 0;
  for (const Gen& g : moves)
    nodes += perft_from(r, finalize(r, pos, g), depth - 1);
  return nodes;
}

}  // namespace

std::vector<RefMove> legal_moves(const std::string& variant, const std::string& kichwa_rule,
                                 const std::string& position) {
  const Rules r = make_rules(variant, kichwa_rule);
  const Pos pos = parse(r, position);
  std::vector<RefMove> moves;
  for (const Gen& g : generate(r, pos))
    moves.push_back({g.token, format(r, finalize(r, pos, g))});
  std::sort(moves.begin(), moves.end(),
            [](const RefMove& a, const RefMove& b) { return a.token < b.token; });
  return moves;
}

std::uint64_t perft(const std::string& variant, const std::string& kichwa_rule,
                    const std::string& position, int depth) {
  const Rules r = make_rules(variant, kichwa_rule);
  return perft_from(r, parse(r, position), depth);
}

}  // namespace kete::reference
