// The tools' command lines and output, run as the user runs them: every bad flag is an
// error that names it (exit status 2), and a tool that could not write what it promised
// exits non-zero with a message.
#include <sys/wait.h>

#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace kete::test {
namespace {

struct ToolRun {
  int status = -1;     // the exit code, or 128 + the signal
  std::string output;  // stdout and stderr together
};

// Runs `command` (a shell line; the tests give only quoted paths and plain words).
ToolRun run(const std::string& command) {
  ToolRun r;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
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

}  // namespace
}  // namespace kete::test
