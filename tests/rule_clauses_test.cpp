// One test per rule clause of rules.md sections 1-5 for bao, kigogo and kujifunza, each on a
// small hand-built position. Every expected position string and move list was worked out by
// hand from the rules text; the comments give the reasoning. The few positions with moves too
// long to follow by hand (the twelve-rounds cases and kigogo's repetition cycle) were found
// and computed with an independent model of the rules written from the text, never with
// the engine.
//
// Reading the position strings (docs/interface.md section 2): rows are North back b8..b1, North
// front a8..a1, South front A1..A8, South back B1..B8 (b12..b1 etc. for kigogo), so a pit
// and the pit it faces are in the same column. The filler "10,10,10,10,10,x,0,0" in a back
// row only brings bao and kujifunza positions up to their 64 seeds; those pits are never
// touched by the moves under test.
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "rules/game.h"
#include "tests/test_util.h"

namespace kete::test {
namespace {

constexpr std::string_view kEmptyRow8 = "0,0,0,0,0,0,0,0";

// The position string after the move named by token.
std::string result(RuleSet rules, const Position& p, std::string_view token) {
  return position_string(after(rules, p, token));
}

// Plays the move named by token in the game; fails the test if it is not accepted.
void play_token(Game& game, std::string_view token) {
  absl::StatusOr<Move> m = parse_move(game.rules(), game.position(), token);
  ASSERT_TRUE(m.ok()) << m.status();
  ASSERT_TRUE(game.play(*m)) << token;
}

std::string rows(std::string_view a, std::string_view b, std::string_view c, std::string_view d,
                 std::string_view side) {
  return std::string(a) + "/" + std::string(b) + "/" + std::string(c) + "/" + std::string(d) + " " +
         std::string(side);
}

// ---------------------------------------------------------------------------------------
// Section 1: board, names, directions, laps.
// ---------------------------------------------------------------------------------------

// rules.md 1 "L / R": on the front row L is anticlockwise (leftwards along the front row,
// towards A1), R clockwise (towards A8). South's only movable pit is A4 = 3.
// A4R: A5, A6, A7 get one each; A7 was empty, the move ends.
// A4L: A3, A2, A1 get one each; A1 was empty, the move ends.
TEST(Board, FrontRowLeftAndRight) {
  const Position p = parse_or_die(
      Variant::kBao, "10,10,10,10,10,10,0,0/0,0,0,0,0,0,0,1/0,0,0,3,0,0,0,0/0,0,0,0,0,0,0,0 S");
  EXPECT_EQ(tokens(kBao, p), sorted({"A4L", "A4R"}));
  EXPECT_EQ(result(kBao, p, "A4R"),
            "10,10,10,10,10,10,0,0/0,0,0,0,0,0,0,1/0,0,0,0,1,1,1,0/0,0,0,0,0,0,0,0 N");
  EXPECT_EQ(result(kBao, p, "A4L"),
            "10,10,10,10,10,10,0,0/0,0,0,0,0,0,0,1/1,1,1,0,0,0,0,0/0,0,0,0,0,0,0,0 N");
}

// rules.md 1 "L / R": on the back row L is clockwise and R anticlockwise, but both still
// mean "to the mover's left/right": B4L sows B3, B2, B1 and B4R sows B5, B6, B7 (each ends
// in an empty pit).
TEST(Board, BackRowLeftAndRight) {
  const Position p = parse_or_die(
      Variant::kBao, "10,10,10,10,10,9,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,1/0,0,0,3,0,0,0,0 S");
  EXPECT_EQ(tokens(kBao, p), sorted({"B4L", "B4R"}));
  EXPECT_EQ(result(kBao, p, "B4L"),
            "10,10,10,10,10,9,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,1/1,1,1,0,0,0,0,0 N");
  EXPECT_EQ(result(kBao, p, "B4R"),
            "10,10,10,10,10,9,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,1/0,0,0,0,1,1,1,0 N");
}

// rules.md 1 "At a row's end the ring continues into the other row" (ring A1..A8, B8..B1).
// A2L: A1, then round the corner into B1, B2 (B2 empty: end).
// B7R (anticlockwise): B8, then round the corner into A8, A7 (A7 empty: end).
// A2R and B7L stay in their rows: A3, A4, A5 and B6, B5, B4.
TEST(Board, RowEndsTurnTheCorner) {
  const Position p = parse_or_die(
      Variant::kBao, "10,10,10,10,10,7,0,0/0,0,0,0,0,0,0,1/0,3,0,0,0,0,0,0/0,0,0,0,0,0,3,0 S");
  EXPECT_EQ(tokens(kBao, p), sorted({"A2L", "A2R", "B7L", "B7R"}));
  EXPECT_EQ(result(kBao, p, "A2L"),
            "10,10,10,10,10,7,0,0/0,0,0,0,0,0,0,1/1,0,0,0,0,0,0,0/1,1,0,0,0,0,3,0 N");
  EXPECT_EQ(result(kBao, p, "B7R"),
            "10,10,10,10,10,7,0,0/0,0,0,0,0,0,0,1/0,3,0,0,0,0,1,1/0,0,0,0,0,0,0,1 N");
  EXPECT_EQ(result(kBao, p, "A2R"),
            "10,10,10,10,10,7,0,0/0,0,0,0,0,0,0,1/0,0,1,1,1,0,0,0/0,0,0,0,0,0,3,0 N");
  EXPECT_EQ(result(kBao, p, "B7L"),
            "10,10,10,10,10,7,0,0/0,0,0,0,0,0,0,1/0,3,0,0,0,0,0,0/0,0,0,1,1,1,0,0 N");
}

// rules.md 1: pits are numbered from the owner's own left and L/R are as the mover sees the
// board, so North's L/R are mirrored on the page. North to move with a4 = 3 and b6 = 3:
// a4R sows a5, a6, a7 (leftwards on the page); a4L sows a3, a2, a1; b6L sows b5, b4, b3;
// b6R sows b7, b8 and turns the corner into a8. Every lap ends in an empty pit.
TEST(Board, NorthSeesItsOwnLeftAndRight) {
  const Position p = parse_or_die(
      Variant::kBao, "0,0,3,0,0,0,0,0/0,0,0,0,3,0,0,0/0,0,0,0,0,0,0,1/10,10,10,10,10,7,0,0 N");
  EXPECT_EQ(tokens(kBao, p), sorted({"a4L", "a4R", "b6L", "b6R"}));
  EXPECT_EQ(result(kBao, p, "a4R"),
            "0,0,3,0,0,0,0,0/0,1,1,1,0,0,0,0/0,0,0,0,0,0,0,1/10,10,10,10,10,7,0,0 S");
  EXPECT_EQ(result(kBao, p, "a4L"),
            "0,0,3,0,0,0,0,0/0,0,0,0,0,1,1,1/0,0,0,0,0,0,0,1/10,10,10,10,10,7,0,0 S");
  EXPECT_EQ(result(kBao, p, "b6L"),
            "0,0,0,1,1,1,0,0/0,0,0,0,3,0,0,0/0,0,0,0,0,0,0,1/10,10,10,10,10,7,0,0 S");
  EXPECT_EQ(result(kBao, p, "b6R"),
            "1,1,0,0,0,0,0,0/1,0,0,0,3,0,0,0/0,0,0,0,0,0,0,1/10,10,10,10,10,7,0,0 S");
}

// rules.md 1: "Ai faces a(W+1-i)". A1R sows A2 and A3; A3 (held 1) is an occupied lap end.
// (a) Seeds in a6, which faces A3: bao eats (rules.md 3 rule 2): A3's 2 and a6's 3 = 5
//     are sown from A4: A4..A8 get one each, A8 was empty, the move ends.
// (b) The same seeds in a3 instead (a3 faces A6, not A3): A3 faces an empty pit, so it
//     relays (rules.md 1 "Relay"): its 2 seeds go to A4, A5; A5 was empty, the end.
TEST(Board, FacingPits) {
  const Position facing = parse_or_die(
      Variant::kBao, "10,10,10,10,10,7,0,0/0,0,3,0,0,0,0,1/2,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0 S");
  EXPECT_EQ(result(kBao, facing, "A1R"),
            "10,10,10,10,10,7,0,0/0,0,0,0,0,0,0,1/0,1,0,1,1,1,1,1/0,0,0,0,0,0,0,0 N");
  const Position not_facing = parse_or_die(
      Variant::kBao, "10,10,10,10,10,7,0,0/0,0,0,0,0,3,0,1/2,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0 S");
  EXPECT_EQ(result(kBao, not_facing, "A1R"),
            "10,10,10,10,10,7,0,0/0,0,0,0,0,3,0,1/0,1,0,1,1,0,0,0/0,0,0,0,0,0,0,0 N");
}

// rules.md 1 "Relay" through the back row: B3L sows B2, B1; B1 (held 1) is occupied, so its
// 2 seeds are lifted and sown on clockwise into A1, A2; A2 was empty, the move ends. Back
// pits never eat. B3R sows B4, B5 (empty): end.
TEST(Board, RelayFromBackPit) {
  const Position p = parse_or_die(
      Variant::kBao, "10,10,10,10,10,9,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,1/1,0,2,0,0,0,0,0 S");
  EXPECT_EQ(tokens(kBao, p), sorted({"B3L", "B3R"}));
  EXPECT_EQ(result(kBao, p, "B3L"),
            "10,10,10,10,10,9,0,0/0,0,0,0,0,0,0,1/1,1,0,0,0,0,0,1/0,1,0,0,0,0,0,0 N");
  EXPECT_EQ(result(kBao, p, "B3R"),
            "10,10,10,10,10,9,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,1/1,0,0,1,1,0,0,0 N");
}

// rules.md 1 "Lap end" / rules.md 3 rule 1: a lap ending in an empty pit ends the move even
// if the facing pit holds seeds. A1R sows A2, A3; A3 was empty; a6 (facing A3) keeps its 3.
TEST(Board, LapEndInEmptyPitEndsMove) {
  const Position p = parse_or_die(
      Variant::kBao, "10,10,10,10,10,8,0,0/0,0,3,0,0,0,0,1/2,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S");
  EXPECT_EQ(result(kBao, p, "A1R"),
            "10,10,10,10,10,8,0,0/0,0,3,0,0,0,0,1/0,1,1,0,0,0,0,0/0,0,0,0,0,0,0,0 N");
}

// ---------------------------------------------------------------------------------------
// Section 3: bao.
// ---------------------------------------------------------------------------------------

// rules.md 3 rule 2 "eat": lift p and the facing pit together and sow them on from the pit
// after p in the same direction. A7L sows A6, A5; A5 (held 1) faces a4 = 2: eat 2 + 2 = 4,
// sown leftwards from A4: A4, A3, A2, A1 (A1 empty: end). The eaten seeds are South's now.
// A7R sows A8, B8 (B8 empty: end) and eats nothing.
TEST(BaoRules, EatSowsBothPitsFromThePitAfter) {
  const Position p = parse_or_die(
      Variant::kBao, "10,10,10,10,10,8,0,0/0,0,0,0,2,0,0,1/0,0,0,0,1,0,2,0/0,0,0,0,0,0,0,0 S");
  EXPECT_EQ(tokens(kBao, p), sorted({"A7L", "A7R"}));
  EXPECT_EQ(result(kBao, p, "A7L"),
            "10,10,10,10,10,8,0,0/0,0,0,0,0,0,0,1/1,1,1,1,0,1,0,0/0,0,0,0,0,0,0,0 N");
  EXPECT_EQ(result(kBao, p, "A7R"),
            "10,10,10,10,10,8,0,0/0,0,0,0,2,0,0,1/0,0,0,0,1,0,0,1/0,0,0,0,0,0,0,1 N");
}

// rules.md 3: after an eat the lap ends are judged again. As above, but A1 holds 1: the eat's
// 4 seeds end in A1 (now 2, occupied), which faces the empty a8, so it relays: A1's 2 go to
// B1, B2 (B2 empty: end).
TEST(BaoRules, EatThenRelay) {
  const Position p = parse_or_die(
      Variant::kBao, "10,10,10,10,10,7,0,0/0,0,0,0,2,0,0,1/1,0,0,0,1,0,2,0/0,0,0,0,0,0,0,0 S");
  EXPECT_EQ(tokens(kBao, p), sorted({"A7L", "A7R"}));
  EXPECT_EQ(result(kBao, p, "A7L"),
            "10,10,10,10,10,7,0,0/0,0,0,0,0,0,0,1/0,1,1,1,0,1,0,0/1,1,0,0,0,0,0,0 N");
}

// rules.md 3 "Eating is not compulsory: every start pit with 2+ seeds in both directions is
// legal". A1R eats (see Board.FacingPits); A1L, which sows B1, B2 and eats nothing, is
// legal too. A3 holds a single seed and is no start pit.
TEST(BaoRules, EatingIsOptional) {
  const Position p = parse_or_die(
      Variant::kBao, "10,10,10,10,10,7,0,0/0,0,3,0,0,0,0,1/2,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0 S");
  EXPECT_EQ(tokens(kBao, p), sorted({"A1L", "A1R"}));
  EXPECT_EQ(result(kBao, p, "A1L"),
            "10,10,10,10,10,7,0,0/0,0,3,0,0,0,0,1/0,0,1,0,0,0,0,0/1,1,0,0,0,0,0,0 N");
}

// rules.md 3 "End": "When a move ends, if the mover's own front row is empty the mover
// loses". South's only front seeds are A8 = 2. A8R sows B8, B7: South's front row is empty,
// South has lost (the move is legal, it just loses). A8L sows A7, A6 and is a normal move.
TEST(BaoRules, OwnFrontRowEmptyAfterMoveLoses) {
  const Position p = parse_or_die(
      Variant::kBao, "10,10,10,10,10,10,1,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0 S");
  EXPECT_EQ(tokens(kBao, p), sorted({"A8L", "A8R"}));
  const Position lost = after(kBao, p, "A8R");
  EXPECT_EQ(position_string(lost),
            "10,10,10,10,10,10,1,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,1 N");
  EXPECT_EQ(loser(kBao, lost), Side::kSouth);
  EXPECT_TRUE(tokens(kBao, lost).empty());  // North has 2+ pits, but the game is over
  const Position fine = after(kBao, p, "A8L");
  EXPECT_EQ(position_string(fine),
            "10,10,10,10,10,10,1,0/0,0,0,0,0,0,0,1/0,0,0,0,0,1,1,0/0,0,0,0,0,0,0,0 N");
  EXPECT_EQ(loser(kBao, fine), std::nullopt);

  Game game(kBao, p);
  play_token(game, "A8R");
  EXPECT_EQ(game.outcome(), (Outcome{Result::kNorthWins, EndReason::kFinished}));
}

// rules.md 2 "Winning at once" + rules.md 3 "End": North's front row is a6 = 3 only. A1R
// sows A2, A3; A3 (held 1) eats a6: 2 + 3 = 5 seeds, and North's front row is empty, so
// South has won. The 5 seeds are still sown (A4..A8) and the move stops there, although the
// lap ends in A8, which held 1 (occupied; it would otherwise relay, a1 being empty).
TEST(BaoRules, WinningEatStopsAfterItsLap) {
  const Position p = parse_or_die(
      Variant::kBao, "10,10,10,10,10,6,0,0/0,0,3,0,0,0,0,0/2,0,1,0,1,0,0,1/0,0,0,0,0,0,0,0 S");
  EXPECT_EQ(tokens(kBao, p), sorted({"A1L", "A1R"}));
  const Position won = after(kBao, p, "A1R");
  EXPECT_EQ(position_string(won),
            "10,10,10,10,10,6,0,0/0,0,0,0,0,0,0,0/0,1,0,1,2,1,1,2/0,0,0,0,0,0,0,0 N");
  EXPECT_EQ(loser(kBao, won), Side::kNorth);
  EXPECT_EQ(result(kBao, p, "A1L"),
            "10,10,10,10,10,6,0,0/0,0,3,0,0,0,0,0/0,0,1,0,1,0,0,1/1,1,0,0,0,0,0,0 N");

  Game game(kBao, p);
  play_token(game, "A1R");
  EXPECT_EQ(game.outcome(), (Outcome{Result::kSouthWins, EndReason::kFinished}));
}

// rules.md 3 "End": "A player with no pit of 2+ seeds ... loses" (no legal move = loss,
// rules.md 2). South has two single seeds, so no move at all.
TEST(BaoRules, NoPitWithTwoSeedsLoses) {
  const Position p = parse_or_die(
      Variant::kBao, "10,10,10,10,10,10,0,0/0,0,0,0,0,0,0,2/1,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0 S");
  EXPECT_TRUE(tokens(kBao, p).empty());
  EXPECT_EQ(loser(kBao, p), Side::kSouth);
  Game game(kBao, p);
  EXPECT_EQ(game.outcome(), (Outcome{Result::kNorthWins, EndReason::kNoLegalMove}));
}

// ---------------------------------------------------------------------------------------
// Section 4: kigogo (4x12; ring A1..A12, B12..B1; anticlockwise = A12 -> A1 -> B1 -> B12).
// ---------------------------------------------------------------------------------------

// rules.md 4 "anticlockwise only (front row leftwards, back row rightwards)"; a move names
// only its start pit. A5 sows A4, A3, A2; B5 sows B6, B7. Both end in empty pits, whose
// facing North pits (a11; none for a back pit) are empty: no capture.
TEST(KigogoRules, AnticlockwiseOnly) {
  const Position p = parse_or_die(Variant::kKigogo,
                                  "0,0,0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0,0,0/"
                                  "0,0,0,0,3,0,0,0,0,0,0,0/0,0,0,0,2,0,0,0,0,0,0,0 S");
  EXPECT_EQ(tokens(kKigogo, p), sorted({"A5", "B5"}));
  EXPECT_EQ(result(kKigogo, p, "A5"),
            "0,0,0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0,0,0/"
            "0,1,1,1,0,0,0,0,0,0,0,0/0,0,0,0,2,0,0,0,0,0,0,0 N");
  EXPECT_EQ(result(kKigogo, p, "B5"),
            "0,0,0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0,0,0/"
            "0,0,0,0,3,0,0,0,0,0,0,0/0,0,0,0,0,1,1,0,0,0,0,0 N");
}

// rules.md 4 / 1: the anticlockwise ring turns from A1 into B1 and from B12 into A12.
// A2 sows A1, B1, B2; B11 sows B12, A12, A11 (A11 faces the empty a2: no capture).
TEST(KigogoRules, AnticlockwiseTurnsTheCorners) {
  const Position p = parse_or_die(Variant::kKigogo,
                                  "0,0,0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0,0,0/"
                                  "0,3,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,3,0 S");
  EXPECT_EQ(tokens(kKigogo, p), sorted({"A2", "B11"}));
  EXPECT_EQ(result(kKigogo, p, "A2"),
            "0,0,0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0,0,0/"
            "1,0,0,0,0,0,0,0,0,0,0,0/1,1,0,0,0,0,0,0,0,0,3,0 N");
  EXPECT_EQ(result(kKigogo, p, "B11"),
            "0,0,0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0,0,0/"
            "0,3,0,0,0,0,0,0,0,0,1,1/0,0,0,0,0,0,0,0,0,0,0,1 N");
}

// rules.md 4 "Laps relay" and "Capture (automatic, at the end of the move)": A5 sows A4, A3;
// A3 (held 1) relays its 2 seeds into A2, A1; A1 was empty: the move ends. A1 faces a12 = 3:
// removed from the game, and with it b12 = 4 behind it. The relay pit A3 faces a10 = 5,
// which is not captured ("Nothing else is ever captured"), nor is b10. The A3 singleton is
// no start pit while A5 holds 2.
TEST(KigogoRules, RelayThenCaptureFrontAndBackPitAtTheEnd) {
  const Position p = parse_or_die(Variant::kKigogo,
                                  "4,0,1,0,0,0,0,0,0,0,0,1/3,0,5,0,0,0,0,0,0,0,0,2/"
                                  "0,0,1,0,2,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 S");
  EXPECT_EQ(tokens(kKigogo, p), sorted({"A5"}));
  EXPECT_EQ(result(kKigogo, p, "A5"),
            "0,0,1,0,0,0,0,0,0,0,0,1/0,0,5,0,0,0,0,0,0,0,0,2/"
            "1,1,0,1,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 N");
}

// rules.md 4: the back pit is removed "only together with a front capture". A5 sows A4, A3
// and ends in A3, facing the empty a10; b10 = 3 behind it stays.
TEST(KigogoRules, BackPitNotCapturedWithoutFrontPit) {
  const Position p = parse_or_die(Variant::kKigogo,
                                  "0,0,3,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0,0,1/"
                                  "0,0,0,0,2,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 S");
  EXPECT_EQ(tokens(kKigogo, p), sorted({"A5"}));
  EXPECT_EQ(result(kKigogo, p, "A5"),
            "0,0,3,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0,0,1/"
            "0,0,1,1,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 N");
}

// rules.md 4: only a final empty pit "in the mover's front row" captures. B5 sows B6, B7 and
// ends in the back pit B7, behind A7, which faces a6 = 2 (with b6 = 2 behind): nothing is
// captured.
TEST(KigogoRules, NoCaptureFromBackPitEnd) {
  const Position p = parse_or_die(Variant::kKigogo,
                                  "0,0,0,0,0,0,2,0,0,0,0,0/0,0,0,0,0,0,2,0,0,0,0,0/"
                                  "0,0,0,0,0,0,0,0,0,0,0,1/0,0,0,0,2,0,0,0,0,0,0,0 S");
  EXPECT_EQ(tokens(kKigogo, p), sorted({"B5"}));
  EXPECT_EQ(result(kKigogo, p, "B5"),
            "0,0,0,0,0,0,2,0,0,0,0,0/0,0,0,0,0,0,2,0,0,0,0,0/"
            "0,0,0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,1,1,0,0,0,0,0 N");
}

// rules.md 4 singleton rule: "Only when no own pit holds 2+ seeds may a singleton be moved,
// and then only into the next (anticlockwise) pit and only if that pit is empty."
// South: A1, A2, A3, A5 = 1. A1 -> B1 (empty) and A5 -> A4 (empty) are legal; A2 -> A1 and
// A3 -> A2 are not (occupied). With B12 = 2 added, only B12 may move (B12, A12 -> A11).
TEST(KigogoRules, SingletonOnlyWhenNoPitHasTwoAndOnlyIntoEmptyPit) {
  const Position p = parse_or_die(Variant::kKigogo,
                                  "0,0,0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0,0,0/"
                                  "1,1,1,0,1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 S");
  EXPECT_EQ(tokens(kKigogo, p), sorted({"A1", "A5"}));
  EXPECT_EQ(result(kKigogo, p, "A1"),
            "0,0,0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0,0,0/"
            "0,1,1,0,1,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0,0,0,0,0 N");
  EXPECT_EQ(result(kKigogo, p, "A5"),
            "0,0,0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0,0,0/"
            "1,1,1,1,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 N");

  const Position with_two = parse_or_die(Variant::kKigogo,
                                         "0,0,0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0,0,0/"
                                         "1,1,1,0,1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,2 S");
  EXPECT_EQ(tokens(kKigogo, with_two), sorted({"B12"}));
  EXPECT_EQ(result(kKigogo, with_two, "B12"),
            "0,0,0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0,0,0/"
            "1,1,1,0,1,0,0,0,0,0,1,1/0,0,0,0,0,0,0,0,0,0,0,0 N");
}

// rules.md 4 "A singleton move can capture" and "End: a player with no seeds ... loses".
// South's only seed A5 steps into the empty A4, which faces a9 = 2: a9 and b9 = 3 (behind
// it) leave the game. North keeps b1 = 1 and plays on. In the second position b1 is empty
// too, so the same capture leaves North without seeds: North has lost.
TEST(KigogoRules, SingletonMoveCapturesAndNoSeedsLoses) {
  const Position p = parse_or_die(Variant::kKigogo,
                                  "0,0,0,3,0,0,0,0,0,0,0,1/0,0,0,2,0,0,0,0,0,0,0,0/"
                                  "0,0,0,0,1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 S");
  EXPECT_EQ(tokens(kKigogo, p), sorted({"A5"}));
  const Position q = after(kKigogo, p, "A5");
  EXPECT_EQ(position_string(q),
            "0,0,0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0,0,0/"
            "0,0,0,1,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 N");
  EXPECT_EQ(loser(kKigogo, q), std::nullopt);

  const Position last = parse_or_die(Variant::kKigogo,
                                     "0,0,0,3,0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0,0,0,0,0/"
                                     "0,0,0,0,1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 S");
  const Position won = after(kKigogo, last, "A5");
  EXPECT_EQ(position_string(won),
            "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0/"
            "0,0,0,1,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 N");
  EXPECT_EQ(loser(kKigogo, won), Side::kNorth);
  EXPECT_TRUE(tokens(kKigogo, won).empty());
  Game game(kKigogo, last);
  play_token(game, "A5");
  EXPECT_EQ(game.outcome(), (Outcome{Result::kSouthWins, EndReason::kFinished}));
}

// rules.md 4 "End: a player with ... no legal move, loses": South's 24 pits all hold one
// seed, so no pit holds 2+ and no singleton has an empty next pit.
TEST(KigogoRules, NoLegalMoveLoses) {
  const Position p = parse_or_die(Variant::kKigogo,
                                  "0,0,0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0,0,0/"
                                  "1,1,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1,1 S");
  EXPECT_TRUE(tokens(kKigogo, p).empty());
  EXPECT_EQ(loser(kKigogo, p), Side::kSouth);
  Game game(kKigogo, p);
  EXPECT_EQ(game.outcome(), (Outcome{Result::kNorthWins, EndReason::kNoLegalMove}));
}

// rules.md 4 "Repetition: the game is drawn as soon as a position (all pits and the side to
// move) occurs for the second time." From this position the 48 moves below (South's seeds
// travel as a wave, North's two single seeds step round their ring; no move captures)
// restore it: the first position of the game (rules.md 2) occurs for the second time, the
// game is a draw. No position repeats earlier. (Cycle found with the independent model.)
TEST(KigogoRules, SecondOccurrenceIsADraw) {
  const std::string start =
      "0,0,0,0,0,0,0,1,0,0,0,0/0,0,0,1,0,0,0,0,0,0,0,0/"
      "1,0,0,0,1,0,0,0,0,1,1,2/0,0,0,0,1,0,0,0,1,0,1,0 S";
  const std::vector<std::string> moves = {
      "A12", "b5", "A11", "b6",  "A8", "b7", "A7", "a9",  "A6", "a8",  "A3", "a7",
      "A2",  "a6", "B2",  "a5",  "B3", "b8", "B4", "b9",  "B7", "b10", "B8", "b11",
      "A12", "a4", "A11", "a3",  "A8", "a2", "A7", "a1",  "A6", "b1",  "A3", "b12",
      "A2",  "b2", "B2",  "a12", "B3", "b3", "B4", "a11", "B7", "b4",  "B8", "a10"};
  Game game(kKigogo, parse_or_die(Variant::kKigogo, start));
  for (size_t i = 0; i < moves.size(); ++i) {
    EXPECT_EQ(game.outcome(), Outcome{}) << "before move " << i + 1;
    play_token(game, moves[i]);
    if (HasFatalFailure()) return;
  }
  EXPECT_EQ(position_string(game.position()), start);
  EXPECT_EQ(game.outcome(), (Outcome{Result::kDraw, EndReason::kRepetition}));
}

// ---------------------------------------------------------------------------------------
// Section 5: kujifunza.
// ---------------------------------------------------------------------------------------

// rules.md 5 "Capture moves are compulsory when any exists" and "a capture at pit 1 or 2
// enters the left kichwa (then clockwise)", re-entry lap starting in the kichwa itself.
// A4L sows A3, A2; A2 (held 1) faces a7 = 3: capture move. The takata A4R is therefore not
// legal. The 3 captured seeds go A1, A2, A3 (clockwise from the left kichwa, reversing the
// move's direction); A3 (held 1, now 2) faces the empty a6: relay, A3's 2 into A4, A5;
// A5 was empty: end. Pit 2 is no central pit, so no suffix under either KichwaRule.
TEST(KujifunzaRules, CaptureAtPit2EntersLeftKichwa) {
  const Position p = parse_or_die(
      Variant::kKujifunza,
      rows("10,10,10,10,10,7,0,0", "0,3,0,0,0,0,0,1", "0,1,0,2,0,0,0,0", kEmptyRow8, "S"));
  const std::string expected =
      rows("10,10,10,10,10,7,0,0", "0,0,0,0,0,0,0,1", "1,3,0,1,1,0,0,0", kEmptyRow8, "N");
  EXPECT_EQ(tokens(kChoose, p), sorted({"A4L"}));
  EXPECT_EQ(tokens(kFollow, p), sorted({"A4L"}));
  EXPECT_EQ(result(kChoose, p, "A4L"), expected);
  EXPECT_EQ(result(kFollow, p, "A4L"), expected);
}

// rules.md 5 "at pit 7 or 8 the right kichwa (then anticlockwise)": the mirror image of the
// test above. A5R sows A6, A7; A7 (held 1) faces a2 = 3: capture; the 3 seeds go A8, A7, A6;
// A6 (now 2) faces the empty a3: relay into A5, A4; A4 was empty: end.
TEST(KujifunzaRules, CaptureAtPit7EntersRightKichwa) {
  const Position p = parse_or_die(
      Variant::kKujifunza,
      rows("10,10,10,10,10,7,0,0", "1,0,0,0,0,0,3,0", "0,0,0,0,2,0,1,0", kEmptyRow8, "S"));
  const std::string expected =
      rows("10,10,10,10,10,7,0,0", "1,0,0,0,0,0,0,0", "0,0,0,1,1,0,3,1", kEmptyRow8, "N");
  EXPECT_EQ(tokens(kChoose, p), sorted({"A5R"}));
  EXPECT_EQ(tokens(kFollow, p), sorted({"A5R"}));
  EXPECT_EQ(result(kChoose, p, "A5R"), expected);
  EXPECT_EQ(result(kFollow, p, "A5R"), expected);
}

// rules.md 5 for North: North's left kichwa is its own pit 1 (a1). The colour-swapped
// image of CaptureAtPit2EntersLeftKichwa: a4L sows a3, a2; a2 faces A7 = 3; the 3 seeds go
// a1, a2, a3; a3 relays into a4, a5.
TEST(KujifunzaRules, NorthCaptureEntersItsOwnLeftKichwa) {
  const Position p = parse_or_die(
      Variant::kKujifunza,
      rows(kEmptyRow8, "0,0,0,0,2,0,1,0", "1,0,0,0,0,0,3,0", "10,10,10,10,10,7,0,0", "N"));
  EXPECT_EQ(tokens(kChoose, p), sorted({"a4L"}));
  EXPECT_EQ(result(kChoose, p, "a4L"),
            rows(kEmptyRow8, "0,0,0,1,1,0,3,1", "1,0,0,0,0,0,0,0", "10,10,10,10,10,7,0,0", "S"));
}

// rules.md 5 central capture: "the player chooses the kichwa" (KichwaRule=choose: two moves
// written A2R:L and A2R:R, docs/interface.md 1); under `follow` the current direction is kept.
// A2R sows A3, A4; A4 (held 1, a central pit) faces a5 = 2: capture.
//   :L  -> A1, A2 (A2 was emptied by the lift: end).
//   :R  -> A8, A7 (A7 empty: end).
//   follow: A2R moves clockwise, and clockwise means the left kichwa: as :L, no suffix.
// A2L (A1, B1) captures nothing and is not legal beside a capture.
TEST(KujifunzaRules, CentralCaptureChooseAndFollowClockwise) {
  const Position p = parse_or_die(
      Variant::kKujifunza,
      rows("10,10,10,10,10,8,0,0", "0,0,0,2,0,0,0,1", "0,2,0,1,0,0,0,0", kEmptyRow8, "S"));
  const std::string left =
      rows("10,10,10,10,10,8,0,0", "0,0,0,0,0,0,0,1", "1,1,1,2,0,0,0,0", kEmptyRow8, "N");
  const std::string right =
      rows("10,10,10,10,10,8,0,0", "0,0,0,0,0,0,0,1", "0,0,1,2,0,0,1,1", kEmptyRow8, "N");
  EXPECT_EQ(tokens(kChoose, p), sorted({"A2R:L", "A2R:R"}));
  EXPECT_EQ(result(kChoose, p, "A2R:L"), left);
  EXPECT_EQ(result(kChoose, p, "A2R:R"), right);
  EXPECT_EQ(tokens(kFollow, p), sorted({"A2R"}));
  EXPECT_EQ(result(kFollow, p, "A2R"), left);
}

// As above, mirrored: A7L moves anticlockwise and captures a4 = 2 at the central A5, so
// `follow` enters the right kichwa (A8, A7); `choose` offers both.
TEST(KujifunzaRules, CentralCaptureFollowAnticlockwise) {
  const Position p = parse_or_die(
      Variant::kKujifunza,
      rows("10,10,10,10,10,8,0,0", "1,0,0,0,2,0,0,0", "0,0,0,0,1,0,2,0", kEmptyRow8, "S"));
  const std::string left =
      rows("10,10,10,10,10,8,0,0", "1,0,0,0,0,0,0,0", "1,1,0,0,2,1,0,0", kEmptyRow8, "N");
  const std::string right =
      rows("10,10,10,10,10,8,0,0", "1,0,0,0,0,0,0,0", "0,0,0,0,2,1,1,1", kEmptyRow8, "N");
  EXPECT_EQ(tokens(kChoose, p), sorted({"A7L:L", "A7L:R"}));
  EXPECT_EQ(result(kChoose, p, "A7L:L"), left);
  EXPECT_EQ(result(kChoose, p, "A7L:R"), right);
  EXPECT_EQ(tokens(kFollow, p), sorted({"A7L"}));
  EXPECT_EQ(result(kFollow, p, "A7L"), right);
}

// rules.md 5 `follow` = rules.md 6.3 "keep the current direction": the direction at the
// central capture, which a kimbi capture may already have reversed (6.3 "Either may reverse
// the move's direction"). A4L (anticlockwise) sows A3, A2; A2 (held 1) faces a7 = 3: capture
// at pit 2, left kichwa, now clockwise: A1, A2, A3; A3 (now 2) faces a6 = 1: central capture.
//   Left kichwa (follow: the current direction is clockwise; choose :L): 1 seed into A1
//     (now 2, facing the empty a8): relay A1's 2 into A2, A3; A3 (now 3, facing the emptied
//     a6): relay into A4, A5, A6; A6 was empty: end.
//   Right kichwa (choose :R; what the move's first direction would give): 1 seed into the
//     empty A8: end.
TEST(KujifunzaRules, FollowKeepsTheCurrentDirectionAfterAKimbiCapture) {
  const Position p = parse_or_die(
      Variant::kKujifunza,
      rows("10,10,10,10,10,6,0,0", "0,3,1,0,0,0,1,0", "0,1,0,2,0,0,0,0", kEmptyRow8, "S"));
  const std::string left =
      rows("10,10,10,10,10,6,0,0", "0,0,0,0,0,0,1,0", "0,4,0,1,1,1,0,0", kEmptyRow8, "N");
  EXPECT_EQ(tokens(kFollow, p), sorted({"A4L"}));
  EXPECT_EQ(result(kFollow, p, "A4L"), left);
  EXPECT_EQ(tokens(kChoose, p), sorted({"A4L:L", "A4L:R"}));
  EXPECT_EQ(result(kChoose, p, "A4L:L"), left);
  EXPECT_EQ(result(kChoose, p, "A4L:R"),
            rows("10,10,10,10,10,6,0,0", "0,0,0,0,0,0,1,0", "1,3,2,0,0,0,0,1", kEmptyRow8, "N"));
}

// rules.md 5: the choice is made "at every such capture of the move"; docs/interface.md 1: one
// letter per central capture, in order. A2R sows A3, A4; A4 (held 1) faces a5 = 3: capture.
//   R:  A8, A7, A6 (A6 empty): end.                                        -> A2R:R
//   L:  A1, A2, A3; A3 (now 2) faces a6 = 4: second central capture.
//     L: A1, A2, A3, A4 (A4 now 3, facing the emptied a5): relay 3 into A5, A6, A7: end.
//                                                                          -> A2R:LL
//     R: A8, A7, A6, A5 (A5 empty): end.                                   -> A2R:LR
// Under `follow` both captures keep the clockwise direction: the A2R:LL result, no suffix.
TEST(KujifunzaRules, SeveralCentralCapturesChoose) {
  const Position p = parse_or_die(
      Variant::kKujifunza,
      rows("10,10,10,10,10,3,0,0", "0,0,4,3,0,0,0,1", "0,2,0,1,0,0,0,0", kEmptyRow8, "S"));
  EXPECT_EQ(tokens(kChoose, p), sorted({"A2R:LL", "A2R:LR", "A2R:R"}));
  EXPECT_EQ(result(kChoose, p, "A2R:R"),
            rows("10,10,10,10,10,3,0,0", "0,0,4,0,0,0,0,1", "0,0,1,2,0,1,1,1", kEmptyRow8, "N"));
  const std::string ll =
      rows("10,10,10,10,10,3,0,0", "0,0,0,0,0,0,0,1", "2,2,3,0,1,1,1,0", kEmptyRow8, "N");
  EXPECT_EQ(result(kChoose, p, "A2R:LL"), ll);
  EXPECT_EQ(result(kChoose, p, "A2R:LR"),
            rows("10,10,10,10,10,3,0,0", "0,0,0,0,0,0,0,1", "1,1,2,2,1,1,1,1", kEmptyRow8, "N"));
  EXPECT_EQ(tokens(kFollow, p), sorted({"A2R"}));
  EXPECT_EQ(result(kFollow, p, "A2R"), ll);
}

// rules.md 5 "A first lap of 16+ seeds never captures" / takata "16+ allowed", and
// "Own front row: a move that leaves the mover's front row empty after any seed drop is
// illegal". South has only A1 = 17.
// A1L: its first seed falls in B1 while A1 is South's only front pit: illegal.
// A1R: one seed into every pit of the ring (A1 itself gets the 16th) and the 17th into A2,
//   which ends the lap occupied (2) facing a7 = 2. With 2..15 seeds that would capture; with
//   17 it is a takata: relay. A2's 2 -> A3, A4; A4's 2 -> A5, A6; A6 -> A7, A8; A8 -> B8, B7;
//   B7 -> B6, B5; B5 -> B4, B3; B3 -> B2, B1; B1's 2 -> A1 (now 2), A2 (emptied: end).
TEST(KujifunzaRules, SixteenPlusNeverCapturesButMayTakata) {
  const Position p = parse_or_die(
      Variant::kKujifunza,
      rows("10,10,10,10,5,0,0,0", "0,2,0,0,0,0,0,0", "17,0,0,0,0,0,0,0", kEmptyRow8, "S"));
  EXPECT_EQ(tokens(kChoose, p), sorted({"A1R"}));
  EXPECT_EQ(result(kChoose, p, "A1R"), rows("10,10,10,10,5,0,0,0", "0,2,0,0,0,0,0,0",
                                            "2,1,2,0,2,0,2,0", "0,2,0,2,0,2,0,2", "N"));
}

// rules.md 5 "2..15 seeds" and "Winning at once": A2 = 15 sown clockwise reaches A3..A8,
// B8..B1 and A1 (15 seeds); A1 (held 1) faces a8 = 1, North's only front seed: a capture
// move, and the capture empties North's front row, so South wins. The captured seed is
// still sown (left kichwa: into A1 itself, now 3) and the move stops, although A1 is an
// occupied lap end. A2L (15 seeds anticlockwise, ending in the empty A3) is no capture, so
// not legal here.
TEST(KujifunzaRules, FifteenSeedsCaptureAndWinAtOnce) {
  const Position p = parse_or_die(
      Variant::kKujifunza,
      rows("10,10,10,10,7,0,0,0", "1,0,0,0,0,0,0,0", "1,15,0,0,0,0,0,0", kEmptyRow8, "S"));
  EXPECT_EQ(tokens(kChoose, p), sorted({"A2R"}));
  const Position won = after(kChoose, p, "A2R");
  EXPECT_EQ(position_string(won),
            rows("10,10,10,10,7,0,0,0", kEmptyRow8, "3,0,1,1,1,1,1,1", "1,1,1,1,1,1,1,1", "N"));
  EXPECT_EQ(loser(kChoose, won), Side::kNorth);
  Game game(kChoose, p);
  play_token(game, "A2R");
  EXPECT_EQ(game.outcome(), (Outcome{Result::kSouthWins, EndReason::kFinished}));
}

// rules.md 2 "two kichwa choices of a winning capture are two moves": North's front row is
// a5 = 2 only. A2R sows A3, A4 and captures a5 at the central A4: North's front row is
// empty. Under `choose` the 2 seeds go A1, A2 or A8, A7, and the move stops either way.
TEST(KujifunzaRules, WinningCentralCaptureKeepsBothChoices) {
  const Position p = parse_or_die(
      Variant::kKujifunza,
      rows("10,10,10,10,10,9,0,0", "0,0,0,2,0,0,0,0", "0,2,0,1,0,0,0,0", kEmptyRow8, "S"));
  EXPECT_EQ(tokens(kChoose, p), sorted({"A2R:L", "A2R:R"}));
  const std::string left =
      rows("10,10,10,10,10,9,0,0", kEmptyRow8, "1,1,1,2,0,0,0,0", kEmptyRow8, "N");
  EXPECT_EQ(result(kChoose, p, "A2R:L"), left);
  EXPECT_EQ(result(kChoose, p, "A2R:R"),
            rows("10,10,10,10,10,9,0,0", kEmptyRow8, "0,0,1,2,0,0,1,1", kEmptyRow8, "N"));
  EXPECT_EQ(tokens(kFollow, p), sorted({"A2R"}));
  EXPECT_EQ(result(kFollow, p, "A2R"), left);
  EXPECT_EQ(loser(kChoose, after(kChoose, p, "A2R:R")), Side::kNorth);
}

// rules.md 5 takata: "only if no capture move exists: any own front pit with 2+ seeds"
// (here A8; the back pit B1 = 2 does not qualify while a front pit does), and "Own front
// row" illegality: A8R drops its first seed in B8 while A8 is South's only front pit.
// No capture exists: A8L ends in the empty A6, A8R in B7, B1L in the empty A2, B1R in B3.
// A8L: A7, A6 (A6 empty: end).
TEST(KujifunzaRules, TakataFromFrontPitsAndOwnFrontRowRule) {
  const Position p = parse_or_die(
      Variant::kKujifunza,
      rows("10,10,10,10,10,8,0,0", "2,0,0,0,0,0,0,0", "0,0,0,0,0,0,0,2", "2,0,0,0,0,0,0,0", "S"));
  EXPECT_EQ(tokens(kChoose, p), sorted({"A8L"}));
  EXPECT_EQ(tokens(kFollow, p), sorted({"A8L"}));
  EXPECT_EQ(result(kChoose, p, "A8L"), rows("10,10,10,10,10,8,0,0", "2,0,0,0,0,0,0,0",
                                            "0,0,0,0,0,1,1,0", "2,0,0,0,0,0,0,0", "N"));
}

// rules.md 5 takata: "only if no front pit holds 2+ seeds, any back pit with 2+ seeds".
// South's front is A8 = 1; B1 = 2 may move both ways: B1L -> A1, A2; B1R -> B2, B3.
TEST(KujifunzaRules, TakataFromBackPitsOnlyWithoutFrontPitOfTwo) {
  const Position p = parse_or_die(
      Variant::kKujifunza,
      rows("10,10,10,10,10,9,0,0", "2,0,0,0,0,0,0,0", "0,0,0,0,0,0,0,1", "2,0,0,0,0,0,0,0", "S"));
  EXPECT_EQ(tokens(kChoose, p), sorted({"B1L", "B1R"}));
  EXPECT_EQ(result(kChoose, p, "B1L"),
            rows("10,10,10,10,10,9,0,0", "2,0,0,0,0,0,0,0", "1,1,0,0,0,0,0,1", kEmptyRow8, "N"));
  EXPECT_EQ(result(kChoose, p, "B1R"), rows("10,10,10,10,10,9,0,0", "2,0,0,0,0,0,0,0",
                                            "0,0,0,0,0,0,0,1", "0,1,1,0,0,0,0,0", "N"));
}

// rules.md 5 "no legal move loses": South has only single seeds.
TEST(KujifunzaRules, NoLegalMoveLoses) {
  const Position p = parse_or_die(
      Variant::kKujifunza,
      rows("10,10,10,10,10,10,0,0", "0,0,0,0,0,0,0,2", "1,0,0,0,0,0,0,0", "1,0,0,0,0,0,0,0", "S"));
  EXPECT_TRUE(tokens(kChoose, p).empty());
  EXPECT_EQ(loser(kChoose, p), Side::kSouth);
  EXPECT_EQ(loser(kFollow, p), Side::kSouth);
}

// ---------------------------------------------------------------------------------------
// Section 2: rules common to all variants.
// ---------------------------------------------------------------------------------------

// rules.md 2 "Finished positions": a side whose front row is empty has lost, the side to
// move checked first, and such a position has no legal moves. Both front rows empty: the
// side to move is the loser. Only North's front row empty, South to move with movable pits:
// North has lost and South has no moves.
TEST(RulesCommon, FinishedPositionsHaveNoMoves) {
  for (RuleSet rules : {kBao, kChoose, kFollow}) {
    SCOPED_TRACE(to_string(rules.variant));
    const Variant v = rules.variant;
    const Position both_s = parse_or_die(
        v, rows("16,16,0,0,0,0,0,0", kEmptyRow8, kEmptyRow8, "16,16,0,0,0,0,0,0", "S"));
    EXPECT_EQ(loser(rules, both_s), Side::kSouth);
    EXPECT_TRUE(tokens(rules, both_s).empty());
    const Position both_n = parse_or_die(
        v, rows("16,16,0,0,0,0,0,0", kEmptyRow8, kEmptyRow8, "16,16,0,0,0,0,0,0", "N"));
    EXPECT_EQ(loser(rules, both_n), Side::kNorth);
    EXPECT_TRUE(tokens(rules, both_n).empty());
    const Position north_empty = parse_or_die(
        v, rows("10,10,10,10,10,10,0,0", kEmptyRow8, "2,2,0,0,0,0,0,0", kEmptyRow8, "S"));
    EXPECT_EQ(loser(rules, north_empty), Side::kNorth);
    EXPECT_TRUE(tokens(rules, north_empty).empty());
    Game game(rules, north_empty);
    EXPECT_EQ(game.outcome(), (Outcome{Result::kSouthWins, EndReason::kFinished}));
    EXPECT_FALSE(game.play(Move(0, Dir::kClockwise)));  // no move once the game is over
  }
}

// rules.md 4 / 2 "Finished positions" for kigogo: a side without seeds has lost, the side to
// move first; no legal moves.
TEST(RulesCommon, KigogoSideWithoutSeedsHasLost) {
  const Position south_to_move = parse_or_die(Variant::kKigogo,
                                              "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0/"
                                              "2,2,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 S");
  EXPECT_EQ(loser(kKigogo, south_to_move), Side::kNorth);
  EXPECT_TRUE(tokens(kKigogo, south_to_move).empty());
  const Position empty_s = parse_or_die(Variant::kKigogo,
                                        "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0/"
                                        "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 S");
  EXPECT_EQ(loser(kKigogo, empty_s), Side::kSouth);
  const Position empty_n = parse_or_die(Variant::kKigogo,
                                        "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0/"
                                        "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 N");
  EXPECT_EQ(loser(kKigogo, empty_n), Side::kNorth);
}

// ---------------------------------------------------------------------------------------
// Section 2: the twelve-rounds rule and "exists means legal". These positions hold moves of
// 40-60 laps; they were found, and their move lists and results computed, with an
// independent model of the rules written from rules.md (not with the engine).
// ---------------------------------------------------------------------------------------

// rules.md 2 twelve-rounds rule, bao: a move stopped by the rule is illegal. A4R would end
// after 53 laps and 244 seeds without eating (North's only front seeds, a5 = 1, are never
// eaten); at a relay lap end the count is 197 > 192, so A4R is never-ending. Every other
// (pit, direction) of the 2+ pits A1, A4, A5, A6, A7, B1, B2, B4..B8 is legal.
TEST(TwelveRounds, BaoMoveStoppedByTheRuleIsIllegal) {
  const Position p = parse_or_die(
      Variant::kBao, "0,1,7,3,1,1,2,1/0,0,0,1,0,0,0,0/6,1,0,3,5,4,3,1/5,4,1,2,3,2,3,4 S");
  EXPECT_EQ(tokens(kBao, p), sorted({"A1L", "A1R", "A4L", "A5L", "A5R", "A6L", "A6R", "A7L",
                                     "A7R", "B1L", "B1R", "B2L", "B2R", "B4L", "B4R", "B5L",
                                     "B5R", "B6L", "B6R", "B7L", "B7R", "B8L", "B8R"}));
}

// rules.md 2 twelve-rounds rule, bao: the count restarts at every eat. A7L sows 218 seeds in
// 48 laps with 4 eats; counted from the start it would exceed 192 at a relay (215), but
// counted from the last eat it never exceeds 110: legal, ending as below. No move here is
// never-ending: all 14 pits of 2+ (not B1 = 0, B3 = 1) move both ways.
TEST(TwelveRounds, BaoEatResetsTheCount) {
  const Position p = parse_or_die(
      Variant::kBao, "3,4,2,0,0,0,1,0/1,1,1,0,1,1,0,0/2,2,2,6,5,3,4,3/0,4,1,3,3,4,3,4 S");
  EXPECT_EQ(tokens(kBao, p),
            sorted({"A1L", "A1R", "A2L", "A2R", "A3L", "A3R", "A4L", "A4R", "A5L", "A5R",
                    "A6L", "A6R", "A7L", "A7R", "A8L", "A8R", "B2L", "B2R", "B4L", "B4R",
                    "B5L", "B5R", "B6L", "B6R", "B7L", "B7R", "B8L", "B8R"}));
  EXPECT_EQ(result(kBao, p, "A7L"),
            "3,4,2,0,0,0,1,0/1,0,0,0,0,0,0,0/16,4,0,2,3,1,0,5/0,5,6,1,1,0,9,0 N");
}

// rules.md 2: the rule stops a move only at a relay while the count *exceeds* 192.
// (a) B8R relays at a lap end with the count exactly 192 (allowed), eats on and empties
//     North's front row: legal, South wins.
// (b) B7L's last relay comes at count 187; its next lap ends in an empty pit with the count
//     at 197 > 192, which ends the move (no relay): legal.
TEST(TwelveRounds, BaoBoundaries) {
  const Position exact = parse_or_die(
      Variant::kBao, "0,2,2,1,0,3,0,0/0,3,0,0,0,1,2,0/3,4,2,3,3,5,2,5/4,1,2,4,0,4,3,5 S");
  // All 14 pits of 2+ (not B2 = 1, B5 = 0) move both ways.
  EXPECT_EQ(tokens(kBao, exact),
            sorted({"A1L", "A1R", "A2L", "A2R", "A3L", "A3R", "A4L", "A4R", "A5L", "A5R",
                    "A6L", "A6R", "A7L", "A7R", "A8L", "A8R", "B1L", "B1R", "B3L", "B3R",
                    "B4L", "B4R", "B6L", "B6R", "B7L", "B7R", "B8L", "B8R"}));
  const Position won = after(kBao, exact, "B8R");
  EXPECT_EQ(position_string(won),
            "0,2,2,1,0,3,0,0/0,0,0,0,0,0,0,0/2,1,5,4,6,3,1,7/4,3,4,3,2,4,3,4 N");
  EXPECT_EQ(loser(kBao, won), Side::kNorth);

  const Position ends = parse_or_die(
      Variant::kBao, "0,1,1,2,2,5,5,1/0,0,0,0,0,0,0,1/3,1,3,2,3,0,6,3/2,1,2,5,8,3,3,1 S");
  // All 12 pits of 2+ (A1, A3, A4, A5, A7, A8, B1, B3..B7) move both ways.
  EXPECT_EQ(tokens(kBao, ends), sorted({"A1L", "A1R", "A3L", "A3R", "A4L", "A4R", "A5L", "A5R",
                                        "A7L", "A7R", "A8L", "A8R", "B1L", "B1R", "B3L", "B3R",
                                        "B4L", "B4R", "B5L", "B5R", "B6L", "B6R", "B7L", "B7R"}));
  EXPECT_EQ(result(kBao, ends, "B7L"),
            "0,1,1,2,2,5,5,1/0,0,0,0,0,0,0,1/0,1,5,1,0,4,1,15/1,1,4,3,2,3,2,3 N");
}

// rules.md 2 twelve-rounds rule, kujifunza takata: no capture exists (a8 = 1 faces the empty
// A1, which no first lap can end in occupied). A5L would end after 64 laps and 264 seeds,
// but relays at count 197 > 192: illegal. A6 and A8 hold one seed; the other front pits of
// 2+ give the takata moves below.
TEST(TwelveRounds, KujifunzaTakataStoppedByTheRule) {
  const Position p = parse_or_die(
      Variant::kKujifunza, "1,2,7,4,3,2,3,1/1,0,0,0,0,0,0,0/0,5,2,5,3,1,2,1/3,5,4,1,2,1,3,2 S");
  const std::vector<std::string> expected =
      sorted({"A2L", "A2R", "A3L", "A3R", "A4L", "A4R", "A5R", "A7L", "A7R"});
  EXPECT_EQ(tokens(kChoose, p), expected);
  EXPECT_EQ(tokens(kFollow, p), expected);
}

// rules.md 2 twelve-rounds rule, kujifunza (`follow`): a capture resets the count. B3L
// sows 204 seeds in 46 laps with 5 captures; counted from the start it would pass 192 at a
// relay, counted from the last capture at most 164: legal.
TEST(TwelveRounds, KujifunzaCaptureResetsTheCount) {
  const Position p = parse_or_die(
      Variant::kKujifunza, "0,1,0,1,0,0,0,0/3,2,1,0,0,4,1,1/2,0,4,2,5,2,1,1/2,7,3,5,3,4,1,8 S");
  EXPECT_EQ(tokens(kFollow, p),
            sorted({"A1R", "A3R", "A4R", "A6R", "B2L", "B2R", "B3L", "B4R", "B6R", "B8L", "B8R"}));
  EXPECT_EQ(result(kFollow, p, "B3L"),
            "0,1,0,1,0,0,0,0/0,2,0,0,0,0,0,0/4,14,1,6,0,3,15,1/1,0,1,0,5,0,1,8 N");
}

// rules.md 2 "Exists means legal": a capture move that is never-ending does not make
// capturing compulsory. Under `follow` the only capture move is B8R (B8's 3 seeds end in A6,
// held 3, facing a3 = 2), but it relays at a count of 221 since its last capture: never-
// ending. So the takata tier applies: every front pit of 2+ both ways (A1, A5..A8).
// Under `choose` the same start can enter the left kichwa at its central capture, and
// B8R:L is legal, so it is the only move.
TEST(TwelveRounds, NeverEndingCaptureIsNotCompulsory) {
  const Position p = parse_or_die(
      Variant::kKujifunza, "9,3,2,2,3,0,1,3/0,0,0,2,0,2,0,0/2,0,1,0,3,3,4,3/5,0,1,2,3,2,5,3 S");
  EXPECT_EQ(tokens(kFollow, p),
            sorted({"A1L", "A1R", "A5L", "A5R", "A6L", "A6R", "A7L", "A7R", "A8L", "A8R"}));
  EXPECT_EQ(tokens(kChoose, p), sorted({"B8R:L"}));
}

// ---------------------------------------------------------------------------------------
// Game outcomes (rules/game.h, rules.md 2 "Adjudication").
// ---------------------------------------------------------------------------------------

// rules.md 2: bao scores a draw when a position occurs for the third time (not the second;
// the first position of the game is the first occurrence). South's ring holds two
// "staircases" 5,4,3,2,1 eight pits apart (A1..A5 and B8..B4), North's a 7,6,..,1 (a1..a7)
// and a 3,2,1 (b8..b6). Lifting a staircase's top sows one seed on each of its other pits and
// one into the empty pit after it, where the move ends: the staircase moves one pit on,
// clockwise, eating nothing. Each side moves its staircases in turn; South's position repeats
// every 16 South moves, North's every 32, so the start recurs after 64 and 128 plies.
TEST(GameOutcome, BaoThreefoldRepetitionIsADraw) {
  const std::string start = "3,2,1,0,0,0,0,0/0,1,2,3,4,5,6,7/5,4,3,2,1,0,0,0/0,0,0,1,2,3,4,5 S";
  Game game(kBao, parse_or_die(Variant::kBao, start));
  int heads[2][2] = {{0, 8}, {0, 8}};  // ring index of each staircase's top, per side
  int next[2] = {0, 0};
  for (int ply = 1; ply <= 128; ++ply) {
    ASSERT_EQ(game.outcome(), Outcome{}) << "before ply " << ply;
    const Side us = game.position().side_to_move();
    int& head = heads[index(us)][next[index(us)]];
    // Clockwise is R on the front row and L on the back row (rules.md 1).
    const std::string token = pit_name(8, {us, head}) + (head < 8 ? "R" : "L");
    play_token(game, token);
    if (HasFatalFailure()) return;
    head = (head + 1) % 16;
    next[index(us)] ^= 1;
    if (ply == 64) {
      EXPECT_EQ(position_string(game.position()), start);  // second occurrence: play on
      EXPECT_EQ(game.outcome(), Outcome{});
    }
  }
  EXPECT_EQ(position_string(game.position()), start);
  EXPECT_EQ(game.outcome(), (Outcome{Result::kDraw, EndReason::kRepetition}));
}

// rules.md 2: a game that reaches MaxPlies plies is a draw, in every variant (kigogo too).
TEST(GameOutcome, MaxPliesIsADraw) {
  for (RuleSet rules : {kBao, kKigogo, kChoose, kFollow}) {
    SCOPED_TRACE(to_string(rules.variant));
    Game game(rules, Position::start(rules.variant), 2);
    for (int ply = 0; ply < 2; ++ply) {
      EXPECT_EQ(game.outcome(), Outcome{});
      ASSERT_TRUE(game.play(legal_moves(rules, game.position())[0]));
    }
    EXPECT_EQ(game.plies(), 2);
    EXPECT_EQ(game.outcome(), (Outcome{Result::kDraw, EndReason::kMaxPlies}));
    EXPECT_FALSE(game.play(legal_moves(rules, game.position())[0]));
  }
}

// rules/game.h: the result names used by the protocol (docs/interface.md 3 `query result`).
TEST(GameOutcome, ResultNames) {
  EXPECT_EQ(to_string(Result::kSouthWins), "p1win");
  EXPECT_EQ(to_string(Result::kNorthWins), "p2win");
  EXPECT_EQ(to_string(Result::kDraw), "draw");
  EXPECT_EQ(to_string(Result::kNone), "none");
}

}  // namespace
}  // namespace kete::test
