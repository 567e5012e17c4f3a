// rules/why_not.h: the reason a token is not a legal move, one test per kind on hand-built
// positions. Each expected reason was worked out by hand from rules.md (the comment gives
// the clause and the sowing); the property test checks that no legal token is given a
// reason, on positions of random games in every variant.
//
// Position strings list North back b8..b1, North front a8..a1, South front A1..A8, South
// back B1..B8 (docs/interface.md 2); Ai faces a(9-i). On the front row L = anticlockwise,
// on the back row L = clockwise (rules.md 1).
#include <array>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "rules/game.h"
#include "rules/why_not.h"
#include "tests/test_util.h"

namespace kete::test {
namespace {

WhyNot kind(RuleSet rules, std::string_view position, std::string_view token) {
  return why_not(rules, parse_or_die(rules.variant, position), token).kind;
}

std::string text(RuleSet rules, std::string_view position, std::string_view token) {
  return why_not(rules, parse_or_die(rules.variant, position), token).text;
}

// Kujifunza, South to move, no capture: A1 = 1, A4 = 4, B1 = 2; North a1 = 1. A4R ends
// in the empty A8 and A4L in B1; B1L (clockwise) ends in the empty A2, B1R in B3: no first
// lap ends in an occupied front pit facing seeds.
constexpr char kKujifunzaQuiet[] =
    "10,10,10,10,10,6,0,0/0,0,0,0,0,0,0,1/1,0,0,4,0,0,0,0/2,0,0,0,0,0,0,0 S";

// Kiswahili namua, hands 10/10, both houses intact, South to move. South: A5 = 6 (the
// house), A6 = A7 = 2, B3 = 3. North front a7 = a6 = 2, a5 = 6, a2 = 1: only A7 faces seeds
// (a2), so A7 is South's one capture.
constexpr char kNamuaCapture[] =
    "10,10,0,0,0,0,0,0/0,2,2,6,0,0,1,0/0,0,0,0,6,2,2,0/0,0,3,0,0,0,0,0 S 10,10 Hh -";

TEST(WhyNot, LegalTokenAnswersLegal) {
  EXPECT_EQ(why_not(kKiswahili, Position::start(Variant::kKiswahili), "A6L").kind, WhyNot::kLegal);
  EXPECT_EQ(why_not(kBao, Position::start(Variant::kBao), "b7r").text, "legal");
}

// rules.md 5: captures are compulsory. At kujifunza's start every front pit faces seeds;
// B4L (clockwise from ring index 12) sows B3, B2 and ends in the back row: no capture,
// while A1R (A2, A3 = 3 facing a6) captures.
TEST(WhyNot, KujifunzaCaptureIsCompulsory) {
  const Position start = Position::start(Variant::kKujifunza);
  EXPECT_EQ(why_not(kChoose, start, "B4L").kind, WhyNot::kMustCapture);
  EXPECT_EQ(why_not(kChoose, start, "B4L").text, "a capture is possible, so you must capture");
}

// rules.md 5: a move starts from a pit of 2+; A1 holds 1.
TEST(WhyNot, KujifunzaSingleton) {
  EXPECT_EQ(kind(kFollow, kKujifunzaQuiet, "A1R"), WhyNot::kFewerThanTwo);
  EXPECT_EQ(text(kFollow, kKujifunzaQuiet, "A1R"),
            "A1 holds a single seed: in kujifunza a move starts from a pit with two or more");
}

// rules.md 1: South sows only its own pits; the token's lower case names North's a1.
TEST(WhyNot, NotYoursAndEmpty) {
  EXPECT_EQ(kind(kFollow, kKujifunzaQuiet, "a1L"), WhyNot::kNotYours);
  EXPECT_EQ(text(kFollow, kKujifunzaQuiet, "a1L"),
            "a1 is North's pit: you play South, from A1..A8 and B1..B8");
  EXPECT_EQ(kind(kFollow, kKujifunzaQuiet, "A2R"), WhyNot::kEmpty);
  EXPECT_EQ(kind(kBao, kBaoWorkedExample, "A3L"), WhyNot::kEmpty);
}

// rules.md 5: back pits only if no front pit holds 2+ (a legal one): A4 can move.
TEST(WhyNot, KujifunzaBackRowWhileFrontCanMove) {
  EXPECT_EQ(kind(kFollow, kKujifunzaQuiet, "B1L"), WhyNot::kBackRow);
  EXPECT_EQ(kind(kChoose, kKujifunzaQuiet, "B1R"), WhyNot::kBackRow);
}

// rules.md 5 (own front row): South's only front seeds are A1 = 2; A1L lifts them and the
// first seed falls in B1, the front row empty. A1R sows A2, A3 and is legal.
TEST(WhyNot, KujifunzaFrontRowEmptied) {
  const char p[] = "10,10,10,10,10,10,1,0/0,0,0,0,0,0,0,1/2,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S";
  EXPECT_EQ(kind(kFollow, p, "A1R"), WhyNot::kLegal);
  EXPECT_EQ(kind(kFollow, p, "A1L"), WhyNot::kFrontRowEmptied);
}

// rules.md 5 tokens: at the start A3R (A4, A5 = 3 facing a4) captures at a central pit:
// under choose the kichwa is named after ':', under follow never.
TEST(WhyNot, KujifunzaKichwaLetters) {
  const Position start = Position::start(Variant::kKujifunza);
  EXPECT_EQ(why_not(kChoose, start, "A3R").kind, WhyNot::kKichwaLetters);
  EXPECT_EQ(why_not(kFollow, start, "A3R").kind, WhyNot::kLegal);
  EXPECT_EQ(why_not(kFollow, start, "A3R:L").kind, WhyNot::kNoKichwaLetters);
  // Letters that name no legal way of playing A3R (its legal tokens, as `query moves`
  // lists them: A3R:LL, A3R:LRL, A3R:LRR, A3R:R), and no letters at all.
  EXPECT_EQ(why_not(kChoose, start, "A3R:LLLL").kind, WhyNot::kKichwaLetters);
  EXPECT_TRUE(why_not(kChoose, start, "A3R:LLLL").text.starts_with("the kichwa letters after"));
  EXPECT_TRUE(why_not(kChoose, start, "A3R").text.starts_with("this move captures at a central"));
}

// rules.md 7, twelve rounds (kujifunza, follow): a4R and a5R are never-ending. Whether a
// later lift empties the front row is not told apart, so the reason names both.
TEST(WhyNot, KujifunzaNeverEnding) {
  const char p[] = "9,2,3,6,1,2,1,2/0,1,0,7,3,18,0,1/0,0,0,1,0,0,0,0/1,0,2,0,1,1,1,1 N";
  EXPECT_EQ(kind(kFollow, p, "a4R"), WhyNot::kNeverEndingOrFrontRow);
  EXPECT_EQ(kind(kFollow, p, "a5R"), WhyNot::kNeverEndingOrFrontRow);
  EXPECT_EQ(kind(kFollow, p, "a3L"), WhyNot::kLegal);
}

// rules.md 3: a bao move starts from a pit of 2+; in the worked example A8 = 1.
TEST(WhyNot, BaoSingleton) {
  EXPECT_EQ(kind(kBao, kBaoWorkedExample, "A8L"), WhyNot::kFewerThanTwo);
  EXPECT_EQ(text(kBao, kBaoWorkedExample, "A8L"),
            "A8 holds a single seed: in bao a move starts from a pit with two or more");
  EXPECT_EQ(kind(kBao, kBaoWorkedExample, "B7R"), WhyNot::kLegal);
}

// rules.md 2: a position whose side to move has an empty front row is over.
TEST(WhyNot, GameOver) {
  const char p[] = "10,10,10,10,10,10,0,0/0,0,0,0,0,0,2,2/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S";
  EXPECT_EQ(kind(kBao, p, "B1L"), WhyNot::kGameOver);
  EXPECT_EQ(kind(kFollow, p, "B1L"), WhyNot::kGameOver);
  EXPECT_EQ(text(kBao, p, "B1L"), "the game is over");
}

// Tokens that name no pit, or a pit without a valid direction.
TEST(WhyNot, Malformed) {
  const Position start = Position::start(Variant::kKiswahili);
  EXPECT_EQ(why_not(kKiswahili, start, "Z9").kind, WhyNot::kNoSuchPit);
  EXPECT_EQ(why_not(kKiswahili, start, "A9L").kind, WhyNot::kNoSuchPit);
  EXPECT_EQ(why_not(kKiswahili, start, "A6X").kind, WhyNot::kMalformed);
  EXPECT_EQ(why_not(kKiswahili, start, "A6").kind, WhyNot::kMalformed);
}

// rules.md 4: kigogo sows anticlockwise only; a move names its pit alone.
TEST(WhyNot, KigogoDirectionIsFixed) {
  const Position start = Position::start(Variant::kKigogo);
  EXPECT_EQ(why_not(kKigogo, start, "A5L").kind, WhyNot::kDirectionFixed);
  EXPECT_EQ(why_not(kKigogo, start, "A5").kind, WhyNot::kLegal);
  EXPECT_EQ(why_not(kKigogo, start, "A1").kind, WhyNot::kEmpty);  // A1 starts empty
}

// rules.md 4: a singleton moves only when no pit of 2+ can. rules.md 7's kigogo position:
// A2 = 1 while A4 (3) has a legal move; A12 never ends (twelve rounds).
TEST(WhyNot, KigogoSingletonAndNeverEnding) {
  const char p[] =
      "2,2,0,3,2,2,1,0,0,1,2,1/1,2,1,0,0,0,4,0,1,1,0,5/0,1,0,3,0,3,0,1,0,5,0,4/"
      "1,0,2,1,0,1,2,1,2,1,0,1 S";
  EXPECT_EQ(kind(kKigogo, p, "A2"), WhyNot::kLoneSeed);
  EXPECT_EQ(kind(kKigogo, p, "A12"), WhyNot::kNeverEnding);
  EXPECT_EQ(kind(kKigogo, p, "A4"), WhyNot::kLegal);
}

// rules.md 4: South has only singletons, A1 and A2. A1 steps into B1 (empty); A2's next
// pit anticlockwise is A1, occupied, so A2 cannot move.
TEST(WhyNot, KigogoSingletonStepsIntoEmptyPit) {
  const char p[] =
      "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,1/1,1,0,0,0,0,0,0,0,0,0,0/"
      "0,0,0,0,0,0,0,0,0,0,0,0 S";
  EXPECT_EQ(kind(kKigogo, p, "A1"), WhyNot::kLegal);
  EXPECT_EQ(kind(kKigogo, p, "A2"), WhyNot::kLoneSeedStep);
}

// rules.md 6.2: every namua move starts in the front row; B3 holds 3 but is a back pit.
TEST(WhyNot, KiswahiliNamuaStartsInFrontRow) {
  EXPECT_EQ(kind(kKiswahili, kNamuaCapture, "B3L"), WhyNot::kNamuaFrontRow);
}

// rules.md 6.2: a capture is compulsory (A7 faces a2 = 1), so the takasa A6L is not legal;
// 6.3: a capture at pit 7 enters the right kichwa, so A7L is not legal and A7R is.
TEST(WhyNot, KiswahiliNamuaCaptureAndKichwa) {
  EXPECT_EQ(kind(kKiswahili, kNamuaCapture, "A6L"), WhyNot::kMustCapture);
  EXPECT_EQ(kind(kKiswahili, kNamuaCapture, "A7R"), WhyNot::kLegal);
  EXPECT_EQ(kind(kKiswahili, kNamuaCapture, "A7L"), WhyNot::kKichwaFixed);
  EXPECT_EQ(text(kKiswahili, kNamuaCapture, "A7L"),
            "a capture at A7 brings the seeds in at the right kichwa: play A7R");
}

// rules.md 6.2: the working house (6+) may start a takasa only when it is the only
// occupied front pit: at the start A6 and A7 are occupied too.
TEST(WhyNot, KiswahiliHouseNotAlone) {
  const Position start = Position::start(Variant::kKiswahili);
  EXPECT_EQ(why_not(kKiswahili, start, "A5L").kind, WhyNot::kHouseNotAlone);
  EXPECT_EQ(why_not(kKiswahili, start, "A5R").kind, WhyNot::kHouseNotAlone);
}

// rules.md 6.2: with South's house destroyed, a takasa starts from a pit of 2+: A3 = 1
// while A6 = 3 can move. No capture: A3 faces a6 = 0, A6 faces a3 = 0.
TEST(WhyNot, KiswahiliDestroyedHouseSingleton) {
  const char p[] = "10,10,10,5,0,0,0,0/0,0,0,5,0,0,0,0/0,0,1,0,0,3,0,0/0,0,0,0,0,0,0,0 S 10,10 h -";
  EXPECT_EQ(kind(kKiswahili, p, "A6L"), WhyNot::kLegal);
  EXPECT_EQ(kind(kKiswahili, p, "A3L"), WhyNot::kDestroyedHouseSingleton);
}

// rules.md 6.5: a safari is taken only at the intact house in a namua capture move; the
// start's takasa A6L has none.
TEST(WhyNot, KiswahiliNoSafari) {
  EXPECT_EQ(why_not(kKiswahili, Position::start(Variant::kKiswahili), "A6L+").kind,
            WhyNot::kNoSafari);
}

// rules.md 6.4: in mtaji a move starts from a pit of 2+ (A2 = 1); 6.6: the blocker must
// capture the target a1, so the capture B1L (A1, A2 = 2 onto a7) is not legal. The
// positions are those of tests/kiswahili_clauses_test.cpp's takasia tests.
TEST(WhyNot, KiswahiliMtajiSingletonAndTakasiaTarget) {
  const char target[] =
      "7,7,7,7,7,7,7,6/0,1,0,0,1,0,0,1/0,1,0,0,0,2,0,1/2,0,0,0,0,0,0,0 S 0,0 - a1";
  EXPECT_EQ(kind(kKiswahili, target, "A2R"), WhyNot::kFewerThanTwo);
  EXPECT_EQ(kind(kKiswahili, target, "B1L"), WhyNot::kMustCaptureTarget);
  EXPECT_EQ(kind(kKiswahili, target, "A6R"), WhyNot::kLegal);
}

// rules.md 6.6: North's a5 is blocked and may not start a move; a1 may.
TEST(WhyNot, KiswahiliTakasiaBlockedPit) {
  const char blocked[] =
      "24,16,16,0,0,0,0,0/0,0,0,2,0,0,0,2/0,2,0,1,1,0,0,0/0,0,0,0,0,0,0,0 N 0,0 - a5";
  EXPECT_EQ(kind(kKiswahili, blocked, "a5L"), WhyNot::kBlocked);
  EXPECT_EQ(kind(kKiswahili, blocked, "a1L"), WhyNot::kLegal);
}

// A game drawn by repetition or at the move limit is over although its position has moves.
TEST(WhyNot, GameOverAfterMoveLimit) {
  Game game(kBao, Position::start(Variant::kBao), 1);
  ASSERT_TRUE(game.play(legal_moves(kBao, game.position())[0]));
  ASSERT_EQ(game.outcome().result, Result::kDraw);
  EXPECT_EQ(why_not(game, move_token(game.position(), legal_moves(kBao, game.position())[0])).kind,
            WhyNot::kGameOver);
}

// The facts each reason states, checked on the position without the reason's code: the
// pit's owner and seeds, and the legal moves.
void check_true(RuleSet rules, const Position& p, Pit pit, WhyNot kind, const MoveList& moves) {
  const Side us = p.side_to_move();
  const std::string at = position_string(p) + " " + pit_name(p.width(), pit);
  bool any_capture = false, from_pit = false, from_index = false;
  for (Move m : moves) {
    any_capture |= m.capture();
    from_pit |= pit.side == us && m.pit() == pit.index;
    from_index |= m.pit() == pit.index;  // tokens ignore case: a1L is A1L for South
  }
  switch (kind) {
    case WhyNot::kNotYours:
      ASSERT_NE(pit.side, us) << at;
      break;
    case WhyNot::kEmpty:
      ASSERT_EQ(p.seeds(pit), 0) << at;
      break;
    case WhyNot::kFewerThanTwo:
    case WhyNot::kLoneSeed:
    case WhyNot::kLoneSeedStep:
    case WhyNot::kDestroyedHouseSingleton:
      ASSERT_EQ(p.seeds(pit), 1) << at;
      ASSERT_FALSE(from_pit) << at;
      break;
    case WhyNot::kMustCapture:
    case WhyNot::kMustCaptureTarget:
      ASSERT_TRUE(any_capture) << at;
      break;
    case WhyNot::kGameOver:
      ASSERT_TRUE(moves.empty()) << at;
      break;
    case WhyNot::kBlocked:
      ASSERT_TRUE(p.has_takasia() && p.takasia() == pit) << at;
      ASSERT_FALSE(from_pit) << at;
      break;
    case WhyNot::kNamuaFrontRow:
    case WhyNot::kBackRow:
      ASSERT_GE(pit.index, p.width()) << at;
      ASSERT_FALSE(from_pit) << at;
      break;
    case WhyNot::kHouseNotAlone:
      ASSERT_EQ(pit.index, kHouse) << at;
      ASSERT_FALSE(from_pit) << at;
      break;
    case WhyNot::kLegal:
      ASSERT_TRUE(from_index) << at;
      break;
    case WhyNot::kNoSuchPit:  // every token here names a pit
      FAIL() << at;
    default:
      break;
  }
  (void)rules;
}

// Every token of a pit and a direction (and the legal tokens themselves) on positions of
// random games: a legal token answers kLegal, every other token a reason with words.
class WhyNotProperty : public ::testing::TestWithParam<RuleSet> {};

TEST_P(WhyNotProperty, LegalTokensAnswerLegalOthersAReason) {
  const RuleSet rules = GetParam();
  std::mt19937_64 rng(31);
  const int games = kSanitized ? 2 : 6;
  std::array<int, 25> seen{};
  for (int g = 0; g < games; ++g) {
    Game game(rules, Position::start(rules.variant));
    while (game.outcome().result == Result::kNone) {
      const Position& p = game.position();
      const MoveList moves = legal_moves(rules, p);
      for (Move m : moves)
        ASSERT_EQ(why_not(game, move_token(p, m)).kind, WhyNot::kLegal)
            << position_string(p) << " " << move_token(p, m);
      for (Side s : {Side::kSouth, Side::kNorth})
        for (int i = 0; i < p.ring_size(); ++i)
          for (std::string_view suffix : {"", "L", "R", "L+", "R:L"}) {
            const std::string token = pit_name(p.width(), {s, i}) + std::string(suffix);
            const bool legal = parse_move(rules, p, token).ok();
            const Reason r = why_not(game, token);
            ASSERT_EQ(r.kind == WhyNot::kLegal, legal) << position_string(p) << " " << token;
            ASSERT_FALSE(r.text.empty());
            check_true(rules, p, {s, i}, r.kind, moves);
            if (HasFatalFailure()) return;
            ++seen[int(r.kind)];
          }
      ASSERT_TRUE(game.play(moves[int(rng() % moves.size())]));
    }
  }
  // The derivation is exercised: most tokens get a reason of their own, not the generic one.
  EXPECT_GT(seen[int(WhyNot::kEmpty)], 0);
  EXPECT_LT(seen[int(WhyNot::kNoSuchMove)] * 20, seen[int(WhyNot::kEmpty)]);
}

std::string rules_name(const ::testing::TestParamInfo<RuleSet>& info) {
  std::string name(to_string(info.param.variant));
  if (info.param.variant == Variant::kKujifunza)
    name += "_" + std::string(to_string(info.param.kichwa));
  return name;
}

INSTANTIATE_TEST_SUITE_P(AllVariants, WhyNotProperty,
                         ::testing::Values(kBao, kKigogo, kChoose, kFollow, kKiswahili),
                         rules_name);

}  // namespace
}  // namespace kete::test
