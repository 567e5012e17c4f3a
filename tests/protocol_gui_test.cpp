// Transcript tests of what GUIs and arenas expect of a UCI/UGI engine beyond the core
// protocol (issue 19, docs/protocol.md): the version, a refused position, movetime,
// ponder, searchmoves, debug, currmove, WDL and the strength limits. Against the real
// binary, as tests/protocol_test.cpp.
#include <chrono>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/engine_process.h"
#include "tests/test_util.h"

namespace kete::test {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;
using Lines = std::vector<std::string>;

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

std::vector<std::string> words(std::string_view line) {
  std::vector<std::string> out;
  for (std::string_view w : engine_words(line))
    out.emplace_back(w);
  return out;
}

std::string show(const Lines& lines) {
  std::string s;
  for (const std::string& l : lines)
    s += "\n  > " + l;
  return s;
}

// The value after `key` in an info line, or "" if absent.
[[maybe_unused]] std::string field(std::string_view line, std::string_view key) {
  const std::vector<std::string> w = words(line);
  for (size_t i = 0; i + 1 < w.size(); ++i)
    if (w[i] == key) return w[i + 1];
  return "";
}

class GuiProtocolTest : public ::testing::Test {
 protected:
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
           EngineProcess::Duration timeout = EngineProcess::default_timeout()) {
    EXPECT_TRUE(kete.send(command));
    return until_bestmove(command, timeout);
  }
  Lines until_bestmove(std::string_view what,
                       EngineProcess::Duration timeout = EngineProcess::default_timeout()) {
    bool found = false;
    Lines lines = kete.read_until([](const std::string& l) { return starts_with(l, "bestmove"); },
                                  found, timeout);
    EXPECT_TRUE(found) << what << ": no bestmove" << show(lines);
    if (!found) lines.push_back("bestmove <missing>");
    return lines;
  }

  EngineProcess kete;
};

// ---------------------------------------------------------------------------------------
// The version

TEST_F(GuiProtocolTest, VersionIsTheIdName) {
  EngineProcess version({"--version"});
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
  EngineProcess other;
  EXPECT_EQ(identify("ugi", "ugiok").back(), "ugiok");
  ASSERT_TRUE(other.send("ugi"));
  EXPECT_EQ(other.expect_until("ugiok").back(), "ugiok");
  set_option("MaxPlies", "3");  // this engine's cap; the other keeps 1000
  std::vector<std::string> moves;
  for (int ply = 0; ply < 6; ++ply) {
    EngineProcess& us = ply % 2 ? other : kete;
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
    const std::vector<std::string> best = words(search.back());
    ASSERT_EQ(best.size(), 2u);
    ASSERT_NE(best[1], "(none)");
    moves.push_back(best[1]);
  }
  ADD_FAILURE() << "the game went on past kete's MaxPlies";
}

}  // namespace
}  // namespace kete::test
