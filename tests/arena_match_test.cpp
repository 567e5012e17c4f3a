// Short matches of kete against itself (a few games at small fixed nodes), the child
// process layer underneath, and the records they leave.
#include <gtest/gtest.h>

#include "arena/match.h"
#include "arena/pgn.h"
#include "arena/report.h"
#include "tests/test_util.h"

namespace kete::arena {
namespace {

MatchConfig self_play(RuleSet rules, int games, int concurrency) {
  MatchConfig m;
  m.engines = {EngineConfig{"a", KETE_BINARY, {}, {}},
               EngineConfig{"b", KETE_BINARY, {}, {{"Hash", "16"}}}};
  m.rules = {rules, 1000};
  m.time_control = *parse_time_control("nodes=300");
  m.openings = random_openings(rules, games / 2, 8, 7);
  m.games = games;
  m.concurrency = concurrency;
  return m;
}

TEST(ArenaMatch, KeteAgainstItselfInEveryVariant) {
  for (RuleSet rules : {test::kKiswahili, test::kBao, test::kKigogo, test::kFollow}) {
    std::vector<GameRecord> games;
    std::atomic<bool> stop{false};
    const Tally tally = run_match(
        self_play(rules, 4, 2), [&](const GameRecord& r, const Tally&) { games.push_back(r); },
        stop);
    ASSERT_EQ(tally.games(), 4) << to_string(rules.variant);
    EXPECT_EQ(tally.pentanomial().pairs(), 2);
    EXPECT_EQ(tally.disagreements(), 0);
    EXPECT_EQ(tally.faults(), (std::array<int, 2>{0, 0}));
    std::string text;
    for (const GameRecord& r : games) {
      EXPECT_EQ(r.termination, Termination::kRules) << r.reason;
      EXPECT_EQ(r.rules, rules);
      EXPECT_TRUE(r.disagreements.empty()) << r.disagreements[0];
      EXPECT_TRUE(verify(r).ok()) << verify(r);
      text += write_pgn(r);
    }
    // The records read back, replay, and give the same totals.
    absl::StatusOr<std::vector<GameRecord>> back = read_pgn(text, "match.pgn");
    ASSERT_TRUE(back.ok()) << back.status();
    Tally again("a", "b");
    for (const GameRecord& r : *back)
      EXPECT_TRUE(again.add(r));
    EXPECT_EQ(summary(again), summary(tally));
  }
}

TEST(ArenaMatch, EveryOpeningIsPlayedTwiceWithSidesSwapped) {
  std::vector<GameRecord> games;
  std::atomic<bool> stop{false};
  run_match(
      self_play(test::kKiswahili, 4, 1),
      [&](const GameRecord& r, const Tally&) { games.push_back(r); }, stop);
  ASSERT_EQ(games.size(), 4u);
  for (int round = 1; round <= 2; ++round) {
    const GameRecord& g1 = games[size_t(2 * round - 2)];
    const GameRecord& g2 = games[size_t(2 * round - 1)];
    EXPECT_EQ(g1.round, round);
    EXPECT_EQ(g2.round, round);
    EXPECT_EQ(g1.players, (std::array<std::string, 2>{"a", "b"}));
    EXPECT_EQ(g2.players, (std::array<std::string, 2>{"b", "a"}));
    EXPECT_EQ(std::vector(g1.moves.begin(), g1.moves.begin() + g1.opening_plies),
              std::vector(g2.moves.begin(), g2.moves.begin() + g2.opening_plies));
  }
}

TEST(ArenaMatch, MaxPliesEndsAGameAsADraw) {
  MatchConfig m = self_play(test::kKiswahili, 2, 1);
  m.rules.max_plies = 12;  // 8 opening plies, then 4 by the engines
  std::vector<GameRecord> games;
  std::atomic<bool> stop{false};
  run_match(
      m, [&](const GameRecord& r, const Tally&) { games.push_back(r); }, stop);
  for (const GameRecord& r : games) {
    EXPECT_EQ(r.result, Result::kDraw);
    EXPECT_EQ(r.reason, "move limit");
    EXPECT_EQ(r.moves.size(), 12u);
    EXPECT_TRUE(r.disagreements.empty());  // the engines were told MaxPlies too
  }
}

TEST(ArenaMatch, TheClientKeepsTheOptionListingOfTheHandshake) {
  UciClient client({"kete", KETE_BINARY, {}, {}}, {test::kKiswahili, 1000}, false);
  ASSERT_TRUE(client.start().ok());
  const std::vector<std::string>& listing = client.option_listing();
  EXPECT_NE(std::find(listing.begin(), listing.end(),
                      "option name Hash type spin default 16 min 1 max 4096"),
            listing.end());
  for (const std::string& line : listing)
    EXPECT_TRUE(line.starts_with("option name ")) << line;
  // kete's tuning parameters come from `params`.
  const absl::StatusOr<std::vector<std::string>> tuning = client.tuning_listing();
  ASSERT_TRUE(tuning.ok()) << tuning.status();
  EXPECT_NE(std::find(tuning->begin(), tuning->end(),
                      "option name AspirationDelta type spin default 60 min 5 max 1000"),
            tuning->end());
}

TEST(ArenaProcess, ReadsLinesWithDeadlinesAndReportsTheExit) {
  EngineProcess p;
  ASSERT_TRUE(
      p.start("/bin/sh", {"-c", "echo one; printf 'two\\r\\nthree'; sleep 30"}, false).ok());
  // Deadlines a loaded machine keeps; a read returns as soon as its line comes.
  const auto soon = [] { return SteadyClock::now() + Millis(10000); };
  EXPECT_EQ(p.read_line(soon()).line, "one");
  EXPECT_EQ(p.read_line(soon()).line, "two");
  // "three" has no line end yet: a short deadline passes.
  EXPECT_EQ(p.read_line(SteadyClock::now() + Millis(50)).status,
            EngineProcess::ReadStatus::kTimeout);
  p.kill();
  EXPECT_EQ(p.exit_description(), "killed by signal 9 (Killed)");
  EXPECT_FALSE(p.write_line("anyone?"));

  ASSERT_TRUE(p.start("/bin/sh", {"-c", "printf last; exit 5"}, false).ok());
  const EngineProcess::ReadResult last = p.read_line(soon());
  EXPECT_EQ(last.status, EngineProcess::ReadStatus::kLine);
  EXPECT_EQ(last.line, "last");
  EXPECT_EQ(p.read_line(soon()).status, EngineProcess::ReadStatus::kClosed);
  EXPECT_EQ(p.exit_description(Millis(10000)), "exited with code 5");
  EXPECT_FALSE(p.start("/nonexistent/engine", {}, false).ok());
}

}  // namespace
}  // namespace kete::arena
