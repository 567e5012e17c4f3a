// Perft tables from tests/data/perft, one file per rules set.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "engine/perft.h"
#include "tests/test_util.h"

namespace kete::test {
namespace {

// Sanitizer builds check the entries up to a smaller leaf count.
constexpr uint64_t kLeafLimit = kSanitized ? 400'000 : 5'000'000;

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
