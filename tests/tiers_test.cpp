// Moves without generating them all (rules/tiers.h). One move played alone
// (play_first_tier_move, which the search uses for its table move): it plays a move
// exactly as generate does or not at all, plays every legal move of simple bao, and knows
// when the move is the only one. A legal move that passes a test (any_legal_move, which the
// horizon's search uses to find a quiet move): found exactly when generate has one.
#include <map>

#include <gtest/gtest.h>

#include "rules/playout.h"
#include "rules/tiers.h"
#include "tests/test_util.h"

namespace kete::test {
namespace {

class FirstTierMove : public ::testing::TestWithParam<RuleSet> {};

// Every start pit, both ways, with and without the capture and safari flags and a first
// kichwa choice: the legal moves and many illegal ones.
std::vector<Move> some_moves() {
  std::vector<Move> moves;
  for (int pit = 0; pit < kMaxRing; ++pit)
    for (Dir d : {Dir::kClockwise, Dir::kAnticlockwise})
      for (bool capture : {false, true}) {
        const Move m(pit, d, capture);
        moves.insert(moves.end(), {m, m.with_safari(), m.with_choice(false), m.with_choice(true)});
      }
  return moves;
}

// Over random games: a move played alone is one of generate's, with generate's child, and
// `sole` says whether generate has one move; an illegal move emits nothing.
TEST_P(FirstTierMove, AgreesWithGenerate) {
  with_rules(GetParam(), [&]<class R>(R) {
    Random rng(5);
    const std::vector<Move> tried = some_moves();
    const int games = kSanitized ? 10 : 100;
    int legal = 0, played = 0;
    for (int g = 0; g < games; ++g) {
      Position p = Position::start(R::kVariant);
      for (int ply = 0; ply < 300; ++ply) {
        std::map<uint16_t, uint64_t> children;  // move -> child's key
        R::generate(p, [&](Move m, const Position& c, int) { children[m.raw()] = c.key(); });
        if (children.empty()) break;
        std::vector<Move> moves = tried;
        for (const auto& [raw, key] : children)
          moves.push_back(Move::from_bits(raw));
        for (Move m : moves) {
          bool sole = false;
          int emitted = 0;
          const bool ok = play_first_tier_move<R>(p, m, &sole, [&](Move e, const Position& c, int) {
            ++emitted;
            EXPECT_EQ(e, m);
            EXPECT_EQ(c.key(), c.compute_key());
            const auto it = children.find(e.raw());
            ASSERT_NE(it, children.end()) << position_string(p) << " move " << m.raw();
            EXPECT_EQ(c.key(), it->second) << position_string(p) << " move " << m.raw();
          });
          EXPECT_EQ(emitted, ok ? 1 : 0);
          if (ok) {
            EXPECT_EQ(sole, children.size() == 1) << position_string(p);
          }
        }
        for (const auto& [raw, key] : children) {
          ++legal;
          played += play_first_tier_move<R>(p, Move::from_bits(raw), nullptr,
                                            [](Move, const Position&, int) {});
        }
        Position next;
        ASSERT_TRUE(random_child<R>(p, rng, next));
        p = next;
      }
    }
    // Nearly every legal move is in the first tier that has candidates (the exceptions: a
    // tier whose every candidate fails, and later tiers' moves).
    EXPECT_GT(played, legal * 9 / 10) << played << " of " << legal;
    // Simple bao has one tier: every legal move is played alone.
    if (R::kVariant == Variant::kBao) {
      EXPECT_EQ(played, legal);
    }
  });
}

// Over random games: a move that wins no seeds, a move at all, no move, and a move from
// each start pit are found exactly when generate's children have one.
TEST_P(FirstTierMove, AnyLegalMoveAgreesWithGenerate) {
  with_rules(GetParam(), [&]<class R>(R) {
    Random rng(9);
    const int games = kSanitized ? 10 : 100;
    for (int g = 0; g < games; ++g) {
      Position p = Position::start(R::kVariant);
      for (int ply = 0; ply < 300; ++ply) {
        const Side us = p.side_to_move();
        const int before = p.ring_seeds(us) + p.hand(us) - p.ring_seeds(~us) - p.hand(~us);
        bool quiet = false;
        uint32_t pits = 0;
        int count = 0;
        R::generate(p, [&](Move m, const Position& c, int) {
          ++count;
          pits |= 1u << m.pit();
          quiet =
              quiet || c.ring_seeds(us) + c.hand(us) - c.ring_seeds(~us) - c.hand(~us) <= before;
        });
        EXPECT_EQ(any_legal_move<R>(p,
                                    [&](Move, const Position& c, int) {
                                      return c.ring_seeds(us) + c.hand(us) - c.ring_seeds(~us) -
                                                 c.hand(~us) <=
                                             before;
                                    }),
                  quiet)
            << position_string(p);
        EXPECT_EQ(any_legal_move<R>(p, [](Move, const Position&, int) { return true; }), count > 0);
        EXPECT_FALSE(any_legal_move<R>(p, [](Move, const Position&, int) { return false; }));
        for (int pit = 0; pit < kMaxRing; ++pit)
          EXPECT_EQ(
              any_legal_move<R>(p, [&](Move m, const Position&, int) { return m.pit() == pit; }),
              bool(pits >> pit & 1))
              << position_string(p) << " pit " << pit;
        if (count == 0) break;
        Position next;
        ASSERT_TRUE(random_child<R>(p, rng, next));
        p = next;
      }
    }
  });
}

INSTANTIATE_TEST_SUITE_P(AllVariants, FirstTierMove,
                         ::testing::Values(kBao, kKigogo, kKiswahili, kChoose, kFollow),
                         rules_name);

}  // namespace
}  // namespace kete::test
