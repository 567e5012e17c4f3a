// Transcript tests of what GUIs and arenas expect of a UCI/UGI engine beyond the core
// protocol (issue 19, docs/protocol.md): the version, a refused position, movetime,
// ponder, searchmoves, debug, currmove, WDL and the strength limits. Against the real
// binary, as tests/protocol_test.cpp.
#include <chrono>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/rules.h"
#include "search/search.h"
#include "search/skill.h"
#include "tests/kete_process.h"
#include "tests/test_util.h"

namespace kete::test {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;
using Lines = std::vector<std::string>;

// The value after `key` in an info line, or "" if absent.
std::string field(std::string_view line, std::string_view key) {
  const std::vector<std::string> w = line_words(line);
  for (size_t i = 0; i + 1 < w.size(); ++i)
    if (w[i] == key) return w[i + 1];
  return "";
}

Position after(const Position& p, std::string_view token) {
  return *play(RuleSet{}, p, *parse_move(RuleSet{}, p, token));
}

class GuiProtocolTest : public ::testing::Test {
 public:
  std::string answer(std::string_view command) {
    const Lines lines = kete.ask(command);
    EXPECT_EQ(lines.size(), 1u) << command << show(lines);
    return lines.empty() ? "" : lines.front();
  }
  void expect_silent(std::string_view command) {
    const Lines lines = kete.ask(command);
    EXPECT_TRUE(lines.empty()) << command << show(lines);
  }
  void set_option(std::string_view name, std::string_view value) {
    expect_silent("setoption name " + std::string(name) + " value " + std::string(value));
  }
  Lines identify(std::string_view command, std::string_view ok) {
    EXPECT_TRUE(kete.send(command));
    return kete.expect_until(ok);
  }
  // Sends a go command and reads up to its bestmove (the last line).
  Lines go(std::string_view command,
           KeteProcess::Duration timeout = KeteProcess::default_timeout()) {
    EXPECT_TRUE(kete.send(command));
    return kete.until_bestmove(command, timeout);
  }

  KeteProcess kete;
};

// ---------------------------------------------------------------------------------------
// The version

TEST_F(GuiProtocolTest, VersionIsTheIdName) {
  KeteProcess version({"--version"});
  const std::optional<std::string> line = version.read_line();
  ASSERT_TRUE(line.has_value());
  EXPECT_TRUE(starts_with(*line, "kete 0.")) << *line;
  EXPECT_EQ(version.wait_exit(), 0);
  const Lines uci = identify("uci", "uciok");
  ASSERT_FALSE(uci.empty());
  EXPECT_EQ(uci.front(), "id name " + *line);
}

// ---------------------------------------------------------------------------------------
// A refused position

// After a refused `position` no command acts on the previous position: `go` answers
// `bestmove (none)` at once and the queries answer as for a game that is over, until a
// valid position, a new game or a new variant.
TEST_F(GuiProtocolTest, RefusedPositionLeavesNoPosition) {
  expect_silent("position startpos moves A7L");
  const std::string refused = answer("position startpos moves A7L a5R Z9L");
  EXPECT_TRUE(starts_with(refused, "info string error: position: malformed move 'Z9L'")) << refused;
  EXPECT_EQ(answer("query gameover"), "response true");
  EXPECT_EQ(answer("query result"), "response none");
  EXPECT_EQ(answer("query fen"), "response none");
  EXPECT_EQ(answer("query moves"), "response");
  EXPECT_EQ(answer("query islegal a5R"), "response false");
  EXPECT_EQ(answer("query p1turn"), "response false");
  for (const char* command : {"d", "eval", "perft 1", "go perft 1"})
    EXPECT_TRUE(starts_with(answer(command), "info string error: ")) << command;
  const Lines none = go("go depth 5");
  EXPECT_EQ(none, (Lines{"info string error: go: no position: the last position command was "
                         "refused",
                         "bestmove (none)"}));
  // Each of these gives a position again.
  for (const char* restore :
       {"position startpos moves A7L", "ucinewgame", "uginewgame",
        "setoption name UCI_Variant value kiswahili", "setoption name KichwaRule value choose"}) {
    SCOPED_TRACE(restore);
    EXPECT_TRUE(starts_with(answer("position fen 1,2,3"), "info string error: "));
    expect_silent(restore);
    EXPECT_EQ(answer("query gameover"), "response false");
    const Lines search = go("go depth 1");
    EXPECT_TRUE(starts_with(search.back(), "bestmove ")) << show(search);
    EXPECT_NE(search.back(), "bestmove (none)");
  }
  // A refused option value gives no position back.
  EXPECT_TRUE(starts_with(answer("position fen 1,2,3"), "info string error: "));
  EXPECT_TRUE(starts_with(answer("setoption name UCI_Variant value chess"), "info string error"));
  EXPECT_EQ(answer("query gameover"), "response true");
}

// cutegames (generic mode) with two engines set up differently (here MaxPlies): the one
// that refuses the position says the game is over at once, so the arena stops the game
// (its gameover check of both engines then disagrees: adjudicated) instead of waiting for
// ever or passing a move of the previous position to the other engine.
TEST_F(GuiProtocolTest, RefusedPositionUnderCutegamesEndsTheGame) {
  KeteProcess other;
  EXPECT_EQ(identify("ugi", "ugiok").back(), "ugiok");
  ASSERT_TRUE(other.send("ugi"));
  EXPECT_EQ(other.expect_until("ugiok").back(), "ugiok");
  set_option("MaxPlies", "3");  // this engine's cap; the other keeps 1000
  std::vector<std::string> moves;
  for (int ply = 0; ply < 6; ++ply) {
    KeteProcess& us = ply % 2 ? other : kete;
    std::string position = "position startpos";
    for (size_t i = 0; i < moves.size(); ++i)
      position += (i ? " " : " moves ") + moves[i];
    const Lines told = us.ask(position);
    const Lines over = us.ask("query gameover");
    ASSERT_EQ(over.size(), 1u) << show(over);
    if (over[0] == "response true") {
      // kete refused the moves past its cap (or adjudicated the draw): the game ends
      // here, before any search.
      EXPECT_EQ(ply, 4) << show(told);
      return;
    }
    ASSERT_TRUE(us.send("go depth 2"));
    bool found = false;
    const Lines search =
        us.read_until([](const std::string& l) { return starts_with(l, "bestmove"); }, found);
    ASSERT_TRUE(found) << show(search);
    const std::vector<std::string> best = line_words(search.back());
    ASSERT_EQ(best.size(), 2u);
    ASSERT_NE(best[1], "(none)");
    moves.push_back(best[1]);
  }
  ADD_FAILURE() << "the game went on past kete's MaxPlies";
}

// ---------------------------------------------------------------------------------------
// go movetime and go numbers

// A fixed time is thought in full, less Move Overhead (10 ms): a `go movetime 500` once
// returned after 308 ms. The search ends (its bestmove comes within the read's timeout,
// seconds); how soon after 490 ms depends on the machine's load, so no upper bound.
TEST_F(GuiProtocolTest, GoMovetimeThinksTheWholeTime) {
  expect_silent("position startpos");
  const auto t0 = Clock::now();
  const Lines lines = go("go movetime 500");
  const auto elapsed = Clock::now() - t0;
  EXPECT_GE(elapsed, 480ms) << show(lines);
}

// Numbers above 10^12 count as 10^12, also those past 2^63; negative ones as 0.
TEST_F(GuiProtocolTest, GoNumbersPast2To63AreSaturated) {
  expect_silent("position startpos");
  for (const char* command :
       {"go nodes 99999999999999999999 depth 2", "go movetime 99999999999999999999 depth 2",
        "go wtime 99999999999999999999 btime -99999999999999999999 depth 2",
        "go movestogo 99999999999999999999 wtime 100 depth 2",
        "go depth 99999999999999999999 nodes 3000"}) {
    const Lines lines = go(command);
    EXPECT_TRUE(starts_with(lines.back(), "bestmove A")) << command << show(lines);
  }
  EXPECT_TRUE(
      starts_with(answer("go depth 1x"), "info string error: go: 'depth' needs an integer"));
}

// ---------------------------------------------------------------------------------------
// Ponder

// The bestmove line of a search under `handshake` with the Ponder option `ponder`.
Lines ponder_session(KeteProcess& kete, std::string_view handshake, bool ponder) {
  EXPECT_TRUE(kete.send(handshake));
  kete.expect_until(std::string(handshake) + "ok");
  EXPECT_TRUE(kete.send(std::string("setoption name Ponder value ") + (ponder ? "true" : "false")));
  EXPECT_TRUE(kete.send("position startpos moves A7L"));
  EXPECT_TRUE(kete.send("go ponder depth 3"));
  // Pondering: no bestmove, however soon the depth is reached, until ponderhit. Depth 3
  // reported, the search still runs (a probe `go` is refused).
  bool found = false;
  Lines early = kete.read_until(
      [](const std::string& l) {
        return starts_with(l, "info depth 3 ") || starts_with(l, "bestmove");
      },
      found);
  EXPECT_TRUE(found && starts_with(early.back(), "info depth 3 ")) << show(early);
  EXPECT_TRUE(kete.still_searching(early)) << "the ponder search ended at its depth" << show(early);
  EXPECT_TRUE(kete.send("ponderhit"));
  Lines lines =
      kete.read_until([](const std::string& l) { return starts_with(l, "bestmove"); }, found);
  EXPECT_TRUE(found) << show(lines);
  return line_words(found ? lines.back() : "bestmove <missing>");
}

TEST_F(GuiProtocolTest, PonderAfterUciNamesThePonderMove) {
  const Lines best = ponder_session(kete, "uci", true);
  ASSERT_EQ(best.size(), 4u) << show(best);
  EXPECT_EQ(best[2], "ponder");
  // Both moves legal in turn.
  const Position root = after(Position::start(Variant::kKiswahili), "A7L");
  const absl::StatusOr<Move> m = parse_move(RuleSet{}, root, best[1]);
  ASSERT_TRUE(m.ok()) << best[1];
  EXPECT_TRUE(parse_move(RuleSet{}, *play(RuleSet{}, root, *m), best[3]).ok()) << best[3];
}

TEST_F(GuiProtocolTest, PonderOptionOffGivesTwoWords) {
  EXPECT_EQ(ponder_session(kete, "uci", false).size(), 2u);
}

// cutegames accepts exactly two words on a bestmove line and waits for ever otherwise.
TEST_F(GuiProtocolTest, NoPonderMoveAfterUgi) {
  EXPECT_EQ(ponder_session(kete, "ugi", true).size(), 2u);
  // Nor after a uci handshake followed by a ugi one.
  KeteProcess both;
  ASSERT_TRUE(both.send("uci"));
  both.expect_until("uciok");
  EXPECT_EQ(ponder_session(both, "ugi", true).size(), 2u);
}

TEST_F(GuiProtocolTest, StopEndsAPonderSearch) {
  expect_silent("position startpos");
  ASSERT_TRUE(kete.send("go ponder movetime 100"));
  // The movetime waits for ponderhit: the search reports 300 ms, by its own clock, and no
  // bestmove.
  bool ran = false;
  const Lines early = kete.until_search_ran(300, ran);
  EXPECT_TRUE(ran) << show(early);
  ASSERT_TRUE(kete.send("stop"));
  EXPECT_TRUE(starts_with(kete.until_bestmove("stop").back(), "bestmove A"));
}

// After ponderhit the time budget counts from then: a movetime of 400 ms is thought in
// full after a ponderhit that comes 300 ms (by the search's own clock) into the search,
// and the search then ends (its bestmove comes within the read's timeout).
TEST_F(GuiProtocolTest, PonderhitStartsTheClock) {
  expect_silent("position startpos");
  ASSERT_TRUE(kete.send("go ponder movetime 400"));
  bool ran = false;
  const Lines early = kete.until_search_ran(300, ran);
  ASSERT_TRUE(ran) << show(early);
  const auto t0 = Clock::now();
  ASSERT_TRUE(kete.send("ponderhit"));
  kete.until_bestmove("ponderhit");
  const auto elapsed = Clock::now() - t0;
  EXPECT_GE(elapsed, 350ms);
  // ponderhit without a ponder search does nothing.
  expect_silent("ponderhit");
}

// ---------------------------------------------------------------------------------------
// searchmoves, debug, currmove

TEST_F(GuiProtocolTest, SearchmovesRestrictsTheRoot) {
  expect_silent("position startpos");
  for (const std::vector<std::string>& only :
       std::vector<std::vector<std::string>>{{"A7L"}, {"A6L", "a7r"}, {"A7R"}}) {
    std::string command = "go searchmoves";
    for (const std::string& m : only)
      command += " " + m;
    const Lines lines = go(command + " depth 5");
    for (const std::string& l : lines) {
      const std::string first = field(l, "pv");
      if (first.empty()) continue;
      EXPECT_TRUE(std::any_of(only.begin(), only.end(), [&](const std::string& m) {
        return equals_ignore_case(m, first);
      })) << l;
    }
    const std::string best = line_words(lines.back())[1];
    EXPECT_TRUE(std::any_of(only.begin(), only.end(), [&](const std::string& m) {
      return equals_ignore_case(m, best);
    })) << lines.back();
  }
  EXPECT_EQ(answer("go searchmoves A1L depth 2"),
            "info string error: go: searchmoves: illegal move 'A1L'");
  EXPECT_EQ(answer("go searchmoves depth 2"),
            "info string error: go: searchmoves needs at least one move");
  kete.expect_no_search();  // nothing started
}

TEST_F(GuiProtocolTest, DebugOnAndOff) {
  EXPECT_EQ(answer("debug on"), "info string debug: on");
  expect_silent("position startpos");
  const Lines on = go("go depth 2");
  EXPECT_TRUE(std::any_of(on.begin(), on.end(), [](const std::string& l) {
    return starts_with(l, "info string debug: go search from ");
  })) << show(on);
  expect_silent("debug off");
  const Lines off = go("go depth 2");
  for (const std::string& l : off)
    EXPECT_FALSE(starts_with(l, "info string")) << l;
  EXPECT_EQ(answer("debug"), "info string error: debug: expected 'debug on' or 'debug off'");
  EXPECT_EQ(answer("debug maybe"), "info string error: debug: expected 'debug on' or 'debug off'");
}

// Once a search has run a second, each root move searched is reported.
TEST_F(GuiProtocolTest, CurrmoveAfterASecond) {
  expect_silent("position startpos");
  const auto t0 = Clock::now();
  ASSERT_TRUE(kete.send("go infinite"));
  bool found = false;
  const Lines lines =
      kete.read_until([](const std::string& l) { return field(l, "currmove") != ""; }, found, 10s);
  ASSERT_TRUE(found) << show(lines);
  EXPECT_GE(Clock::now() - t0, 1000ms);
  for (const std::string& l : lines)
    if (l != lines.back()) {
      EXPECT_EQ(field(l, "currmove"), "") << l;
    }
  const std::vector<std::string> w = line_words(lines.back());
  ASSERT_EQ(w.size(), 5u) << lines.back();
  EXPECT_EQ(w[0], "info");
  EXPECT_EQ(w[1], "currmove");
  EXPECT_TRUE(parse_move(RuleSet{}, Position::start(Variant::kKiswahili), w[2]).ok()) << w[2];
  EXPECT_EQ(w[3], "currmovenumber");
  EXPECT_GE(std::stoi(w[4]), 1);
  EXPECT_LE(std::stoi(w[4]), 4);
  ASSERT_TRUE(kete.send("stop"));
  kete.until_bestmove("stop");
}

// ---------------------------------------------------------------------------------------
// UCI_ShowWDL

TEST_F(GuiProtocolTest, ShowWdlAddsWinDrawLossPerMille) {
  expect_silent("position startpos moves A7L");
  for (const std::string& l : go("go depth 3"))
    EXPECT_EQ(field(l, "wdl"), "") << l;
  set_option("UCI_ShowWDL", "true");
  const Lines lines = go("go depth 6");
  ASSERT_GE(lines.size(), 2u);
  for (size_t i = 0; i + 1 < lines.size(); ++i) {
    const std::vector<std::string> w = line_words(lines[i]);
    const auto at = std::find(w.begin(), w.end(), "wdl");
    ASSERT_NE(at, w.end()) << lines[i];
    ASSERT_LT(at - w.begin() + 3, long(w.size()));
    EXPECT_EQ(*(at - 2), "cp") << lines[i];  // right after the score
    const int win = std::stoi(*(at + 1)), draw = std::stoi(*(at + 2)), loss = std::stoi(*(at + 3));
    EXPECT_EQ(win + draw + loss, 1000) << lines[i];
    const int cp = std::stoi(field(lines[i], "cp"));
    EXPECT_EQ(win > loss, cp > 0) << lines[i];
    EXPECT_EQ(win == loss, cp == 0) << lines[i];
  }
  // A won game: certain.
  set_option("UCI_Variant", "bao");
  expect_silent("position fen " + std::string(kBaoWorkedExample));
  const Lines won = go("go depth 3");
  EXPECT_EQ(field(won[won.size() - 2], "wdl"), "1000") << show(won);
}

// ---------------------------------------------------------------------------------------
// Strength

TEST_F(GuiProtocolTest, StrengthOptionsAreListed) {
  const Lines lines = identify("uci", "uciok");
  auto listed = [&](std::string_view line) {
    return std::find(lines.begin(), lines.end(), line) != lines.end();
  };
  EXPECT_TRUE(listed("option name Skill Level type spin default 20 min 0 max 20")) << show(lines);
  EXPECT_TRUE(listed("option name UCI_LimitStrength type check default false"));
  EXPECT_TRUE(listed("option name UCI_Elo type spin default " + std::to_string(kMaxElo) + " min " +
                     std::to_string(kMinElo) + " max " + std::to_string(kMaxElo)));
  EXPECT_TRUE(listed("option name Ponder type check default false"));
  EXPECT_TRUE(listed("option name UCI_ShowWDL type check default false"));
}

// The bestmoves of `count` searches of the start position.
std::set<std::string> bestmoves(GuiProtocolTest& t, int count, std::string_view command) {
  std::set<std::string> moves;
  for (int i = 0; i < count; ++i) {
    const Lines lines = t.go(command);
    const std::vector<std::string> w = line_words(lines.back());
    EXPECT_EQ(w.size(), 2u) << lines.back();
    if (w.size() == 2) moves.insert(w[1]);
  }
  return moves;
}

// Level 0 is the random mover: of the start's 4 moves, 24 searches play more than one
// (all the same: probability 4^-23).
TEST_F(GuiProtocolTest, SkillLevelZeroPlaysAnyLegalMove) {
  set_option("Skill Level", "0");
  expect_silent("position startpos");
  const std::set<std::string> moves = bestmoves(*this, 24, "go depth 6");
  EXPECT_GT(moves.size(), 1u);
  for (const std::string& m : moves)
    EXPECT_TRUE(parse_move(RuleSet{}, Position::start(Variant::kKiswahili), m).ok()) << m;
  // With UCI_LimitStrength the lowest Elo is the same level; the highest is full strength,
  // which plays as without the limit.
  set_option("Skill Level", "20");
  const std::set<std::string> full = bestmoves(*this, 2, "go depth 6");
  EXPECT_EQ(full.size(), 1u);
  set_option("UCI_LimitStrength", "true");
  set_option("UCI_Elo", std::to_string(kMinElo));
  EXPECT_GT(bestmoves(*this, 24, "go depth 6").size(), 1u);
  set_option("UCI_Elo", std::to_string(kMaxElo));
  EXPECT_EQ(bestmoves(*this, 2, "go depth 6"), full);
}

// `query elo` answers the current variant's scale, levels 0 to 20, as docs/protocol.md's
// table gives it; it needs no position (also after a refused one).
TEST_F(GuiProtocolTest, QueryEloAnswersTheVariantsScale) {
  const std::vector<std::pair<std::string, std::string>> scales = {
      {"bao",
       "response 0 200 323 419 530 641 730 857 1017 1217 1512 1616 1763 1852 1971 1988 2040 "
       "2111 2111 2111 2164"},
      {"kigogo",
       "response 0 35 105 183 211 366 481 636 751 933 1097 1279 1372 1528 1598 1619 1704 1778 "
       "1802 1858 2088"},
      {"kujifunza",
       "response 0 21 70 98 161 210 318 457 667 760 838 852 922 954 954 971 983 983 983 983 "
       "985"},
      {"kiswahili",
       "response 0 85 155 204 253 417 532 671 871 1062 1444 1529 1599 1692 1807 1866 1866 1866 "
       "1866 1866 1967"},
  };
  for (const auto& [variant, scale] : scales) {
    set_option("UCI_Variant", variant);
    EXPECT_EQ(answer("query elo"), scale) << variant;
  }
  EXPECT_FALSE(kete.ask("position fen 9,9 S").empty());  // refused
  EXPECT_EQ(answer("query elo"), scales.back().second);
}

// The same UCI_Elo is another level in another variant: 1000 is bao's level 7 (857; level
// 8 is 1017) and kiswahili's level 8 (871; level 9 is 1062). Level 7 searches at most
// skill_nodes(7), some 300 nodes; level 8 about 450, and its iterations get past level
// 7's cap.
TEST_F(GuiProtocolTest, UciEloFollowsTheVariantsScale) {
  set_option("UCI_LimitStrength", "true");
  set_option("UCI_Elo", "1000");
  auto last_nodes = [&] {
    const Lines lines = go("go depth 40");
    EXPECT_GE(lines.size(), 2u);
    return lines.size() < 2 ? uint64_t(0) : std::stoull(field(lines[lines.size() - 2], "nodes"));
  };
  const uint64_t cap7 = skill_nodes(7) + node_poll_interval(skill_nodes(7));
  set_option("UCI_Variant", "bao");
  expect_silent("position startpos");
  EXPECT_LT(last_nodes(), cap7);
  set_option("UCI_Variant", "kiswahili");
  expect_silent("position startpos");
  EXPECT_GT(last_nodes(), cap7);
}

// A limited level caps the nodes of a move (search/skill.h) and reports only the lines
// asked for (MultiPV 1), though it searches more for its pick.
TEST_F(GuiProtocolTest, LimitedStrengthCapsTheNodes) {
  set_option("Skill Level", "10");
  expect_silent("position startpos moves A7L");
  const Lines lines = go("go depth 40");
  ASSERT_GE(lines.size(), 2u);
  for (size_t i = 0; i + 1 < lines.size(); ++i) {
    EXPECT_EQ(field(lines[i], "multipv"), "") << lines[i];
    // Node limits are exact within node_poll_interval (search/search.h).
    EXPECT_LT(std::stoull(field(lines[i], "nodes")),
              skill_nodes(10) + node_poll_interval(skill_nodes(10)))
        << lines[i];
  }
  EXPECT_LT(std::stoi(field(lines[lines.size() - 2], "depth")), 40);
  const std::vector<std::string> best = line_words(lines.back());
  ASSERT_EQ(best.size(), 2u);
  EXPECT_TRUE(
      parse_move(RuleSet{}, after(Position::start(Variant::kKiswahili), "A7L"), best[1]).ok());
}

TEST(Skill, EloMapsToLevelsInOrder) {
  for (Variant v : kAllVariants) {
    EXPECT_EQ(level_for_elo(v, kMinElo), 0) << to_string(v);
    EXPECT_EQ(level_for_elo(v, kMaxElo), kMaxSkillLevel) << to_string(v);
    EXPECT_EQ(level_for_elo(v, level_elo(v, kMaxSkillLevel)), kMaxSkillLevel) << to_string(v);
    for (int elo = kMinElo; elo < kMaxElo; elo += 10)
      EXPECT_LE(level_for_elo(v, elo), level_for_elo(v, elo + 10)) << to_string(v) << elo;
  }
  EXPECT_EQ(skill_nodes(kMaxSkillLevel), 0u);
  for (int level = 1; level < kMaxSkillLevel; ++level)
    EXPECT_GT(skill_nodes(level), skill_nodes(level - 1)) << level;
}

// Stockfish's pick: at level 19 a line far worse than the best is never chosen; the
// random share is at most a seed.
TEST(Skill, PickPrefersTheBestLines) {
  const Position start = Position::start(Variant::kKiswahili);
  const MoveList all = legal_moves(RuleSet{}, start);
  ASSERT_EQ(all.size(), 4);
  const std::vector<Move> moves(all.begin(), all.end());
  const std::vector<Value> values = {100, 90, -500, -900};
  Random random(7);
  int second = 0;
  for (int i = 0; i < 1000; ++i) {
    const Move m = pick_skill_move(19, moves, values, moves, random);
    EXPECT_TRUE(m == moves[0] || m == moves[1]);
    second += m == moves[1];
  }
  EXPECT_GT(second, 0);
  EXPECT_LT(second, 1000);
}

}  // namespace
}  // namespace kete::test
