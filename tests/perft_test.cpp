// Perft tables from tests/data/perft, one file per rules set.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "rules/perft.h"
#include "tests/test_util.h"

namespace kete::test {
namespace {

// Sanitizer builds check the entries up to a smaller leaf count.
constexpr uint64_t kLeafLimit = kSanitized ? 400'000 : 5'000'000;
// The colour-swapped twins are checked to a twentieth of that: a side-dependent bug shows
// in the first plies.
constexpr uint64_t kTwinLeafLimit = kLeafLimit / 20;

struct Table {
  const char* name;
  RuleSet rules;
  friend void PrintTo(const Table& t, std::ostream* os) { *os << t.name; }
};

class PerftTable : public ::testing::TestWithParam<Table> {};

TEST_P(PerftTable, MatchesData) {
  const Table t = GetParam();
  const std::vector<PerftTableLine> lines = read_perft_table(t.rules);
  ASSERT_GE(lines.size(), 5u);
  EXPECT_EQ(lines[0].position, position_string(Position::start(t.rules.variant)))
      << "the first line of a table is the start position";
  for (const PerftTableLine& line : lines) {
    const Position p = parse_or_die(t.rules.variant, line.position);
    for (size_t d = 1; d <= line.counts.size() && line.counts[d - 1] <= kLeafLimit; ++d)
      EXPECT_EQ(perft(t.rules, p, int(d)), line.counts[d - 1]) << line.position << " depth " << d;
  }
}

// Every position and its colour-swapped twin (South and North exchanged, the other side
// to move) have the same perft: a rule applied to one side only, a key or a table
// indexed by the wrong side shows here (libataxx pairs its perft positions so). The twin
// is built with the setters, since kiswahili's namua twins have no position string.
TEST_P(PerftTable, ColourSwappedTwinHasTheSamePerft) {
  const Table t = GetParam();
  for (const PerftTableLine& line : read_perft_table(t.rules)) {
    const Position p = parse_or_die(t.rules.variant, line.position);
    const Position twin = p.colours_swapped();
    ASSERT_EQ(twin.consistency_error(), "") << line.position;
    EXPECT_NE(twin.side_to_move(), p.side_to_move());
    EXPECT_EQ(twin.colours_swapped(), p) << line.position;
    for (size_t d = 1; d <= line.counts.size() && line.counts[d - 1] <= kTwinLeafLimit; ++d)
      EXPECT_EQ(perft(t.rules, twin, int(d)), line.counts[d - 1])
          << "twin of " << line.position << " depth " << d;
  }
}

// A namua twin that no position string can write: South to move with unequal hands.
TEST(ColourSwap, KiswahiliNamuaTwinNeedsTheSetters) {
  const Position p =
      parse_or_die(Variant::kKiswahili,
                   "6,0,5,1,4,2,0,1/1,0,1,0,4,2,2,0/4,2,4,3,2,2,2,1/1,1,0,0,1,1,0,2 N 4,5 - -");
  const Position twin = p.colours_swapped();
  EXPECT_EQ(twin.side_to_move(), Side::kSouth);
  EXPECT_EQ(twin.hand(Side::kSouth), 5);
  EXPECT_EQ(twin.hand(Side::kNorth), 4);
  EXPECT_FALSE(parse_position(Variant::kKiswahili, position_string(twin)).ok());
  EXPECT_EQ(perft(kKiswahili, twin, 3), perft(kKiswahili, p, 3));
}

// perft_divide splits perft by first move, in the order of legal_moves.
TEST_P(PerftTable, DivideSumsToPerft) {
  const Table t = GetParam();
  const Position p = Position::start(t.rules.variant);
  const std::vector<PerftEntry> entries = perft_divide(t.rules, p, 3);
  const MoveList moves = legal_moves(t.rules, p);
  ASSERT_EQ(int(entries.size()), moves.size());
  uint64_t total = 0;
  for (size_t i = 0; i < entries.size(); ++i) {
    EXPECT_EQ(entries[i].move, moves[int(i)]);
    EXPECT_EQ(entries[i].nodes, perft(t.rules, *play(t.rules, p, moves[int(i)]), 2));
    total += entries[i].nodes;
  }
  EXPECT_EQ(total, perft(t.rules, p, 3));
}

INSTANTIATE_TEST_SUITE_P(Tables, PerftTable,
                         ::testing::Values(Table{"bao", kBao}, Table{"kigogo", kKigogo},
                                           Table{"kujifunza-choose", kChoose},
                                           Table{"kujifunza-follow", kFollow},
                                           Table{"kiswahili", kKiswahili}),
                         [](const auto& info) {
                           std::string n = info.param.name;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

}  // namespace
}  // namespace kete::test
