// The tools' command lines and output, run as the user runs them: every bad flag is an
// error that names it (exit status 2), and a tool that could not write what it promised
// exits non-zero with a message.
#include <sys/stat.h>
#include <sys/wait.h>

#include <filesystem>

#include <cstdio>
#include <string>
#include <vector>

#include <unistd.h>

#include <gtest/gtest.h>

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
      {tool(KETE_TEXEL) + " --data d --out o --lr fast", "--lr: expected a number"},
      {tool(KETE_TEXEL) + " --data d --out o --freeze nonsense", "--freeze: unknown weight"},
      {tool(KETE_TEXEL) + " --data d --out o --kichwa follow", "unknown argument '--kichwa'"},
      {tool(KETE_STRENGTH) + " --a random --b random --games x",
       "--games: expected a number in 2..10000000, got 'x'"},
      {tool(KETE_STRENGTH) + " --a random --b random --plies -1", "--plies: expected a number"},
      {tool(KETE_STRENGTH) + " --a random --b kete:nodes=0", "--b: unknown player 'kete:nodes=0'"},
      {tool(KETE_STRENGTH) + " --a random", "give both players"},
  };
  for (const BadFlag& c : cases) {
    const ToolRun r = run(c.command);
    EXPECT_EQ(r.status, 2) << c.command << "\n" << r.output;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << c.command << "\n" << r.output;
  }
}

#ifdef KETE_THROUGHPUT
TEST(ToolFlags, ThroughputRefusesBadFlags) {
  for (const auto& [args, message] :
       std::vector<std::pair<std::string, std::string>>{{"--runs x", "--runs: expected a number"},
                                                        {"--games 2", "unknown argument '--games'"},
                                                        {"--runs", "--runs needs a value"}}) {
    const ToolRun r = run(tool(KETE_THROUGHPUT) + " " + args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(message), std::string::npos) << args << "\n" << r.output;
  }
}
#endif

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
  EXPECT_NE(r.output.find("cannot read '" + dir + "': it is a directory"), std::string::npos)
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

}  // namespace
}  // namespace kete::test
