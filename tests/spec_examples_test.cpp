// Every worked example and check of rules.md sections 3-5 and 7 for bao, kigogo and
// kujifunza.
#include <gtest/gtest.h>

#include "rules/perft.h"
#include "tests/test_util.h"

namespace kete::test {
namespace {

// The start positions' perft of rules.md sections 3-5 (depth 1 is the number of moves).
struct StartPerft {
  RuleSet rules;
  uint64_t nodes[3];  // depths 1, 2, 3
};
constexpr StartPerft kStartPerft[] = {
    {kBao, {32, 912, 17892}},
    {kKigogo, {23, 499, 7393}},
    {kFollow, {16, 108, 500}},
};

TEST(SpecStart, PerftOfEachVariant) {
  for (const StartPerft& s : kStartPerft) {
    const Position p = Position::start(s.rules.variant);
    EXPECT_EQ(legal_moves(s.rules, p).size(), s.nodes[0]) << testing::PrintToString(s.rules);
    for (int d = 1; d <= 3; ++d)
      EXPECT_EQ(perft(s.rules, p, d), s.nodes[d - 1]) << testing::PrintToString(s.rules) << d;
  }
}

// rules.md section 3: South plays B7R, eats twice and empties North's front row.
TEST(SpecBao, WorkedExampleB7RWins) {
  const Position p = parse_or_die(Variant::kBao, kBaoWorkedExample);
  const Position q = after(kBao, p, "B7R");
  // The winning eat's 7 seeds are still sown from A3 to B4 (rules.md section 2).
  EXPECT_EQ(position_string(q),
            "4,3,5,4,5,6,3,2/0,0,0,0,0,0,0,0/3,3,1,0,3,1,3,0/1,1,9,2,2,0,0,3 N");
  EXPECT_EQ(loser(kBao, q), Side::kNorth);
}

TEST(SpecKujifunza, FirstMoves) {
  const Position p = Position::start(Variant::kKujifunza);
  EXPECT_EQ(legal_moves(kChoose, p).size(), 56);
  EXPECT_EQ(legal_moves(kFollow, p).size(), 16);
  for (Move m : legal_moves(kFollow, p))
    EXPECT_TRUE(m.capture()) << move_token(p, m);
}

// rules.md section 5: A1R under follow leaves South's ring A1..A8, B8..B1 =
// 3,1,0,4,4,4,1,5,3,3,0,3,3,0,3,3 and North's front a1..a8 = 0,0,2,2,2,0,0,2.
TEST(SpecKujifunza, FollowA1R) {
  const Position q = after(kFollow, Position::start(Variant::kKujifunza), "A1R");
  const int ring[16] = {3, 1, 0, 4, 4, 4, 1, 5, 3, 3, 0, 3, 3, 0, 3, 3};
  for (int i = 0; i < 16; ++i)
    EXPECT_EQ(q.seeds(Side::kSouth, i), ring[i]) << "ring index " << i;
  const int north_front[8] = {0, 0, 2, 2, 2, 0, 0, 2};
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(q.seeds(Side::kNorth, i), north_front[i]) << "a" << i + 1;
}

// rules.md section 7: a4R cycles, a5R is stopped by the twelve-rounds rule.
TEST(SpecTwelveRounds, Kujifunza) {
  const Position p = parse_or_die(
      Variant::kKujifunza, "9,2,3,6,1,2,1,2/0,1,0,7,3,18,0,1/0,0,0,1,0,0,0,0/1,0,2,0,1,1,1,1 N");
  EXPECT_EQ(tokens(kFollow, p), sorted({"a3L", "a3R", "a4L", "a5L"}));
}

TEST(SpecTwelveRounds, Kigogo) {
  const Position p = parse_or_die(Variant::kKigogo,
                                  "2,2,0,3,2,2,1,0,0,1,2,1/1,2,1,0,0,0,4,0,1,1,0,5/"
                                  "0,1,0,3,0,3,0,1,0,5,0,4/1,0,2,1,0,1,2,1,2,1,0,1 S");
  EXPECT_EQ(tokens(kKigogo, p), sorted({"A10", "A4", "A6", "B3", "B7", "B9"}));
}

}  // namespace
}  // namespace kete::test

namespace kete::test {
namespace {

TEST(SpecKiswahili, StartMovesAndPerft) {
  const Position p = Position::start(Variant::kKiswahili);
  EXPECT_EQ(position_string(p),
            "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Hh -");
  EXPECT_EQ(tokens(kKiswahili, p), sorted({"A6L", "A6R", "A7L", "A7R"}));
  const uint64_t expected[] = {4, 14, 38, 124, 405};
  for (int d = 1; d <= 5; ++d)
    EXPECT_EQ(perft(kKiswahili, p, d), expected[d - 1]) << d;
}

// rules.md section 7: the 1994 game's first two moves.
TEST(SpecKiswahili, RealGame1994) {
  Position p = after(kKiswahili, Position::start(Variant::kKiswahili), "A7L");
  p = after(kKiswahili, p, "a5R");
  EXPECT_EQ(position_string(p),
            "0,0,0,0,0,0,0,0/1,2,2,7,0,0,0,0/0,0,0,0,7,3,0,0/0,0,0,0,0,0,0,0 S 21,21 Hh -");
}

// rules.md section 7 (Kronenburg, Donkers & de Voogt 2006): A3L never ends.
TEST(SpecKiswahili, NeverEndingMove) {
  const Position p =
      parse_or_die(Variant::kKiswahili,
                   "0,0,0,0,0,0,0,0/0,0,0,0,9,0,0,1/1,6,3,1,0,5,4,0/2,1,0,5,0,3,0,1 S 11,11 - -");
  EXPECT_EQ(tokens(kKiswahili, p), sorted({"A2L", "A2R", "A3R", "A6L", "A6R", "A7L", "A7R"}));
  // A6L ends after 176 seeds sown (48 laps), close to the 192 limit.
  with_rules(kKiswahili, [&]<class R>(R) {
    R::generate(p, [&](Move m, const Position&, int sown) {
      if (move_token(p, m) == "A6L") {
        EXPECT_EQ(sown, 176);
      }
    });
  });
}

}  // namespace
}  // namespace kete::test
