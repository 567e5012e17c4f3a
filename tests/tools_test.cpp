// The tools' command lines and output, run as the user runs them: every bad flag is an
// error that names it (exit status 2), and a tool that could not write what it promised
// exits non-zero with a message.
#include <sys/stat.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "rules/notation.h"
#include "rules/rules.h"
#include "tests/kete_process.h"
#include "tests/test_util.h"

namespace kete::test {
namespace {

struct ToolRun {
  int status = -1;     // the exit code, or 128 + the signal
  std::string output;  // stdout and stderr together
};

// Runs `command` (a shell line; the tests give only quoted paths and plain words), its
// standard output sent to `stdout_to` if given.
ToolRun run(const std::string& command, const std::string& stdout_to = "") {
  ToolRun r;
  const std::string line = command + " 2>&1" + (stdout_to.empty() ? "" : " >" + stdout_to);
  FILE* pipe = popen(line.c_str(), "r");
  if (!pipe) return r;
  char buffer[4096];
  for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;)
    r.output.append(buffer, n);
  const int status = pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

std::string tool(const char* path) {
  return std::string("'") + path + "'";
}

struct BadFlag {
  std::string command;
  std::string message;
};

TEST(ToolFlags, EveryBadFlagIsAnErrorThatNamesIt) {
  const std::string match = tool(KETE_MATCH) + " --engine cmd=" + tool(KETE_BINARY) +
                            " name=a --engine cmd=" + tool(KETE_BINARY) + " name=b --nodes 10";
  const std::vector<BadFlag> cases = {
      {match + " --games x", "--games: expected a number in 1..10000000, got 'x'"},
      {match + " --bogus", "unknown argument '--bogus'"},
      {match + " --pgn ''", "--pgn: empty value"},
      {tool(KETE_SPSA) + " --iterations x", "--iterations: expected a number"},
      {tool(KETE_DATAGEN) + " --out d.txt --games x", "--games: expected a number"},
      {tool(KETE_DATAGEN) + " --out d.txt --games", "--games needs a value"},
      {tool(KETE_DATAGEN) + " --out d.txt --shard 3/3", "--shard: '3/3' is not I/N"},
      {tool(KETE_DATAGEN) + " --out d.txt --variant chess", "--variant: unknown 'chess'"},
      {tool(KETE_DATAGEN) + " --frobnicate 1", "unknown argument '--frobnicate'"},
      {tool(KETE_DATAGEN) + " --out d.txt --openings b.txt --random-plies 4",
       "--openings and --random-plies exclude each other"},
      {tool(KETE_DATAGEN) + " --out d.txt --openings /nonexistent/book.txt",
       "/nonexistent/book.txt"},
      {tool(KETE_TEXEL) + " --data d --out o --lr fast", "--lr: expected a number"},
      {tool(KETE_TEXEL) + " --data d --out o --freeze nonsense", "--freeze: unknown weight"},
      {tool(KETE_TEXEL) + " --data d --out o --kichwa follow", "unknown argument '--kichwa'"},
      {tool(KETE_STRENGTH) + " --a random --b random --games x",
       "--games: expected a number in 2..10000000, got 'x'"},
      {tool(KETE_STRENGTH) + " --a random --b random --plies -1", "--plies: expected a number"},
      {tool(KETE_STRENGTH) + " --a random --b kete:nodes=0", "--b: unknown player 'kete:nodes=0'"},
      {tool(KETE_STRENGTH) + " --a random", "give both players"},
      {tool(KETE_TRAIN) + " --data d.txt --out n.nnue --lr fast", "--lr: expected a number"},
      {tool(KETE_TRAIN) + " --data d.txt --out n.nnue --epochs -1",
       "--epochs: expected a number in 0..100000, got '-1'"},
      {tool(KETE_TRAIN) + " --out n.nnue", "--data FILE is required"},
      {tool(KETE_TRAIN) + " --data d.txt --out n.nnue --variant go", "--variant: unknown 'go'"},
      {tool(KETE_TRAIN) + " --data d.txt --out n.nnue --frobnicate",
       "unknown argument '--frobnicate'"},
      {tool(KETE_BOOK) + " --out b.txt --count 0",
       "--count: expected a number in 1..100000, got '0'"},
      {tool(KETE_BOOK) + " --out b.txt --min-plies 5 --max-plies 4",
       "--min-plies is above --max-plies"},
      {tool(KETE_BOOK) + " --count 3", "--out FILE is required"},
      {tool(KETE_BOOK) + " --out b.txt --margin", "--margin needs a value"},
      {tool(KETE_SOLVE) + " --distance 2", "--distance: expected a number in 0..1, got '2'"},
      {tool(KETE_SOLVE) + " --winner X", "--winner: expected S, N or auto, got 'X'"},
      {tool(KETE_SOLVE) + " --kichwa both", "--kichwa"},
      {tool(KETE_SOLVE) + " --proofs p", "unknown argument '--proofs'"},
      {tool(KETE_SOLVE) + " --resume", "--resume needs --checkpoint FILE"},
      {tool(KETE_SOLVE) + " --checkpoint c --distance 1",
       "the distance search (--distance 1) is not resumable"},
      {tool(KETE_SOLVE) + " --checkpoint c --checkpoint-nodes x", "--checkpoint-nodes: expected"},
      {tool(KETE_SOLVE) + " --threads 0", "--threads: expected a number in 1..256, got '0'"},
      {tool(KETE_SOLVE) + " --threads x", "--threads: expected a number in 1..256, got 'x'"},
      {tool(KETE_SOLVE) + " --threads 100000", "--threads: expected a number in 1..256"},
      {tool(KETE_SOLVE) + " --job-nodes 0", "--job-nodes: expected a number"},
      {tool(KETE_SOLVE) + " --threads 2 --census 2", "the job-level search (--threads) has no"},
      {tool(KETE_SOLVE) + " --guide foo", "--guide: expected none or eval, got 'foo'"},
      {tool(KETE_SOLVE) + " --guide", "--guide needs a value"},
  };
  for (const BadFlag& c : cases) {
    const ToolRun r = run(c.command);
    EXPECT_EQ(r.status, 2) << c.command << "\n" << r.output;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << c.command << "\n" << r.output;
  }
}

// The sanitizer presets do not build kete-throughput (KETE_BUILD_BENCHMARKS=OFF): there
// the test is listed as skipped.
TEST(ToolFlags, ThroughputRefusesBadFlags) {
#ifndef KETE_THROUGHPUT
  GTEST_SKIP() << "kete-throughput is not built here (KETE_BUILD_BENCHMARKS=OFF)";
#else
  for (const auto& [args, message] :
       std::vector<std::pair<std::string, std::string>>{{"--runs x", "--runs: expected a number"},
                                                        {"--games 2", "unknown argument '--games'"},
                                                        {"--runs", "--runs needs a value"}}) {
    const ToolRun r = run(tool(KETE_THROUGHPUT) + " " + args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(message), std::string::npos) << args << "\n" << r.output;
  }
#endif
}

// `--help` (or `-h`) prints the tool's usage on standard output and exits 0, for every tool
// (issue 32: kete-solve called it an unknown argument).
TEST(ToolFlags, EveryToolPrintsItsUsageForHelp) {
  std::vector<std::string> tools = {KETE_MATCH, KETE_SPSA, KETE_DATAGEN, KETE_TEXEL,
                                    KETE_TRAIN, KETE_BOOK, KETE_SOLVE,   KETE_STRENGTH};
#ifdef KETE_THROUGHPUT
  tools.push_back(KETE_THROUGHPUT);
#endif
  for (const std::string& path : tools)
    for (const char* help : {"--help", "-h"}) {
      const std::string name = path.substr(path.rfind('/') + 1);
      const ToolRun r = run(tool(path.c_str()) + " " + help + " 2>/dev/null");
      EXPECT_EQ(r.status, 0) << name << " " << help << "\n" << r.output;
      EXPECT_NE(r.output.find(name), std::string::npos) << name << "\n" << r.output;
    }
  const ToolRun solve = run(tool(KETE_SOLVE) + " --help");
  EXPECT_NE(solve.output.find("[--guide none|eval]"), std::string::npos) << solve.output;
}

// A directory of its own for a test's files.
std::string scratch(const std::string& name) {
  const std::string dir =
      testing::TempDir() + "kete-tools-" + name + "-" + std::to_string(getpid());
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

std::string two_engines() {
  return " --engine cmd=" + tool(KETE_BINARY) + " name=a --engine cmd=" + tool(KETE_BINARY) +
         " name=b --nodes 20 --games 2 --concurrency 1 --quiet";
}

// Issue #20: a tool that could not write what it promised exits non-zero and says why.
TEST(ToolOutput, MatchRecordsOnAFullDiskFail) {
  const ToolRun r = run(tool(KETE_MATCH) + two_engines() + " --pgn /dev/full");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("/dev/full"), std::string::npos) << r.output;
}

TEST(ToolOutput, AFullStandardOutputFails) {
  for (const std::string& command : {tool(KETE_MATCH) + two_engines(), tool(KETE_MATCH) + " --help",
                                     tool(KETE_SPSA) + " --help"}) {
    const ToolRun r = run(command, "/dev/full");
    EXPECT_EQ(r.status, 1) << command << "\n" << r.output;
    EXPECT_NE(r.output.find("cannot write the standard output"), std::string::npos)
        << command << "\n"
        << r.output;
  }
}

// --openings: the header names the book by its file name and digest in place of the random
// plies (tuning_test checks where the games start; ToolFlags, a book that cannot be read).
TEST(ToolOutput, DatagenFromABookNamesItInTheHeader) {
  const std::string dir = scratch("datagen-book");
  const std::string book = dir + "/my book.txt";
  {
    std::ofstream out(book);
    out << "# two openings\nstartpos moves B4L a6R B7L b1R\nstartpos moves B1L b7R B8R a4R B4L\n";
  }
  const std::string data = dir + "/d.txt";
  ToolRun r = run(tool(KETE_DATAGEN) + " --variant bao --games 2 --nodes 50 --openings '" + book +
                  "' --out " + data);
  ASSERT_EQ(r.status, 0) << r.output;
  std::ifstream in(data);
  std::string header;
  std::getline(in, header);
  EXPECT_NE(header.find(" openings=my_book.txt@"), std::string::npos) << header;
  EXPECT_EQ(header.find("random-plies"), std::string::npos) << header;
  std::filesystem::remove_all(dir);
}

TEST(ToolOutput, TexelWeightsOnAFullDiskFailAndADirectoryIsNoData) {
  const std::string dir = scratch("texel");
  const std::string data = dir + "/data.txt";
  ToolRun r = run(tool(KETE_DATAGEN) + " --variant bao --games 4 --nodes 50 --out " + data);
  ASSERT_EQ(r.status, 0) << r.output;
  r = run(tool(KETE_TEXEL) + " --variant bao --epochs 5 --data " + data + " --out /dev/full");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("cannot write '/dev/full'"), std::string::npos) << r.output;
  r = run(tool(KETE_TEXEL) + " --variant bao --data " + dir + " --out " + dir + "/w.txt");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("'" + dir + "' is a directory, not a data file"), std::string::npos)
      << r.output;
  r = run(tool(KETE_DATAGEN) + " --variant bao --games 2 --nodes 50 --out /dev/full");
  EXPECT_EQ(r.status, 1) << r.output;
  std::filesystem::remove_all(dir);
}

// Issue #20: --output replaced whatever the path named (a device node once). Only a
// regular file or a new path is written; a FIFO stays a FIFO.
TEST(ToolOutput, SpsaRefusesToReplaceAnythingButARegularFile) {
  const std::string dir = scratch("spsa");
  const std::string fifo = dir + "/fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const ToolRun r =
      run(tool(KETE_SPSA) + " --param all --nodes 10 --iterations 1 --output " + fifo);
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("is not a regular file"), std::string::npos) << r.output;
  struct stat st;
  ASSERT_EQ(lstat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
  std::filesystem::remove_all(dir);
}

std::string read_text(const std::string& path) {
  std::string text;
  if (FILE* f = std::fopen(path.c_str(), "rb")) {
    char buffer[4096];
    for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, f)) > 0;)
      text.append(buffer, n);
    std::fclose(f);
  }
  return text;
}

void write_text(const std::string& path, const std::string& text) {
  FILE* f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  ASSERT_EQ(std::fwrite(text.data(), 1, text.size(), f), text.size());
  ASSERT_EQ(std::fclose(f), 0);
}

// Issue 29: a tool started with standard error or standard output closed (`2>&-`, `>&-`)
// opened its output file on that descriptor and wrote its progress or its results into
// its data, records or book.
TEST(ToolStreams, AClosedStandardStreamIsNeverTheOutputFile) {
  const std::string dir = scratch("closed");
  struct Case {
    std::string command;
    std::string file;
    std::vector<std::string> strays;  // what the tool writes to stderr or stdout
  };
  const std::vector<Case> cases = {
      {tool(KETE_DATAGEN) + " --variant bao --games 2 --nodes 50 --out " + dir + "/d.txt",
       dir + "/d.txt",
       {"kete-datagen:", "games/s"}},
      {tool(KETE_MATCH) + two_engines() + " --pgn " + dir + "/m.pgn",
       dir + "/m.pgn",
       {"2 games", "Score of"}},
      {tool(KETE_BOOK) + " --variant bao --count 2 --nodes 100 --out " + dir + "/b.txt",
       dir + "/b.txt",
       {"kete-book:", "kept of"}},
  };
  for (const char* closed : {"2>&-", ">&-"})
    for (const Case& c : cases) {
      const ToolRun r = run("{ " + c.command + " " + closed + "; }");
      EXPECT_EQ(r.status, 0) << c.command << " " << closed << "\n" << r.output;
      const std::string text = read_text(c.file);
      EXPECT_FALSE(text.empty()) << c.command << " " << closed;
      for (const std::string& stray : c.strays)
        EXPECT_EQ(text.find(stray), std::string::npos)
            << c.command << " " << closed << " wrote '" << stray << "' into " << c.file << ":\n"
            << text;
    }
  const ToolRun replay = run(tool(KETE_MATCH) + " --replay " + dir + "/m.pgn");
  EXPECT_EQ(replay.status, 0) << replay.output;
  std::filesystem::remove_all(dir);
}

// Issue 29: fmt::print threw from a full standard error, and kete-datagen, kete-match and
// kete-book aborted (SIGABRT, exit 134): progress may be lost, the run may not. And
// kete-solve, `kete --version` and `kete bench` exited 0 with their result lost on a full
// standard output: a lost result is a failure that says so.
TEST(ToolStreams, AFullStandardErrorIsNoFailureButALostResultIs) {
  const std::string dir = scratch("full");
  const ToolRun datagen =
      run("{ " + tool(KETE_DATAGEN) + " --variant bao --games 2 --nodes 50 --out " + dir +
          "/d.txt 2>/dev/full; }");
  EXPECT_EQ(datagen.status, 0) << datagen.output;
  EXPECT_NE(read_text(dir + "/d.txt").find("| 1\n"), std::string::npos);  // both games
  const ToolRun match = run("{ " + tool(KETE_MATCH) + two_engines() + " 2>/dev/full; }");
  EXPECT_EQ(match.status, 0) << match.output;
  EXPECT_NE(match.output.find("Score of a vs b"), std::string::npos) << match.output;
  const ToolRun book = run("{ " + tool(KETE_BOOK) + " --variant bao --count 2 --nodes 100 --out " +
                           dir + "/b.txt 2>/dev/full; }");
  EXPECT_EQ(book.status, 0) << book.output;

  const std::string proof = std::string(KETE_SOURCE_DIR) + "/tuning/proofs/kujifunza-follow.proof";
  const std::vector<std::pair<std::string, int>> lost = {
      {tool(KETE_SOLVE) + " --variant kujifunza --kichwa follow", 2},
      {tool(KETE_SOLVE) + " --check " + proof, 2},
      {tool(KETE_BINARY) + " --version", 1},
      {tool(KETE_BINARY) + " bench 1", 1}};
  for (const auto& [command, status] : lost) {
    const ToolRun r = run(command, "/dev/full");
    EXPECT_EQ(r.status, status) << command << "\n" << r.output;
    EXPECT_NE(r.output.find("cannot write the standard output"), std::string::npos)
        << command << "\n"
        << r.output;
  }
  std::filesystem::remove_all(dir);
}

// What the shell runs a tool under when its failure would take the machine's memory or hang:
// a 4 GB address space (not under the sanitizers, whose shadow memory takes far more) and
// a minute, for what takes a fraction of a second.
std::string guarded(const std::string& command) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  const std::string limit;
#else
  const std::string limit = "ulimit -v 4000000; ";
#endif
  return "{ " + limit + "timeout -k 10 60 " + command + "; }";
}

// Issue 29: every file a tool reads is a regular file of bounded size (rules/option_file.h).
// `--resume --checkpoint /dev/zero` grew kete-match to 2.2 GB and kete-datagen and kete-spsa
// to 24 GB, `kete-solve --check /dev/zero` to 1.6 GB; `--check` of a directory exited 1
// (an invalid proof), not 2 (a file that cannot be read, docs/solver.md).
TEST(ToolInput, EveryFileAToolReadsIsARegularFileOfBoundedSize) {
  const std::string dir = scratch("input");
  const std::string fifo = dir + "/fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const std::string big = dir + "/big";  // a checkpoint of 1 MiB and a byte, sparse
  write_text(big, "");
  ASSERT_EQ(truncate(big.c_str(), (1 << 20) + 1), 0);
  const std::string data = dir + "/data.txt";
  ASSERT_EQ(run(tool(KETE_DATAGEN) + " --variant bao --games 2 --nodes 50 --out " + data).status,
            0);
  const std::string long_line = dir + "/long.txt";  // the data, then a line of 100 KB
  const std::string samples = read_text(data);
  write_text(long_line, samples + std::string(100'000, '1') + "\n");
  const std::string long_line_number =
      std::to_string(std::count(samples.begin(), samples.end(), '\n') + 1);

  const std::string zero = "'/dev/zero' is a character device, not ";
  const std::string datagen = tool(KETE_DATAGEN) + " --variant bao --games 2 --out " + dir +
                              "/d.txt --resume --checkpoint ";
  const std::string texel = tool(KETE_TEXEL) + " --variant bao --out " + dir + "/w.txt --data ";
  const std::string solve = tool(KETE_SOLVE) + " --check ";
  struct Case {
    std::string command;
    int status;
    std::string message;
  };
  const std::vector<Case> cases = {
      {tool(KETE_MATCH) + two_engines() + " --resume --checkpoint /dev/zero", 1,
       zero + "a checkpoint"},
      {datagen + "/dev/zero", 1, zero + "a checkpoint"},
      {datagen + fifo, 1, "'" + fifo + "' is a pipe, not a checkpoint"},
      {datagen + big, 1, "'" + big + "' is not a checkpoint kete wrote (over 1 MiB)"},
      {tool(KETE_SPSA) + " --param all --nodes 10 --iterations 1 --output " + dir +
           "/o.txt --resume --checkpoint /dev/zero",
       1, zero + "a checkpoint"},
      {solve + "/dev/zero", 2, zero + "a proof file"},
      {solve + dir, 2, "'" + dir + "' is a directory, not a proof file"},
      {solve + fifo, 2, "'" + fifo + "' is a pipe, not a proof file"},
      {tool(KETE_MATCH) + two_engines() + " --openings /dev/zero", 1, zero + "an openings file"},
      {tool(KETE_MATCH) + " --replay /dev/zero", 1, zero + "a record file"},
      {texel + "/dev/zero", 1, zero + "a data file"},
      {texel + long_line, 1, long_line + ":" + long_line_number + ": a line of over 65536 bytes"},
      {tool(KETE_TRAIN) + " --variant bao --epochs 1 --out " + dir + "/n.net --data " + data +
           " --resume /dev/zero",
       1, zero + "a checkpoint"},
  };
  for (const Case& c : cases) {
    const ToolRun r = run(guarded(c.command));
    EXPECT_EQ(r.status, c.status) << c.command << "\n" << r.output;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << c.command << "\n" << r.output;
  }
  std::filesystem::remove_all(dir);
}

// 64-bit FNV-1a as 16 hex digits, written here from its definition (Fowler, Noll, Vo):
// the seal of a datagen checkpoint (tools/run_checkpoint.h).
std::string fnv1a(std::string_view text) {
  uint64_t h = 0xcbf29ce484222325;
  for (unsigned char c : text)
    h = (h ^ c) * 0x100000001b3;
  return fmt::format("{:016x}", h);
}

// kete-book on a tiny run (docs/strength.md, "Balanced openings"): the header line names
// every flag, then exactly --count openings of --min-plies..--max-plies moves, each one
// the engine accepts as a game from the start and scores within --margin at the book's
// node count (the same search, asked through the protocol); the same flags write the same
// book, and kete-match plays from it.
TEST(ToolRuns, BookWritesOpeningsWithinItsMarginThatMatchesPlay) {
  const std::string dir = scratch("book");
  const std::string book = tool(KETE_BOOK) +
                           " --variant kigogo --count 3 --nodes 200 --margin 150 --min-plies 2"
                           " --max-plies 3 --seed 4 --out ";
  ToolRun r = run(book + dir + "/a.txt");
  ASSERT_EQ(r.status, 0) << r.output;
  ASSERT_EQ(run(book + dir + "/b.txt").status, 0);
  const std::string text = read_text(dir + "/a.txt");
  EXPECT_EQ(text, read_text(dir + "/b.txt"));
  std::vector<std::string> lines;
  for (size_t at = 0, end; (end = text.find('\n', at)) != std::string::npos; at = end + 1)
    lines.push_back(text.substr(at, end - at));
  ASSERT_EQ(lines.size(), 4u) << text;
  EXPECT_EQ(lines[0],
            "# kete-book --variant kigogo --kichwa choose --count 3 --nodes 200 --margin 150 "
            "--min-plies 2 --max-plies 3 --seed 4");
  for (size_t i = 1; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    ASSERT_TRUE(line.starts_with("startpos moves ")) << line;
    const size_t moves = size_t(std::count(line.begin(), line.end(), ' ')) - 1;
    EXPECT_GE(moves, 2u) << line;
    EXPECT_LE(moves, 3u) << line;
    // The engine plays the opening and scores it as the book did: 200 nodes, a 16 MiB
    // table, one thread, the opening's positions as the game's history.
    KeteProcess kete;
    for (const std::string& command : {std::string("setoption name UCI_Variant value kigogo"),
                                       "position " + line, std::string("go nodes 200")})
      ASSERT_TRUE(kete.send(command));
    const std::vector<std::string> search = kete.until_bestmove("the search");
    int score = 1 << 30;
    for (const std::string& l : search)
      if (const size_t cp = l.find(" score cp "); cp != std::string::npos)
        score = std::stoi(l.substr(cp + 10));
    EXPECT_LE(std::abs(score), 150) << line << show(search);
  }
  r = run(tool(KETE_MATCH) + " --engine cmd=" + tool(KETE_BINARY) + " name=a --engine cmd=" +
          tool(KETE_BINARY) + " name=b --variant kigogo --nodes 50 --games 6 --concurrency 1" +
          " --quiet --openings " + dir + "/a.txt");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("Score of a vs b"), std::string::npos) << r.output;
  std::filesystem::remove_all(dir);
}

// kete-train on a tiny data set (docs/tuning.md, "Nets: kete-train"): the net it writes
// has a kigogo net's size (docs/evaluation.md, "The net file": 115,648 bytes), the engine
// loads it by EvalFile and `eval` shows its output; a run stopped after one epoch and resumed
// from its checkpoint writes the net of two epochs straight, byte for byte.
TEST(ToolRuns, TrainWritesANetThatTheEngineLoads) {
  const std::string dir = scratch("train");
  ToolRun r = run(tool(KETE_DATAGEN) + " --variant kigogo --games 6 --nodes 50 --seed 3 --out " +
                  dir + "/d.txt");
  ASSERT_EQ(r.status, 0) << r.output;
  const std::string train =
      tool(KETE_TRAIN) + " --variant kigogo --data " + dir + "/d.txt --batch 64 --seed 2";
  r = run(train + " --epochs 2 --out " + dir + "/two.nnue");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("epoch   2 training loss"), std::string::npos) << r.output;
  const std::string net = read_text(dir + "/two.nnue");
  EXPECT_EQ(net.size(), 115648u);
  EXPECT_TRUE(net.starts_with("KETENNUE"));
  r = run(train + " --epochs 1 --checkpoint " + dir + "/c.ckpt --out " + dir + "/one.nnue");
  ASSERT_EQ(r.status, 0) << r.output;
  r = run(train + " --epochs 2 --resume " + dir + "/c.ckpt --out " + dir + "/resumed.nnue");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("plain net, epoch 1\n"), std::string::npos) << r.output;
  EXPECT_EQ(read_text(dir + "/resumed.nnue"), net);
  EXPECT_NE(read_text(dir + "/one.nnue"), net);

  // The weights first, which drop the built-in kigogo net: the net that `eval` then shows
  // is the one trained here.
  KeteProcess kete;
  ASSERT_TRUE(kete.send("setoption name UCI_Variant value kigogo"));
  ASSERT_TRUE(kete.send("setoption name EvalFile value " + std::string(KETE_SOURCE_DIR) +
                        "/tuning/weights/kigogo.txt"));
  ASSERT_TRUE(kete.send("setoption name EvalFile value " + dir + "/two.nnue"));
  ASSERT_TRUE(kete.send("eval"));
  ASSERT_TRUE(kete.send("isready"));
  const std::vector<std::string> eval = kete.expect_until("readyok");
  std::string all;
  for (const std::string& l : eval)
    all += l + "\n";
  EXPECT_EQ(all.find("error"), std::string::npos) << all;
  EXPECT_NE(all.find("net output "), std::string::npos) << all;
  std::filesystem::remove_all(dir);
}

// kete-solve on a bao position that North wins in 3 (tests/forced_wins.h, proved by an
// exhaustive solver): `--distance 1` proves the exact distance and writes the proof;
// `--check` accepts it; the engine loads it by ProofFile, and a depth-1 search reports
// `score mate 3` at once, which it cannot see without the proof.
TEST(ToolRuns, SolveWritesAProofThatTheCheckerAndTheEngineLoad) {
  const std::string dir = scratch("solve");
  const std::string position = "1,5,0,5,1,2,5,0/0,1,1,1,4,4,0,2/0,1,0,4,0,6,0,2/0,0,3,3,1,4,4,4 N";
  ToolRun r = run(tool(KETE_SOLVE) + " --variant bao --position '" + position +
                  "' --distance 1 --hash 16 --proof " + dir + "/p.proof");
  ASSERT_EQ(r.status, 0) << r.output;
  r = run(tool(KETE_SOLVE) + " --check " + dir + "/p.proof");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(
      r.output.find("proof OK: North wins (bao KichwaRule choose, MaxPlies 1000) from " + position),
      std::string::npos)
      << r.output;
  // A win in 3 own moves is a line of 5 plies: North, South, North, South, North.
  EXPECT_NE(r.output.find("longest line 5 plies"), std::string::npos) << r.output;
  // The checker's count of positions, the winner's and the loser's, is what the engine
  // says it loaded.
  int winner_positions = 0, loser_positions = 0;
  const size_t counts = r.output.find("positions ", r.output.find('\n'));
  ASSERT_NE(counts, std::string::npos) << r.output;
  ASSERT_EQ(std::sscanf(r.output.c_str() + counts,
                        "positions %d (winner to move, one line each), loser positions %d",
                        &winner_positions, &loser_positions),
            2)
      << r.output;

  const auto depth_1 = [&](const std::string& proof_file) {
    KeteProcess kete;
    for (const std::string& command : {std::string("setoption name UCI_Variant value bao"),
                                       "setoption name ProofFile value " + proof_file,
                                       "position fen " + position, std::string("go depth 1")})
      EXPECT_TRUE(kete.send(command));
    return kete.until_bestmove("the search");
  };
  const std::vector<std::string> with = depth_1(dir + "/p.proof");
  EXPECT_NE(show(with).find(" score mate 3 "), std::string::npos) << show(with);
  EXPECT_NE(show(with).find(fmt::format("info string ProofFile: '{}/p.proof' loaded: {} positions "
                                        "proven",
                                        dir, winner_positions + loser_positions)),
            std::string::npos)
      << show(with);
  const std::vector<std::string> without = depth_1("<empty>");
  EXPECT_EQ(show(without).find(" score mate 3 "), std::string::npos) << show(without);
  std::filesystem::remove_all(dir);
}

std::string score_line(const std::string& output) {
  const size_t at = output.find("Score of");
  return at == std::string::npos ? "" : output.substr(at, output.find('\n', at) - at);
}

// Issue 29: `option.UseKillers=0` (a check option wants true or false) was refused by the
// engine in an `info string` and the match went on with two identical engines. An option
// the engine does not list or a value it cannot take now stops the match before a game.
TEST(ToolMatch, AnOptionTheEngineCannotSetStopsTheMatch) {
  const auto match = [](const std::string& option) {
    return tool(KETE_MATCH) + " --engine cmd=" + tool(KETE_BINARY) +
           " name=a --engine cmd=" + tool(KETE_BINARY) + " name=b " + option +
           " --nodes 100 --games 2 --seed 3 --quiet --concurrency 1";
  };
  struct Case {
    std::string option, message;
  };
  const Case cases[] = {
      {"option.UseKillers=0", "engine 'b': option 'UseKillers': '0' is not true or false"},
      {"option.Nonsense=1", "engine 'b' has no option 'Nonsense'"},
      {"option.Hash=0", "engine 'b': option 'Hash': '0' is not within 1.."},
      {"option.UCI_Variant=chess", "option 'UCI_Variant': 'chess' is not one of its choices"},
      {"option.Singular=x", "option 'Singular': 'x' is not a number"},
  };
  for (const Case& c : cases) {
    const ToolRun r = run(match(c.option));
    EXPECT_EQ(r.status, 1) << c.option << "\n" << r.output;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << c.option << "\n" << r.output;
    EXPECT_EQ(score_line(r.output), "") << c.option << ": games were played";
  }
  // The same options as the engine lists them, any case, are set.
  const ToolRun fine = run(match("option.usekillers=FALSE option.Singular=15"));
  EXPECT_EQ(fine.status, 0) << fine.output;
}

// A match cut short keeps its finished pairs in the checkpoint; --resume plays the rest
// and ends with the totals of the whole run (docs/distributed.md). The checkpoint of a
// killed run is made here by cutting a finished run's checkpoint after two pairs.
TEST(ToolCheckpoint, AResumedMatchEndsWithTheTotalsOfTheWholeRun) {
  const std::string dir = ::testing::TempDir() + "kete_checkpoint_match/";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string match =
      tool(KETE_MATCH) + " --engine cmd=" + tool(KETE_BINARY) +
      " name=a --engine cmd=" + tool(KETE_BINARY) +
      " name=b option.UseKillers=false --nodes 100 --games 8 --seed 3 --quiet" +
      " --concurrency 1 --checkpoint " + dir + "run.ckpt";
  const ToolRun whole = run(match);
  ASSERT_EQ(whole.status, 0) << whole.output;
  ASSERT_NE(score_line(whole.output), "");

  const ToolRun again = run(match);
  EXPECT_EQ(again.status, 1);
  EXPECT_NE(again.output.find("a checkpoint is already there"), std::string::npos);
  const ToolRun other = run(match + " --resume --games 10");
  EXPECT_EQ(other.status, 1);
  EXPECT_NE(other.output.find("the checkpoint is of another match"), std::string::npos);

  std::string text = read_text(dir + "run.ckpt");
  size_t cut = 0;
  for (int game = 0; game < 5; ++game)
    cut = text.find("[Event ", cut + 1);
  ASSERT_NE(cut, std::string::npos);
  write_text(dir + "run.ckpt", text.substr(0, cut));
  const ToolRun resumed = run(match + " --resume");
  ASSERT_EQ(resumed.status, 0) << resumed.output;
  EXPECT_NE(resumed.output.find("4 games already played"), std::string::npos);
  EXPECT_EQ(score_line(resumed.output), score_line(whole.output));
  std::filesystem::remove_all(dir);
}

// Issue 29: `--resume` trusted the checkpoint's records: one with an illegal move was
// copied to the PGN, and a repeated or out-of-range [Game] was counted (17 games scored
// in a 16-game match). Each record is now replayed and checked against the match's plan.
TEST(ToolCheckpoint, AResumedMatchRefusesRecordsItDidNotPlan) {
  const std::string dir = ::testing::TempDir() + "kete_checkpoint_plan/";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string match = tool(KETE_MATCH) + " --engine cmd=" + tool(KETE_BINARY) +
                            " name=a --engine cmd=" + tool(KETE_BINARY) +
                            " name=b --nodes 100 --games 4 --seed 3 --quiet --concurrency 1" +
                            " --checkpoint " + dir + "run.ckpt";
  const ToolRun whole = run(match);
  ASSERT_EQ(whole.status, 0) << whole.output;
  const std::string text = read_text(dir + "run.ckpt");
  const size_t second = text.find("[Event ", text.find("[Event ") + 1);
  const size_t third = text.find("[Event ", second + 1);
  ASSERT_NE(third, std::string::npos);
  const std::string first_pair = text.substr(text.find("[Event "), third - text.find("[Event "));
  // The first engine move of the first game (the first one timed, "{Nms}") replaced by
  // the ply before it, the other side's move: illegal there.
  std::string illegal = text;
  const size_t timed = illegal.find(" {", text.find("[Event "));
  const size_t token = illegal.rfind(' ', timed - 1) + 1;
  size_t before = illegal.find_last_of(" \n", token - 2);
  std::string previous = illegal.substr(before + 1, token - 2 - before);
  if (previous.back() == '.') {  // a move number: the token before it
    const size_t end = before;
    before = illegal.find_last_of(" \n", end - 1);
    previous = illegal.substr(before + 1, end - before - 1);
  }
  illegal.replace(token, timed - token, previous);
  std::string renumbered = text;
  for (const char* game : {"[Game \"3\"]", "[Game \"4\"]"})
    renumbered.replace(renumbered.find(game), std::strlen(game),
                       game[7] == '3' ? "[Game \"17\"]" : "[Game \"18\"]");
  struct Case {
    std::string name, text, message;
  };
  const Case cases[] = {
      {"an illegal move", illegal, "run.ckpt: game 1: ply "},
      {"a pair recorded twice", text + first_pair, "run.ckpt: game 1: recorded twice"},
      {"games out of range", renumbered, "run.ckpt: game 17: not a game of this match (1..4)"},
  };
  for (const Case& c : cases) {
    write_text(dir + "run.ckpt", c.text);
    const ToolRun r = run(match + " --resume --pgn " + dir + "out.pgn");
    EXPECT_EQ(r.status, 1) << c.name << "\n" << r.output;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << c.name << "\n" << r.output;
    EXPECT_FALSE(std::filesystem::exists(dir + "out.pgn")) << c.name << ": records were copied";
  }
  std::filesystem::remove_all(dir);
}

// Issue 29: kete-spsa resumed with parameter values outside their ranges, a repeated
// `theta:` and totals that no run gives. Each is refused naming the problem; the intact
// checkpoint resumes.
TEST(ToolCheckpoint, AResumedSpsaRefusesValuesNoRunGives) {
  const std::string dir = ::testing::TempDir() + "kete_checkpoint_spsa/";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string spsa = tool(KETE_SPSA) + " --engine cmd=" + tool(KETE_BINARY) +
                           " --param AspirationDelta min=10 max=200 --pairs 1 --nodes 50" +
                           " --seed 3 --iterations 2 --output " + dir + "o.txt --checkpoint " +
                           dir + "s.ckpt";
  const ToolRun two = run(spsa);
  ASSERT_EQ(two.status, 0) << two.output;
  const std::string text = read_text(dir + "s.ckpt");
  // "theta: <x>" and "totals: <w> <d> <l> <f0> <f1>": 2 iterations of 1 pair, 4 games.
  const size_t theta = text.find("theta: "), totals = text.find("totals: ");
  ASSERT_NE(theta, std::string::npos);
  ASSERT_NE(totals, std::string::npos);
  const std::string before_theta = text.substr(0, theta);
  const std::string after_theta = text.substr(text.find('\n', theta) + 1);
  const std::string before_totals = text.substr(0, totals);
  struct Case {
    std::string name, checkpoint, message;
  };
  const Case cases[] = {
      {"theta above max", before_theta + "theta: 250\n" + after_theta,
       "theta of AspirationDelta: expected a number in 10..200, got '250'"},
      {"a repeated theta", text + "theta: 50\n", "'theta' given twice"},
      {"totals of 5 games", before_totals + "totals: 2 1 2 0 0\n",
       "are not the 4 games of 2 iterations of 1 pairs"},
      {"more faults than games", before_totals + "totals: 2 0 2 3 2\n",
       "are not the 4 games of 2 iterations of 1 pairs"},
  };
  for (const Case& c : cases) {
    write_text(dir + "s.ckpt", c.checkpoint);
    const ToolRun r = run(spsa + " --resume");
    EXPECT_EQ(r.status, 1) << c.name << "\n" << r.output;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << c.name << "\n" << r.output;
  }
  write_text(dir + "s.ckpt", text);
  const ToolRun resumed = run(spsa + " --resume");  // nothing left to play
  EXPECT_EQ(resumed.status, 0) << resumed.output;
  std::filesystem::remove_all(dir);
}

// kete-datagen resumed from a checkpoint after three games cuts the file back to them and
// writes the same file as the whole run.
TEST(ToolCheckpoint, AResumedDatagenWritesTheFileOfTheWholeRun) {
  const std::string dir = ::testing::TempDir() + "kete_checkpoint_datagen/";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string gen = tool(KETE_DATAGEN) + " --games 6 --nodes 100 --seed 5 --out " + dir +
                          "d.txt --checkpoint " + dir + "d.ckpt";
  ASSERT_EQ(run(gen).status, 0);
  const std::string whole = read_text(dir + "d.txt");
  // The bytes before game 3's first line.
  const size_t game3 = whole.find("| 3\n");
  ASSERT_NE(game3, std::string::npos);
  const size_t bytes = whole.rfind('\n', game3) + 1;
  std::string ckpt = read_text(dir + "d.ckpt");
  const std::string head = ckpt.substr(0, ckpt.find("bytes: "));
  const auto seal = [&](uint64_t games, size_t counted) {
    return fnv1a(whole.substr(0, counted) + fmt::format("games={} bytes={}", games, counted));
  };
  // The fields as a checkpoint holds them: sealed, or with a seal of other counts.
  const auto checkpoint = [&](uint64_t games, size_t counted, const std::string& sealed) {
    return head + fmt::format("bytes: {}\ngames: {}\nseal: {}\n", counted, games, sealed);
  };
  write_text(dir + "d.ckpt", checkpoint(3, bytes, seal(3, bytes)));
  write_text(dir + "d.txt", whole + "half a game that a killed run left beh");
  const ToolRun resumed = run(gen + " --resume");
  ASSERT_EQ(resumed.status, 0) << resumed.output;
  EXPECT_NE(resumed.output.find("3 games already in"), std::string::npos);
  EXPECT_EQ(read_text(dir + "d.txt"), whole);

  // Issue 29: `bytes: 0` cut 294 finished games and the header, a short count joined two
  // lines, a repeated field duplicated 284 games. The file is refused, and kept, unless it
  // holds what the checkpoint counts and seals.
  std::string edited = whole;
  edited[bytes / 2] = edited[bytes / 2] == '1' ? '2' : '1';
  struct Case {
    std::string name, checkpoint, data, message;
  };
  const Case cases[] = {
      {"bytes: 0", checkpoint(3, 0, seal(3, bytes)), whole, "the checksum differs"},
      {"a short count", checkpoint(3, bytes - 5, seal(3, bytes - 5)), whole, "a line is cut there"},
      {"another game count", checkpoint(4, bytes, seal(3, bytes)), whole, "the checksum differs"},
      {"a repeated field", checkpoint(3, bytes, seal(3, bytes)) + "games: 3\n", whole,
       "'games' given twice"},
      {"an edited file", checkpoint(3, bytes, seal(3, bytes)), edited, "the checksum differs"},
      {"no seal", head + fmt::format("bytes: {}\ngames: 3\n", bytes), whole, "no 'seal:' line"},
  };
  for (const Case& c : cases) {
    write_text(dir + "d.ckpt", c.checkpoint);
    write_text(dir + "d.txt", c.data);
    const ToolRun r = run(gen + " --resume");
    EXPECT_EQ(r.status, 1) << c.name << "\n" << r.output;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << c.name << "\n" << r.output;
    EXPECT_EQ(read_text(dir + "d.txt"), c.data) << c.name << ": the file was changed";
  }
  std::filesystem::remove_all(dir);
}

// Issue 28: a data file names what made it (the evaluation's file and the digest of its
// bytes, and kete's version, as `kete --version` prints it), and a resume with another
// evaluation is refused, the data kept.
TEST(ToolCheckpoint, ADatagenRunNamesItsEvaluationAndRefusesAnother) {
  const std::string dir = ::testing::TempDir() + "kete_datagen_eval/";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string weights = std::string(KETE_SOURCE_DIR) + "/tuning/weights/bao.txt";
  const std::string gen = tool(KETE_DATAGEN) + " --variant bao --games 2 --nodes 100 --out " + dir +
                          "d.txt --checkpoint " + dir + "d.ckpt";
  ASSERT_EQ(run(gen + " --eval " + weights).status, 0);
  const std::string data = read_text(dir + "d.txt");
  const std::string first = data.substr(0, data.find('\n'));
  const ToolRun version = run(tool(KETE_BINARY) + " --version");
  ASSERT_TRUE(version.output.starts_with("kete ")) << version.output;
  const std::string kete = version.output.substr(5, version.output.find('\n') - 5);
  EXPECT_TRUE(first.ends_with(" eval=bao.txt@" + fnv1a(read_text(weights)) + " kete=" + kete))
      << first;

  // The same flags with the built-in evaluation are another run.
  const ToolRun other = run(gen + " --resume");
  EXPECT_EQ(other.status, 1) << other.output;
  EXPECT_NE(other.output.find("the checkpoint is of another run"), std::string::npos)
      << other.output;
  EXPECT_NE(other.output.find("eval=builtin"), std::string::npos) << other.output;
  EXPECT_EQ(read_text(dir + "d.txt"), data);
  // With the same file it resumes (nothing is left to play) and keeps the data.
  const ToolRun same = run(gen + " --eval " + weights + " --resume");
  EXPECT_EQ(same.status, 0) << same.output;
  EXPECT_EQ(read_text(dir + "d.txt"), data);
  std::filesystem::remove_all(dir);
}

// kete-solve's result counts: the last progress line without its time ("info proof P
// disproof D nodes N memory M entries E"), and the result lines.
std::string solve_counts(const std::string& output) {
  const size_t info = output.rfind("info proof ");
  if (info == std::string::npos || output.find("result: ") == std::string::npos) return "";
  std::string counts = output.substr(info, output.find('\n', info) - info);
  const size_t time = counts.find(" time ");
  counts.erase(time, counts.find(" memory ") - time);
  for (size_t at = 0; (at = output.find("result: ", at)) != std::string::npos; ++at)
    counts += "\n" + output.substr(at, output.find('\n', at) - at);
  return counts;
}

// kete-solve --threads 2 (the job-level search, docs/solver.md): the same bao win in 3 by
// --distance 1, written as a proof (one process proves it again for the strategy) that
// the checker accepts; and --threads 1 is the single process's run, count for count.
TEST(ToolRuns, SolveOnThreadsWritesACheckedProof) {
  const std::string dir = scratch("solve-threads");
  const std::string position = "1,5,0,5,1,2,5,0/0,1,1,1,4,4,0,2/0,1,0,4,0,6,0,2/0,0,3,3,1,4,4,4 N";
  const std::string solve =
      tool(KETE_SOLVE) + " --variant bao --position '" + position + "' --hash 16";
  ToolRun r = run(solve + " --threads 2 --job-nodes 20 --distance 1 --proof " + dir + "/p.proof");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("job-level search: 2 threads of 8 MiB each"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("shortest win: North wins in 3 own moves"), std::string::npos)
      << r.output;
  r = run(tool(KETE_SOLVE) + " --check " + dir + "/p.proof");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("longest line 5 plies"), std::string::npos) << r.output;

  const std::string mate = tool(KETE_SOLVE) + " --variant bao --winner S --mate 3 --hash 16";
  const ToolRun one = run(mate), threads_1 = run(mate + " --threads 1");
  EXPECT_EQ(one.status, 1) << one.output;
  EXPECT_NE(solve_counts(one.output), "");
  EXPECT_EQ(solve_counts(threads_1.output), solve_counts(one.output));
  std::filesystem::remove_all(dir);
}

// Issue 32, item 6: an unfinished run's `--census` lists the root's moves with their
// numbers. They are the root's children: every legal move once; and the root's numbers
// are made of theirs as proof-number search makes them, South to move: an OR node for
// South (proof the least child's, disproof the sum), an AND node for North (the reverse).
TEST(ToolRuns, SolveListsTheFirstMovesWhoseNumbersMakeTheRoots) {
  const RuleSet bao{Variant::kBao, KichwaRule::kChoose};
  const MoveList legal = legal_moves(bao, Position::start(Variant::kBao));
  for (const char* winner : {"S", "N"}) {
    SCOPED_TRACE(winner);
    const ToolRun r = run(tool(KETE_SOLVE) + " --variant bao --winner " + winner +
                          " --nodes 3000 --hash 16 --census 1");
    ASSERT_EQ(r.status, 3) << r.output;  // not proven within the limits
    std::vector<std::string> tokens;
    std::map<std::string, std::pair<uint64_t, uint64_t>> numbers;
    uint64_t root_proof = 0, root_disproof = 0;
    std::istringstream lines(r.output);
    for (std::string line; std::getline(lines, line);) {
      char token[16];
      unsigned long long proof, disproof;
      char state[16];
      if (std::sscanf(line.c_str(), "first move %15s %llu %llu %15s", token, &proof, &disproof,
                      state) == 4) {
        tokens.push_back(token);
        numbers[token] = {proof, disproof};
        EXPECT_STREQ(state, "open") << line;
      } else if (line.starts_with("info proof ")) {
        ASSERT_EQ(std::sscanf(line.c_str(), "info proof %llu disproof %llu", &proof, &disproof), 2);
        root_proof = proof;
        root_disproof = disproof;
      }
    }
    ASSERT_EQ(tokens.size(), size_t(legal.size())) << r.output;
    const Position start = Position::start(Variant::kBao);
    for (Move m : legal)
      EXPECT_EQ(std::count(tokens.begin(), tokens.end(), move_token(start, m)), 1);
    // South to move at a start that is its own mirror image: South's search leaves out a
    // move whose child is the mirror image of an earlier move's (docs/solver.md "Mirror
    // images at the root"), which is listed with its twin's numbers. North's keeps all.
    uint64_t least_proof = UINT64_MAX, least_disproof = UINT64_MAX, proofs = 0, disproofs = 0;
    std::vector<std::pair<Position, std::string>> searched;
    for (Move m : legal) {
      const std::string token = move_token(start, m);
      const Position child = *play(bao, start, m);
      const auto twin = std::find_if(searched.begin(), searched.end(),
                                     [&](const auto& s) { return s.first == child.mirrored(); });
      if (std::string(winner) == "S" && twin != searched.end()) {
        EXPECT_EQ(numbers[token], numbers[twin->second]) << token << " " << twin->second;
        continue;
      }
      searched.emplace_back(child, token);
      const auto [proof, disproof] = numbers[token];
      least_proof = std::min(least_proof, proof);
      least_disproof = std::min(least_disproof, disproof);
      proofs += proof;
      disproofs += disproof;
    }
    EXPECT_EQ(searched.size(), std::string(winner) == "S" ? legal.size() / 2 : legal.size());
    if (std::string(winner) == "S") {
      EXPECT_EQ(root_proof, least_proof);
      EXPECT_EQ(root_disproof, disproofs);
    } else {
      EXPECT_EQ(root_proof, proofs);
      EXPECT_EQ(root_disproof, least_disproof);
    }
  }
}

// kete-solve --guide eval (docs/solver.md, "Guidance (df-pn+)"): the verdicts of the runs
// without it, kujifunza `follow` won in exactly 11 and bao's South without a win in 3, the
// latter in 1,134 nodes instead of 1,318, and on 2 threads too.
TEST(ToolRuns, SolveGuidedByTheEvaluationKeepsTheVerdicts) {
  const std::string follow =
      tool(KETE_SOLVE) + " --variant kujifunza --kichwa follow --winner S --hash 16 --guide eval";
  ToolRun r = run(follow + " --mate 11");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("result: South wins, line "), std::string::npos) << r.output;
  r = run(follow + " --mate 10");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("result: South has no forced win\n"), std::string::npos) << r.output;

  const std::string bao = tool(KETE_SOLVE) + " --variant bao --winner S --mate 3 --hash 16";
  const ToolRun none = run(bao + " --guide none"), eval = run(bao + " --guide eval"),
                threads = run(bao + " --guide eval --threads 2");
  for (const ToolRun* t : {&none, &eval, &threads}) {
    EXPECT_EQ(t->status, 1) << t->output;
    EXPECT_NE(t->output.find("result: South has no forced win\n"), std::string::npos) << t->output;
  }
  EXPECT_NE(none.output.find(" nodes 1318 "), std::string::npos) << none.output;
  EXPECT_NE(eval.output.find(" nodes 1134 "), std::string::npos) << eval.output;
}

// The node counts of kete-solve's "checkpoint nodes N" lines, and of its "stopped at N
// nodes" line (0 if none).
std::vector<uint64_t> checkpoint_counts(const std::string& output) {
  std::vector<uint64_t> counts;
  for (size_t at = 0; (at = output.find("checkpoint nodes ", at)) != std::string::npos; ++at)
    counts.push_back(std::stoull(output.substr(at + 17)));
  return counts;
}
uint64_t stopped_at(const std::string& output) {
  const size_t at = output.find("stopped at ");
  return at == std::string::npos ? 0 : std::stoull(output.substr(at + 11));
}

// A solve resumed in `dir` from the checkpoint `stopped` left: it ends with `status` and
// the whole run's lines (as `same` picks them) and proof file (part.proof and
// whole.proof), its checkpoints come after the stop (a new run's would not), and the
// files are removed for the next case.
void expect_resumed_as_whole(const ToolRun& whole, const ToolRun& stopped, const ToolRun& resumed,
                             int status, const std::string& dir,
                             std::string (*same)(const std::string&)) {
  ASSERT_EQ(resumed.status, status) << resumed.output;
  EXPECT_NE(resumed.output.find("resumed from"), std::string::npos) << resumed.output;
  for (uint64_t n : checkpoint_counts(resumed.output))
    EXPECT_GT(n, stopped_at(stopped.output)) << resumed.output;
  EXPECT_EQ(same(resumed.output), same(whole.output)) << resumed.output;
  EXPECT_NE(same(whole.output), "") << whole.output;
  EXPECT_TRUE(read_text(dir + "/part.proof") == read_text(dir + "/whole.proof"))
      << "the proof files differ";
  for (const char* file : {"/run.ckpt", "/part.proof", "/whole.proof"})
    std::filesystem::remove(dir + file);
}

// Issue 32: a solve stopped by its node limit leaves a checkpoint; `--resume` (without
// the limit) ends with the verdict, the counts and the proof file of the run that was
// never stopped: a win (kujifunza `follow` in 11), a disproof (bao, South in 3) and,
// without --winner, a stop in the second attacker's search (North in 3, after South's
// disproof), and a disproof guided by the evaluation (bao, South in 4, --guide eval).
TEST(ToolCheckpoint, AStoppedSolveResumesToTheResultOfTheWholeRun) {
  const std::string dir = scratch("solve-resume");
  struct Case {
    std::string flags, stop;
    int status;
  };
  const Case cases[] = {
      {"--variant kujifunza --kichwa follow --mate 11 --hash 16",
       "--checkpoint-nodes 20000 --nodes 50000", 0},
      {"--variant bao --mate 3 --winner S --hash 16", "--checkpoint-nodes 500 --nodes 1000", 1},
      {"--variant bao --mate 3 --hash 16", "--checkpoint-nodes 5000 --nodes 10000", 1},
      {"--variant bao --mate 4 --winner S --hash 16 --guide eval",
       "--checkpoint-nodes 5000 --nodes 10000", 1},
  };
  for (const Case& c : cases) {
    const std::string solve = tool(KETE_SOLVE) + " " + c.flags;
    const ToolRun whole = run(solve + " --proof " + dir + "/whole.proof");
    ASSERT_EQ(whole.status, c.status) << whole.output;
    const std::string checkpoint = " --checkpoint " + dir + "/run.ckpt ";
    const ToolRun stopped = run(solve + " --proof " + dir + "/part.proof" + checkpoint + c.stop);
    ASSERT_EQ(stopped.status, 3) << stopped.output;
    EXPECT_NE(stopped.output.find("holds the run: --resume continues it"), std::string::npos)
        << stopped.output;
    EXPECT_FALSE(std::filesystem::exists(dir + "/part.proof"));
    // The last checkpoint is where the run stopped.
    ASSERT_GT(stopped_at(stopped.output), 0u) << stopped.output;
    EXPECT_EQ(checkpoint_counts(stopped.output).back(), stopped_at(stopped.output));
    const ToolRun resumed = run(solve + " --proof " + dir + "/part.proof" + checkpoint +
                                c.stop.substr(0, c.stop.find(" --nodes")) + " --resume");
    expect_resumed_as_whole(whole, stopped, resumed, c.status, dir, solve_counts);
  }
  std::filesystem::remove_all(dir);
}

// The verdict lines of a solve, without a win's line (the job-level search's may differ).
std::string verdicts(const std::string& output) {
  std::string v;
  for (size_t at = 0; (at = output.find("result: ", at)) != std::string::npos; ++at)
    v += output.substr(at, output.find_first_of(",\n", at) - at) + "\n";
  return v;
}

// The job-level search (--threads) keeps the master's tree: stopped by its node limit on
// 2 threads and resumed on 3, it ends with the verdicts and the proof file of the run never
// stopped. A tree resumes only with threads (or ranks), one process's state only without.
TEST(ToolCheckpoint, AStoppedJobLevelSolveResumesOnOtherThreads) {
  const std::string dir = scratch("solve-tree");
  struct Case {
    std::string flags;
    int status;
  };
  const Case cases[] = {
      {"--variant kujifunza --kichwa follow --mate 11 --winner S --hash 16", 0},
      {"--variant bao --mate 3 --hash 16", 1},  // South's disproof, then North's
  };
  for (const Case& c : cases) {
    const std::string solve = tool(KETE_SOLVE) + " " + c.flags + " --job-nodes 500";
    const ToolRun whole = run(solve + " --threads 2 --proof " + dir + "/whole.proof");
    ASSERT_EQ(whole.status, c.status) << whole.output;
    const std::string checkpoint = " --checkpoint " + dir + "/run.ckpt --checkpoint-nodes 2000";
    const ToolRun stopped =
        run(solve + " --threads 2 --proof " + dir + "/part.proof" + checkpoint + " --nodes 5000");
    ASSERT_EQ(stopped.status, 3) << stopped.output;
    EXPECT_NE(stopped.output.find("holds the run: --resume continues it"), std::string::npos);
    EXPECT_NE(stopped.output.find(" tree "), std::string::npos) << stopped.output;
    ASSERT_GT(stopped_at(stopped.output), 0u) << stopped.output;
    EXPECT_EQ(checkpoint_counts(stopped.output).back(), stopped_at(stopped.output));
    EXPECT_NE(read_text(dir + "/run.ckpt").find("\nsearch: job-level\n"), std::string::npos);

    const ToolRun alone = run(solve + checkpoint + " --resume");
    EXPECT_EQ(alone.status, 2) << alone.output;
    EXPECT_NE(alone.output.find("holds a job-level search's tree: resume it with --threads"),
              std::string::npos)
        << alone.output;

    // A proof is proven again in one process, from scratch: the same file.
    const ToolRun resumed =
        run(solve + " --threads 3 --proof " + dir + "/part.proof" + checkpoint + " --resume");
    expect_resumed_as_whole(whole, stopped, resumed, c.status, dir, verdicts);
  }
  // One process's state is not a tree.
  const std::string bao = tool(KETE_SOLVE) + " --variant bao --mate 3 --winner S --hash 16";
  const std::string checkpoint = " --checkpoint " + dir + "/one.ckpt";
  ASSERT_EQ(run(bao + checkpoint + " --nodes 1000").status, 3);
  const ToolRun threads = run(bao + checkpoint + " --threads 2 --resume");
  EXPECT_EQ(threads.status, 2) << threads.output;
  EXPECT_NE(threads.output.find("holds one process's df-pn state: resume it without --threads"),
            std::string::npos)
      << threads.output;
  std::filesystem::remove_all(dir);
}

// A SIGTERM (as SIGINT) stops a solve cleanly with a checkpoint at the node where it
// stopped, whatever the interval; the resumed run ends as the whole run does.
TEST(ToolCheckpoint, ASignalledSolveResumesToTheResultOfTheWholeRun) {
  const std::string dir = scratch("solve-signal");
  const std::string solve = tool(KETE_SOLVE) + " --variant bao --mate 4 --winner S --hash 16";
  const ToolRun whole = run(solve);
  ASSERT_EQ(whole.status, 1) << whole.output;
  const std::string checkpoint = " --checkpoint " + dir + "/run.ckpt";
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    const std::string line =
        "exec " + solve + checkpoint + " --checkpoint-nodes 10000 >" + dir + "/out.txt 2>&1";
    execl("/bin/sh", "sh", "-c", line.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  // The event: the first checkpoint is there (it is renamed into place whole).
  int status = 0;
  bool ended = false;
  while (!std::filesystem::exists(dir + "/run.ckpt") && !ended) {
    ended = waitpid(pid, &status, WNOHANG) == pid;
    usleep(1000);
  }
  ASSERT_FALSE(ended) << "the solve ended before its first checkpoint";
  ASSERT_EQ(kill(pid, SIGTERM), 0);
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  const std::string out = read_text(dir + "/out.txt");
  ASSERT_TRUE(WIFEXITED(status)) << out;
  // The run may have ended before the signal came (exit 1); it must not have on a loaded
  // machine as fast as this one with a quarter of a million nodes to go.
  EXPECT_EQ(WEXITSTATUS(status), 3) << out;
  EXPECT_NE(out.find("holds the run: --resume continues it"), std::string::npos) << out;
  const ToolRun resumed = run(solve + checkpoint + " --checkpoint-nodes 10000 --resume");
  ASSERT_EQ(resumed.status, 1) << resumed.output;
  ASSERT_GT(stopped_at(out), 0u);
  for (uint64_t n : checkpoint_counts(resumed.output))
    EXPECT_GT(n, stopped_at(out)) << resumed.output;
  EXPECT_EQ(solve_counts(resumed.output), solve_counts(whole.output)) << resumed.output;
  std::filesystem::remove_all(dir);
}

// A resume with other arguments than the run's, of a damaged or truncated state or
// checkpoint, is refused with the reason and changes nothing; a new run does not replace
// a checkpoint.
TEST(ToolCheckpoint, ASolveResumeRefusesAnotherRunAndADamagedCheckpoint) {
  const std::string dir = scratch("solve-refuse");
  const std::string solve = tool(KETE_SOLVE) + " --variant bao --winner S --hash 16";
  const std::string checkpoint = " --checkpoint " + dir + "/run.ckpt";
  ASSERT_EQ(run(solve + " --mate 3 --nodes 1000" + checkpoint).status, 3);
  const std::string ckpt = read_text(dir + "/run.ckpt");
  const size_t named = ckpt.find("state: ");
  ASSERT_NE(named, std::string::npos) << ckpt;
  const std::string state_path =
      dir + "/" + ckpt.substr(named + 7, ckpt.find('\n', named) - named - 7);
  const std::string state = read_text(state_path);
  ASSERT_FALSE(state.empty());
  std::string edited = state;
  edited[state.size() / 2] = edited[state.size() / 2] == '1' ? '2' : '1';
  struct Case {
    std::string name, flags, checkpoint, state, message;
  };
  const Case cases[] = {
      {"a new run", " --mate 3", ckpt, state, "a checkpoint is already there"},
      {"another mate", " --mate 4 --resume", ckpt, state, "the checkpoint is of another run"},
      {"another hash", " --mate 3 --hash 32 --resume", ckpt, state,
       "the checkpoint is of another run"},
      {"another guide", " --mate 3 --guide eval --resume", ckpt, state,
       "the checkpoint is of another run"},
      {"another position", " --mate 3 --moves A5R --resume", ckpt, state,
       "the checkpoint is of another run"},
      {"a truncated state", " --mate 3 --resume", ckpt, state.substr(0, state.size() - 100),
       "bytes): it holds only"},
      {"a damaged state", " --mate 3 --resume", ckpt, edited, "the checksum differs"},
      {"a truncated checkpoint", " --mate 3 --resume", ckpt.substr(0, ckpt.find("seal: ")), state,
       "no 'seal:' line"},
      {"a checkpoint without its state", " --mate 3 --resume", ckpt.substr(0, ckpt.find("state: ")),
       state, "no 'state:' line"},
  };
  for (const Case& c : cases) {
    write_text(dir + "/run.ckpt", c.checkpoint);
    write_text(state_path, c.state);
    const ToolRun r = run(solve + checkpoint + c.flags);
    EXPECT_EQ(r.status, 2) << c.name << "\n" << r.output;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << c.name << "\n" << r.output;
    EXPECT_EQ(read_text(dir + "/run.ckpt"), c.checkpoint) << c.name;
    EXPECT_EQ(read_text(state_path), c.state) << c.name;
  }
  // The same files whole resume.
  write_text(dir + "/run.ckpt", ckpt);
  write_text(state_path, state);
  const ToolRun r = run(solve + checkpoint + " --mate 3 --resume");
  EXPECT_EQ(r.status, 1) << r.output;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace kete::test
