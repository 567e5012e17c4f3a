// Every idea the search keeps is reachable: turning its option from the default changes
// the node count of the bench positions of a variant it applies to (a switch that no
// longer reached the search would leave the count unchanged), and TimeForced plays a
// forced move after depth 1. The ideas and their matches: docs/strength.md.
#include <atomic>
#include <functional>

#include <gtest/gtest.h>

#include "engine/bench.h"
#include "rules/random.h"
#include "rules/rules.h"
#include "search/search.h"
#include "search/tt.h"
#include "tests/test_util.h"

namespace kete::test {
namespace {

// The nodes of a fixed-depth search of every bench position of `variant`, with `change`
// applied to the default parameters.
uint64_t bench_nodes(Variant variant, const std::function<void(SearchParams&)>& change) {
  SearchSettings settings;
  change(settings.params);
  const int depth = 5;  // shallower, some ideas never apply (FutilityMargin in bao at 3)
  uint64_t total = 0;
  for (const BenchPosition& b : bench_positions()) {
    if (b.variant != variant) continue;
    TranspositionTable tt(4);
    Limits limits;
    limits.depth = depth + b.extra_depth;
    const std::atomic<bool> stop{false};
    const Position p = parse_or_die(variant, b.position);
    total += search({variant, KichwaRule::kChoose}, p, GameContext{}, limits, settings, tt, stop,
                    [](const SearchInfo&) {})
                 .nodes;
  }
  return total;
}

struct Idea {
  const char* name;
  Variant variant;  // where the change shows
  std::function<void(SearchParams&)> change;
};

class SearchIdeas : public ::testing::TestWithParam<Idea> {};

TEST_P(SearchIdeas, TurningItChangesTheSearch) {
  const Idea& idea = GetParam();
  const uint64_t with_defaults = bench_nodes(idea.variant, [](SearchParams&) {});
  const uint64_t changed = bench_nodes(idea.variant, idea.change);
  EXPECT_NE(changed, with_defaults)
      << idea.name << " in " << to_string(idea.variant) << ": the same " << changed << " nodes";
}

constexpr int kNone = 0;

const Idea kIdeas[] = {
    {"QuiescenceVariants off", Variant::kBao,
     [](SearchParams& p) { p.quiescence_variants = kNone; }},
    {"QuiescenceVariants on", Variant::kKiswahili,
     [](SearchParams& p) { p.quiescence_variants = kEveryVariantMask; }},
    {"QuiescencePlies 1", Variant::kBao, [](SearchParams& p) { p.quiescence_plies = 1; }},
    {"Futility off", Variant::kBao, [](SearchParams& p) { p.futility = kNone; }},
    {"FutilityMargin 40", Variant::kBao, [](SearchParams& p) { p.futility_margin = 40; }},
    {"LMR off", Variant::kBao, [](SearchParams& p) { p.lmr = kNone; }},
    {"LMR on", Variant::kKigogo, [](SearchParams& p) { p.lmr = kEveryVariantMask; }},
    {"LMRMoves 10", Variant::kBao, [](SearchParams& p) { p.lmr_moves = 10; }},
    {"LMRDepth 5", Variant::kBao, [](SearchParams& p) { p.lmr_depth = 5; }},
    {"OneReply off", Variant::kKiswahili, [](SearchParams& p) { p.one_reply = kNone; }},
    {"Singular off", Variant::kKiswahili, [](SearchParams& p) { p.singular = kNone; }},
    {"SingularDepth 4", Variant::kKiswahili, [](SearchParams& p) { p.singular_depth = 4; }},
    {"MultiCut off", Variant::kKiswahili, [](SearchParams& p) { p.multi_cut = kNone; }},
    {"GainOrder off", Variant::kBao, [](SearchParams& p) { p.gain_order = false; }},
    {"UseTT off", Variant::kKigogo, [](SearchParams& p) { p.use_tt = false; }},
    {"UseKillers off", Variant::kKigogo, [](SearchParams& p) { p.use_killers = false; }},
    {"UseHistory off", Variant::kKigogo, [](SearchParams& p) { p.use_history = false; }},
    {"AspirationDelta 5", Variant::kKigogo, [](SearchParams& p) { p.aspiration_delta = 5; }},
};

INSTANTIATE_TEST_SUITE_P(Kept, SearchIdeas, ::testing::ValuesIn(kIdeas),
                         [](const ::testing::TestParamInfo<Idea>& info) {
                           std::string name = std::to_string(info.index) + "_";
                           for (const char* c = info.param.name; *c; ++c)
                             name += std::isalnum(static_cast<unsigned char>(*c)) ? *c : '_';
                           return name + "_" + std::string(to_string(info.param.variant));
                         });

// A position with one legal move, on the first of the seeded random games from the start
// that reaches one.
Position forced_position(RuleSet rules) {
  for (uint64_t seed = 1;; ++seed) {
    Random random(seed);
    Position p = Position::start(rules.variant);
    for (int ply = 0; ply < 300; ++ply) {
      const MoveList moves = legal_moves(rules, p);
      if (moves.size() == 1) return p;
      if (moves.empty()) break;
      p = *play(rules, p, moves[int(random.uniform_below(uint64_t(moves.size())))]);
    }
  }
}

// TimeForced: with one legal move and a clock, the search stops after depth 1. Without it
// the same search goes deeper.
TEST(SearchIdeas, TimeForcedPlaysAForcedMoveAfterDepthOne) {
  const RuleSet rules{Variant::kKiswahili, KichwaRule::kChoose};
  const Position p = forced_position(rules);
  auto deepest = [&](bool forced) {
    SearchSettings settings;
    settings.params.time_forced = forced;
    Limits limits;
    limits.time_ms = {600'000, 600'000};  // ten minutes: the clock never ends these searches
    limits.depth = 6;
    TranspositionTable tt(4);
    const std::atomic<bool> stop{false};
    int depth = 0;
    search(rules, p, GameContext{}, limits, settings, tt, stop,
           [&](const SearchInfo& i) { depth = std::max(depth, i.depth); });
    return depth;
  };
  EXPECT_EQ(deepest(true), 1);
  EXPECT_GT(deepest(false), 1);
}

}  // namespace
}  // namespace kete::test
