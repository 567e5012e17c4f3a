// Bao la Kiswahili, one test per clause of rules.md section 6, on small hand-built
// positions. Every expected move list and position string below was worked out by hand
// from the rules text (the comment above each check shows the sowing), not copied from
// engine output.
//
// Reminders (rules.md 1, docs/interface.md 2): the string lists North back b8..b1, North front
// a8..a1, South front A1..A8, South back B1..B8. South's ring runs A1..A8 then B8..B1;
// clockwise = A1 -> A8 -> B8 -> B1. On the front row L = anticlockwise, R = clockwise; on
// the back row L = clockwise. Ai faces a(9-i). The left kichwa is A1 (re-entry sows
// clockwise from it), the right kichwa A8 (re-entry sows anticlockwise from it).
#include <gtest/gtest.h>

#include "tests/test_util.h"

namespace kete::test {
namespace {

constexpr Variant kK = Variant::kKiswahili;

std::string play_string(std::string_view start, std::string_view token) {
  return position_string(after(kKiswahili, parse_or_die(kK, start), token));
}

// ---------------------------------------------------------------- 6.2 namua capture

// 6.2 Capture: the hand seed goes into A4 (occupied before the seed), which faces a5 = 3.
// A4 is central, so the first capture of the namua move chooses the kichwa (6.3): two
// moves A4L and A4R. A4L: A4 = 3, the 3 seeds of a5 enter A1 clockwise: A1, A2, A3 = 1,
// the lap ends in the empty A3. A4R: they enter A8 anticlockwise: A8, A7, A6 = 1.
TEST(KiswahiliNamuaCapture, CentralFirstCaptureChoosesKichwa) {
  const std::string p =
      "5,5,5,5,5,5,4,4/0,0,0,3,0,0,0,1/0,0,0,2,0,0,0,0/0,0,0,0,0,0,0,0 S 10,10 - -";
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, p)), sorted({"A4L", "A4R"}));
  EXPECT_EQ(play_string(p, "A4L"),
            "5,5,5,5,5,5,4,4/0,0,0,0,0,0,0,1/1,1,1,3,0,0,0,0/0,0,0,0,0,0,0,0 N 9,10 - -");
  EXPECT_EQ(play_string(p, "A4R"),
            "5,5,5,5,5,5,4,4/0,0,0,0,0,0,0,1/0,0,0,3,0,1,1,1/0,0,0,0,0,0,0,0 N 9,10 - -");
}

// 6.2 / 6.3 / docs/interface.md 1: a capture at a kimbi pit has a forced kichwa, still written.
// A2 faces a7 = 2 (left kichwa: A2L only), A7 faces a2 = 1 (right kichwa: A7R only).
// A2L: A2 = 2; a7's 2 seeds enter A1: A1 = 1, A2 = 3; A2 faces the now empty a7, so the
// lap end relays: A2's 3 seeds go clockwise to A3, A4, A5 (empty, end).
// A7R: A7 = 2; a2's 1 seed enters A8 (empty, end).
TEST(KiswahiliNamuaCapture, KimbiKichwaIsForcedButWritten) {
  const std::string p =
      "5,5,5,5,5,5,4,4/0,2,0,0,1,0,1,0/0,1,0,0,0,0,1,0/0,0,0,0,0,0,0,0 S 10,10 - -";
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, p)), sorted({"A2L", "A7R"}));
  EXPECT_EQ(play_string(p, "A2L"),
            "5,5,5,5,5,5,4,4/0,0,0,0,1,0,1,0/1,0,1,1,1,0,1,0/0,0,0,0,0,0,0,0 N 9,10 - -");
  EXPECT_EQ(play_string(p, "A7R"),
            "5,5,5,5,5,5,4,4/0,2,0,0,1,0,0,0/0,1,0,0,0,0,2,1/0,0,0,0,0,0,0,0 N 9,10 - -");
  // The other letter does not name a move.
  EXPECT_FALSE(parse_move(kKiswahili, parse_or_die(kK, p), "A2R").ok());
  EXPECT_FALSE(parse_move(kKiswahili, parse_or_die(kK, p), "A7L").ok());
}

// 6.2: the working house (6 seeds, intact) may be the capturing pit and keeps its seeds:
// the seed makes it 7, a4's 2 seeds enter A1 (A1, A2 = 1) or A8 (A8, A7 = 1); the house
// stays intact with 7.
TEST(KiswahiliNamuaCapture, HouseCapturesAndKeepsItsSeeds) {
  const std::string p =
      "5,5,5,4,4,4,4,4/0,0,0,0,2,0,0,1/0,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 S 10,10 H -";
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, p)), sorted({"A5L", "A5R"}));
  EXPECT_EQ(play_string(p, "A5L"),
            "5,5,5,4,4,4,4,4/0,0,0,0,0,0,0,1/1,1,0,0,7,0,0,0/0,0,0,0,0,0,0,0 N 9,10 H -");
  EXPECT_EQ(play_string(p, "A5R"),
            "5,5,5,4,4,4,4,4/0,0,0,0,0,0,0,1/0,0,0,0,7,0,1,1/0,0,0,0,0,0,0,0 N 9,10 H -");
}

// 6.2: captures are compulsory. A1 = 2 could be a takasa, but A4 captures a5: only the
// two capture moves are legal.
TEST(KiswahiliNamuaCapture, CapturesAreCompulsory) {
  const std::string p =
      "5,5,5,5,4,4,4,4/0,0,0,3,0,0,0,1/2,0,0,2,0,0,0,0/0,0,0,0,0,0,0,0 S 10,10 - -";
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, p)), sorted({"A4L", "A4R"}));
}

// 6.3 / 6.5 / 1: a pit occupied only after the seed does not capture (A3 is empty and
// faces a6 = 1): no capture, so the takasa tier applies.
TEST(KiswahiliNamuaCapture, EmptyPitFacingSeedsIsNoCapture) {
  const std::string p =
      "6,5,5,5,5,5,5,5/0,0,1,0,0,0,0,0/0,0,0,0,0,0,2,0/0,0,0,0,0,0,0,0 S 10,10 - -";
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, p)), sorted({"A7L", "A7R"}));
}

// ---------------------------------------------------------------- 6.2 takasa

// 6.2 Takasa, either direction when no capture exists (houses destroyed; A3 faces the
// empty a6, A6 the empty a3). A3 (2) is the only pit of 2+; A6 = 1 is a singleton.
// A3L: A3 = 3, lifted, anticlockwise A2, A1, B1 (empty, end).
// A3R: A4, A5, A6 (now 2, occupied: relay) -> A7, A8 (empty, end).
TEST(KiswahiliTakasa, EitherDirectionWhenNoCapture) {
  const std::string p =
      "5,5,5,5,5,5,5,5/0,0,0,0,0,0,0,1/0,0,2,0,0,1,0,0/0,0,0,0,0,0,0,0 S 10,10 - -";
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, p)), sorted({"A3L", "A3R"}));
  EXPECT_EQ(play_string(p, "A3L"),
            "5,5,5,5,5,5,5,5/0,0,0,0,0,0,0,1/1,1,0,0,0,1,0,0/1,0,0,0,0,0,0,0 N 9,10 - -");
  EXPECT_EQ(play_string(p, "A3R"),
            "5,5,5,5,5,5,5,5/0,0,0,0,0,0,0,1/0,0,0,1,1,0,1,1/0,0,0,0,0,0,0,0 N 9,10 - -");
}

// 6.2: a working house (A5 = 6, intact) may not be chosen while another front pit (A7)
// is occupied. A7L: A7 = 2 -> A6, A5 (now 7, the intact house holding 6+: a takasa ends
// there, 6.5). A7R: A8, B8 (empty, end).
TEST(KiswahiliTakasa, WorkingHouseNotChosenWhileOtherPitsOccupied) {
  const std::string p =
      "5,5,5,5,4,4,4,4/0,0,0,0,0,0,0,1/0,0,0,0,6,0,1,0/0,0,0,0,0,0,0,0 S 10,10 H -";
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, p)), sorted({"A7L", "A7R"}));
  EXPECT_EQ(play_string(p, "A7L"),
            "5,5,5,5,4,4,4,4/0,0,0,0,0,0,0,1/0,0,0,0,7,1,0,0/0,0,0,0,0,0,0,0 N 9,10 H -");
  EXPECT_EQ(play_string(p, "A7R"),
            "5,5,5,5,4,4,4,4/0,0,0,0,0,0,0,1/0,0,0,0,6,0,0,1/0,0,0,0,0,0,0,1 N 9,10 H -");
}

// 6.2: the working house as the only occupied front pit: the tax. The seed makes it 7,
// only 2 seeds are lifted (5 stay) and sown either way; the house stays intact (6.1).
// A5L: A4, A3 = 1. A5R: A6, A7 = 1.
TEST(KiswahiliTakasa, WorkingHouseAloneIsTaxed) {
  const std::string p =
      "5,5,5,5,5,4,4,4/0,0,0,0,0,0,0,1/0,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 S 10,10 H -";
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, p)), sorted({"A5L", "A5R"}));
  EXPECT_EQ(play_string(p, "A5L"),
            "5,5,5,5,5,4,4,4/0,0,0,0,0,0,0,1/0,0,1,1,5,0,0,0/0,0,0,0,0,0,0,0 N 9,10 H -");
  EXPECT_EQ(play_string(p, "A5R"),
            "5,5,5,5,5,4,4,4/0,0,0,0,0,0,0,1/0,0,0,0,5,1,1,0/0,0,0,0,0,0,0,0 N 9,10 H -");
}

// 6.1 / 6.2: an intact house holding 5 (< 6 before the seed) is not working: it is chosen
// like any pit, lifted whole and destroyed. With the house intact, the singleton A2 may
// also be chosen. A5L: 6 seeds anticlockwise to A4, A3, A2 (2), A1, B1, B2 (empty, end).
// A5R: A6, A7, A8, B8, B7, B6.
TEST(KiswahiliTakasa, NonWorkingHouseIsChosenNormallyAndDestroyed) {
  const std::string p =
      "5,5,5,5,5,4,4,4/0,0,0,0,0,0,0,1/0,1,0,0,5,0,0,0/0,0,0,0,0,0,0,0 S 10,10 H -";
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, p)), sorted({"A2L", "A2R", "A5L", "A5R"}));
  EXPECT_EQ(play_string(p, "A5L"),
            "5,5,5,5,5,4,4,4/0,0,0,0,0,0,0,1/1,2,1,1,0,0,0,0/1,1,0,0,0,0,0,0 N 9,10 - -");
  EXPECT_EQ(play_string(p, "A5R"),
            "5,5,5,5,5,4,4,4/0,0,0,0,0,0,0,1/0,1,0,0,0,1,1,1/0,0,0,0,0,1,1,1 N 9,10 - -");
}

// 6.2: once the house is destroyed, a singleton (A2) may not be chosen while a pit of 2+
// (A6) is occupied. A6L: 3 seeds to A5, A4, A3. A6R: A7, A8, B8.
TEST(KiswahiliTakasa, SingletonNotChosenOnceHouseDestroyed) {
  const std::string p =
      "5,5,5,5,5,5,5,5/0,0,0,0,0,0,0,1/0,1,0,0,0,2,0,0/0,0,0,0,0,0,0,0 S 10,10 - -";
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, p)), sorted({"A6L", "A6R"}));
  EXPECT_EQ(play_string(p, "A6L"),
            "5,5,5,5,5,5,5,5/0,0,0,0,0,0,0,1/0,1,1,1,1,0,0,0/0,0,0,0,0,0,0,0 N 9,10 - -");
  EXPECT_EQ(play_string(p, "A6R"),
            "5,5,5,5,5,5,5,5/0,0,0,0,0,0,0,1/0,1,0,0,0,0,1,1/0,0,0,0,0,0,0,1 N 9,10 - -");
}

// 6.2: every occupied front pit is a singleton: singletons are allowed. A6L: A6 = 2 ->
// A5, A4. A2L: A2 = 2 -> A1, B1.
TEST(KiswahiliTakasa, SingletonsAllowedWhenAllAreSingletons) {
  const std::string p =
      "6,5,5,5,5,5,5,5/0,0,0,0,0,0,0,1/0,1,0,0,0,1,0,0/0,0,0,0,0,0,0,0 S 10,10 - -";
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, p)), sorted({"A2L", "A2R", "A6L", "A6R"}));
  EXPECT_EQ(play_string(p, "A6L"),
            "6,5,5,5,5,5,5,5/0,0,0,0,0,0,0,1/0,1,0,1,1,0,0,0/0,0,0,0,0,0,0,0 N 9,10 - -");
  EXPECT_EQ(play_string(p, "A2L"),
            "6,5,5,5,5,5,5,5/0,0,0,0,0,0,0,1/1,0,0,0,0,1,0,0/1,0,0,0,0,0,0,0 N 9,10 - -");
}

// 6.5: a namua takasa ends at the intact house once it holds 6+ (here 5 -> 6), where it
// would otherwise relay. A7L: A7 = 2 -> A6 = 1, A5 = 6: the move ends, house intact.
TEST(KiswahiliTakasa, EndsAtIntactHouseHoldingSix) {
  const std::string p =
      "5,5,5,5,5,4,4,4/0,0,0,0,0,0,0,1/0,0,0,0,5,0,1,0/0,0,0,0,0,0,0,0 S 10,10 H -";
  EXPECT_EQ(play_string(p, "A7L"),
            "5,5,5,5,5,4,4,4/0,0,0,0,0,0,0,1/0,0,0,0,6,1,0,0/0,0,0,0,0,0,0,0 N 9,10 H -");
}

// ---------------------------------------------------------------- 6.5 stop / safari

// 6.5: in a namua capture move, a lap end at the own intact house now holding 6+ offers
// stop or safari. A3 = 1 faces a6 = 4. A3R: A3 = 2; the 4 seeds enter A8 anticlockwise:
// A8, A7, A6 = 1, A5 = 6 (the house; it faces the empty a4). Stop (A3R): the move ends,
// house intact. Safari (A3R+): lift the 6, the house is destroyed, sow on anticlockwise:
// A4, A3 (3), A2, A1, B1, B2 (empty, end). A3L: A1, A2, A3 (3), A4 (empty, end).
TEST(KiswahiliSafari, StopOrSafariAtTheHouse) {
  const std::string p =
      "5,4,4,4,4,4,4,4/0,0,4,0,0,0,0,1/0,0,1,0,5,0,0,0/0,0,0,0,0,0,0,0 S 10,10 H -";
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, p)), sorted({"A3L", "A3R", "A3R+"}));
  EXPECT_EQ(play_string(p, "A3R"),
            "5,4,4,4,4,4,4,4/0,0,0,0,0,0,0,1/0,0,2,0,6,1,1,1/0,0,0,0,0,0,0,0 N 9,10 H -");
  EXPECT_EQ(play_string(p, "A3R+"),
            "5,4,4,4,4,4,4,4/0,0,0,0,0,0,0,1/1,1,3,1,0,1,1,1/1,1,0,0,0,0,0,0 N 9,10 - -");
  EXPECT_EQ(play_string(p, "A3L"),
            "5,4,4,4,4,4,4,4/0,0,0,0,0,0,0,1/1,1,3,1,5,0,0,0/0,0,0,0,0,0,0,0 N 9,10 H -");
}

// 6.1: a captured house is destroyed. A4 faces North's intact house a5 = 2. A4L: A4 = 2,
// the 2 seeds enter A1: A1, A2 (empty, end). North's flag h is gone; South's H stays.
TEST(KiswahiliHouse, CapturedHouseIsDestroyed) {
  const std::string p =
      "5,5,5,5,5,4,4,4/0,0,0,2,0,0,0,1/0,0,0,1,3,0,0,0/0,0,0,0,0,0,0,0 S 10,10 Hh -";
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, p)), sorted({"A4L", "A4R"}));
  EXPECT_EQ(play_string(p, "A4L"),
            "5,5,5,5,5,4,4,4/0,0,0,0,0,0,0,1/1,1,0,2,3,0,0,0/0,0,0,0,0,0,0,0 N 9,10 H -");
}

// ---------------------------------------------------------------- 6.4 mtaji

// 6.4 Capture moves start from front or back pits of 2..15 seeds. A4 = 17 would end its
// first lap in an occupied pit facing seeds either way (A5 = 2 facing a4 = 2; A3 = 2
// facing a6 = 2), but 16+ never captures. Captures: B1L (B1 = 2 clockwise: A1, A2 = 2
// facing a7 = 3) and A6R (A7, A8 = 2 facing a1 = 1). A6L ends in A4 facing the empty a5.
// B1L: a7's 3 seeds enter A1 (kimbi, left kichwa): A1 = 2, A2 = 3, A3 = 1 (empty, end).
// A6R: a1's seed enters A8 (kimbi, right kichwa, reversing the move): A8 = 3, which faces
// the emptied a1: relay anticlockwise A7 = 2, A6 = 1, A5 = 1 (empty, end).
TEST(KiswahiliMtaji, CaptureMovesFromFrontOrBackSixteenPlusNever) {
  const std::string p =
      "5,4,4,4,4,4,4,4/0,3,2,0,2,0,0,1/0,1,0,17,0,2,0,1/2,0,0,0,0,0,0,0 S 0,0 - -";
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, p)), sorted({"A6R", "B1L"}));
  EXPECT_EQ(play_string(p, "B1L"),
            "5,4,4,4,4,4,4,4/0,0,2,0,2,0,0,1/2,3,1,17,0,2,0,1/0,0,0,0,0,0,0,0 N 0,0 - -");
  EXPECT_EQ(play_string(p, "A6R"),
            "5,4,4,4,4,4,4,4/0,3,2,0,2,0,0,0/0,1,0,17,1,1,2,0/2,0,0,0,0,0,0,0 N 0,0 - -");
}

// 6.4 Takata from front pits of 2+, the intact house too (which destroys it); the back
// pit B3 is not allowed while a front pit holds 2+. No capture: North's only front seeds
// are a1 = 2, facing the empty A8. A5L: the house's 3 seeds to A4, A3, A2 (3, relay) ->
// A1, B1, B2 (empty, end); the house is destroyed. A2R: A3, A4 (empty, end).
// No takasia: South's capture moves could only take a1, and A8 is empty.
TEST(KiswahiliMtaji, TakataFromFrontPitsHouseIncluded) {
  const std::string p = "7,7,7,7,7,6,6,6/0,0,0,0,0,0,0,2/0,2,0,0,3,0,0,0/0,0,4,0,0,0,0,0 S 0,0 H -";
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, p)), sorted({"A2L", "A2R", "A5L", "A5R"}));
  EXPECT_EQ(play_string(p, "A5L"),
            "7,7,7,7,7,6,6,6/0,0,0,0,0,0,0,2/1,0,1,1,0,0,0,0/1,1,4,0,0,0,0,0 N 0,0 - -");
  EXPECT_EQ(play_string(p, "A2R"),
            "7,7,7,7,7,6,6,6/0,0,0,0,0,0,0,2/0,0,1,1,3,0,0,0/0,0,4,0,0,0,0,0 N 0,0 H -");
}

// 6.4: back pits only when no front pit holds 2+. B3L (clockwise): B2, B1, A1, A2 (2,
// relay) -> A3, A4 (empty, end). B3R (anticlockwise): B4, B5, B6, B7.
TEST(KiswahiliMtaji, TakataFromBackPitsOnlyWithoutFrontTwo) {
  const std::string p = "7,7,7,7,7,7,7,7/0,0,0,0,0,0,0,2/0,1,0,0,1,0,0,0/0,0,4,0,0,0,0,0 S 0,0 - -";
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, p)), sorted({"B3L", "B3R"}));
  EXPECT_EQ(play_string(p, "B3L"),
            "7,7,7,7,7,7,7,7/0,0,0,0,0,0,0,2/1,0,1,1,1,0,0,0/1,1,0,0,0,0,0,0 N 0,0 - -");
  EXPECT_EQ(play_string(p, "B3R"),
            "7,7,7,7,7,7,7,7/0,0,0,0,0,0,0,2/0,1,0,0,1,0,0,0/0,0,0,1,1,1,1,0 N 0,0 - -");
}

// 6.3: later captures. B1L: A1, A2 = 2 faces a7 = 4: capture at a kimbi pit, left kichwa:
// A1 = 2, A2 = 3, A3 = 1, A4 = 2, which faces a5 = 2: capture again; A4 is central, so the
// direction is kept (clockwise = left kichwa): A1 = 3, A2 = 4, which faces the emptied a7:
// relay clockwise A3 = 2, A4 = 3, A5 = 1, A6 = 1 (empty, end). B1R ends in B3: no capture,
// and captures are compulsory, so B1L is the only move.
TEST(KiswahiliMtaji, CentralCaptureKeepsDirection) {
  const std::string p = "7,7,7,7,7,6,6,6/0,4,0,2,0,0,0,1/0,1,0,1,0,0,0,0/2,0,0,0,0,0,0,0 S 0,0 - -";
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, p)), sorted({"B1L"}));
  EXPECT_EQ(play_string(p, "B1L"),
            "7,7,7,7,7,6,6,6/0,0,0,0,0,0,0,1/3,0,2,3,1,1,0,0/0,0,0,0,0,0,0,0 N 0,0 - -");
}

// ---------------------------------------------------------------- 6.5 own front row, win

// 6.5: a move that leaves the own front row empty after a seed drop is illegal. Mtaji:
// A1 = 2 is South's only front seeds; A1L would drop into B1 with the front row empty.
// A1R: A2, A3.
TEST(KiswahiliFrontRow, MtajiMoveEmptyingOwnFrontRowIsIllegal) {
  const std::string p = "8,8,8,8,8,7,7,7/0,0,0,0,0,0,0,1/2,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S 0,0 - -";
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, p)), sorted({"A1R"}));
  EXPECT_EQ(play_string(p, "A1R"),
            "8,8,8,8,8,7,7,7/0,0,0,0,0,0,0,1/0,1,1,0,0,0,0,0/0,0,0,0,0,0,0,0 N 0,0 - -");
}

// 6.5 in namua: the singleton A8 (house destroyed, all occupied pits singletons) becomes
// 2; A8R would sow B8, B7 with the front row empty: illegal. A8L: A7, A6.
TEST(KiswahiliFrontRow, NamuaTakasaEmptyingOwnFrontRowIsIllegal) {
  const std::string p =
      "6,6,5,5,5,5,5,5/0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0 S 10,10 - -";
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, p)), sorted({"A8L"}));
  EXPECT_EQ(play_string(p, "A8L"),
            "6,6,5,5,5,5,5,5/0,0,0,0,1,0,0,0/0,0,0,0,0,1,1,0/0,0,0,0,0,0,0,0 N 9,10 - -");
}

// 6.5 / 2: a namua capture that empties North's front row wins at once. A3 faces a6 = 2,
// North's only front seeds. A3L: the 2 seeds enter A1: A1 = 1, A2 = 2; that lap ends in an
// occupied pit but the move stops there. A3R: A8, A7.
TEST(KiswahiliWin, NamuaCaptureEmptyingFrontRowWins) {
  const std::string p =
      "5,5,5,5,5,5,5,5/0,0,2,0,0,0,0,0/0,1,1,0,0,0,0,0/0,0,0,0,0,0,0,0 S 10,10 - -";
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, p)), sorted({"A3L", "A3R"}));
  const Position q = after(kKiswahili, parse_or_die(kK, p), "A3L");
  EXPECT_EQ(position_string(q),
            "5,5,5,5,5,5,5,5/0,0,0,0,0,0,0,0/1,2,2,0,0,0,0,0/0,0,0,0,0,0,0,0 N 9,10 - -");
  EXPECT_EQ(loser(kKiswahili, q), Side::kNorth);
  EXPECT_TRUE(legal_moves(kKiswahili, q).empty());
  EXPECT_EQ(play_string(p, "A3R"),
            "5,5,5,5,5,5,5,5/0,0,0,0,0,0,0,0/0,1,2,0,0,0,1,1/0,0,0,0,0,0,0,0 N 9,10 - -");
}

// 6.5 / 2: mid-move win in mtaji. As in CentralCaptureKeepsDirection but without a1: the
// second capture (a5) empties North's front row, so its seeds are sown (A1 = 3, A2 = 4)
// and the move stops there, without the relay at A2.
TEST(KiswahiliWin, MtajiSecondCaptureWinsMidMove) {
  const std::string p = "7,7,7,7,7,7,6,6/0,4,0,2,0,0,0,0/0,1,0,1,0,0,0,0/2,0,0,0,0,0,0,0 S 0,0 - -";
  const Position q = after(kKiswahili, parse_or_die(kK, p), "B1L");
  EXPECT_EQ(position_string(q),
            "7,7,7,7,7,7,6,6/0,0,0,0,0,0,0,0/3,4,1,2,0,0,0,0/0,0,0,0,0,0,0,0 N 0,0 - -");
  EXPECT_EQ(loser(kKiswahili, q), Side::kNorth);
}

// ---------------------------------------------------------------- 6.6 takasia

// 6.6 trigger, the blocked side's move, the blocker's capture and expiry, as one game.
// North's back pits hold 24, 17, 17 (16+: never capture moves) and its front a3 = a1 = 1,
// so North never has a capture move here until South gives it one.
// 1. South (no capture: every first lap ends in an empty pit) plays the takata A7R: A8,
//    B8. North has no capture move; as if South moved again, its only capture is A6R
//    (A7, A8 = 2 facing a1), which takes a1 first: t = a1, not North's house (destroyed),
//    not its only occupied front pit (a3), not a 2+ pit: the string carries "a1".
TEST(KiswahiliTakasia, TriggerBlockedMoveCaptureAndExpiry) {
  const std::string p0 =
      "24,17,17,0,0,0,0,0/0,0,0,0,0,1,0,1/0,0,0,0,0,2,2,0/0,0,0,0,0,0,0,0 S 0,0 - -";
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, p0)), sorted({"A6L", "A6R", "A7L", "A7R"}));
  const std::string p1 = play_string(p0, "A7R");
  EXPECT_EQ(p1, "24,17,17,0,0,0,0,0/0,0,0,0,0,1,0,1/0,0,0,0,0,2,0,1/0,0,0,0,0,0,0,1 N 0,0 - a1");
  // 2. North may only take back pits (no front pit of 2+). b8L: 24 seeds clockwise from
  //    b8: one round of 16 (b8 itself gets 1) and 8 more to b7..b1 and a1; the lap ends in
  //    a1 (now 3), the blocked pit: the move ends without lifting it (it would relay).
  //    a1 was passed through in the first round as usual. South now has a capture (A6R
  //    onto a1), so there is no new block; a1 stays as South's target.
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, p1)),
            sorted({"b6L", "b6R", "b7L", "b7R", "b8L", "b8R"}));
  const std::string p2 = play_string(p1, "b8L");
  EXPECT_EQ(p2, "1,19,19,2,2,2,2,2/1,1,1,1,1,2,1,3/0,0,0,0,0,2,0,1/0,0,0,0,0,0,0,1 S 0,0 - a1");
  // 3. South's A6R takes a1 first: A7, A8 = 2, a1's 3 seeds enter A8 anticlockwise: A8 = 3,
  //    A7 = 2, A6 = 1 (empty, end). The takasia state expires.
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, p2)), sorted({"A6R"}));
  EXPECT_EQ(play_string(p2, "A6R"),
            "1,19,19,2,2,2,2,2/1,1,1,1,1,2,1,0/0,0,0,0,0,1,2,3/0,0,0,0,0,0,0,1 N 0,0 - -");
}

// 6.6: the blocked side may not start from t. North to move, a5 blocked (the block of
// ExceptionOnlyPitOfTwo below, which South's A3R sets): only a1 of the front pits of 2+
// may start. (A block on a pit the opponent could not capture is refused by the position
// string's parser: docs/interface.md section 2.)
TEST(KiswahiliTakasia, BlockedPitMayNotStart) {
  const std::string blocked =
      "24,16,16,0,0,0,0,0/0,0,0,2,0,0,0,2/0,2,0,1,1,0,0,0/0,0,0,0,0,0,0,0 N 0,0 - a5";
  const std::string free =
      "24,16,16,0,0,0,0,0/0,0,0,2,0,0,0,2/0,2,0,1,1,0,0,0/0,0,0,0,0,0,0,0 N 0,0 - -";
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, blocked)), sorted({"a1L", "a1R"}));
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, free)), sorted({"a1L", "a1R", "a5L", "a5R"}));
}

// 6.6: the blocker must capture t if any of its capture moves takes t first. South has
// A6R (onto a1, the target) and B1L (A1, A2 = 2 onto a7); only A6R is legal. A6R: A7,
// A8 = 2; a1's seed enters A8: A8 = 3, facing the emptied a1: relay A7 = 2, A6 = 1, A5 = 1
// (empty, end). The target expires.
TEST(KiswahiliTakasia, BlockerMustCaptureTarget) {
  const std::string target =
      "7,7,7,7,7,7,7,6/0,1,0,0,1,0,0,1/0,1,0,0,0,2,0,1/2,0,0,0,0,0,0,0 S 0,0 - a1";
  const std::string free =
      "7,7,7,7,7,7,7,6/0,1,0,0,1,0,0,1/0,1,0,0,0,2,0,1/2,0,0,0,0,0,0,0 S 0,0 - -";
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, free)), sorted({"A6R", "B1L"}));
  EXPECT_EQ(tokens(kKiswahili, parse_or_die(kK, target)), sorted({"A6R"}));
  EXPECT_EQ(play_string(target, "A6R"),
            "7,7,7,7,7,7,7,6/0,1,0,0,1,0,0,0/0,1,0,0,1,1,2,0/2,0,0,0,0,0,0,0 N 0,0 - -");
}

// 6.6 exceptions. South's takata A3R (A4, A5, empty) leaves A2 = 2, A4 = 1; as if South
// moved again its only capture is A2R (A3, A4 = 2 facing a5): t = a5. North's back pits
// are all 16+ and its front pits singletons or never reached, so North has no capture.
TEST(KiswahiliTakasia, ExceptionIntactHouse) {
  // North's house a5 (1 seed) intact: exception 1, no takasia.
  EXPECT_EQ(
      play_string("24,17,17,0,0,0,0,0/0,0,0,1,0,0,0,1/0,2,2,0,0,0,0,0/0,0,0,0,0,0,0,0 S 0,0 h -",
                  "A3R"),
      "24,17,17,0,0,0,0,0/0,0,0,1,0,0,0,1/0,2,0,1,1,0,0,0/0,0,0,0,0,0,0,0 N 0,0 h -");
  // The same with the house destroyed: a5 is blocked.
  EXPECT_EQ(
      play_string("24,17,17,0,0,0,0,0/0,0,0,1,0,0,0,1/0,2,2,0,0,0,0,0/0,0,0,0,0,0,0,0 S 0,0 - -",
                  "A3R"),
      "24,17,17,0,0,0,0,0/0,0,0,1,0,0,0,1/0,2,0,1,1,0,0,0/0,0,0,0,0,0,0,0 N 0,0 - a5");
}

TEST(KiswahiliTakasia, ExceptionOnlyOccupiedFrontPit) {
  // a5 is North's only occupied front pit: exception 2, no takasia.
  EXPECT_EQ(
      play_string("24,18,17,0,0,0,0,0/0,0,0,1,0,0,0,0/0,2,2,0,0,0,0,0/0,0,0,0,0,0,0,0 S 0,0 - -",
                  "A3R"),
      "24,18,17,0,0,0,0,0/0,0,0,1,0,0,0,0/0,2,0,1,1,0,0,0/0,0,0,0,0,0,0,0 N 0,0 - -");
}

TEST(KiswahiliTakasia, ExceptionOnlyPitOfTwo) {
  // a5 = 2 and no other North front pit holds 2+ (a1 = 1): exception 3, no takasia.
  EXPECT_EQ(
      play_string("24,17,16,0,0,0,0,0/0,0,0,2,0,0,0,1/0,2,2,0,0,0,0,0/0,0,0,0,0,0,0,0 S 0,0 - -",
                  "A3R"),
      "24,17,16,0,0,0,0,0/0,0,0,2,0,0,0,1/0,2,0,1,1,0,0,0/0,0,0,0,0,0,0,0 N 0,0 - -");
  // With a1 = 2 as well, a5 is not the only pit of 2+ and is blocked. (a1 and a5 cannot
  // capture: their laps end in empty pits.)
  EXPECT_EQ(
      play_string("24,16,16,0,0,0,0,0/0,0,0,2,0,0,0,2/0,2,2,0,0,0,0,0/0,0,0,0,0,0,0,0 S 0,0 - -",
                  "A3R"),
      "24,16,16,0,0,0,0,0/0,0,0,2,0,0,0,2/0,2,0,1,1,0,0,0/0,0,0,0,0,0,0,0 N 0,0 - a5");
}

}  // namespace
}  // namespace kete::test
