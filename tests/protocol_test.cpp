// Transcript tests of the text protocol (docs/interface.md section 3) against the real kete
// binary: every command, every option, every error path, both dialects, all variants.
// The rules library is the oracle for positions and legal moves.
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "eval/evaluate.h"
#include "eval/net_file.h"
#include "rules/game.h"
#include "tests/kete_process.h"
#include "tests/test_util.h"

namespace kete::test {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;
using Lines = std::vector<std::string>;

// The same position turned round, North to move: North wins with b7R.
constexpr std::string_view kBaoExampleNorth =
    "2,2,0,2,1,8,0,0/1,2,0,2,2,0,2,2/2,0,0,0,4,0,0,0/2,3,6,5,4,5,3,4 N";
// rules.md section 7: the real game of 1994 after A7L a5R.
constexpr std::string_view kAfterA7La5R =
    "0,0,0,0,0,0,0,0/1,2,2,7,0,0,0,0/0,0,0,0,7,3,0,0/0,0,0,0,0,0,0,0 S 21,21 Hh -";

std::string join(const std::vector<std::string>& words) {
  std::string s;
  for (const std::string& w : words)
    s += (s.empty() ? "" : " ") + w;
  return s;
}

bool is_number(std::string_view s, bool sign = false) {
  if (sign && !s.empty() && s[0] == '-') s.remove_prefix(1);
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// "info depth D seldepth S [multipv K] score cp|mate X [lowerbound|upperbound] nodes N
// nps N hashfull N time T pv <moves>" (docs/interface.md section 3).
bool is_info_line(std::string_view line) {
  const std::vector<std::string> w = line_words(line);
  size_t i = 0;
  auto word = [&](std::string_view expected) { return i < w.size() && w[i++] == expected; };
  auto number = [&](bool sign = false) { return i < w.size() && is_number(w[i++], sign); };
  if (!word("info") || !word("depth") || !number() || !word("seldepth") || !number()) return false;
  if (i < w.size() && w[i] == "multipv" && (!word("multipv") || !number())) return false;
  if (!word("score") || i >= w.size() || (w[i] != "cp" && w[i] != "mate")) return false;
  ++i;
  if (!number(true)) return false;
  if (i < w.size() && (w[i] == "lowerbound" || w[i] == "upperbound")) ++i;
  for (const char* key : {"nodes", "nps", "hashfull", "time"})
    if (!word(key) || !number()) return false;
  return word("pv") && i < w.size();  // a PV of one move at least
}

// "info currmove <move> currmovenumber K": a search that has run a second.
bool is_currmove_line(std::string_view line) {
  const std::vector<std::string> w = line_words(line);
  return w.size() == 5 && w[0] == "info" && w[1] == "currmove" && w[3] == "currmovenumber" &&
         is_number(w[4]);
}

// The sorted legal move tokens of the position string `fen` under `rules`.
std::vector<std::string> legal_tokens(RuleSet rules, std::string_view fen) {
  return tokens(rules, parse_or_die(rules.variant, fen));
}

class ProtocolTest : public ::testing::Test {
 protected:
  // The answer of a command answered at once; while a search runs (searching = true), the
  // search's info lines that come meanwhile are left out.
  Lines ask(std::string_view command) {
    Lines lines = kete.ask(command);
    if (searching)
      std::erase_if(lines, [](const std::string& l) {
        return starts_with(l, "info depth ") || is_currmove_line(l);
      });
    return lines;
  }

  // The answer of a command answered at once, expected to be one line.
  std::string answer(std::string_view command) {
    const Lines lines = ask(command);
    EXPECT_EQ(lines.size(), 1u) << command << show(lines);
    return lines.empty() ? "" : lines.front();
  }

  // `query <what>` without the "response" word (and without its space).
  std::string response(std::string_view what) {
    const std::string line = answer("query " + std::string(what));
    EXPECT_TRUE(line == "response" || starts_with(line, "response ")) << line;
    return line.size() > 9 ? line.substr(9) : "";
  }

  std::vector<std::string> moves() {
    std::vector<std::string> m = line_words(response("moves"));
    std::sort(m.begin(), m.end());
    return m;
  }

  void expect_silent(std::string_view command) {
    const Lines lines = ask(command);
    EXPECT_TRUE(lines.empty()) << command << show(lines);
  }

  // The command is answered with exactly one `info string error: <prefix>...` line.
  void expect_error(std::string_view command, std::string_view prefix) {
    const std::string line = answer(command);
    EXPECT_TRUE(starts_with(line, "info string error: " + std::string(prefix)))
        << command << " -> " << line;
  }

  void set_option(std::string_view name, std::string_view value) {
    expect_silent("setoption name " + std::string(name) + " value " + std::string(value));
  }
  void set_rules(RuleSet rules) {
    set_option("UCI_Variant", to_string(rules.variant));
    set_option("KichwaRule", to_string(rules.kichwa));
  }

  // Sends a go command and reads up to its bestmove (the last line).
  Lines go(std::string_view command,
           KeteProcess::Duration timeout = KeteProcess::default_timeout()) {
    EXPECT_TRUE(kete.send(command));
    return kete.until_bestmove(command, timeout);
  }

  // Checks the info lines and the bestmove of a search of `root` under `rules`; returns
  // the move (exactly two tokens, and legal: `query islegal` says so if the engine still
  // has the root position).
  std::string check_search(const Lines& lines, RuleSet rules, const Position& root) {
    for (size_t i = 0; i + 1 < lines.size(); ++i) {
      if (is_currmove_line(lines[i])) continue;  // a search past a second (slow builds)
      EXPECT_TRUE(is_info_line(lines[i])) << lines[i];
      // Every PV is a line of legal moves from the root.
      const std::vector<std::string> words = line_words(lines[i]);
      auto pv = std::find(words.begin(), words.end(), "pv");
      Position p = root;
      for (auto it = pv == words.end() ? pv : pv + 1; it != words.end(); ++it) {
        absl::StatusOr<Move> m = parse_move(rules, p, *it);
        EXPECT_TRUE(m.ok()) << lines[i] << ": " << m.status();
        if (!m.ok()) break;
        p = *play(rules, p, *m);
      }
    }
    const std::vector<std::string> words = line_words(lines.back());
    EXPECT_EQ(words.size(), 2u) << lines.back();
    if (words.size() != 2) return "";
    EXPECT_EQ(words[0], "bestmove");
    const std::vector<std::string> legal = tokens(rules, root);
    EXPECT_TRUE(std::count(legal.begin(), legal.end(), words[1]))
        << words[1] << " is not legal in " << position_string(root);
    return words[1];
  }

  // A search of the engine's current position (the engine keeps it): also asks the
  // engine whether the bestmove is legal.
  std::string search(std::string_view command, RuleSet rules, std::string_view fen) {
    const Position root = parse_or_die(rules.variant, fen);
    const std::string move = check_search(go(command), rules, root);
    if (!move.empty()) {
      EXPECT_EQ(response("islegal " + move), "true") << move;
    }
    return move;
  }

  // Plays a game from the start as a GUI does, up to 12 plies: before each search the
  // position with every move so far, then `each_ply`'s checks, then `go_command`. The
  // moves played are appended to `played`.
  Game play_from_start(RuleSet rules, std::string_view go_command, std::vector<std::string>& played,
                       const std::function<void(const Game&)>& each_ply = {}) {
    Game game(rules, Position::start(rules.variant));
    while (game.outcome().result == Result::kNone && played.size() < 12) {
      expect_silent("position startpos" + (played.empty() ? "" : " moves " + join(played)));
      if (each_ply) each_ply(game);
      const std::string move = search(go_command, rules, position_string(game.position()));
      if (move.empty()) break;
      played.push_back(move);
      game.play(*parse_move(rules, game.position(), move));
    }
    return game;
  }

  void search_within(std::string_view command, std::string_view fen, int64_t limit_ms);
  void search_with_clocks(const std::vector<const char*>& commands);

  KeteProcess kete;
  bool searching = false;
};

std::string start_fen(Variant v) {
  return position_string(Position::start(v));
}

// ---------------------------------------------------------------------------------------
// uci, ugi, isready

// One listed option: "option name <name...> type <type> [default <d...>] [min a max b]
// [var v]...".
struct Listed {
  std::string name, type, default_value;
  int64_t min = 0, max = 0;
  std::vector<std::string> vars;
};

std::vector<Listed> parse_listing(const Lines& lines) {
  std::vector<Listed> out;
  for (const std::string& line : lines) {
    if (!starts_with(line, "option name ")) continue;
    const std::vector<std::string> w = line_words(line);
    Listed o;
    size_t i = 2;
    std::vector<std::string> name;
    for (; i < w.size() && w[i] != "type"; ++i)
      name.push_back(w[i]);
    o.name = join(name);
    EXPECT_LT(i + 1, w.size()) << line;
    if (i + 1 >= w.size()) continue;
    o.type = w[i + 1];
    std::string key;
    std::vector<std::string> value;
    auto flush = [&] {
      if (key == "default") o.default_value = join(value);
      if (key == "min") o.min = std::stoll(join(value));
      if (key == "max") o.max = std::stoll(join(value));
      if (key == "var") o.vars.push_back(join(value));
      value.clear();
    };
    for (i += 2; i < w.size(); ++i) {
      if (w[i] == "default" || w[i] == "min" || w[i] == "max" || w[i] == "var") {
        flush();
        key = w[i];
      } else {
        value.push_back(w[i]);
      }
    }
    flush();
    out.push_back(o);
  }
  return out;
}

Lines identify(KeteProcess& kete, std::string_view command, std::string_view ok) {
  EXPECT_TRUE(kete.send(command));
  return kete.expect_until(ok);
}

TEST_F(ProtocolTest, UciListsIdThenEveryOptionThenUciok) {
  const Lines lines = identify(kete, "uci", "uciok");
  ASSERT_GE(lines.size(), 3u);
  EXPECT_TRUE(starts_with(lines[0], "id name kete ")) << lines[0];
  EXPECT_TRUE(starts_with(lines[1], "id author ")) << lines[1];
  for (size_t i = 2; i + 1 < lines.size(); ++i)
    EXPECT_TRUE(starts_with(lines[i], "option name ")) << lines[i];
  // The options of docs/interface.md section 3, as listed.
  std::map<std::string, Listed> by_name;
  for (const Listed& o : parse_listing(lines))
    by_name[o.name] = o;
  const Listed& variant = by_name["UCI_Variant"];
  EXPECT_EQ(variant.type, "combo");
  EXPECT_EQ(variant.default_value, "kiswahili");
  EXPECT_EQ(variant.vars, (std::vector<std::string>{"bao", "kigogo", "kiswahili", "kujifunza"}));
  const Listed& kichwa = by_name["KichwaRule"];
  EXPECT_EQ(kichwa.type, "combo");
  EXPECT_EQ(kichwa.vars, (std::vector<std::string>{"choose", "follow"}));
  for (const char* spin : {"Hash", "Threads", "MultiPV", "Move Overhead", "MaxPlies"}) {
    EXPECT_EQ(by_name[spin].type, "spin") << spin;
    EXPECT_LE(by_name[spin].min, std::stoll(by_name[spin].default_value)) << spin;
    EXPECT_LE(std::stoll(by_name[spin].default_value), by_name[spin].max) << spin;
  }
  EXPECT_EQ(by_name["MultiPV"].default_value, "1");
  EXPECT_EQ(by_name["Threads"].default_value, "1");
  EXPECT_EQ(by_name["MaxPlies"].default_value, "1000");
  // What a person sets, and nothing for tuners: `params` lists those (issue 26).
  for (const char* tuning : {"UseTT", "AspirationDelta", "Singular", "TimeSoftPct"})
    EXPECT_EQ(by_name.count(tuning), 0u) << tuning;
  EXPECT_EQ(by_name.size(), 15u);
  EXPECT_EQ(by_name["Clear Hash"].type, "button");
  EXPECT_EQ(by_name["EvalFile"].type, "string");
  // Nothing after uciok: the answer to the next command comes next.
  ASSERT_TRUE(kete.send("query p1turn"));
  EXPECT_EQ(kete.read_line(), "response true");
}

// The lines of docs/protocol.md's transcript that starts with `> command`, up to the
// closing fence, the command itself left out.
Lines documented_transcript(std::string_view command) {
  std::ifstream in(std::string(KETE_SOURCE_DIR) + "/docs/protocol.md");
  Lines lines;
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    if (inside && line == "```") break;
    if (inside) lines.push_back(line);
    if (line == "> " + std::string(command)) inside = true;
  }
  return lines;
}

// docs/protocol.md's `ugi` and `params` transcripts are what kete prints, line for line
// (issue 28: the doc once listed 22 options where kete printed 51); only the version in
// `id name`, which names the build, may differ.
TEST_F(ProtocolTest, TheDocumentedUgiAndParamsTranscriptsAreWhatKetePrints) {
  for (const auto& [command, ok] : {std::pair{"ugi", "ugiok"}, std::pair{"params", "paramsok"}}) {
    Lines documented = documented_transcript(command);
    Lines printed = identify(kete, command, ok);
    ASSERT_FALSE(documented.empty()) << "no `> " << command << "` transcript in docs/protocol.md";
    if (std::string_view(command) == "ugi") {
      ASSERT_FALSE(printed.empty());
      EXPECT_TRUE(starts_with(documented[0], "id name kete ")) << documented[0];
      EXPECT_TRUE(starts_with(printed[0], "id name kete ")) << printed[0];
      documented[0] = printed[0] = "id name kete";
    }
    EXPECT_EQ(printed, documented)
        << command << ": kete prints" << show(printed) << "\nthe doc shows" << show(documented);
  }
}

TEST_F(ProtocolTest, ParamsListsTheTuningOptionsThenParamsok) {
  const Lines lines = identify(kete, "params", "paramsok");
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), "paramsok");
  std::map<std::string, Listed> by_name;
  for (const Listed& o : parse_listing(lines))
    by_name[o.name] = o;
  for (const char* check : {"UseTT", "UseKillers", "UseHistory", "GainOrder"}) {
    EXPECT_EQ(by_name[check].type, "check") << check;
    EXPECT_EQ(by_name[check].default_value, "true") << check;
  }
  EXPECT_EQ(by_name["AspirationDelta"].type, "spin");
  EXPECT_EQ(by_name["AspirationDelta"].default_value, "60");
  EXPECT_EQ(by_name.count("Hash"), 0u);
  // Set by name like any option.
  EXPECT_EQ(kete.ask("setoption name AspirationDelta value 0"),
            Lines{"info string error: option 'AspirationDelta': expected a number in 5..1000, "
                  "got '0'"});
}

TEST_F(ProtocolTest, UgiGivesTheSameListingThenUgiok) {
  Lines uci = identify(kete, "uci", "uciok");
  Lines ugi = identify(kete, "ugi", "ugiok");
  ASSERT_FALSE(uci.empty());
  ASSERT_FALSE(ugi.empty());
  uci.pop_back();
  ugi.pop_back();
  EXPECT_EQ(uci, ugi);
}

TEST_F(ProtocolTest, IsreadyAnswersReadyok) {
  for (const char* isready : {"isready", "isready", "  \tisready \r", "isready now"}) {
    // Surrounding whitespace, a Windows line end and further words are no part of it.
    ASSERT_TRUE(kete.send(isready));
    EXPECT_EQ(kete.read_line(), "readyok") << isready;
  }
  // One readyok each and nothing else: the answer to the next command comes next.
  ASSERT_TRUE(kete.send("query p1turn"));
  EXPECT_EQ(kete.read_line(), "response true");
}

// ---------------------------------------------------------------------------------------
// setoption

// Every option in the listing, whatever it is: its default, its range ends and its choices
// are accepted silently; values outside are refused with one error line.
TEST_F(ProtocolTest, EveryListedOptionAcceptsItsValuesAndRefusesOthers) {
  const std::vector<Listed> listed = parse_listing(identify(kete, "uci", "uciok"));
  ASSERT_GE(listed.size(), 9u);
  for (const Listed& o : listed) {
    SCOPED_TRACE(o.name);
    const std::string set = "setoption name " + o.name;
    if (o.type == "spin") {
      expect_silent(set + " value " + o.default_value);
      expect_silent(set + " value " + std::to_string(o.min));
      // A maximal hash table would take the machine's memory: 64 MiB stands in for it.
      expect_silent(set + " value " + std::to_string(o.name == "Hash" ? 64 : o.max));
      expect_error(set + " value " + std::to_string(o.min - 1), "option '" + o.name + "'");
      expect_error(set + " value " + std::to_string(o.max + 1), "option '" + o.name + "'");
      for (const char* bad : {"abc", "1.5", "1e3", "++1", "0x10", "99999999999999999999999", "-"})
        expect_error(set + " value " + bad, "option '" + o.name + "'");
      expect_error(set + " value", "option '" + o.name + "'");
      expect_error(set, "option '" + o.name + "'");
      expect_silent(set + " value +" + o.default_value);  // parse_number reads a '+'
      expect_silent(set + " value " + o.default_value);
    } else if (o.type == "check") {
      EXPECT_TRUE(o.default_value == "true" || o.default_value == "false") << o.default_value;
      for (const char* v : {"true", "false", "TRUE", "False"})
        expect_silent(set + " value " + v);
      for (const char* bad : {"1", "0", "yes", "truefalse"})
        expect_error(set + " value " + bad,
                     "option '" + o.name + "': '" + bad + "' is not true or false");
      expect_error(set + " value", "option '" + o.name + "'");
      expect_silent(set + " value " + o.default_value);
    } else if (o.type == "combo") {
      EXPECT_TRUE(std::count(o.vars.begin(), o.vars.end(), o.default_value)) << o.default_value;
      for (const std::string& v : o.vars)
        expect_silent(set + " value " + v);
      expect_error(set + " value nonsense", "option '" + o.name + "': 'nonsense' is not one of");
      expect_error(set + " value", "option '" + o.name + "'");
      expect_silent(set + " value " + o.default_value);
    } else if (o.type == "button") {
      expect_silent(set);
      expect_silent(set + " value ignored");
    } else if (o.type == "string") {
      expect_silent(set + " value " + o.default_value);
    } else if (o.type == "check") {
      for (const char* v : {"true", "false", "TRUE", "False"})
        expect_silent(set + " value " + v);
      for (const char* bad : {"1", "0", "yes", "on", ""})
        expect_error(set + " value " + bad, "option '" + o.name + "'");
      expect_silent(set + " value " + o.default_value);
    } else {
      ADD_FAILURE() << "unknown option type " << o.type;
    }
  }
  // The engine still plays.
  search("go depth 2", RuleSet{}, start_fen(Variant::kKiswahili));
}

TEST_F(ProtocolTest, OptionNamesAndComboValuesIgnoreCase) {
  expect_silent("setoption name uci_variant value BAO");
  EXPECT_EQ(response("fen"), start_fen(Variant::kBao));
  expect_silent("setoption name MOVE OVERHEAD value 30");
  expect_silent("setoption name clear hash");
  expect_silent("setoption name kichwarule value Follow");
  const Lines d = ask("d");
  EXPECT_TRUE(std::count(d.begin(), d.end(), "Variant: bao (KichwaRule follow)")) << show(d);
}

TEST_F(ProtocolTest, UnknownOptionIsReportedAndIgnored) {
  EXPECT_EQ(answer("setoption name Foo value 1"), "info string unknown option 'Foo' ignored");
  EXPECT_EQ(answer("setoption name Hash Size value 1"),
            "info string unknown option 'Hash Size' ignored");
  EXPECT_EQ(answer("setoption name value 1"), "info string unknown option '' ignored");
  EXPECT_EQ(answer("setoption name UCI_Variant_ value bao"),
            "info string unknown option 'UCI_Variant_' ignored");
  EXPECT_EQ(response("fen"), start_fen(Variant::kKiswahili));
}

TEST_F(ProtocolTest, MalformedSetoptionIsReported) {
  for (const char* bad :
       {"setoption", "setoption name", "setoption Hash value 2", "setoption value 2 name Hash"})
    expect_error(bad, "setoption: expected 'setoption name <name> [value <value>]'");
}

// A refused value changes nothing.
TEST_F(ProtocolTest, BadOptionValueChangesNothing) {
  expect_silent("position startpos moves A7L a5R");
  expect_error("setoption name UCI_Variant value chess", "option 'UCI_Variant'");
  expect_error("setoption name KichwaRule value maybe", "option 'KichwaRule'");
  expect_error("setoption name MaxPlies value 0", "option 'MaxPlies'");
  EXPECT_EQ(response("fen"), kAfterA7La5R);
  EXPECT_EQ(response("gameover"), "false");
  const Lines d = ask("d");
  EXPECT_TRUE(std::count(d.begin(), d.end(), "Variant: kiswahili (KichwaRule choose)")) << show(d);
}

TEST_F(ProtocolTest, EvalFileDefaultOrAnErrorNamingTheFile) {
  expect_silent("setoption name EvalFile value <default>");
  expect_silent("setoption name EvalFile value");
  expect_error("setoption name EvalFile value /nonexistent/weights.txt",
               "EvalFile: cannot read '/nonexistent/weights.txt'");
  // Readable files that are no weights files or nets: a script, and anything over 1 MiB.
  expect_error("setoption name EvalFile value " KETE_MOCK_ENGINE,
               "EvalFile: '" KETE_MOCK_ENGINE "': weights line");
  const std::string big = ::testing::TempDir() + "kete_protocol_big.txt";
  std::ofstream(big) << std::string((1 << 20) + 1, '#');
  expect_error("setoption name EvalFile value " + big,
               "EvalFile: '" + big + "' is not a weights file or a net (over 1 MiB)");
  search("go depth 2", RuleSet{}, start_fen(Variant::kKiswahili));
}

// A big table is mapped, not written (issue #20: `Hash 4096` blocked `isready` for 7-16 s
// while 4 GiB were zeroed); so are the new game and `Clear Hash` that empty it. The table
// pages are only touched by a search, so the test needs no 4 GiB of memory: the engine's
// resident memory stays far below the table's size, whatever the machine's load (not
// checked under the sanitizers, whose shadow memory is theirs), and isready is answered
// within a bound a loaded machine keeps.
TEST_F(ProtocolTest, ABigHashAnswersIsreadyAtOnce) {
  for (const char* command : {"setoption name Hash value 4096", "ucinewgame",
                              "setoption name Clear Hash", "setoption name Hash value 16"}) {
    const auto start = Clock::now();
    expect_silent(command);
    EXPECT_LT(Clock::now() - start, kSanitized ? 20s : 5s) << command;
    const int64_t resident = kete.resident_mib();
    EXPECT_GE(resident, 0) << "no VmRSS in /proc for the engine";
    if (!kSanitized) {
      EXPECT_LT(resident, 1024) << command << ": the table's pages were written";
    }
  }
  search("go depth 3", RuleSet{}, start_fen(Variant::kKiswahili));
}

// Issue 29: `go solve` and `go mate` made the solver's table of the Hash size and wrote it
// whole twice for every attempt (each N of `go mate`), and `stop` waited for the writes:
// at Hash 4096, 19-47 s and 4 GB resident. The solver's table is zero pages now, like the
// search's: through solves and their stops the engine's peak memory (VmHWM, which saw
// every written page) stays far below the Hash size. Not under the sanitizers, whose
// shadow memory is theirs.
TEST_F(ProtocolTest, ASolveWithABigHashWritesOnlyWhatItUses) {
  if (kSanitized) GTEST_SKIP() << "the sanitizers' shadow memory counts in VmHWM";
  set_option("Hash", "4096");
  for (const char* go : {"go mate 500", "go solve"}) {
    expect_silent("position startpos");
    ASSERT_TRUE(kete.send(go));
    ASSERT_TRUE(kete.send("stop"));
    EXPECT_TRUE(kete.until_bestmove(go).back().starts_with("bestmove ")) << go;
  }
  // A short solve to its end: mate 1 and mate 2 disproved, each a table of its own.
  expect_silent("position startpos");
  ASSERT_TRUE(kete.send("go mate 2"));
  EXPECT_TRUE(kete.until_bestmove("go mate 2").back().starts_with("bestmove "));
  const int64_t peak = kete.peak_mib();
  EXPECT_GE(peak, 0) << "no VmHWM in /proc for the engine";
  EXPECT_LT(peak, 1024) << "the solver's table was written whole";
}

// A Hash within the listed range that the machine cannot hold is refused and the engine
// keeps its table. The child runs with 512 MiB of address space so that the listing's
// maximum fails the same way on every machine; sanitizers reserve terabytes of address
// space, and their allocator aborts on a failed allocation instead of throwing.
TEST(ProtocolHash, TableTooLargeForTheMachineIsRefused) {
  if (kSanitized) GTEST_SKIP() << "ASan aborts on a failed allocation";
  KeteProcess kete({"-c", "ulimit -v 524288 && exec " KETE_BINARY}, "/bin/sh");
  int64_t max = 0;
  for (const Listed& o : parse_listing(identify(kete, "uci", "uciok")))
    if (o.name == "Hash") max = o.max;
  ASSERT_GE(max, 1024);
  const Lines lines = kete.ask("setoption name Hash value " + std::to_string(max));
  ASSERT_EQ(lines.size(), 1u) << show(lines);
  EXPECT_EQ(lines[0], "info string error: Hash: cannot allocate " + std::to_string(max) +
                          " MiB, keeping 16 MiB");
  ASSERT_TRUE(kete.send("go depth 3"));
  bool found = false;
  const Lines go =
      kete.read_until([](const std::string& l) { return starts_with(l, "bestmove"); }, found);
  EXPECT_TRUE(found) << show(go);
  EXPECT_TRUE(kete.alive());
}

// ---------------------------------------------------------------------------------------
// position

TEST_F(ProtocolTest, StartposOfEveryVariant) {
  for (Variant v : kAllVariants) {
    SCOPED_TRACE(to_string(v));
    set_option("UCI_Variant", to_string(v));
    expect_silent("position startpos");
    EXPECT_EQ(response("fen"), start_fen(v));
    EXPECT_EQ(moves(), tokens(RuleSet{v}, Position::start(v)));
    expect_silent("position fen " + start_fen(v));
    EXPECT_EQ(response("fen"), start_fen(v));
  }
}

TEST_F(ProtocolTest, FenIsPrintedCanonically) {
  // Kiswahili with the trailing fields omitted, in mtaji.
  const std::string pits = "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,22,0,22";
  expect_silent("position fen " + pits + " S");
  EXPECT_EQ(response("fen"), pits + " S 0,0 - -");
  set_option("UCI_Variant", "bao");
  expect_silent("position fen " + std::string(kBaoWorkedExample) + " - - -");
  EXPECT_EQ(response("fen"), kBaoWorkedExample);
}

TEST_F(ProtocolTest, MovesReplayTheRealGameOf1994) {
  expect_silent("position startpos moves A7L");
  EXPECT_EQ(response("p1turn"), "false");
  expect_silent("position startpos moves A7L a5R");
  EXPECT_EQ(response("fen"), kAfterA7La5R);
  EXPECT_EQ(response("p1turn"), "true");
  // The same from the position string of the start.
  expect_silent("position fen " + start_fen(Variant::kKiswahili) + " moves A7L a5R");
  EXPECT_EQ(response("fen"), kAfterA7La5R);
  // Tokens are matched ignoring case.
  expect_silent("position startpos moves a7l A5r");
  EXPECT_EQ(response("fen"), kAfterA7La5R);
  // A shorter game, a different game, and back to the start.
  expect_silent("position startpos moves A7L");
  EXPECT_EQ(response("fen"),
            position_string(after(kKiswahili, Position::start(Variant::kKiswahili), "A7L")));
  expect_silent("position startpos moves A6R");
  EXPECT_EQ(response("fen"),
            position_string(after(kKiswahili, Position::start(Variant::kKiswahili), "A6R")));
  expect_silent("position startpos moves");
  EXPECT_EQ(response("fen"), start_fen(Variant::kKiswahili));
}

// Every error rejects the whole command with one line, and the engine then keeps no
// position (docs/protocol.md: no command may act on the previous one) until a valid one.
TEST_F(ProtocolTest, EveryPositionErrorLeavesNoPosition) {
  expect_silent("position startpos moves A7L a5R");
  const std::string start = "position fen " + start_fen(Variant::kKiswahili);
  const std::pair<std::string, std::string> cases[] = {
      {"position", "position: expected 'position startpos|fen <position> [moves ...]'"},
      {"position foo", "position: expected 'position startpos|fen"},
      {"position moves A7L", "position: expected 'position startpos|fen"},
      {"position startpos A7L", "position: unexpected 'A7L' after startpos"},
      {"position startpos fen x", "position: unexpected 'fen' after startpos"},
      {"position fen", "position: fen needs a position string"},
      {"position fen moves A7L", "position: fen needs a position string"},
      {"position fen 1,2,3", "position: position string: expected 2 to 5 fields"},
      {"position fen a b c d e f", "position: position string: expected 2 to 5 fields"},
      {"position fen 0,0/0,0 S", "position: position string: pits: expected 4 rows"},
      {"position fen 0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0 S 22,22 Hh -",
       "position: position string: pits: row 4 has 7 pits"},
      {"position fen 0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,x S 22,22 Hh -",
       "position: position string: pits: row 4 pit 8: 'x' is not a seed count"},
      {"position fen 0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,-1 S 22,22 Hh "
       "-",
       "position: position string: pits: row 4 pit 8: '-1' is not a seed count"},
      {"position fen 0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 X 22,22 Hh -",
       "position: position string: side to move: 'X' is not S or N"},
      {"position fen 0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,21 Hh -",
       "position: position string: hands: 22,21 cannot occur with S to move"},
      {"position fen 0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,1 S 22,22 Hh -",
       "position: position string: pits: 65 seeds in play"},
      {"position fen 0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Hx -",
       "position: position string: houses: 'Hx' is not one of H h Hh -"},
      {"position fen 0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Hh z9",
       "position: position string: takasia: "},
      {start + " S", "position: position string: expected 2 to 5 fields"},
      {"position startpos moves A7L a5R Z9L", "position: malformed move 'Z9L'"},
      {"position startpos moves A7L a5R A1", "position: malformed move 'A1'"},
      {"position startpos moves A7L A7L", "position: illegal move 'A7L'"},
      {"position startpos moves A1L", "position: illegal move 'A1L'"},
      {start + " moves A7L a5R b1L", "position: illegal move 'b1L'"},
  };
  for (const auto& [command, message] : cases) {
    expect_error(command, message);
    EXPECT_EQ(response("fen"), "none") << command;
    EXPECT_EQ(response("gameover"), "true") << command;
    expect_silent("position startpos moves A7L a5R");
    EXPECT_EQ(response("fen"), kAfterA7La5R) << command;
  }
  // Position strings of another variant.
  set_option("UCI_Variant", "bao");
  expect_silent("position fen " + std::string(kBaoWorkedExample));
  expect_error(start, "position: position string: hands: bao has no seeds in hand");
  expect_error("position fen " + start_fen(Variant::kKigogo),
               "position: position string: pits: row 1 has 12 pits, bao expects 8");
  EXPECT_EQ(response("fen"), "none");
  expect_silent("position fen " + std::string(kBaoWorkedExample));
  EXPECT_EQ(response("fen"), kBaoWorkedExample);
}

TEST_F(ProtocolTest, MoveAfterTheGameEndedIsRejected) {
  set_option("UCI_Variant", "bao");
  expect_silent("position fen " + std::string(kBaoWorkedExample) + " moves B7R");
  const std::string won = response("fen");
  expect_error("position fen " + std::string(kBaoWorkedExample) + " moves B7R a1L",
               "position: move 'a1L' after the game ended");
  EXPECT_EQ(response("fen"), "none");
  expect_silent("position fen " + std::string(kBaoWorkedExample) + " moves B7R");
  EXPECT_EQ(response("fen"), won);
}

// ---------------------------------------------------------------------------------------
// go

TEST_F(ProtocolTest, GoDepth) {
  const Lines lines = go("go depth 4");
  check_search(lines, kKiswahili, Position::start(Variant::kKiswahili));
  ASSERT_GE(lines.size(), 2u);
  int deepest = 0;
  for (size_t i = 0; i + 1 < lines.size(); ++i)
    deepest = std::max(deepest, std::stoi(line_words(lines[i])[2]));
  EXPECT_EQ(deepest, 4) << show(lines);
  // Out-of-range depths are clamped: 0 and negative search depth 1.
  for (const char* shallow : {"go depth 0", "go depth -5", "go depth 1"}) {
    const Lines one = go(shallow);
    check_search(one, kKiswahili, Position::start(Variant::kKiswahili));
    ASSERT_EQ(one.size(), 2u) << shallow << show(one);
    EXPECT_TRUE(starts_with(one[0], "info depth 1 ")) << one[0];
  }
}

TEST_F(ProtocolTest, GoNodes) {
  for (const char* command : {"go nodes 1", "go nodes 0", "go nodes 2000", "go nodes 50000"})
    search(command, kKiswahili, start_fen(Variant::kKiswahili));
  // One node cuts the first iteration before its root moves have values: MultiPV reports
  // the line it has, never an empty PV nor one root move twice.
  ASSERT_TRUE(kete.ask("setoption name MultiPV value 3").empty());
  const Lines lines = go("go nodes 1");
  check_search(lines, kKiswahili, Position::start(Variant::kKiswahili));
  std::set<std::string> firsts;
  for (size_t i = 0; i + 1 < lines.size(); ++i) {
    const std::vector<std::string> w = line_words(lines[i]);
    const auto pv = std::find(w.begin(), w.end(), "pv");
    ASSERT_TRUE(pv != w.end() && pv + 1 != w.end()) << lines[i];
    EXPECT_TRUE(firsts.insert(*(pv + 1)).second) << show(lines);
  }
}

TEST_F(ProtocolTest, GoMovetime) {
  for (int ms : {0, 1, 100, 300})
    search_within("go movetime " + std::to_string(ms), start_fen(Variant::kKiswahili), ms);
}

// The milliseconds on `side`'s clock in a go command (wtime/btime or p1time/p2time).
int64_t clock_ms(std::string_view command, Side side) {
  const std::vector<std::string> w = line_words(command);
  for (size_t i = 0; i + 1 < w.size(); ++i)
    if (w[i] == (side == Side::kSouth ? "wtime" : "btime") ||
        w[i] == (side == Side::kSouth ? "p1time" : "p2time"))
      return std::stoll(w[i + 1]);
  ADD_FAILURE() << "no clock for " << to_string(side) << " in " << command;
  return 0;
}

// A search of the engine's position (`fen`) that must end inside `limit_ms`, as far as
// the engine decides it: the CPU time it thinks stays within the limit, and its bestmove
// comes within the limit plus a margin for a loaded machine. The CPU margin, 100 ms,
// covers what the engine does not decide: the two readings' 10 ms ticks, a search's first
// iteration, and the kernel's work on the engine's behalf, above all the first touch of
// the table's 2 MiB pages (rules/zero_pages.h), each zeroed and, on a machine whose memory
// is fragmented, compacted for first. Under two busy loops beside a 10 GiB solver run,
// `go movetime 0` took 40 ms in 2 of 40 runs, 30 of them system time; 30 ms was too tight.
// An engine that ignored the limit, or took it for centiseconds (movetime 100 as a
// second), still fails.
void ProtocolTest::search_within(std::string_view command, std::string_view fen, int64_t limit_ms) {
  const int64_t cpu_before = kete.cpu_ms();
  const auto t0 = Clock::now();
  search(command, kKiswahili, fen);
  const auto elapsed = Clock::now() - t0;
  const int64_t cpu = kete.cpu_ms() - cpu_before;
  EXPECT_GE(cpu_before, 0) << "no CPU time in /proc for the engine";
  EXPECT_LE(cpu, limit_ms + (kSanitized ? 1000 : 100)) << command << ": CPU ms";
  EXPECT_LT(elapsed, std::chrono::milliseconds(limit_ms) + (kSanitized ? 30s : 5s)) << command;
}

// Each clock command searches from the start (South to move) and after A7L (North to
// move), so each side's clock is used, and ends inside the clock it was given.
void ProtocolTest::search_with_clocks(const std::vector<const char*>& commands) {
  const std::string after_a7l =
      position_string(after(kKiswahili, Position::start(Variant::kKiswahili), "A7L"));
  for (const char* command : commands) {
    SCOPED_TRACE(command);
    expect_silent("position startpos");
    search_within(command, start_fen(Variant::kKiswahili), clock_ms(command, Side::kSouth));
    expect_silent("position startpos moves A7L");
    search_within(command, after_a7l, clock_ms(command, Side::kNorth));
  }
}

TEST_F(ProtocolTest, GoWithUciClocks) {
  search_with_clocks({"go wtime 1000 btime 1000", "go wtime 2000 btime 50 winc 100 binc 100",
                      "go wtime 500 btime 500 winc 0 binc 0 movestogo 1",
                      "go btime 300 wtime 300 movestogo 40", "go wtime 0 btime 0",
                      "go wtime 10 btime 700 winc 0"});
}

TEST_F(ProtocolTest, GoWithUgiClocks) {
  search_with_clocks({"go p1time 1000 p2time 1000", "go p1time 800 p2time 800 p1inc 50 p2inc 50",
                      "go p2time 200 p1time 200 p2inc 10 p1inc 10 movestogo 5"});
}

// A GUI may send an overrun clock as a negative number; huge numbers must not overflow the
// time arithmetic (UBSan checks that in the sanitize build).
TEST_F(ProtocolTest, GoWithNegativeAndHugeNumbers) {
  const std::string start = start_fen(Variant::kKiswahili);
  for (const char* command : {
           "go wtime -100 btime -100",
           "go p1time -1 p2time -1 p1inc -5 p2inc -5",
           "go wtime 100 winc 9223372036854775807 depth 3",
           "go wtime 9223372036854775807 btime 9223372036854775807 movestogo 1 depth 3",
           "go p1time 9223372036854775807 p1inc 9223372036854775807 depth 3",
           "go movetime 9223372036854775807 depth 3",
           "go movetime -9223372036854775808",
           "go nodes 9223372036854775807 depth 2",
           "go depth 9223372036854775807 movetime 50",
           "go movestogo -3 wtime 100",
           "go movestogo 9223372036854775807 wtime 100",
           "go nodes 99999999999999999999 depth 2",  // past 2^63: 10^12
           "go wtime 99999999999999999999 btime -99999999999999999999 depth 2",
       }) {
    SCOPED_TRACE(command);
    search(command, kKiswahili, start);
  }
  EXPECT_TRUE(kete.alive());
}

TEST_F(ProtocolTest, BadGoParametersAreRefusedWithoutSearching) {
  const std::pair<const char*, const char*> cases[] = {
      {"go foo", "go: unknown parameter 'foo'"},
      {"go depth", "go: 'depth' needs an integer"},
      {"go depth x", "go: 'depth' needs an integer"},
      {"go depth 2.5", "go: 'depth' needs an integer"},
      {"go wtime 1e3", "go: 'wtime' needs an integer"},
      {"go movetime infinite", "go: 'movetime' needs an integer"},
      {"go DEPTH 2", "go: unknown parameter 'DEPTH'"},
  };
  for (const auto& [command, message] : cases)
    expect_error(command, message);
  kete.expect_no_search();  // no search was started
}

TEST_F(ProtocolTest, GoInfiniteRunsUntilStop) {
  ASSERT_TRUE(kete.send("go infinite"));
  // 300 ms into the search by its own clock, and no bestmove.
  bool ran = false;
  Lines lines = kete.until_search_ran(300, ran);
  EXPECT_TRUE(ran) << show(lines);
  const Lines rest = go("stop");
  lines.insert(lines.end(), rest.begin(), rest.end());
  check_search(lines, kKiswahili, Position::start(Variant::kKiswahili));
}

// Even a won position (a mate in one) gives its bestmove only after stop.
TEST_F(ProtocolTest, GoInfiniteWaitsForStopEvenWhenTheSearchIsDone) {
  set_option("UCI_Variant", "bao");
  expect_silent("position fen " + std::string(kBaoWorkedExample));
  ASSERT_TRUE(kete.send("go infinite"));
  // The mate found (the search has nothing left to do), the search still runs: a probe
  // `go` is refused.
  bool found = false;
  Lines early = kete.read_until(
      [](const std::string& l) { return starts_with(l, "bestmove") || l.find(" mate ") != l.npos; },
      found);
  ASSERT_TRUE(found) << show(early);
  EXPECT_FALSE(starts_with(early.back(), "bestmove")) << show(early);
  EXPECT_TRUE(kete.still_searching(early)) << "the search ended before stop" << show(early);
  Lines rest = go("stop");
  rest.insert(rest.begin(), early.begin(), early.end());
  EXPECT_EQ(check_search(rest, kBao, parse_or_die(Variant::kBao, kBaoWorkedExample)), "B7R");
}

// Every command but go is answered at once during a search, which keeps its own copy of
// the position: the bestmove is for the position the search started from.
TEST_F(ProtocolTest, CommandsAreAnsweredWhileSearching) {
  ASSERT_TRUE(kete.send("go infinite"));
  searching = true;
  ASSERT_TRUE(kete.send("isready"));
  bool found = false;
  kete.read_until([](const std::string& l) { return l == "readyok"; }, found, 1s);
  EXPECT_TRUE(found) << "isready is answered at once during a search";
  EXPECT_EQ(response("fen"), start_fen(Variant::kKiswahili));
  expect_error("go depth 1", "go: a search is running: send stop first");
  expect_silent("position startpos moves A7L");
  EXPECT_EQ(response("p1turn"), "false");
  EXPECT_EQ(moves(), legal_tokens(kKiswahili, response("fen")));
  set_option("MultiPV", "2");
  // The table is not resized under a running search.
  expect_error("setoption name Hash value 8", "Hash: cannot resize during a search");
  expect_silent("setoption name Clear Hash");
  EXPECT_EQ(ask("d").size(), 12u);
  EXPECT_FALSE(ask("eval").empty());
  EXPECT_EQ(ask("perft 1").back(),
            "Nodes searched: " + std::to_string(legal_tokens(kKiswahili, response("fen")).size()));
  EXPECT_FALSE(ask("help").empty());
  expect_error("nonsense", "unknown command 'nonsense'");
  const Lines lines = go("stop");
  searching = false;
  for (const std::string& l : lines)
    EXPECT_FALSE(starts_with(l, "info string")) << l;
  // Info lines may arrive among the answers above; the bestmove is a move of the start.
  check_search({lines.back()}, kKiswahili, Position::start(Variant::kKiswahili));
  // The next search is of the new position and accepted at once after the bestmove.
  search("go depth 2", kKiswahili,
         position_string(after(kKiswahili, Position::start(Variant::kKiswahili), "A7L")));
}

TEST_F(ProtocolTest, StopWithoutSearchIsSilent) {
  expect_silent("stop");
  search("go depth 1", kKiswahili, start_fen(Variant::kKiswahili));
  expect_silent("stop");
  expect_silent("stop");
}

TEST_F(ProtocolTest, EveryStopGivesOneBestmove) {
  for (int i = 0; i < 20; ++i) {
    ASSERT_TRUE(kete.send("go infinite"));
    const Lines lines = go("stop");
    check_search({lines.back()}, kKiswahili, Position::start(Variant::kKiswahili));
  }
  ASSERT_TRUE(kete.send("isready"));
  for (const std::string& l : kete.expect_until("readyok"))
    EXPECT_FALSE(starts_with(l, "bestmove")) << l;
}

TEST_F(ProtocolTest, BestmoveNoneWhenTheGameIsOver) {
  set_option("UCI_Variant", "bao");
  expect_silent("position fen " + std::string(kBaoWorkedExample) + " moves B7R");
  for (const char* command : {"go depth 3", "go", "go wtime 1000 btime 1000", "go nodes 10"})
    EXPECT_EQ(go(command), Lines{"bestmove (none)"}) << command;
  ASSERT_TRUE(kete.send("go infinite"));
  bool found = false;
  const Lines lines =
      kete.read_until([](const std::string& l) { return starts_with(l, "bestmove"); }, found, 1s);
  // No search to stop: the bestmove comes at once, and a stop after it is silent.
  EXPECT_EQ(lines, Lines{"bestmove (none)"});
  expect_silent("stop");
}

TEST_F(ProtocolTest, MultiPVLinesAreNumbered) {
  set_option("MultiPV", "3");
  const Lines lines = go("go depth 3");
  check_search(lines, kKiswahili, Position::start(Variant::kKiswahili));
  std::map<std::string, std::set<std::string>> per_depth;  // depth -> multipv numbers
  for (size_t i = 0; i + 1 < lines.size(); ++i) {
    const std::vector<std::string> w = line_words(lines[i]);
    ASSERT_EQ(w[5], "multipv") << lines[i];
    per_depth[w[2]].insert(w[6]);
  }
  for (const auto& [depth, ks] : per_depth)
    EXPECT_EQ(ks, (std::set<std::string>{"1", "2", "3"})) << "depth " << depth;
}

// A GUI's game: every bestmove is checked with query islegal, then played.
TEST_F(ProtocolTest, EveryVariantPlaysAGameOfBestmoves) {
  for (RuleSet rules : {kBao, kKigogo, kKiswahili, kChoose, kFollow}) {
    SCOPED_TRACE(::testing::PrintToString(rules));
    set_rules(rules);
    expect_silent("ucinewgame");
    std::vector<std::string> played;
    Game game(rules, Position::start(rules.variant));
    for (int ply = 0; ply < 16 && game.outcome().result == Result::kNone; ++ply) {
      const std::string moves = played.empty() ? "" : " moves " + join(played);
      expect_silent("position startpos" + moves);
      EXPECT_EQ(response("fen"), position_string(game.position()));
      const std::string move =
          search(ply % 2 ? "go nodes 3000" : "go depth 3", rules, position_string(game.position()));
      if (move.empty()) break;
      played.push_back(move);
      ASSERT_TRUE(game.play(*parse_move(rules, game.position(), move)));
    }
  }
}

// ---------------------------------------------------------------------------------------
// query

TEST_F(ProtocolTest, QueriesOfTheStart) {
  EXPECT_EQ(response("gameover"), "false");
  EXPECT_EQ(response("p1turn"), "true");
  EXPECT_EQ(response("result"), "none");
  EXPECT_EQ(response("fen"), start_fen(Variant::kKiswahili));
  EXPECT_EQ(moves(), (std::vector<std::string>{"A6L", "A6R", "A7L", "A7R"}));
  for (const char* legal : {"A6L", "a6l", "A7R", "a7r"})
    EXPECT_EQ(response(std::string("islegal ") + legal), "true") << legal;
  for (const char* illegal : {"A5L", "A6", "A6L+", "a6R:L", "x", "A9L", "b1L"})
    EXPECT_EQ(response(std::string("islegal ") + illegal), "false") << illegal;
}

// query why: the reason in words from the rules library (rules/why_not.h, checked clause
// by clause in tests/why_not_test.cpp); here the lines around it.
TEST_F(ProtocolTest, QueryWhyAnswersInWords) {
  EXPECT_EQ(response("why A6L"), "legal");
  EXPECT_EQ(response("why a6l"), "legal");  // tokens ignore case, as for islegal
  EXPECT_EQ(response("why A5L"),
            "your nyumba (A5) may start a takasa only when it is the only occupied pit of your "
            "front row");
  EXPECT_EQ(response("why B3L"), "B3 is empty");
  EXPECT_EQ(response("why a5L"), "a5 is North's pit: you play South, from A1..A8 and B1..B8");
  EXPECT_EQ(response("why Z9"),
            "'Z9' names no pit: the pits are A1..A8 and B1..B8 (North: a1..a8 and b1..b8)");
  expect_error("query why", "query why: expected a move");
  // A reason that echoes the token echoes printable ASCII only, and not a huge token whole.
  EXPECT_EQ(response("why Z\x01"),
            "'Z?' names no pit: the pits are A1..A8 and B1..B8 (North: a1..a8 and b1..b8)");
  EXPECT_LT(response("why " + std::string(5000, 'Z')).size(), 400u);
  set_option("UCI_Variant", "bao");
  expect_silent("position fen " + std::string(kBaoWorkedExample) + " moves B7R");
  EXPECT_EQ(response("why b7R"), "the game is over");
  // After a refused position, as every query: a game that is over.
  expect_error("position fen x",
               "position: position string: expected 2 to 5 fields separated by "
               "single spaces, got 1");
  EXPECT_EQ(response("why B7R"), "the game is over");
  expect_error("query why", "query why: expected a move");
}

TEST_F(ProtocolTest, BadQueriesAreReported) {
  expect_error("query",
               "query: expected gameover, p1turn, result, fen, moves, islegal, why or elo");
  expect_error("query islegal", "query islegal: expected a move");
  expect_error("query foo", "query: unknown query 'foo'");
  expect_error("query GAMEOVER", "query: unknown query 'GAMEOVER'");
}

TEST_F(ProtocolTest, FinishedGameSouthWins) {
  set_option("UCI_Variant", "bao");
  expect_silent("position fen " + std::string(kBaoWorkedExample));
  EXPECT_EQ(response("gameover"), "false");
  EXPECT_EQ(response("islegal B7R"), "true");
  expect_silent("position fen " + std::string(kBaoWorkedExample) + " moves B7R");
  EXPECT_EQ(response("gameover"), "true");
  EXPECT_EQ(response("result"), "p1win");
  EXPECT_EQ(response("p1turn"), "false");
  EXPECT_EQ(ask("query moves"), Lines{"response"});
  EXPECT_EQ(response("islegal b7R"), "false");
  EXPECT_EQ(response("fen"),
            position_string(after(kBao, parse_or_die(Variant::kBao, kBaoWorkedExample), "B7R")));
}

TEST_F(ProtocolTest, FinishedGameNorthWins) {
  set_option("UCI_Variant", "bao");
  expect_silent("position fen " + std::string(kBaoExampleNorth) + " moves b7R");
  EXPECT_EQ(response("gameover"), "true");
  EXPECT_EQ(response("result"), "p2win");
  EXPECT_EQ(response("p1turn"), "true");
  EXPECT_EQ(ask("query moves"), Lines{"response"});
}

TEST_F(ProtocolTest, MaxPliesAdjudicatesADraw) {
  set_option("MaxPlies", "2");
  expect_silent("position startpos moves A7L");
  EXPECT_EQ(response("gameover"), "false");
  expect_silent("position startpos moves A7L a5R");
  EXPECT_EQ(response("gameover"), "true");
  EXPECT_EQ(response("result"), "draw");
  EXPECT_EQ(ask("query moves"), Lines{"response"});
  EXPECT_EQ(response("islegal A6L"), "false");
  EXPECT_EQ(go("go depth 2"), Lines{"bestmove (none)"});
  expect_error("position startpos moves A7L a5R A6L", "position: move 'A6L' after the game ended");
  expect_silent("position startpos moves A7L a5R");
  // A larger limit applies to the game at once; a new game keeps the limit.
  set_option("MaxPlies", "3");
  EXPECT_EQ(response("gameover"), "false");
  expect_silent("ucinewgame");
  expect_silent("position startpos moves A7L a5R A6L");
  EXPECT_EQ(response("result"), "draw");
  set_option("MaxPlies", "1000");
  EXPECT_EQ(response("result"), "none");
}

// rules.md section 7: positions whose legal moves are known.
TEST_F(ProtocolTest, KnownLegalMovesOfRulesSection7) {
  // Kiswahili, the never-ending A3L: the other 7 moves are legal.
  const std::string never_ending =
      "0,0,0,0,0,0,0,0/0,0,0,0,9,0,0,1/1,6,3,1,0,5,4,0/2,1,0,5,0,3,0,1 S 11,11 - -";
  expect_silent("position fen " + never_ending);
  const std::vector<std::string> kiswahili = moves();
  EXPECT_EQ(kiswahili.size(), 7u);
  EXPECT_FALSE(std::count(kiswahili.begin(), kiswahili.end(), "A3L"));
  EXPECT_EQ(response("islegal A3L"), "false");
  EXPECT_EQ(response("islegal A6L"), "true");
  // Kujifunza under follow: the twelve-rounds rule.
  set_rules(kFollow);
  expect_silent("position fen 9,2,3,6,1,2,1,2/0,1,0,7,3,18,0,1/0,0,0,1,0,0,0,0/1,0,2,0,1,1,1,1 N");
  EXPECT_EQ(moves(), (std::vector<std::string>{"a3L", "a3R", "a4L", "a5L"}));
  // Kigogo.
  set_option("UCI_Variant", "kigogo");
  expect_silent(
      "position fen 2,2,0,3,2,2,1,0,0,1,2,1/1,2,1,0,0,0,4,0,1,1,0,5/0,1,0,3,0,3,0,1,0,5,0,4/"
      "1,0,2,1,0,1,2,1,2,1,0,1 S");
  EXPECT_EQ(moves(), sorted({"A10", "A4", "A6", "B3", "B7", "B9"}));
}

// KichwaRule changes the kujifunza tokens: under `choose` a move with a central capture
// names its kichwa after ':'; under `follow` no token has ':'.
TEST_F(ProtocolTest, KichwaRuleChangesTheTokens) {
  std::mt19937_64 rng(7);
  std::string fen;
  for (int g = 0; g < 200 && fen.empty(); ++g) {
    Position p = Position::start(Variant::kKujifunza);
    for (int ply = 0; ply < 60 && fen.empty(); ++ply) {
      const std::vector<std::string> t = tokens(kChoose, p);
      if (t.empty()) break;
      for (const std::string& token : t)
        if (token.find(':') != std::string::npos) fen = position_string(p);
      p = after(kChoose, p, t[rng() % t.size()]);
    }
  }
  ASSERT_FALSE(fen.empty()) << "no position with a kichwa choice found";
  set_rules(kChoose);
  expect_silent("position fen " + fen);
  const std::vector<std::string> choose = moves();
  EXPECT_EQ(choose, legal_tokens(kChoose, fen));
  const auto with_choice = std::find_if(choose.begin(), choose.end(), [](const std::string& t) {
    return t.find(':') != std::string::npos;
  });
  ASSERT_NE(with_choice, choose.end());
  EXPECT_EQ(response("islegal " + *with_choice), "true");
  // Without its choice the token names no move.
  EXPECT_EQ(response("islegal " + with_choice->substr(0, with_choice->find(':'))), "false");
  set_option("KichwaRule", "follow");
  expect_silent("position fen " + fen);
  const std::vector<std::string> follow = moves();
  EXPECT_EQ(follow, legal_tokens(kFollow, fen));
  for (const std::string& t : follow)
    EXPECT_EQ(t.find(':'), std::string::npos) << t;
  EXPECT_EQ(response("islegal " + *with_choice), "false");
}

// Changing the variant (or the kichwa rule) starts a new game from its start position.
TEST_F(ProtocolTest, VariantSwitchingStartsANewGame) {
  expect_silent("position startpos moves A7L");
  for (Variant v : {Variant::kBao, Variant::kKujifunza, Variant::kKigogo, Variant::kKiswahili}) {
    set_option("UCI_Variant", to_string(v));
    EXPECT_EQ(response("fen"), start_fen(v)) << to_string(v);
    search("go depth 2", RuleSet{v}, start_fen(v));
  }
  expect_silent("position startpos moves A7L");
  set_option("UCI_Variant", "kiswahili");  // the same variant: a new game too
  EXPECT_EQ(response("fen"), start_fen(Variant::kKiswahili));
}

// ---------------------------------------------------------------------------------------
// Tools: d, perft, go perft, eval, bench, help

// `perft` and `go perft` print one line per move, an empty line, then the total.
void check_perft(KeteProcess& kete, const std::string& command, RuleSet rules, const Position& p,
                 uint64_t expected) {
  const Lines lines = kete.ask(command);
  ASSERT_GE(lines.size(), 2u) << command << show(lines);
  EXPECT_EQ(lines.back(), "Nodes searched: " + std::to_string(expected)) << command;
  EXPECT_EQ(lines[lines.size() - 2], "") << command;
  uint64_t sum = 0;
  std::vector<std::string> listed;
  for (size_t i = 0; i + 2 < lines.size(); ++i) {
    const size_t colon = lines[i].find(": ");
    ASSERT_NE(colon, std::string::npos) << lines[i];
    listed.push_back(lines[i].substr(0, colon));
    sum += std::stoull(lines[i].substr(colon + 2));
  }
  EXPECT_EQ(sum, expected) << command;
  EXPECT_EQ(sorted(listed), tokens(rules, p)) << command;
}

TEST_F(ProtocolTest, PerftMatchesRulesSection7) {
  struct Case {
    RuleSet rules;
    std::vector<uint64_t> counts;
  };
  const std::vector<Case> cases = {
      {kKiswahili, {4, 14, 38, 124, 405}},
      {kBao, {32, 912, 17892}},
      {kKigogo, {23, 499, 7393}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(to_string(c.rules.variant));
    set_rules(c.rules);
    expect_silent("position startpos");
    const Position start = Position::start(c.rules.variant);
    for (size_t d = 1; d <= c.counts.size(); ++d) {
      check_perft(kete, "perft " + std::to_string(d), c.rules, start, c.counts[d - 1]);
      check_perft(kete, "go perft " + std::to_string(d), c.rules, start, c.counts[d - 1]);
    }
  }
  // A finished game has no moves to count.
  set_option("UCI_Variant", "bao");
  expect_silent("position fen " + std::string(kBaoWorkedExample) + " moves B7R");
  EXPECT_EQ(ask("perft 2"), (Lines{"", "Nodes searched: 0"}));
}

TEST_F(ProtocolTest, PerftNeedsADepth) {
  for (const char* bad : {"perft", "perft 0", "perft -1", "perft 31", "perft x", "perft 2.0",
                          "go perft", "go perft 0", "go perft 99999999999999999999"})
    expect_error(bad, "perft: expected a depth 1..30");
}

TEST_F(ProtocolTest, DiagramShowsTheBoardPositionAndMoves) {
  set_option("UCI_Variant", "bao");
  expect_silent("position fen " + std::string(kBaoWorkedExample));
  const Lines d = ask("d");
  ASSERT_EQ(d.size(), 12u) << show(d);
  EXPECT_EQ(line_words(d[0]), (std::vector<std::string>{"N", "back", "b8", "b7", "b6", "b5", "b4",
                                                        "b3", "b2", "b1"}));
  EXPECT_EQ(line_words(d[1]), (std::vector<std::string>{"4", "3", "5", "4", "5", "6", "3", "2"}));
  EXPECT_EQ(line_words(d[5]), (std::vector<std::string>{"2", "2", "0", "2", "2", "0", "2", "1"}));
  EXPECT_EQ(d[8], "Variant: bao (KichwaRule choose)");
  EXPECT_EQ(d[9], "Position: " + std::string(kBaoWorkedExample));
  std::vector<std::string> listed = line_words(d[10]);
  ASSERT_GE(listed.size(), 2u);
  EXPECT_EQ(listed[0] + " " + listed[1], "Legal moves:");
  listed.erase(listed.begin(), listed.begin() + 2);
  EXPECT_EQ(sorted(listed), legal_tokens(kBao, kBaoWorkedExample));
  EXPECT_EQ(d[11], "Plies: 0  Result: none (none)");
  expect_silent("position fen " + std::string(kBaoWorkedExample) + " moves B7R");
  EXPECT_EQ(ask("d").back(), "Plies: 1  Result: p1win (front row emptied)");
}

// `eval` prints a header, one line per term (name, feature, weight, value) and the total.
int64_t eval_total(const Lines& lines) {
  EXPECT_GE(lines.size(), 3u) << show(lines);
  if (lines.size() < 3) return 0;
  EXPECT_EQ(line_words(lines[0]), (std::vector<std::string>{"term", "feature", "weight", "value"}));
  int64_t sum = 0;
  for (size_t i = 1; i + 1 < lines.size(); ++i) {
    const std::vector<std::string> w = line_words(lines[i]);
    EXPECT_EQ(w.size(), 4u) << lines[i];
    if (w.size() != 4) continue;
    EXPECT_EQ(std::stoll(w[1]) * std::stoll(w[2]), std::stoll(w[3])) << lines[i];
    sum += std::stoll(w[3]);
  }
  const std::vector<std::string> total = line_words(lines.back());
  EXPECT_GE(total.size(), 2u);
  EXPECT_EQ(total.at(0), "total");
  EXPECT_EQ(std::to_string(sum), total.at(1)) << show(lines);
  return sum;
}

// A variant whose default is a net (tuning/nets) prints the net's inputs and output,
// the others the weights' terms and their total.
TEST_F(ProtocolTest, EvalPrintsTermsAndTotal) {
  for (Variant v : kAllVariants) {
    set_option("UCI_Variant", to_string(v));
    const Position start = Position::start(v);
    const Move m = legal_moves(RuleSet{v}, start)[0];
    ASSERT_TRUE(kete.send("position startpos moves " + move_token(start, m)));
    const Lines lines = ask("eval");
    if (nnue::embedded_nets().value()[size_t(v)]) {
      ASSERT_GE(lines.size(), 2u) << show(lines);
      EXPECT_TRUE(lines[0].starts_with("net inputs (")) << lines[0];
      EXPECT_TRUE(lines[1].starts_with("net output ")) << lines[1];
    } else {
      eval_total(lines);
    }
  }
}

// A weights file replaces its variant's weights; a bad one changes nothing.
TEST_F(ProtocolTest, EvalFileLoadsTheWeightsEvalUses) {
  set_option("UCI_Variant", "bao");
  const int64_t before = eval_total(ask("eval"));
  std::string text = "variant bao\n";
  for (std::string_view name : kFeatureNames)
    text += std::string(name) + (name == "tempo" ? " 37\n" : " 100\n");
  const std::string good = ::testing::TempDir() + "kete_protocol_bao.txt";
  const std::string bad = ::testing::TempDir() + "kete_protocol_bad.txt";
  std::ofstream(good) << text;
  std::ofstream(bad) << text << "tempo 5\n";
  expect_silent("setoption name EvalFile value " + good);
  const int64_t loaded = eval_total(ask("eval"));
  EXPECT_NE(loaded, before);
  expect_error("setoption name EvalFile value " + bad,
               "EvalFile: '" + bad + "': weights line 15: weight 'tempo' repeats line 14");
  EXPECT_EQ(eval_total(ask("eval")), loaded);
  expect_silent("setoption name EvalFile value <default>");
  EXPECT_EQ(eval_total(ask("eval")), before);
}

// Only a regular file is read (issue #20): a FIFO with no writer blocked the command loop
// for ever, /dev/stdin ate the commands after it. Each is refused at once, naming what the
// path is, `isready` is answered right after, and the weights loaded before are kept.
TEST_F(ProtocolTest, EvalFileRefusesWhatIsNotARegularFile) {
  set_option("UCI_Variant", "bao");
  std::string text = "variant bao\n";
  for (std::string_view name : kFeatureNames)
    text += std::string(name) + (name == "tempo" ? " 37\n" : " 100\n");
  const std::string good = ::testing::TempDir() + "kete_protocol_regular.txt";
  std::ofstream(good) << text;
  set_option("EvalFile", good);
  const int64_t loaded = eval_total(ask("eval"));
  const std::string dir = ::testing::TempDir() + "kete_protocol_dir";
  const std::string fifo = ::testing::TempDir() + "kete_protocol_fifo";
  ::mkdir(dir.c_str(), 0700);
  ::unlink(fifo.c_str());
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0) << fifo;
  const std::pair<std::string, std::string> cases[] = {
      {fifo, "a pipe"}, {dir, "a directory"}, {"/dev/stdin", "a pipe"}};
  for (const auto& [path, kind] : cases) {
    // Answered, not blocked reading a pipe with no writer: the answer comes within the
    // read's timeout (seconds).
    expect_error("setoption name EvalFile value " + path,
                 "EvalFile: '" + path + "' is " + kind + ", not a weights file");
    EXPECT_EQ(eval_total(ask("eval")), loaded) << path;
  }
  ::unlink(fifo.c_str());
  ::rmdir(dir.c_str());
}

int64_t bench_nodes(const Lines& lines) {
  for (const std::string& l : lines)
    if (starts_with(l, "Nodes searched  : ")) return std::stoll(l.substr(18));
  ADD_FAILURE() << "no node count" << show(lines);
  return -1;
}

// Both forms of the bench agree at any depth; sanitizer builds use the smallest (a bench
// position searches up to 4 plies deeper than asked, engine/bench.cpp) so that a heavily
// loaded machine stays far inside the read deadline (the test once ran past it there).
TEST_F(ProtocolTest, BenchCommandMatchesCommandLineBench) {
  const int depth = kSanitized ? 1 : 5;
  const Lines lines = ask("bench " + std::to_string(depth));
  KeteProcess cli({"bench", std::to_string(depth)});
  cli.close_input();
  EXPECT_EQ(cli.wait_exit(), 0);
  EXPECT_EQ(bench_nodes(lines), bench_nodes(cli.drain(0ms)));
  EXPECT_GT(bench_nodes(lines), 0);
  // One line per bench position, an empty line, then time, nodes, speed.
  ASSERT_GE(lines.size(), 5u);
  EXPECT_EQ(lines[lines.size() - 4], "");
  EXPECT_TRUE(starts_with(lines[lines.size() - 3], "Total time (ms) : "));
  EXPECT_TRUE(starts_with(lines.back(), "Nodes/second    : "));
  for (const char* bad : {"bench 0", "bench 21", "bench -3", "bench x"})
    expect_error(bad, "bench: expected a depth 1..20");
}

TEST_F(ProtocolTest, DefaultBench) {
  if (kSanitized) GTEST_SKIP() << "depth 7 takes minutes under sanitizers";
  const Lines lines = ask("bench");
  KeteProcess cli({"bench"});
  cli.close_input();
  EXPECT_EQ(cli.wait_exit(), 0);
  EXPECT_EQ(bench_nodes(lines), bench_nodes(cli.drain(0ms)));
}

TEST(ProtocolCommandLine, BenchRefusesABadDepth) {
  for (const char* bad : {"0", "-1", "21", "x", ""}) {
    KeteProcess cli({"bench", bad});
    cli.close_input();
    EXPECT_EQ(cli.read_line(), "info string error: bench: expected a depth 1..20") << bad;
    EXPECT_EQ(cli.wait_exit(), 1) << bad;
  }
}

TEST_F(ProtocolTest, HelpListsEveryCommand) {
  const Lines lines = ask("help");
  std::string text;
  for (const std::string& l : lines)
    text += l + "\n";
  for (const char* command :
       {"uci", "ugi", "isready", "setoption", "ucinewgame", "uginewgame", "position", "go", "stop",
        "quit", "query", "perft", "eval", "bench", "help", "d "})
    EXPECT_NE(text.find(command), std::string::npos) << command;
}

// ---------------------------------------------------------------------------------------
// Lines that are not commands

TEST_F(ProtocolTest, UnknownCommandsAreReported) {
  EXPECT_EQ(answer("foo"), "info string error: unknown command 'foo'");
  EXPECT_EQ(answer("  foo   bar "), "info string error: unknown command '  foo   bar '");
  EXPECT_EQ(answer("ISREADY"), "info string error: unknown command 'ISREADY'");
  EXPECT_EQ(answer("PONDERHIT"), "info string error: unknown command 'PONDERHIT'");
  // Long lines are cut, bytes that are not printable ASCII are shown as '?'.
  EXPECT_EQ(answer(std::string(100000, 'x')),
            "info string error: unknown command '" + std::string(60, 'x') + "...'");
  EXPECT_EQ(answer(std::string("a\0b\xff\x01", 5)),
            "info string error: unknown command 'a?b?"
            "?'");
  EXPECT_TRUE(kete.alive());
}

// No error echoes raw bytes or a whole huge input.
TEST_F(ProtocolTest, ErrorsEchoOnlyPrintableText) {
  const std::string binary("\xff\x00\x01\x7f\x80", 5);
  for (const std::string& command : {
           "go depth " + binary,
           "setoption name Hash value " + binary,
           "setoption name UCI_Variant value " + binary,
           "position startpos moves " + binary,
           "position fen " + binary,
           "position fen " + std::string(100000, '1') + " S",
           "position startpos moves " + std::string(100000, 'A'),
           "setoption name MaxPlies value " + std::string(100000, '9'),
           "query " + binary,
       }) {
    const std::string line = answer(command);
    EXPECT_TRUE(starts_with(line, "info string error: ")) << line.substr(0, 200);
    EXPECT_LE(line.size(), 400u);
    for (char c : line)
      EXPECT_TRUE(c >= 32 && c < 127) << int(c);
  }
  EXPECT_EQ(response("fen"), "none");  // the refused positions left none
  expect_silent("position startpos");
  EXPECT_EQ(response("fen"), start_fen(Variant::kKiswahili));
}

TEST_F(ProtocolTest, EmptyLinesAreIgnored) {
  for (const char* blank : {"", " ", "\t", "\r", " \t \r ", "\v\f"})
    expect_silent(blank);
  // A whole transcript with blank lines between commands.
  ASSERT_TRUE(kete.send_raw("\n\n  \nposition startpos moves A7L\n\r\n\nquery p1turn\n\n"));
  EXPECT_EQ(kete.read_line(), "response false");
}

// ---------------------------------------------------------------------------------------
// Sessions: quit, end of input, both dialects

TEST(ProtocolSession, QuitExits) {
  KeteProcess kete;
  EXPECT_EQ(kete.ask("uci").back(), "uciok");
  ASSERT_TRUE(kete.send("quit"));
  EXPECT_EQ(kete.wait_exit(), 0);
  EXPECT_EQ(kete.drain(0ms), Lines{});
}

TEST(ProtocolSession, QuitIgnoresWhatFollows) {
  KeteProcess kete;
  ASSERT_TRUE(kete.send_raw("quit now\nisready\n"));
  EXPECT_EQ(kete.wait_exit(), 0);
  EXPECT_EQ(kete.drain(0ms), Lines{});
}

TEST(ProtocolSession, QuitDuringSearchGivesItsBestmove) {
  KeteProcess kete;
  ASSERT_TRUE(kete.send("go infinite"));
  bool reported = false;  // the search runs
  kete.read_until([](const std::string& l) { return starts_with(l, "info depth "); }, reported);
  ASSERT_TRUE(reported);
  ASSERT_TRUE(kete.send("quit"));
  EXPECT_EQ(kete.wait_exit(), 0);
  const Lines rest = kete.drain(0ms);
  ASSERT_FALSE(rest.empty());
  EXPECT_TRUE(starts_with(rest.back(), "bestmove ")) << rest.back();
}

TEST(ProtocolSession, EndOfInputExits) {
  KeteProcess kete;
  ASSERT_TRUE(kete.send("isready"));
  EXPECT_EQ(kete.read_line(), "readyok");
  kete.close_input();
  EXPECT_EQ(kete.wait_exit(), 0);
}

TEST(ProtocolSession, EndOfInputInTheMiddleOfALine) {
  KeteProcess kete;
  ASSERT_TRUE(kete.send_raw("query p1tu"));
  kete.close_input();
  EXPECT_EQ(kete.wait_exit(), 0);
  EXPECT_EQ(kete.drain(0ms), Lines{"info string error: query: unknown query 'p1tu'"});
}

TEST(ProtocolSession, EndOfInputDuringSearchGivesItsBestmove) {
  KeteProcess kete;
  ASSERT_TRUE(kete.send("go infinite"));
  kete.close_input();
  EXPECT_EQ(kete.wait_exit(), 0);
  const Lines rest = kete.drain(0ms);
  ASSERT_FALSE(rest.empty());
  EXPECT_TRUE(starts_with(rest.back(), "bestmove ")) << rest.back();
}

// What the cutegames arena sends (UGI): p1 = South, clocks p1time/p2time.
TEST_F(ProtocolTest, UgiSessionAsCutegamesRunsIt) {
  EXPECT_EQ(identify(kete, "ugi", "ugiok").back(), "ugiok");
  set_option("UCI_Variant", "kiswahili");
  expect_silent("uginewgame");
  std::vector<std::string> played;
  const Game game = play_from_start(
      kKiswahili, "go p1time 1500 p2time 1200 p1inc 20 p2inc 20", played, [&](const Game& g) {
        EXPECT_EQ(response("gameover"), "false");
        EXPECT_EQ(response("p1turn"),
                  g.position().side_to_move() == Side::kSouth ? "true" : "false");
      });
  expect_silent("position startpos moves " + join(played));
  EXPECT_EQ(response("fen"), position_string(game.position()));
  EXPECT_EQ(response("result"), to_string(game.outcome().result));
  ASSERT_TRUE(kete.send("quit"));
  EXPECT_EQ(kete.wait_exit(), 0);
}

// What a chess GUI sends (UCI): white = South, clocks wtime/btime.
TEST_F(ProtocolTest, UciSessionAsAChessGuiRunsIt) {
  EXPECT_EQ(identify(kete, "uci", "uciok").back(), "uciok");
  set_option("UCI_Variant", "bao");
  set_option("Hash", "32");
  set_option("Threads", "2");
  expect_silent("ucinewgame");
  std::vector<std::string> played;
  play_from_start(kBao, "go wtime 2000 btime 2000 winc 10 binc 10", played);
  ASSERT_TRUE(kete.send("quit"));
  EXPECT_EQ(kete.wait_exit(), 0);
}

}  // namespace
}  // namespace kete::test
