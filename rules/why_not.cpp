#include "rules/why_not.h"

#include <bit>
#include <optional>

#include <fmt/format.h>

#include "rules/mtaji.h"
#include "rules/notation.h"
#include "rules/rules.h"

namespace kete {
namespace {

using Ring8 = Ring<8>;

Reason say(WhyNot kind, std::string text) {
  return {kind, std::move(text)};
}

// The token's pit, read case-sensitively (its letter names the owner), and its first
// letter after the pit (L/R), if any.
struct Parsed {
  Pit pit;
  std::optional<char> letter;
  std::string_view rest;  // after the letter: kujifunza's ":LR", kiswahili's "+"
};

std::optional<Parsed> parse_token(int width, std::string_view token) {
  size_t end = 1;
  while (end < token.size() && token[end] >= '0' && token[end] <= '9')
    ++end;
  const absl::StatusOr<Pit> pit = parse_pit(width, token.substr(0, end));
  if (!pit.ok()) return std::nullopt;
  Parsed t{*pit, std::nullopt, {}};
  if (end < token.size()) {
    const char c = token[end];
    t.letter = c == 'l' || c == 'L' ? 'L' : 'R';
    t.rest = token.substr(end + 1);
  }
  return t;
}

// The sowing direction that L/R names from a pit (rules.md 1: on the front row L is
// anticlockwise, on the back row clockwise).
Dir direction_of(int width, int pit, char letter) {
  const bool left = letter == 'L';
  if (pit < width) return left ? Dir::kAnticlockwise : Dir::kClockwise;
  return left ? Dir::kClockwise : Dir::kAnticlockwise;
}

std::string row_names(int width, Side s) {
  const char front = s == Side::kSouth ? 'A' : 'a', back = s == Side::kSouth ? 'B' : 'b';
  return fmt::format("{0}1..{0}{2} and {1}1..{1}{2}", front, back, width);
}

// The legal moves of p and the facts about them that the reasons need.
struct Moves {
  MoveList all;
  bool any_capture = false;
  bool any_front = false;  // a legal move starts from a front pit
  bool any_big = false;    // a legal move starts from a pit of 2+

  Moves(RuleSet rules, const Position& p) : all(legal_moves(rules, p)) {
    const Side us = p.side_to_move();
    for (Move m : all) {
      any_capture |= m.capture();
      any_front |= m.pit() < p.width();
      any_big |= p.seeds(us, m.pit()) >= 2;
    }
  }
};

// The legal moves of candidate (pit, d) as its tiers play it, or nullopt if it is in
// no tier. Zero moves means every way of playing it is never-ending or empties the own
// front row, the only ways a candidate of a tier fails (rules/tiers.h).
std::optional<int> candidate_moves(RuleSet rules, const Position& p, int pit, Dir d) {
  std::optional<int> count;
  with_rules(rules, [&]<class R>(R) {
    const Candidates c = R::candidates(p);
    for (int t = 0; t < c.tiers; ++t)
      if (c.tier[t] & candidate_bit(pit, d)) {
        if (!count) count = 0;
        R::play_candidate(p, c, t, Candidate{pit, d},
                          [&](Move, const Position&, int) { ++*count; });
      }
  });
  return count;
}

// A candidate of its tier without a legal move: why (rules.md 2, 5, 6.5). Bao and kigogo
// moves fail only by the twelve-rounds rule. Elsewhere the first lift (`lifted` seeds of
// `pit` in `before_lift`, namua's hand seed already put) is checked for the own front row
// rule; what happens later in the move is not told apart.
Reason failed_candidate(const Position& before_lift, int pit, Dir d, int lifted) {
  const Position& p = before_lift;
  const Side us = p.side_to_move();
  if (p.variant() == Variant::kBao || p.variant() == Variant::kKigogo)
    return say(WhyNot::kNeverEnding,
               "that sowing would never end: it goes on for more than twelve rounds without "
               "a capture");
  Position q = p;
  q.add_seeds(us, pit, -lifted);
  if (pit < 8 && !Ring8::is_front(Ring8::next(pit, d)) && q.front_empty(us))
    return say(WhyNot::kFrontRowEmptied,
               fmt::format("lifting {} that way would leave your front row empty",
                           pit_name(8, {us, pit})));
  return say(WhyNot::kNeverEndingOrFrontRow,
             "that sowing would either never end (twelve rounds without a capture) or leave "
             "your front row empty");
}

Reason no_such_move() {
  return say(WhyNot::kNoSuchMove, "no legal move starts there with that direction");
}

// No tier rule forbids the candidate (pit, d); the token still names no legal move: a
// wrong suffix, or a candidate that fails (see failed_candidate for before_lift, lifted).
Reason candidate_reason(RuleSet rules, const Position& p, const Moves& moves, const Parsed& t,
                        Dir d, const Position& before_lift, int lifted) {
  std::optional<Move> example;
  for (Move m : moves.all)
    if (m.pit() == t.pit.index && m.dir() == d && !m.safari()) {
      example = m;
      break;
    }
  if (example) {
    const std::string written = move_token(p, *example);
    if (t.rest.starts_with('+'))  // rules.md 6.5: a safari only at the intact house
      return say(WhyNot::kNoSafari,
                 fmt::format("that move offers no safari: play {} without '+'", written));
    if (rules.variant == Variant::kKujifunza && rules.kichwa == KichwaRule::kFollow &&
        t.rest.starts_with(':'))  // rules.md 5: under follow a central capture keeps its way
      return say(WhyNot::kNoKichwaLetters,
                 fmt::format("under KichwaRule follow a capture keeps its direction: name no "
                             "kichwa, play {}",
                             written));
    // rules.md 5: under choose the player names the kichwa of each central capture. A
    // token without letters: every legal way of this move has such a capture (else the
    // token would be legal); with letters: they name no legal way of playing it.
    if (rules.variant == Variant::kKujifunza && !t.rest.starts_with(':'))
      return say(WhyNot::kKichwaLetters,
                 fmt::format("this move captures at a central pit: name the kichwa (L or R) "
                             "after ':' for each such capture, as in {}",
                             written));
    if (rules.variant == Variant::kKujifunza)
      return say(WhyNot::kKichwaLetters,
                 fmt::format("the kichwa letters after ':' name no legal way of playing this "
                             "move (one letter L or R for each capture at a central pit), as "
                             "in {}",
                             written));
    return no_such_move();
  }
  const std::optional<int> n = candidate_moves(rules, p, t.pit.index, d);
  if (n && *n == 0) return failed_candidate(before_lift, t.pit.index, d, lifted);
  return no_such_move();
}

// rules.md 6.2 and 6.3: namua, where every move puts a hand seed into an occupied front pit.
Reason namua_reason(RuleSet rules, const Position& p, const Moves& moves, const Parsed& t) {
  const Side us = p.side_to_move(), them = ~us;
  const int i = t.pit.index;
  const std::string name = pit_name(8, t.pit);
  if (!Ring8::is_front(i))
    return say(WhyNot::kNamuaFrontRow,
               fmt::format("in namua every move starts by putting a seed from your hand into an "
                           "occupied pit of your front row, and {} is in your back row",
                           name));
  const bool captures_here = p.seeds(them, Ring8::facing(i)) > 0;  // 6.2: facing seeds
  if (moves.any_capture && !captures_here)
    return say(WhyNot::kMustCapture, "a capture is possible, so you must capture");
  if (captures_here && moves.any_capture) {
    // 6.3: a capture at pit 1 or 2 enters the left kichwa, at 7 or 8 the right one.
    const bool left = *t.letter == 'L';
    if (Ring8::is_kimbi(i) && left != (i < 2)) {
      const std::string fixed = name + (i < 2 ? "L" : "R");
      const bool playable = parse_move(rules, p, fixed).ok();
      return say(WhyNot::kKichwaFixed,
                 fmt::format("a capture at {} brings the seeds in at the {} kichwa{}", name,
                             i < 2 ? "left" : "right", playable ? ": play " + fixed : ""));
    }
    // The letter names the kichwa: clockwise from the left one.
    const Dir d = left ? Dir::kClockwise : Dir::kAnticlockwise;
    for (Move m : moves.all)
      if (m.pit() == i && m.dir() == d && t.rest.starts_with('+'))
        return say(WhyNot::kNoSafari, fmt::format("that move offers no safari: play {} without '+'",
                                                  move_token(p, m)));
    const std::optional<int> n = candidate_moves(rules, p, i, Dir::kClockwise);
    if (n && *n == 0)
      return say(WhyNot::kNeverEndingOrFrontRow,
                 "that capture would either never end (twelve rounds without a capture) or leave "
                 "your front row empty");
    return no_such_move();
  }
  // Takasa (6.2): the working house only alone; no singleton once the house is destroyed.
  const int n = p.seeds(us, i);
  int occupied = 0;
  for (int j = 0; j < 8; ++j)
    occupied += p.seeds(us, j) > 0;
  const bool working = p.house_intact(us) && p.seeds(us, kHouse) >= 6;
  if (i == kHouse && working && occupied > 1)
    return say(WhyNot::kHouseNotAlone,
               fmt::format("your nyumba ({}) may start a takasa only when it is the only occupied "
                           "pit of your front row",
                           name));
  if (!p.house_intact(us) && n == 1 && moves.any_big)
    return say(WhyNot::kDestroyedHouseSingleton,
               fmt::format("{} holds a single seed: once your nyumba is destroyed, a takasa starts "
                           "from a pit with two or more seeds",
                           name));
  const Dir d = direction_of(8, i, *t.letter);
  // The lift: the hand seed goes in first; a taxed house lifts only 2 (6.2).
  const int lifted = i == kHouse && working && occupied == 1 ? 2 : n + 1;
  Position seeded = p;
  seeded.add_seeds(us, i, 1);
  return candidate_reason(rules, p, moves, t, d, seeded, lifted);
}

// rules.md 5 (kujifunza), 6.4 and 6.6 (kiswahili's mtaji).
Reason mtaji_reason(RuleSet rules, const Position& p, const Moves& moves, const Parsed& t) {
  const Side us = p.side_to_move();
  const int i = t.pit.index, n = p.seeds(us, i);
  const std::string name = pit_name(8, t.pit);
  const std::string_view stage = p.variant() == Variant::kKiswahili ? "in mtaji" : "in kujifunza";
  if (n < 2)
    return say(WhyNot::kFewerThanTwo,
               fmt::format("{} holds a single seed: {} a move starts from a pit with two or more",
                           name, stage));
  if (p.has_takasia() && p.takasia() == t.pit)  // 6.6: Y may not start from t
    return say(WhyNot::kBlocked,
               fmt::format("{} is blocked (takasia): it cannot start a move this turn", name));
  const Dir d = direction_of(8, i, *t.letter);
  const uint64_t captures = mtaji_capture_candidates<8>(p);
  const bool capture = captures & candidate_bit(i, d);
  if (moves.any_capture && !capture)
    return say(WhyNot::kMustCapture, "a capture is possible, so you must capture");
  if (capture && p.has_takasia() && p.takasia().side != us) {
    // 6.6 "Then X": the blocker captures the blocked pit first if any capture can.
    const int target = p.takasia().index;
    auto first = [&](int pit, Dir dir) {
      return Ring8::facing(lap_end<8>(pit, dir, p.seeds(us, pit)));
    };
    bool target_legal = false;
    for (Move m : moves.all)
      target_legal |= m.capture() && first(m.pit(), m.dir()) == target;
    if (target_legal && first(i, d) != target)
      return say(WhyNot::kMustCaptureTarget,
                 fmt::format("you blocked {} (takasia), so you must capture it now",
                             pit_name(8, p.takasia())));
  }
  if (!moves.any_capture && !Ring8::is_front(i) && moves.any_front)
    return say(WhyNot::kBackRow,
               "a pit of your front row can start a move, so you may not start from the back row");
  return candidate_reason(rules, p, moves, t, d, p, n);
}

Reason bao_reason(RuleSet rules, const Position& p, const Moves& moves, const Parsed& t) {
  const int n = p.seeds(p.side_to_move(), t.pit.index);
  if (n < 2)  // rules.md 3: any own pit with at least 2 seeds
    return say(WhyNot::kFewerThanTwo,
               fmt::format("{} holds a single seed: in bao a move starts from a pit with two or "
                           "more",
                           pit_name(8, t.pit)));
  return candidate_reason(rules, p, moves, t, direction_of(8, t.pit.index, *t.letter), p, n);
}

Reason kigogo_reason(RuleSet rules, const Position& p, const Moves& moves, const Parsed& t) {
  using Ring12 = Ring<12>;
  const Side us = p.side_to_move();
  const int i = t.pit.index, n = p.seeds(us, i);
  // rules.md 4: a singleton moves only when no pit of 2+ can, one pit on into an empty pit.
  if (n == 1) {
    const int next = Ring12::next(i, Dir::kAnticlockwise);
    if (moves.any_big)
      return say(WhyNot::kLoneSeed,
                 fmt::format("{} holds a single seed: one seed may move only when none of your "
                             "pits with two or more can",
                             pit_name(12, t.pit)));
    if (p.seeds(us, next))
      return say(WhyNot::kLoneSeedStep,
                 fmt::format("a single seed moves one pit on into an empty pit, and {} is not "
                             "empty",
                             pit_name(12, {us, next})));
  }
  return candidate_reason(rules, p, moves, t, Dir::kAnticlockwise, p, n);
}

}  // namespace

Reason why_not(RuleSet rules, const Position& p, std::string_view token) {
  const int w = p.width();
  const Side us = p.side_to_move();
  if (parse_move(rules, p, token).ok()) return say(WhyNot::kLegal, "legal");
  const std::optional<Parsed> t = parse_token(w, token);
  if (!t)
    return say(WhyNot::kNoSuchPit,
               fmt::format("'{}' names no pit: the pits are {} (North: {})", token,
                           row_names(w, Side::kSouth), row_names(w, Side::kNorth)));
  if (const absl::Status shape = check_token_shape(p.variant(), w, token); !shape.ok()) {
    if (p.variant() == Variant::kKigogo)  // rules.md 4: anticlockwise only
      return say(WhyNot::kDirectionFixed,
                 fmt::format("in kigogo the seeds always go anticlockwise: name the pit alone, "
                             "as in {}",
                             pit_name(w, t->pit)));
    return say(WhyNot::kMalformed,
               fmt::format("'{}' is not a move: write a pit and a direction L or R, as in {}L",
                           token, pit_name(w, t->pit)));
  }
  // rules.md 2: a finished position, or no legal move, ends the game.
  const Moves moves(rules, p);
  if (moves.all.empty()) return say(WhyNot::kGameOver, std::string(kGameOverText));
  if (t->pit.side != us)
    return say(WhyNot::kNotYours,
               fmt::format("{} is {}'s pit: you play {}, from {}", pit_name(w, t->pit),
                           to_string(~us), to_string(us), row_names(w, us)));
  if (p.seeds(t->pit) == 0)
    return say(WhyNot::kEmpty, fmt::format("{} is empty", pit_name(w, t->pit)));
  switch (p.variant()) {
    case Variant::kBao:
      return bao_reason(rules, p, moves, *t);
    case Variant::kKigogo:
      return kigogo_reason(rules, p, moves, *t);
    case Variant::kKujifunza:
      return mtaji_reason(rules, p, moves, *t);
    case Variant::kKiswahili:
      break;
  }
  return p.hand(us) ? namua_reason(rules, p, moves, *t) : mtaji_reason(rules, p, moves, *t);
}

Reason why_not(const Game& game, std::string_view token) {
  if (game.outcome().result != Result::kNone) {
    // The token is still checked for a pit, so that a typing slip reads as one.
    const Reason r = why_not(game.rules(), game.position(), token);
    if (r.kind == WhyNot::kNoSuchPit || r.kind == WhyNot::kMalformed) return r;
    return say(WhyNot::kGameOver, std::string(kGameOverText));
  }
  return why_not(game.rules(), game.position(), token);
}

}  // namespace kete
