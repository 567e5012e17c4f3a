// Differential testing: the fast generator against tests/reference, a deliberately simple
// generator written independently from the rules contract. Both must produce the same
// legal moves with the same tokens and the same resulting positions.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <random>

#include <gtest/gtest.h>

#include "rules/game.h"
#include "rules/perft.h"
#include "tests/reference/reference_rules.h"
#include "tests/test_util.h"

namespace kete::test {
namespace {

using Pairs = std::vector<std::pair<std::string, std::string>>;

Pairs engine_moves(RuleSet rules, const Position& p) {
  Pairs out;
  with_rules(rules, [&]<class R>(R) {
    R::generate(p, [&](Move m, const Position& child, int) {
      out.emplace_back(move_token(p, m), position_string(child));
    });
  });
  std::sort(out.begin(), out.end());
  return out;
}

Pairs reference_moves(RuleSet rules, const Position& p) {
  Pairs out;
  for (const reference::RefMove& m :
       reference::legal_moves(std::string(to_string(rules.variant)),
                              std::string(to_string(rules.kichwa)), position_string(p)))
    out.emplace_back(m.token, m.result);
  std::sort(out.begin(), out.end());
  return out;
}

// A position with the variant's seeds spread at random over the board, many pits empty.
Position random_board(Variant v, std::mt19937_64& rng) {
  Position p = Position::empty(v);
  const int ring = 2 * width(v);
  int seeds = v == Variant::kKigogo ? int(rng() % 93) : initial_seeds(v);
  const bool north = rng() % 2;
  if (north) p.pass_turn();
  if (v == Variant::kKiswahili && rng() % 2) {  // namua: hands as they occur in play
    const int south = int(rng() % kMaxHand);
    const int north_hand = north ? south + 1 : south;
    p.set_hand(Side::kSouth, south);
    p.set_hand(Side::kNorth, north_hand);
    seeds -= south + north_hand;
  }
  std::vector<int> hot;  // seeds fall on a random subset of pits
  for (int i = 0; i < 2 * ring; ++i)
    if (rng() % 3) hot.push_back(i);
  if (hot.empty()) hot.push_back(0);
  for (int k = 0; k < seeds; ++k) {
    const int i = hot[rng() % hot.size()];
    p.add_seeds(Side(i / ring), i % ring, 1);
  }
  if (v == Variant::kKiswahili) {
    for (Side side : {Side::kSouth, Side::kNorth})
      if (p.seeds(side, kHouse) && rng() % 2) p.set_house(side, true);
    if (!p.hand(Side::kSouth) && !p.hand(Side::kNorth) && rng() % 2) {
      const Pit t{Side(rng() % 2), int(rng() % 8)};
      p.set_takasia(&t);
    }
  }
  return p;
}

class Differential : public ::testing::TestWithParam<RuleSet> {
 protected:
  void compare(const Position& p) {
    ASSERT_EQ(engine_moves(GetParam(), p), reference_moves(GetParam(), p)) << position_string(p);
  }
};

TEST_P(Differential, PositionsOfRandomGames) {
  std::mt19937_64 rng(1);
  int positions = 0;
  for (int g = 0; g < 200; ++g) {
    Game game(GetParam(), Position::start(GetParam().variant), 200);
    while (game.outcome().result == Result::kNone) {
      compare(game.position());
      if (HasFatalFailure()) return;
      ++positions;
      const MoveList moves = legal_moves(GetParam(), game.position());
      game.play(moves[int(rng() % moves.size())]);
    }
  }
  EXPECT_GT(positions, 1000);
}

TEST_P(Differential, RandomBoards) {
  std::mt19937_64 rng(2);
  for (int i = 0; i < (kSanitized ? 4000 : 20000); ++i) {
    compare(random_board(GetParam().variant, rng));
    if (HasFatalFailure()) return;
  }
}

// The perft tables agree with the reference generator wherever it is quick enough.
TEST_P(Differential, PerftTables) {
  const RuleSet rules = GetParam();
  int checked = 0;
  for (const PerftTableLine& line : read_perft_table(rules))
    for (int d = 1;
         d <= int(line.counts.size()) && line.counts[d - 1] <= (kSanitized ? 20'000u : 200'000u);
         ++d, ++checked)
      EXPECT_EQ(reference::perft(std::string(to_string(rules.variant)),
                                 std::string(to_string(rules.kichwa)), line.position, d),
                line.counts[d - 1])
          << line.position << " depth " << d;
  EXPECT_GT(checked, 10);
}

// Every count of the perft tables, the deep ones too, against the reference generator: too
// slow for the suite (some 80 million leaves), so disabled and run once by
// scripts/perft-reference.sh, whose output is committed as tests/data/perft/reference.txt
// (docs/testing.md, "Perft tables").
TEST_P(Differential, DISABLED_EveryPerftCount) {
  const RuleSet rules = GetParam();
  for (const PerftTableLine& line : read_perft_table(rules))
    for (int d = 1; d <= int(line.counts.size()); ++d) {
      const auto start = std::chrono::steady_clock::now();
      const uint64_t count =
          reference::perft(std::string(to_string(rules.variant)),
                           std::string(to_string(rules.kichwa)), line.position, d);
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      EXPECT_EQ(count, line.counts[d - 1]) << line.position << " depth " << d;
      std::printf("%s | %s | depth %d | table %llu | reference %llu | %s | %.2f s\n",
                  perft_table_name(rules).c_str(), line.position.c_str(), d,
                  static_cast<unsigned long long>(line.counts[d - 1]),
                  static_cast<unsigned long long>(count),
                  count == line.counts[d - 1] ? "agree" : "DIFFER", seconds);
      std::fflush(stdout);
    }
}

INSTANTIATE_TEST_SUITE_P(AllVariants, Differential,
                         ::testing::Values(kBao, kKigogo, kChoose, kFollow, kKiswahili),
                         [](const auto& info) {
                           std::string name(to_string(info.param.variant));
                           if (info.param.variant == Variant::kKujifunza)
                             name += "_" + std::string(to_string(info.param.kichwa));
                           return name;
                         });
}  // namespace
}  // namespace kete::test
