// Protocol fuzzing against the real binary: some 100,000 random and mutated lines (valid
// commands with corrupted arguments, huge and negative numbers, NUL and 0xFF bytes, 100 KB
// lines, random tokens) go to ONE kete process. Nothing on stdin may crash it
// (docs/interface.md section 3): afterwards it must answer isready and play a legal bestmove.
//
// Reproduce or vary a run with KETE_FUZZ_SEED=<n> and KETE_FUZZ_LINES=<n>;
// KETE_FUZZ_DUMP=<file> writes every line sent to the file (replay: kete < file).
#include <chrono>
#include <climits>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <thread>

#include <gtest/gtest.h>

#include "rules/random.h"
#include "rules/text.h"
#include "tests/kete_process.h"
#include "tests/test_util.h"

namespace kete::test {
namespace {

using Lines = std::vector<std::string>;

// Some 2 s in the release build, 15 s under ASan + UBSan.
constexpr int kDefaultLines = 120'000;
constexpr int kSyncEvery = 500;  // lines between round trips that check the engine lives

uint64_t env_or(const char* name, uint64_t fallback) {
  const char* v = std::getenv(name);
  if (!v) return fallback;
  const absl::StatusOr<uint64_t> n = parse_number<uint64_t>(name, v, 0, UINT64_MAX);
  EXPECT_TRUE(n.ok()) << n.status();
  return n.ok() ? *n : fallback;
}

std::optional<int64_t> as_int(std::string_view s) {
  const absl::StatusOr<int64_t> n = parse_number<int64_t>("value", s, INT64_MIN, INT64_MAX);
  return n.ok() ? std::optional<int64_t>(*n) : std::nullopt;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

std::string printable(std::string_view s) {
  std::string out;
  for (char c : s.substr(0, 120)) {
    if (c >= 32 && c < 127) {
      out += c;
    } else {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", unsigned(uint8_t(c)));
      out += hex;
    }
  }
  if (s.size() > 120) out += "...(" + std::to_string(s.size()) + " bytes)";
  return out;
}

struct ListedOption {
  std::string name;
  std::vector<std::string> values;  // valid ones: default, range ends, choices
};

// The options of the `uci` listing with values they accept.
std::vector<ListedOption> listed_options(const Lines& listing) {
  std::vector<ListedOption> out;
  for (const std::string& line : listing) {
    const std::vector<std::string_view> w = split_words(line);
    if (w.size() < 4 || w[0] != "option") continue;
    ListedOption o;
    size_t i = 2;
    for (; i < w.size() && w[i] != "type"; ++i)
      o.name += (o.name.empty() ? "" : " ") + std::string(w[i]);
    for (; i + 1 < w.size(); ++i)
      if (w[i] == "default" || w[i] == "min" || w[i] == "max" || w[i] == "var")
        o.values.emplace_back(w[i + 1]);
    if (o.values.empty()) o.values.emplace_back("");
    out.push_back(o);
  }
  return out;
}

class LineFuzzer {
 public:
  LineFuzzer(uint64_t seed, std::vector<ListedOption> options)
      : rng_(seed), options_(std::move(options)) {
    for (const ListedOption& o : options_)
      for (const std::string& v : o.values)
        valid_.push_back("setoption name " + o.name + (v.empty() ? "" : " value " + v));
    for (const char* fen : {
             "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Hh -",
             "0,0,0,0,0,0,0,0/0,0,0,0,9,0,0,1/1,6,3,1,0,5,4,0/2,1,0,5,0,3,0,1 S 11,11 - -",
             "1,2,0,2,3,1,0,0/0,0,11,0,0,2,7,1/2,0,3,23,0,0,0,0/0,2,1,0,0,1,2,0 N 0,0 - a6",
             kBaoWorkedExample,
             "9,2,3,6,1,2,1,2/0,1,0,7,3,18,0,1/0,0,0,1,0,0,0,0/1,0,2,0,1,1,1,1 N",
             "2,2,0,3,2,2,1,0,0,1,2,1/1,2,1,0,0,0,4,0,1,1,0,5/0,1,0,3,0,3,0,1,0,5,0,4/"
             "1,0,2,1,0,1,2,1,2,1,0,1 S",
         }) {
      valid_.push_back(std::string("position fen ") + fen);
      valid_.push_back(std::string("position fen ") + fen + " moves A7L a5R");
    }
    for (const char* line : {"uci",
                             "ugi",
                             "isready",
                             "ucinewgame",
                             "uginewgame",
                             "position startpos",
                             "position startpos moves A7L a5R",
                             "position startpos moves A6L a6L A5L",
                             "position startpos moves B7R",
                             "go depth 2",
                             "go depth 5",
                             "go nodes 500",
                             "go movetime 5",
                             "go wtime 100 btime 100 winc 1 binc 1 movestogo 3",
                             "go p1time 100 p2time 100 p1inc 1 p2inc 1",
                             "go infinite",
                             "go",
                             "stop",
                             "query gameover",
                             "query p1turn",
                             "query result",
                             "query fen",
                             "query moves",
                             "query islegal A6L",
                             "query islegal a5R",
                             "d",
                             "perft 2",
                             "go perft 1",
                             "eval",
                             "help",
                             "setoption name UCI_Variant value bao",
                             "setoption name UCI_Variant value kigogo",
                             "setoption name UCI_Variant value kujifunza",
                             "setoption name KichwaRule value follow",
                             "setoption name MaxPlies value 3"})
      valid_.emplace_back(line);
    for (const std::string& v : valid_)
      for (std::string_view w : split_words(v))
        vocabulary_.emplace_back(w);
    for (const char* w :
         {"moves", "startpos", "fen",  "value",  "name",        "infinite", "perft", "A1L",
          "a8R",   "B16R",     "A6L+", "A3R:LR", "A12",         "-",        "S",     "N",
          "Hh",    "22,22",    "a6",   "ponder", "searchmoves", "quit",     "bench"})
      vocabulary_.emplace_back(w);
  }

  // The next line; never one that would end the session or run for minutes.
  std::string next() {
    for (;;) {
      std::string line = generate();
      if (safe(line)) return line;
    }
  }

 private:
  size_t pick(size_t n) { return size_t(rng_.uniform_below(n)); }
  bool chance(int percent) { return int(rng_.uniform_below(100)) < percent; }

  std::string number() {
    static const char* const kSpecial[] = {"0",
                                           "-0",
                                           "1",
                                           "-1",
                                           "2147483647",
                                           "2147483648",
                                           "-2147483649",
                                           "9223372036854775807",
                                           "-9223372036854775808",
                                           "9223372036854775808",
                                           "99999999999999999999999999",
                                           "18446744073709551615",
                                           "1e9",
                                           "0x10",
                                           "+5",
                                           "1.5",
                                           "NaN",
                                           "inf",
                                           "007",
                                           "",
                                           " ",
                                           "-",
                                           "65536",
                                           "65537",
                                           "100000",
                                           "100001",
                                           "5000",
                                           "5001",
                                           "256",
                                           "257"};
    if (chance(50)) return kSpecial[pick(std::size(kSpecial))];
    const int64_t magnitude = int64_t(1) << pick(63);
    return std::to_string(int64_t(rng_.uniform_below(uint64_t(magnitude))) * (chance(30) ? -1 : 1));
  }

  std::string bytes(size_t n) {
    std::string s;
    for (size_t i = 0; i < n; ++i) {
      char c = char(rng_() & 0xFF);
      if (chance(10)) c = '\0';
      if (chance(10)) c = char(0xFF);
      s += c;
    }
    return s;
  }

  std::string token() {
    switch (pick(5)) {
      case 0:
        return number();
      case 1:
        return bytes(1 + pick(12));
      default:
        return vocabulary_[pick(vocabulary_.size())];
    }
  }

  std::string generate() {
    std::string line;
    const int kind = int(pick(100));
    if (kind < 10) {  // a valid command
      line = valid_[pick(valid_.size())];
    } else if (kind < 45) {  // a valid command with a word replaced, added or removed
      std::vector<std::string> w;
      for (std::string_view word : split_words(valid_[pick(valid_.size())]))
        w.emplace_back(word);
      const int edits = 1 + int(pick(3));
      for (int e = 0; e < edits; ++e) {
        const size_t at = pick(w.size() + 1);
        switch (pick(3)) {
          case 0:
            if (at < w.size()) w[at] = token();
            break;
          case 1:
            w.insert(w.begin() + std::ptrdiff_t(at), token());
            break;
          default:
            if (at < w.size() && w.size() > 1) w.erase(w.begin() + std::ptrdiff_t(at));
        }
      }
      for (const std::string& word : w)
        line += (line.empty() ? "" : " ") + word;
    } else if (kind < 65) {  // byte-level mutations of a valid command
      line = valid_[pick(valid_.size())];
      const int edits = 1 + int(pick(6));
      for (int e = 0; e < edits; ++e) {
        const size_t at = pick(line.size() + 1);
        switch (pick(4)) {
          case 0:
            if (at < line.size()) line[at] = char(rng_() & 0xFF);
            break;
          case 1:
            line.insert(at, bytes(1 + pick(4)));
            break;
          case 2:
            if (at < line.size()) line.erase(at, 1 + pick(8));
            break;
          default:
            line.insert(at, chance(50) ? std::string(1, '\0') : std::string(1, '\xff'));
        }
      }
    } else if (kind < 85) {  // random tokens
      const size_t n = pick(12);
      for (size_t i = 0; i < n; ++i)
        line += (i ? (chance(90) ? " " : "\t") : "") + token();
    } else if (kind < 95) {  // random bytes
      line = bytes(pick(200));
    } else if (kind < 99) {  // two commands run together, or whitespace only
      line = chance(50) ? valid_[pick(valid_.size())] + valid_[pick(valid_.size())]
                        : std::string(pick(20), " \t\r\v\f"[pick(5)]);
    } else if (chance(10)) {  // a 100 KB line
      const std::string head = valid_[pick(valid_.size())] + " ";
      line = head + (chance(50) ? bytes(100'000) : std::string(100'000, "1A ,/"[pick(5)]));
    } else {
      line = valid_[pick(valid_.size())];
    }
    for (char& c : line)
      if (c == '\n') c = ' ';  // one line is one line
    return line;
  }

  // Keeps out what would end the session or run for minutes by design: quit, deep perft
  // and bench (synchronous, up to depth 30 and 20), hash tables or thread counts that
  // would take the machine's memory. Tables stay at 1-2 MiB: every ucinewgame and every
  // Hash clears the table, some 10 ms at the default 16 MiB, and the fuzz has thousands.
  // (bench, with a fresh 16 MiB table per position, is only a word of the vocabulary.)
  bool safe(const std::string& line) const {
    const std::vector<std::string_view> w = split_words(line);
    if (w.empty()) return true;
    if (w[0] == "quit") return false;
    auto depth_ok = [&](size_t at, int64_t limit) {
      const std::optional<int64_t> d = at < w.size() ? as_int(w[at]) : std::nullopt;
      return !d || *d <= limit;
    };
    if (w[0] == "perft") return depth_ok(1, 3);
    if (w[0] == "go" && w.size() > 1 && w[1] == "perft") return depth_ok(2, 3);
    if (w[0] == "bench") return w.size() > 1 && depth_ok(1, 2);
    if (w[0] == "setoption") {
      const auto value_at = std::find(w.begin(), w.end(), "value");
      std::string name, value;
      for (auto it = w.begin() + std::min<std::ptrdiff_t>(2, std::ssize(w)); it < value_at; ++it)
        name += (name.empty() ? "" : " ") + std::string(*it);
      for (auto it = value_at == w.end() ? w.end() : value_at + 1; it < w.end(); ++it)
        value += (value.empty() ? "" : " ") + std::string(*it);
      const std::optional<int64_t> n = as_int(value);
      if (lower(name) == "hash" && n && *n > 2) return false;
      if (lower(name) == "threads" && n && *n > 8) return false;
    }
    return true;
  }

  Random rng_;
  std::vector<ListedOption> options_;
  std::vector<std::string> valid_;
  std::vector<std::string> vocabulary_;
};

TEST(ProtocolFuzz, RandomAndMutatedLinesNeverStopTheEngine) {
  const uint64_t seed = env_or("KETE_FUZZ_SEED", 20261130);
  const int total = int(env_or("KETE_FUZZ_LINES", kDefaultLines));
  KeteProcess kete;
  ASSERT_TRUE(kete.send("uci"));
  const Lines listing = kete.expect_until("uciok");
  ASSERT_FALSE(listing.empty());
  LineFuzzer fuzzer(seed, listed_options(listing));
  EXPECT_EQ(kete.ask("setoption name Hash value 1"), Lines{});

  std::deque<std::string> recent;  // for the failure message
  auto history = [&] {
    std::string s = "seed " + std::to_string(seed) + "; the last lines sent:";
    for (const std::string& l : recent)
      s += "\n  " + printable(l);
    return s;
  };
  std::ofstream dump;
  if (const char* path = std::getenv("KETE_FUZZ_DUMP")) dump.open(path, std::ios::binary);
  auto send = [&](const std::string& line) {
    if (dump.is_open()) dump << line << '\n';
    return kete.send(line);
  };
  int searches = 0;
  for (int i = 0; i < total; ++i) {
    const std::string line = fuzzer.next();
    recent.push_back(line);
    if (recent.size() > 30) recent.pop_front();
    ASSERT_TRUE(send(line)) << "the engine stopped reading at line " << i << "\n" << history();
    // A fuzzed go may have no limit (or an infinite one): stop it at once.
    const std::vector<std::string_view> w = split_words(line);
    if (!w.empty() && w[0] == "go" && !(w.size() > 1 && w[1] == "perft")) {
      ASSERT_TRUE(send("stop"));
      ++searches;
    }
    if ((i + 1) % kSyncEvery == 0 || i + 1 == total) {
      const std::string marker = "kete-fuzz-sync-" + std::to_string(i);
      ASSERT_TRUE(send(marker));
      const Lines out = kete.expect_until("info string error: unknown command '" + marker + "'");
      ASSERT_FALSE(out.empty()) << "no answer after line " << i << "\n" << history();
      for (const std::string& l : out)
        for (char c : l)
          ASSERT_TRUE(c >= 32 && c < 127) << "unprintable output " << printable(l) << "\n"
                                          << history();
      ASSERT_TRUE(kete.alive()) << history();
    }
  }
  std::cout << "[          ] " << total << " lines, " << searches << " go lines, seed " << seed
            << "\n";

  // Still alive, still answering, still playing.
  ASSERT_TRUE(kete.alive());
  ASSERT_TRUE(kete.send("stop"));
  ASSERT_TRUE(kete.send("isready"));
  ASSERT_FALSE(kete.expect_until("readyok").empty());
  // A stopped search may still be printing. A `go` from a finished game answers
  // `bestmove (none)` once no search runs (refused while one does), after the earlier
  // search's last line: no search ends with that line.
  ASSERT_TRUE(kete.send("setoption name UCI_Variant value bao"));
  ASSERT_TRUE(kete.send("position fen " + std::string(kBaoWorkedExample) + " moves B7R"));
  // The stopped search ends when its threads have wound down, which a loaded machine (or
  // ThreadSanitizer) can make take seconds: probe until it has, a probe every 10 ms, for
  // as long as a loaded machine may need (1000 quick probes were once not enough).
  bool settled = false;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(2);
  for (int probe = 0; !settled && std::chrono::steady_clock::now() < give_up; ++probe) {
    if (probe) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    ASSERT_TRUE(kete.send("go depth 1"));
    bool found = false;
    const Lines out = kete.read_until(
        [](const std::string& l) {
          return l == "bestmove (none)" || l.starts_with("info string error: go: ");
        },
        found);
    ASSERT_TRUE(found) << "no answer to a probe 'go depth 1'" << show(out);
    settled = out.back() == "bestmove (none)";
    if (!settled) {
      ASSERT_EQ(out.back(), "info string error: go: a search is running: send stop first");
    }
  }
  ASSERT_TRUE(settled) << "a search still ran two minutes after stop";
  ASSERT_TRUE(kete.send("position startpos"));
  const Lines moves = kete.ask("query moves");
  ASSERT_EQ(moves.size(), 1u);
  const std::vector<std::string_view> legal = split_words(moves[0]);
  ASSERT_GT(legal.size(), 1u) << moves[0];
  ASSERT_EQ(legal[0], "response");
  ASSERT_TRUE(kete.send("go depth 2"));
  bool found = false;
  const Lines go =
      kete.read_until([](const std::string& l) { return l.rfind("bestmove", 0) == 0; }, found);
  ASSERT_TRUE(found);
  const std::vector<std::string_view> best = split_words(go.back());
  ASSERT_EQ(best.size(), 2u) << go.back();
  EXPECT_NE(std::find(legal.begin() + 1, legal.end(), best[1]), legal.end()) << go.back();
  EXPECT_EQ(kete.ask("query islegal " + std::string(best[1])), Lines{"response true"});
  ASSERT_TRUE(kete.send("quit"));
  EXPECT_EQ(kete.wait_exit(), 0);
}

}  // namespace
}  // namespace kete::test
