// One contract suite run on every variant (docs/style.md, "Proof"; Aalina's GameContract).
#include <random>
#include <set>

#include <gtest/gtest.h>

#include "rules/game.h"
#include "rules/perft.h"
#include "tests/test_util.h"

namespace kete::test {
namespace {

class Contract : public ::testing::TestWithParam<RuleSet> {
 protected:
  RuleSet rules() const { return GetParam(); }

  // Checks every invariant of one position and its legal moves.
  void check_position(const Position& p) {
    ASSERT_EQ(p.consistency_error(), "") << position_string(p);
    ASSERT_EQ(p.key(), p.compute_key());
    absl::StatusOr<Position> reparsed = parse_position(p.variant(), position_string(p));
    ASSERT_TRUE(reparsed.ok()) << reparsed.status();
    ASSERT_EQ(*reparsed, p) << position_string(p);

    std::set<std::string> seen;
    const int seeds = p.total_seeds() + p.hand(Side::kSouth) + p.hand(Side::kNorth);
    with_rules(rules(), [&]<class R>(R) {
      R::generate(p, [&](Move m, const Position& child, int sown) {
        const std::string token = move_token(p, m);
        EXPECT_TRUE(seen.insert(token).second) << "two moves with token " << token;
        EXPECT_GT(sown, 0) << token;
        EXPECT_EQ(child.key(), child.compute_key()) << token;
        EXPECT_EQ(child.side_to_move(), ~p.side_to_move()) << token;
        const int after = child.total_seeds() + child.hand(Side::kSouth) + child.hand(Side::kNorth);
        if (rules().variant == Variant::kKigogo)
          EXPECT_LE(after, seeds) << token;
        else
          EXPECT_EQ(after, seeds) << token;
      });
    });
  }
};

TEST_P(Contract, TokensNameTheirMoves) {
  const Position p = Position::start(rules().variant);
  for (Move m : legal_moves(rules(), p)) {
    absl::StatusOr<Move> parsed = parse_move(rules(), p, move_token(p, m));
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    EXPECT_EQ(*parsed, m);
  }
}

// Random games to the end: every position passes the checks, every game has a valid
// outcome, and every move's token parses back to the move.
TEST_P(Contract, RandomGamesEndWithValidOutcome) {
  std::mt19937_64 rng(20261130);
  int decided = 0;
  for (int g = 0; g < 1000; ++g) {
    Game game(rules(), Position::start(rules().variant));
    while (game.outcome().result == Result::kNone) {
      const Position& p = game.position();
      check_position(p);
      if (HasFatalFailure() || HasFailure()) return;
      const MoveList moves = legal_moves(rules(), p);
      ASSERT_FALSE(moves.empty()) << "an undecided game has no move: " << position_string(p);
      const Move m = moves[int(rng() % moves.size())];
      absl::StatusOr<Move> parsed = parse_move(rules(), p, move_token(p, m));
      ASSERT_TRUE(parsed.ok() && *parsed == m) << move_token(p, m);
      ASSERT_TRUE(game.play(m));
    }
    const Outcome o = game.outcome();
    const std::optional<Side> lost = loser(rules(), game.position());
    switch (o.reason) {
      case EndReason::kFinished:
      case EndReason::kNoLegalMove:
        ASSERT_TRUE(lost.has_value());
        EXPECT_EQ(o.result, *lost == Side::kSouth ? Result::kNorthWins : Result::kSouthWins);
        EXPECT_TRUE(legal_moves(rules(), game.position()).empty());
        ++decided;
        break;
      case EndReason::kRepetition:
      case EndReason::kMaxPlies:
        EXPECT_FALSE(lost.has_value());
        EXPECT_EQ(o.result, Result::kDraw);
        break;
      case EndReason::kNone:
        FAIL() << "a game ended without a reason";
    }
  }
  EXPECT_GT(decided, 0) << "no random game was won: the win conditions never fire";
}

// Bao and kujifunza are left-right symmetric: a mirrored position has the same perft.
// Kigogo sows one way only and kiswahili's house is off centre, so the suite is
// instantiated for the symmetric rules sets alone.
class MirrorContract : public ::testing::TestWithParam<RuleSet> {};

TEST_P(MirrorContract, MirroredPerftIsEqual) {
  const RuleSet rules = GetParam();
  std::mt19937_64 rng(7);
  Position p = Position::start(rules.variant);
  for (int ply = 0; ply < 40; ++ply) {
    EXPECT_EQ(perft(rules, p, 2), perft(rules, p.mirrored(), 2)) << position_string(p);
    const MoveList moves = legal_moves(rules, p);
    if (moves.empty()) break;
    p = *play(rules, p, moves[int(rng() % moves.size())]);
  }
}

INSTANTIATE_TEST_SUITE_P(AllVariants, Contract,
                         ::testing::Values(kBao, kKigogo, kChoose, kFollow, kKiswahili),
                         rules_name);
INSTANTIATE_TEST_SUITE_P(SymmetricVariants, MirrorContract,
                         ::testing::Values(kBao, kChoose, kFollow), rules_name);

}  // namespace
}  // namespace kete::test
