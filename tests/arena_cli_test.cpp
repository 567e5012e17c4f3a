// kete-match's command line (arena/cli.h): what it builds, and a clear error for every
// kind of bad argument.
#include <gtest/gtest.h>

#include "arena/cli.h"
#include "rules/notation.h"

namespace kete::arena {
namespace {

absl::StatusOr<CommandLine> parse(std::vector<std::string> args) {
  return parse_command_line(args);
}

TEST(ArenaCli, ReadsAFullMatch) {
  absl::StatusOr<CommandLine> cl = parse({"--engine",
                                          "cmd=build/release/kete",
                                          "name=new",
                                          "option.Hash=16",
                                          "option.Move Overhead=20",
                                          "arg=--x",
                                          "--engine",
                                          "cmd=/usr/bin/old-kete",
                                          "--variant",
                                          "kujifunza",
                                          "--kichwa",
                                          "follow",
                                          "--max-plies",
                                          "300",
                                          "--tc",
                                          "10+0.1",
                                          "--margin",
                                          "250",
                                          "--games",
                                          "41",
                                          "--concurrency",
                                          "3",
                                          "--sprt",
                                          "elo0=-1",
                                          "elo1=4",
                                          "alpha=0.1",
                                          "--openings",
                                          "book.txt",
                                          "--pgn",
                                          "out.pgn",
                                          "--quiet"});
  ASSERT_TRUE(cl.ok()) << cl.status();
  const MatchConfig& m = cl->match;
  EXPECT_EQ(m.engines[0].name, "new");
  EXPECT_EQ(m.engines[0].command, "build/release/kete");
  EXPECT_EQ(m.engines[0].args, std::vector<std::string>{"--x"});
  ASSERT_EQ(m.engines[0].options.size(), 2u);
  EXPECT_EQ(m.engines[0].options[1].first, "Move Overhead");
  EXPECT_EQ(m.engines[0].options[1].second, "20");
  EXPECT_EQ(m.engines[1].name, "old-kete");  // the command's file name
  EXPECT_EQ(m.rules.rules, (RuleSet{Variant::kKujifunza, KichwaRule::kFollow}));
  EXPECT_EQ(m.rules.max_plies, 300);
  EXPECT_EQ(m.time_control.text(), "10+0.1");
  EXPECT_EQ(m.time_control.margin_ms, 250);
  EXPECT_EQ(m.games, 41);
  EXPECT_EQ(m.concurrency, 3);
  ASSERT_TRUE(m.sprt.has_value());
  EXPECT_EQ(m.sprt->elo0, -1);
  EXPECT_EQ(m.sprt->elo1, 4);
  EXPECT_EQ(m.sprt->alpha, 0.1);
  EXPECT_EQ(m.sprt->beta, 0.05);
  EXPECT_EQ(cl->openings_file, "book.txt");
  EXPECT_EQ(cl->pgn_file, "out.pgn");
  EXPECT_TRUE(cl->quiet);
}

TEST(ArenaCli, DefaultsAndOtherTimeControls) {
  absl::StatusOr<CommandLine> cl =
      parse({"--engine", "cmd=a", "--engine", "cmd=b", "--nodes", "2000"});
  ASSERT_TRUE(cl.ok()) << cl.status();
  EXPECT_EQ(cl->match.rules.rules.variant, Variant::kKiswahili);
  EXPECT_EQ(cl->match.games, 100);
  EXPECT_GE(cl->match.concurrency, 1);
  EXPECT_FALSE(cl->match.sprt.has_value());
  EXPECT_EQ(cl->match.time_control.text(), "nodes=2000");
  EXPECT_EQ(cl->random_plies, 8);
  EXPECT_EQ(
      parse({"--engine", "cmd=a", "--engine", "cmd=b", "--depth", "3"})->match.time_control.text(),
      "depth=3");
  EXPECT_EQ(parse({"--engine", "cmd=a", "--engine", "cmd=b", "--movetime", "50"})
                ->match.time_control.text(),
            "movetime=50");
  EXPECT_TRUE(parse({"--help"})->help);
  EXPECT_EQ(parse({"--replay", "games.pgn"})->replay_file, "games.pgn");
}

TEST(ArenaCli, ErrorsNameTheProblem) {
  const std::vector<std::string> engines{"--engine", "cmd=a", "--engine", "cmd=b"};
  const auto with = [&](std::vector<std::string> more) {
    std::vector<std::string> args = engines;
    args.insert(args.end(), more.begin(), more.end());
    return args;
  };
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {with({"--nodes", "10", "--frobnicate"}), "unknown argument '--frobnicate'"},
      {with({"--nodes"}), "--nodes needs a value"},
      {with({"--nodes", "ten"}), "--nodes"},
      {with({"--nodes", "10", "--games", "0"}), "--games: expected a number in 1..10000000"},
      {with({"--nodes", "10", "--games", "5x"}), "got '5x'"},
      {with({}), "exactly one time control"},
      {with({"--nodes", "10", "--depth", "3"}), "exactly one time control"},
      {with({"--tc", "fast"}), "--tc: time control 'fast'"},
      {with({"--nodes", "10", "--variant", "chess"}), "--variant: unknown 'chess'"},
      {with({"--nodes", "10", "--kichwa", "left"}), "--kichwa: unknown 'left'"},
      {with({"--nodes", "10", "--sprt", "elo0=5", "elo1=0"}), "elo0 must be less than elo1"},
      {with({"--nodes", "10", "--sprt", "alpha=0.6", "beta=0.5"}), "alpha + beta < 1"},
      {with({"--nodes", "10", "--sprt", "gamma=1"}), "unknown key 'gamma=1'"},
      {with({"--nodes", "10", "--openings", "f", "--random-plies", "4"}), "exclude each other"},
      {{"--engine", "cmd=a", "--nodes", "10"}, "expected two --engine, got 1"},
      {{"--engine", "name=x", "--engine", "cmd=b", "--nodes", "10"}, "cmd=<path> is missing"},
      {{"--engine", "cmd=a", "colour=red", "--engine", "cmd=b"}, "unknown key 'colour=red'"},
      {{"--engine", "cmd=x/kete", "--engine", "cmd=y/kete", "--nodes", "1"},
       "both engines are called 'kete'"},
  };
  for (const auto& [args, message] : cases) {
    absl::StatusOr<CommandLine> cl = parse(args);
    ASSERT_FALSE(cl.ok()) << message;
    EXPECT_NE(error_text(cl.status()).find(message), std::string::npos)
        << error_text(cl.status()) << " should contain " << message;
  }
}

}  // namespace
}  // namespace kete::arena
