// Engines that misbehave (tests/mock_engine.sh wraps kete and breaks at its third move of
// every game): each fault ends the game as a loss for the broken engine with the right
// reason, the runner restarts the engine when needed, and the match goes on.
#include <gtest/gtest.h>

#include "arena/match.h"
#include "tests/test_util.h"

namespace kete::arena {
namespace {

EngineConfig kete_engine(std::string name = "kete") {
  return {std::move(name), KETE_BINARY, {}, {{"Hash", "4"}}};
}
EngineConfig mock_engine(std::string mode) {
  return {"mock", "bash", {KETE_MOCK_ENGINE, std::move(mode), KETE_BINARY}, {}};
}

// How long past its time an engine that works may answer on a loaded machine, and so how
// long a test waits for the mock that hangs: seconds, though a move of nodes=200 takes
// milliseconds (tests wait for events, not moments: docs/style.md).
constexpr int64_t kLoadMarginMs = 3000;

MatchConfig two_games(EngineConfig first, EngineConfig second) {
  MatchConfig m;
  m.engines = {std::move(first), std::move(second)};
  m.rules = {test::kKiswahili, 1000};
  m.time_control = *parse_time_control("nodes=200");
  m.time_control.move_timeout_ms = kLoadMarginMs;
  m.openings = random_openings(test::kKiswahili, 1, 8, 1);
  m.games = 2;
  m.concurrency = 1;
  return m;
}

std::vector<GameRecord> play(const MatchConfig& m, Tally* totals = nullptr) {
  std::vector<GameRecord> games;
  std::atomic<bool> stop{false};
  const Tally t = run_match(
      m, [&](const GameRecord& r, const Tally&) { games.push_back(r); }, stop);
  if (totals) *totals = t;
  return games;
}

// The side the mock played in a game.
Side mock_side(const GameRecord& r) {
  return r.players[0] == "mock" ? Side::kSouth : Side::kNorth;
}

struct Fault {
  std::string mode;
  Termination termination;
  std::string reason;
};

void PrintTo(const Fault& f, std::ostream* os) {
  *os << f.mode;
}

class ArenaFaults : public testing::TestWithParam<Fault> {};

TEST_P(ArenaFaults, TheBrokenEngineLosesAndTheMatchGoesOn) {
  const Fault& f = GetParam();
  Tally tally("", "");
  const std::vector<GameRecord> games = play(two_games(kete_engine(), mock_engine(f.mode)), &tally);
  ASSERT_EQ(games.size(), 2u);  // the second game was played after the fault
  for (const GameRecord& r : games) {
    EXPECT_EQ(r.termination, f.termination) << r.reason;
    EXPECT_EQ(r.result, mock_side(r) == Side::kSouth ? Result::kNorthWins : Result::kSouthWins);
    EXPECT_NE(r.reason.find(f.reason), std::string::npos) << r.reason;
    // The mock broke at its third move, after real play; the moves before stand.
    EXPECT_GE(r.moves.size(), size_t(r.opening_plies + 4));
    EXPECT_TRUE(verify(r).ok()) << verify(r);
  }
  EXPECT_EQ(tally.wdl().wins, 2);
  EXPECT_EQ(tally.faults()[1], 2);
}

INSTANTIATE_TEST_SUITE_P(
    Modes, ArenaFaults,
    testing::Values(Fault{"crash", Termination::kCrash, "mock: crashed (exited with code 3)"},
                    Fault{"hang", Termination::kTimeForfeit, "mock: no bestmove within 3000 ms"},
                    Fault{"garbage", Termination::kIllegalMove, "mock: malformed move '##"},
                    Fault{"illegal", Termination::kIllegalMove, "mock: illegal move '"},
                    Fault{"nomove", Termination::kIllegalMove, "mock: bestmove without a move"}),
    [](const testing::TestParamInfo<Fault>& info) { return info.param.mode; });

TEST(ArenaFaults, AHangUnderAClockIsALossOnTime) {
  MatchConfig m = two_games(mock_engine("hang"), kete_engine());
  m.time_control = *parse_clock("0.3+0");
  m.time_control.margin_ms = kLoadMarginMs;
  for (const GameRecord& r : play(m)) {
    EXPECT_EQ(r.termination, Termination::kTimeForfeit);
    EXPECT_EQ(r.time_control, "0.3+0");
    EXPECT_NE(r.reason.find("mock: no bestmove within"), std::string::npos) << r.reason;
  }
}

TEST(ArenaFaults, ALiarIsFlaggedButTheRefereeDecides) {
  Tally tally("", "");
  const std::vector<GameRecord> games = play(two_games(kete_engine(), mock_engine("liar")), &tally);
  ASSERT_EQ(games.size(), 2u);
  for (const GameRecord& r : games) {
    EXPECT_EQ(r.termination, Termination::kRules);
    EXPECT_NE(r.result, Result::kNone);
    EXPECT_TRUE(verify(r).ok()) << verify(r);
    ASSERT_EQ(r.disagreements.size(), 2u);
    EXPECT_NE(r.disagreements[0].find("mock: query gameover answered 'false'"), std::string::npos)
        << r.disagreements[0];
    EXPECT_NE(r.disagreements[1].find("mock: query result answered 'none'"), std::string::npos)
        << r.disagreements[1];
  }
  EXPECT_EQ(tally.disagreements(), 4);
}

TEST(ArenaFaults, AnEngineThatCannotStartLosesEveryGame) {
  EngineConfig missing{"missing", "/nonexistent/engine", {}, {}};
  const std::vector<GameRecord> games = play(two_games(kete_engine(), missing));
  ASSERT_EQ(games.size(), 2u);
  for (const GameRecord& r : games) {
    EXPECT_EQ(r.termination, Termination::kStartFailure);
    EXPECT_NE(r.reason.find("cannot start '/nonexistent/engine'"), std::string::npos) << r.reason;
    EXPECT_EQ(r.score_of("kete"), 1.0);
  }
}

TEST(ArenaFaults, AnEngineThatExitsDuringTheHandshakeIsReported) {
  UciClient client({"true", "/bin/true", {}, {}}, {}, false);
  const absl::Status s = client.start();
  EXPECT_NE(error_text(s).find("engine 'true' exited with code 0 (while waiting for ugiok)"),
            std::string::npos)
      << s;
}

TEST(ArenaFaults, SprtStopsTheMatchWhenDecided) {
  // The mock crashes at its first move, so kete wins every pair: after one pair the
  // regularized LLR for elo1 = 200 is far above the upper bound 2.94.
  MatchConfig m = two_games(kete_engine(), mock_engine("crash:1"));
  m.games = 20;
  m.openings = random_openings(test::kKiswahili, 10, 8, 1);
  m.sprt = SprtConfig{0, 200, 0.05, 0.05};
  Tally tally("", "");
  EXPECT_EQ(play(m, &tally).size(), 2u);
  EXPECT_EQ(tally.decision(), SprtDecision::kAcceptH1);
  EXPECT_EQ(tally.pentanomial().counts[4], 1);
}

}  // namespace
}  // namespace kete::arena
