// Random playouts (rules/playout.h): every drawn child is a legal move's child, a position
// without legal moves draws none, and every move of a position can be drawn.
#include <set>

#include <gtest/gtest.h>

#include "rules/playout.h"
#include "tests/test_util.h"

namespace kete::test {
namespace {

class Playout : public ::testing::TestWithParam<RuleSet> {};

// Over random games: each draw is one of generate's children, and a draw fails exactly
// when generate has no move.
TEST_P(Playout, DrawsOnlyLegalChildren) {
  with_rules(GetParam(), [&]<class R>(R) {
    Random rng(7);
    const int games = kSanitized ? 20 : 200;
    for (int g = 0; g < games; ++g) {
      Position p = Position::start(R::kVariant);
      for (int ply = 0; ply < 1000; ++ply) {
        std::set<uint64_t> children;
        R::generate(p, [&](Move, const Position& child, int) { children.insert(child.key()); });
        Position next;
        const bool drawn = random_child<R>(p, rng, next);
        ASSERT_EQ(drawn, !children.empty()) << position_string(p);
        if (!drawn) break;
        ASSERT_TRUE(children.count(next.key())) << position_string(p);
        ASSERT_EQ(next.key(), next.compute_key());
        p = next;
      }
    }
  });
}

// From the start and after a few random plies, enough draws reach every child.
TEST_P(Playout, DrawsEveryChild) {
  with_rules(GetParam(), [&]<class R>(R) {
    Random rng(11);
    Position p = Position::start(R::kVariant);
    for (int ply = 0; ply < 6; ++ply) {
      std::set<uint64_t> children, drawn;
      R::generate(p, [&](Move, const Position& child, int) { children.insert(child.key()); });
      if (children.empty()) break;
      Position next;
      for (int k = 0; k < 200 * int(children.size()); ++k) {
        ASSERT_TRUE(random_child<R>(p, rng, next));
        drawn.insert(next.key());
      }
      EXPECT_EQ(drawn, children) << position_string(p);
      p = next;
    }
  });
}

INSTANTIATE_TEST_SUITE_P(AllVariants, Playout,
                         ::testing::Values(RuleSet{Variant::kBao}, RuleSet{Variant::kKigogo},
                                           RuleSet{Variant::kKiswahili},
                                           RuleSet{Variant::kKujifunza, KichwaRule::kChoose},
                                           RuleSet{Variant::kKujifunza, KichwaRule::kFollow}),
                         [](const auto& info) {
                           return std::string(to_string(info.param.variant)) + "_" +
                                  std::string(to_string(info.param.kichwa));
                         });

}  // namespace
}  // namespace kete::test
