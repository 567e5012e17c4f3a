// SPSA (tuning/spsa_core.h): the gain schedules, rounding and clamping worked out by hand,
// the perturbations fixed by the seed, convergence on a synthetic match whose optimum is
// known; then the command line, the engine's option listing, and a tiny run through real
// engines (tuning/spsa_arena.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "arena/uci_client.h"
#include "rules/random.h"
#include "search/params.h"
#include "tests/test_util.h"
#include "tuning/spsa_arena.h"
#include "tuning/spsa_cli.h"
#include "tuning/spsa_core.h"

namespace kete::tuning {
namespace {

SpsaParam param(std::string name, double start, int min, int max, double c_end,
                double r_end = 0.002) {
  return {std::move(name), start, min, max, c_end, r_end};
}

SpsaSchedule schedule(int iterations, int pairs, double big_a) {
  SpsaSchedule s;
  s.iterations = iterations;
  s.pairs = pairs;
  s.big_a = big_a;
  return s;
}

TEST(SpsaCore, GainsEndAtCEndAndREnd) {
  const SpsaParam p = param("x", 0, -100, 100, 10, 0.002);
  const SpsaSchedule s = schedule(100, 1, 10);
  // k = 1 of N = 100, A = 10: c_1 = 10 * 100^0.101, a_1 = 0.002 * 10^2 * (110 / 11)^0.602.
  const Gains first = gains(p, s, 1);
  EXPECT_NEAR(first.c, 15.92209, 1e-4);
  EXPECT_NEAR(first.a, 0.79989, 1e-4);
  const Gains last = gains(p, s, 100);
  EXPECT_NEAR(last.c, 10.0, 1e-12);
  EXPECT_NEAR(last.a / (last.c * last.c), 0.002, 1e-15);
  // Both decay: the perturbation slowly, the step faster.
  const Gains mid = gains(p, s, 50);
  EXPECT_LT(mid.c, first.c);
  EXPECT_GT(mid.c, last.c);
  EXPECT_LT(mid.a, first.a);
  EXPECT_GT(mid.a, last.a);
}

TEST(SpsaCore, TheScheduleCountsPairs) {
  // 10 iterations of 5 pairs end where 50 iterations of 1 pair end.
  const SpsaParam p = param("x", 0, -100, 100, 10);
  const SpsaSchedule five = schedule(10, 5, 5), one = schedule(50, 1, 5);
  EXPECT_EQ(five.k_of(1), 1);
  EXPECT_EQ(five.k_of(3), 11);
  EXPECT_EQ(five.total_pairs(), 50);
  EXPECT_DOUBLE_EQ(gains(p, five, 11).c, gains(p, one, 11).c);
  EXPECT_DOUBLE_EQ(gains(p, five, 11).a, gains(p, one, 11).a);
}

TEST(SpsaCore, Defaults) {
  EXPECT_DOUBLE_EQ(default_c_end(5, 1000), 49.75);
  EXPECT_DOUBLE_EQ(default_big_a(500), 50);
  EXPECT_DOUBLE_EQ(SpsaParam{}.r_end, 0.002);
  EXPECT_DOUBLE_EQ(SpsaSchedule{}.alpha, 0.602);
  EXPECT_DOUBLE_EQ(SpsaSchedule{}.gamma, 0.101);
}

TEST(SpsaCore, ValuesAreRoundedAndClamped) {
  const SpsaParam p = param("x", 0, -10, 10, 1);
  EXPECT_EQ(to_value(p, 2.49), 2);
  EXPECT_EQ(to_value(p, 2.5), 3);
  EXPECT_EQ(to_value(p, -2.5), -3);
  EXPECT_EQ(to_value(p, -2.51), -3);
  EXPECT_EQ(to_value(p, 10.4), 10);
  EXPECT_EQ(to_value(p, 11), 10);
  EXPECT_EQ(to_value(p, -1e12), -10);
}

TEST(SpsaCore, ProbesAreThetaPlusAndMinusTheRoundedPerturbation) {
  Spsa spsa({param("x", 50, 0, 100, 10), param("y", 3, 0, 100, 10)}, schedule(100, 1, 10), 1);
  const Probe pr = spsa.probe();
  EXPECT_EQ(pr.iteration, 1);
  EXPECT_EQ(pr.k, 1);
  ASSERT_EQ(pr.delta.size(), 2u);
  EXPECT_NEAR(pr.c[0], 15.92209, 1e-4);
  // x: 50 +/- 15.92 -> 66 and 34 (or the other way round).
  EXPECT_EQ(pr.plus[0], pr.delta[0] > 0 ? 66 : 34);
  EXPECT_EQ(pr.minus[0], pr.delta[0] > 0 ? 34 : 66);
  // y: 3 - 15.92 is clamped to 0, 3 + 15.92 rounds to 19.
  EXPECT_EQ(pr.plus[1], pr.delta[1] > 0 ? 19 : 0);
  EXPECT_EQ(pr.minus[1], pr.delta[1] > 0 ? 0 : 19);
}

TEST(SpsaCore, UpdateStepsAlongDeltaByTheResult) {
  Spsa spsa({param("x", 50, 0, 100, 10), param("y", 95, 0, 100, 10)}, schedule(100, 1, 10), 1);
  Probe pr = spsa.probe();
  pr.delta = {+1, -1};  // fixed, to know the direction
  // step = a_1 / c_1 * result * delta = 0.0502377 * 2 * delta.
  spsa.update(pr, 2);
  EXPECT_NEAR(spsa.theta()[0], 50 + 0.100475, 1e-5);
  EXPECT_NEAR(spsa.theta()[1], 95 - 0.100475, 1e-5);
  EXPECT_EQ(spsa.iterations_done(), 1);
  // A huge result is clamped to the bounds.
  pr = spsa.probe();
  pr.delta = {-1, +1};
  spsa.update(pr, 1e6);
  EXPECT_EQ(spsa.theta()[0], 0);
  EXPECT_EQ(spsa.theta()[1], 100);
  EXPECT_EQ(spsa.values(), (std::vector<int>{0, 100}));
}

std::vector<int> signs(uint64_t seed, int iterations, double result) {
  Spsa spsa({param("x", 50, 0, 100, 10), param("y", 50, 0, 100, 10)}, schedule(iterations, 1, 0),
            seed);
  std::vector<int> out;
  while (!spsa.finished()) {
    const Probe pr = spsa.probe();
    out.insert(out.end(), pr.delta.begin(), pr.delta.end());
    spsa.update(pr, result);
  }
  return out;
}

TEST(SpsaCore, ThePerturbationsDependOnTheSeedAlone) {
  const std::vector<int> a = signs(7, 200, 1), b = signs(7, 200, -2);
  EXPECT_EQ(a, b);  // whatever the results
  EXPECT_NE(a, signs(8, 200, 1));
  const long plus = std::count(a.begin(), a.end(), 1);
  EXPECT_GT(plus, 150);  // of 400, a fair coin gives 200 +/- 10
  EXPECT_LT(plus, 250);
  // Pinned: splitmix64 (rules/random.h) is fixed, so a seed repeats a run on any
  // machine; a change here changes every recorded run.
  const std::vector<int> first(a.begin(), a.begin() + 12);
  EXPECT_EQ(first, (std::vector<int>{1, 1, 1, 1, -1, -1, 1, 1, 1, -1, 1, -1}));
}

// A synthetic engine whose Elo is a quadratic with its top at `optimum`: -kDrop Elo at a
// distance of a tenth of the range. A game is a coin flip with the logistic Elo odds.
struct Quadratic {
  std::vector<double> optimum, range;
  static constexpr double kDrop = 50;
  double elo(const std::vector<int>& v) const {
    double e = 0;
    for (size_t i = 0; i < v.size(); ++i)
      e -= kDrop * std::pow((v[i] - optimum[i]) / (0.1 * range[i]), 2);
    return e;
  }
};

std::vector<double> tune_quadratic(uint64_t seed, int iterations) {
  const Quadratic q{{700, -30}, {1000, 200}};
  Spsa spsa({param("x", 200, 0, 1000, 50, 0.02), param("y", 80, -100, 100, 10, 0.02)},
            schedule(iterations, 1, 0.1 * iterations), seed);
  Random games(seed + 1000);
  const auto play = [&](const Probe& pr) -> std::optional<double> {
    const double p = 1 / (1 + std::pow(10, (q.elo(pr.minus) - q.elo(pr.plus)) / 400));
    double result = 0;
    for (int g = 0; g < 2; ++g)
      result += games.uniform01() < p ? 1 : -1;
    return result;
  };
  const std::atomic<bool> stop{false};
  run_spsa(
      spsa, play, [](const Probe&, double, const Spsa&) {}, stop);
  EXPECT_TRUE(spsa.finished());
  return spsa.theta();
}

TEST(SpsaCore, ConvergesOnANoisyQuadratic) {
  // From 500 and 110 away to within a 25th and a 20th of the range (the worst of 40 seeds
  // came within 26 and 5.6), for every seed.
  for (uint64_t seed : {1, 2, 3, 4, 5}) {
    const std::vector<double> theta = tune_quadratic(seed, 3000);
    EXPECT_NEAR(theta[0], 700, 40) << "seed " << seed;
    EXPECT_NEAR(theta[1], -30, 10) << "seed " << seed;
  }
}

TEST(SpsaCore, AStoppedObjectiveLeavesThetaAlone) {
  Spsa spsa({param("x", 50, 0, 100, 10)}, schedule(10, 1, 1), 1);
  int calls = 0;
  const auto play = [&](const Probe&) -> std::optional<double> {
    return ++calls < 3 ? std::optional<double>(2) : std::nullopt;
  };
  const std::atomic<bool> stop{false};
  int reported = 0;
  run_spsa(
      spsa, play, [&](const Probe&, double, const Spsa&) { ++reported; }, stop);
  EXPECT_EQ(calls, 3);
  EXPECT_EQ(reported, 2);
  EXPECT_EQ(spsa.iterations_done(), 2);
}

TEST(SpsaCore, ValidateNamesTheProblem) {
  const SpsaSchedule s = schedule(10, 1, 1);
  const auto message = [&](std::vector<SpsaParam> p, SpsaSchedule sch) {
    return error_text(validate(p, sch));
  };
  EXPECT_EQ(message({param("x", 5, 0, 10, 1)}, s), "");
  EXPECT_EQ(message({}, s), "no parameter to tune");
  EXPECT_EQ(message({param("x", 5, 10, 10, 1)}, s), "x: min 10 is not below max 10");
  EXPECT_EQ(message({param("x", 11, 0, 10, 1)}, s), "x: start 11 is outside 0..10");
  EXPECT_EQ(message({param("x", 5, 0, 10, 0)}, s), "x: c_end must be positive, got 0");
  EXPECT_EQ(message({param("x", 5, 0, 10, 1), param("x", 5, 0, 10, 1)}, s), "x is given twice");
  EXPECT_NE(message({param("x", 5, 0, 10, 1)}, schedule(0, 1, 1)), "");
}

// --- The command line -------------------------------------------------------------------

absl::StatusOr<SpsaCommandLine> parse(std::vector<std::string> args) {
  return parse_spsa_command_line(args);
}

std::string parse_error(std::vector<std::string> args) {
  const absl::StatusOr<SpsaCommandLine> cl = parse(std::move(args));
  return cl.ok() ? "(parsed)" : error_text(cl.status());
}

TEST(SpsaCli, Defaults) {
  const absl::StatusOr<SpsaCommandLine> cl =
      parse({"--param", "AspirationDelta", "--nodes", "500"});
  ASSERT_TRUE(cl.ok()) << cl.status();
  ASSERT_EQ(cl->params.size(), 1u);
  EXPECT_EQ(cl->params[0].name, "AspirationDelta");
  EXPECT_FALSE(cl->params[0].start || cl->params[0].min || cl->params[0].c_end);
  EXPECT_TRUE(cl->engine.command.empty());
  EXPECT_EQ(cl->time_control.text(), "nodes=500");
  EXPECT_EQ(cl->rules.rules.variant, Variant::kKiswahili);
  EXPECT_EQ(cl->schedule.iterations, 100);
  EXPECT_EQ(cl->schedule.pairs, 1);
  EXPECT_DOUBLE_EQ(cl->schedule.big_a, 10);  // 10% of the pairs
  EXPECT_EQ(cl->concurrency, 1);
  EXPECT_EQ(cl->seed, 1u);
  EXPECT_EQ(cl->output_file, "spsa-tuned.txt");
}

TEST(SpsaCli, EverythingGiven) {
  const absl::StatusOr<SpsaCommandLine> cl = parse({"--engine",
                                                    "cmd=/x/kete",
                                                    "arg=-q",
                                                    "option.Hash=8",
                                                    "--variant",
                                                    "bao",
                                                    "--tc",
                                                    "2+0.05",
                                                    "--param",
                                                    "HistoryMax=20000",
                                                    "min=1024",
                                                    "max=65536",
                                                    "c_end=2000",
                                                    "r_end=0.01",
                                                    "--param",
                                                    "AspirationDelta",
                                                    "--iterations",
                                                    "40",
                                                    "--pairs",
                                                    "5",
                                                    "--A",
                                                    "3",
                                                    "--alpha",
                                                    "0.5",
                                                    "--gamma",
                                                    "0.2",
                                                    "--seed",
                                                    "9",
                                                    "--concurrency",
                                                    "2",
                                                    "--random-plies",
                                                    "6",
                                                    "--output",
                                                    "out.txt",
                                                    "--engine-stderr"});
  ASSERT_TRUE(cl.ok()) << cl.status();
  EXPECT_EQ(cl->engine.command, "/x/kete");
  EXPECT_EQ(cl->engine.args, std::vector<std::string>{"-q"});
  ASSERT_EQ(cl->engine.options.size(), 1u);
  EXPECT_EQ(cl->engine.options[0].first, "Hash");
  EXPECT_EQ(cl->rules.rules.variant, Variant::kBao);
  EXPECT_EQ(cl->time_control.text(), "2+0.05");
  ASSERT_EQ(cl->params.size(), 2u);
  const ParamRequest& h = cl->params[0];
  EXPECT_EQ(h.name, "HistoryMax");
  EXPECT_EQ(h.start, 20000);
  EXPECT_EQ(h.min, 1024);
  EXPECT_EQ(h.max, 65536);
  EXPECT_EQ(h.c_end, 2000);
  EXPECT_EQ(h.r_end, 0.01);
  EXPECT_EQ(cl->schedule.iterations, 40);
  EXPECT_EQ(cl->schedule.pairs, 5);
  EXPECT_DOUBLE_EQ(cl->schedule.big_a, 3);
  EXPECT_DOUBLE_EQ(cl->schedule.alpha, 0.5);
  EXPECT_DOUBLE_EQ(cl->schedule.gamma, 0.2);
  EXPECT_EQ(cl->seed, 9u);
  EXPECT_EQ(cl->concurrency, 2);
  EXPECT_EQ(cl->random_plies, 6);
  EXPECT_EQ(cl->output_file, "out.txt");
  EXPECT_TRUE(cl->inherit_stderr);
}

TEST(SpsaCli, BadCommandLinesSayWhatIsWrong) {
  const std::vector<std::string> p = {"--param", "X"};
  const auto with = [&](std::vector<std::string> more) {
    more.insert(more.begin(), p.begin(), p.end());
    return parse_error(more);
  };
  EXPECT_EQ(parse_error({"--nodes", "5"}), "nothing to tune: give --param <Name> (or --param all)");
  EXPECT_EQ(with({}), "give exactly one time control: --tc, --movetime, --nodes or --depth");
  EXPECT_EQ(with({"--nodes", "5", "--depth", "3"}),
            "give exactly one time control: --tc, --movetime, --nodes or --depth");
  EXPECT_EQ(with({"--nodes", "5", "--bogus"}), "unknown argument '--bogus'");
  EXPECT_EQ(with({"--nodes", "5", "--iterations", "0"}),
            "--iterations: expected a number in 1..10000000, got '0'");
  EXPECT_EQ(with({"--nodes", "5", "--iterations", "ten"}),
            "--iterations: expected a number in 1..10000000, got 'ten'");
  EXPECT_EQ(with({"--nodes", "5", "--pairs"}), "--pairs needs a value");
  EXPECT_EQ(with({"--nodes", "5", "--A", "-1"}),
            "--A: expected a number in 0..1000000000000, got '-1'");
  EXPECT_NE(with({"--nodes", "five"}).find("--nodes"), std::string::npos);
  EXPECT_EQ(parse_error({"--param"}), "--param needs a value");
  EXPECT_EQ(parse_error({"--param", "--nodes", "5"}), "--param needs a name, got '--nodes'");
  EXPECT_EQ(parse_error({"--param", "=5", "--nodes", "5"}), "--param: no name in '=5'");
  EXPECT_EQ(parse_error({"--param", "X=abc", "--nodes", "5"}),
            "--param X: expected a number in -2147483647..2147483647, got 'abc'");
  EXPECT_EQ(with({"foo=1", "--nodes", "5"}),
            "--param X: unknown key 'foo' (min=, max=, c_end=, r_end=)");
  EXPECT_EQ(with({"c_end=0", "--nodes", "5"}),
            "--param X c_end: expected a number in 1e-09..2147483647, got '0'");
  EXPECT_EQ(with({"min=1.5", "--nodes", "5"}),
            "--param X min: expected a number in -2147483647..2147483647, got '1.5'");
  EXPECT_EQ(with({"--param", "x", "--nodes", "5"}), "--param x is given twice");
  EXPECT_EQ(with({"--nodes", "5", "--engine", "cmd=a", "--engine", "cmd=b"}),
            "give --engine once: both sides run the same engine");
  EXPECT_EQ(with({"--nodes", "5", "--engine", "name=a"}),
            "--engine: unknown key 'name=a' (cmd=, arg=, option.<Name>=)");
  EXPECT_EQ(with({"--nodes", "5", "--engine"}), "--engine: cmd=<path> is missing");
  EXPECT_EQ(with({"--nodes", "5", "--openings", "f", "--random-plies", "4"}),
            "--openings and --random-plies exclude each other");
  EXPECT_EQ(with({"--nodes", "5", "--variant", "chess"}),
            "--variant: unknown 'chess' (bao, kigogo, kiswahili, kujifunza)");
  EXPECT_EQ(with({"--nodes", "5", "--output", ""}), "--output: empty value");
  EXPECT_EQ(parse_error({"--help"}), "(parsed)");
}

// --- The engine's options ---------------------------------------------------------------

TEST(SpsaEngine, ParsesSpinOptionLines) {
  const std::optional<SpinOption> o =
      parse_spin_option("option name AspirationDelta type spin default 60 min 5 max 1000");
  ASSERT_TRUE(o);
  EXPECT_EQ(o->name, "AspirationDelta");
  EXPECT_EQ(o->default_value, 60);
  EXPECT_EQ(o->min, 5);
  EXPECT_EQ(o->max, 1000);
  const std::optional<SpinOption> spaced =
      parse_spin_option("option name Move Overhead type spin default 10 min 0 max 5000");
  ASSERT_TRUE(spaced);
  EXPECT_EQ(spaced->name, "Move Overhead");
  for (const char* line :
       {"option name UCI_Variant type combo default kiswahili var bao var kigogo",
        "option name Clear Hash type button", "option name X type spin default 1 min 0",
        "option name X type spin default a min 0 max 5",
        "option name X type spin default 1 min 0 max 5 max 6", "option name  type spin",
        "info string option name X type spin default 1 min 0 max 5"})
    EXPECT_FALSE(parse_spin_option(line)) << line;
}

// `params` lists every search constant with its bounds, and `uci` none of them (issue 26:
// the handshake lists what a person sets).
TEST(SpsaEngine, TheEngineListsEverySearchConstantWithItsBounds) {
  arena::UciClient client({"kete", KETE_BINARY, {}, {}}, {test::kKiswahili, 1000}, false);
  ASSERT_TRUE(client.start().ok());
  const absl::StatusOr<std::vector<std::string>> tuning = client.tuning_listing();
  ASSERT_TRUE(tuning.ok()) << tuning.status();
  std::vector<SpinOption> listing;
  for (const std::string& line : *tuning)
    if (std::optional<SpinOption> o = parse_spin_option(line)) listing.push_back(*o);
  for (const std::string& line : client.option_listing())
    for (const ParamSpec& spec : kSearchParams)
      EXPECT_FALSE(line.starts_with("option name " + std::string(spec.name) + " type"))
          << "uci lists " << line;
  const SearchParams defaults;
  for (const ParamSpec& spec : kSearchParams) {
    const auto it = std::find_if(listing.begin(), listing.end(),
                                 [&](const SpinOption& o) { return o.name == spec.name; });
    ASSERT_NE(it, listing.end()) << spec.name;
    EXPECT_EQ(it->default_value, defaults.*spec.field) << spec.name;
    EXPECT_EQ(it->min, spec.min) << spec.name;
    EXPECT_EQ(it->max, spec.max) << spec.name;
  }
}

const std::vector<SpinOption> kListing = {
    {"Hash", 16, 1, 4096}, {"AspirationDelta", 60, 5, 1000}, {"HistoryMax", 16384, 256, 1 << 20},
    {"UseTT", 1, 0, 1},    {"TimeMovesToGo", 30, 5, 100},
};

SpsaCommandLine command_line(std::vector<std::string> args) {
  absl::StatusOr<SpsaCommandLine> cl = parse(std::move(args));
  EXPECT_TRUE(cl.ok()) << cl.status();
  return cl.ok() ? *cl : SpsaCommandLine{};
}

TEST(SpsaEngine, ParametersTakeWhatIsNotGivenFromTheListing) {
  const absl::StatusOr<std::vector<SpsaParam>> p = resolve_params(
      command_line({"--nodes", "5", "--param", "aspirationdelta", "--param", "HistoryMax=20000",
                    "min=1000", "max=60000", "c_end=500", "r_end=0.01"}),
      kListing);
  ASSERT_TRUE(p.ok()) << p.status();
  ASSERT_EQ(p->size(), 2u);
  const SpsaParam& a = (*p)[0];
  EXPECT_EQ(a.name, "AspirationDelta");  // the engine's spelling
  EXPECT_EQ(a.start, 60);
  EXPECT_EQ(a.min, 5);
  EXPECT_EQ(a.max, 1000);
  EXPECT_DOUBLE_EQ(a.c_end, 49.75);
  EXPECT_DOUBLE_EQ(a.r_end, 0.002);
  const SpsaParam& h = (*p)[1];
  EXPECT_EQ(h.start, 20000);
  EXPECT_EQ(h.min, 1000);
  EXPECT_EQ(h.max, 60000);
  EXPECT_DOUBLE_EQ(h.c_end, 500);
  EXPECT_DOUBLE_EQ(h.r_end, 0.01);
}

TEST(SpsaEngine, AllIsTheSearchConstantsButTheSwitches) {
  const absl::StatusOr<std::vector<SpsaParam>> p = resolve_params(
      command_line({"--nodes", "5", "--param", "HistoryMax=1000", "--param", "all"}), kListing);
  ASSERT_TRUE(p.ok()) << p.status();
  std::vector<std::string> names;
  for (const SpsaParam& q : *p)
    names.push_back(q.name);
  // No Hash (not a search constant), no UseTT (a switch); HistoryMax once, as given.
  EXPECT_EQ(names, (std::vector<std::string>{"HistoryMax", "AspirationDelta", "TimeMovesToGo"}));
  EXPECT_EQ((*p)[0].start, 1000);
  // A switch asked for by name is tuned.
  EXPECT_TRUE(resolve_params(command_line({"--nodes", "5", "--param", "UseTT"}), kListing).ok());
}

TEST(SpsaEngine, BadParametersSayWhatIsWrong) {
  const auto message = [](std::vector<std::string> args) {
    const absl::StatusOr<std::vector<SpsaParam>> p = resolve_params(command_line(args), kListing);
    return p.ok() ? "(resolved)" : error_text(p.status());
  };
  EXPECT_EQ(message({"--nodes", "5", "--param", "Nope"}),
            "the engine has no spin option 'Nope' (it has: Hash, AspirationDelta, HistoryMax, "
            "UseTT, TimeMovesToGo)");
  EXPECT_EQ(message({"--nodes", "5", "--param", "AspirationDelta", "min=1"}),
            "AspirationDelta: 1..1000 is outside the engine's bounds 5..1000");
  EXPECT_EQ(message({"--nodes", "5", "--param", "AspirationDelta=2000"}),
            "AspirationDelta: start 2000 is outside 5..1000");
  EXPECT_EQ(message({"--nodes", "5", "--param", "AspirationDelta", "min=100", "max=100"}),
            "AspirationDelta: min 100 is not below max 100");
  EXPECT_EQ(message({"--nodes", "5", "--param", "AspirationDelta", "--engine", "cmd=k",
                     "option.aspirationdelta=50"}),
            "AspirationDelta is tuned, so it cannot be fixed by option.aspirationdelta=50 as well");
}

// --- Through real engines ---------------------------------------------------------------

std::string read_file(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

std::string temporary_path(std::string_view name) {
  return ::testing::TempDir() + "spsa_test_" + std::string(name);
}

TEST(SpsaEngine, ATinyRunThroughTheArena) {
  const std::string output = temporary_path("tiny.txt");
  std::remove(output.c_str());
  SpsaCommandLine cl =
      command_line({"--engine", std::string("cmd=") + KETE_BINARY, "--nodes", "300", "--param",
                    "AspirationDelta", "--param", "HistoryMax", "min=4096", "max=32768",
                    "--iterations", "2", "--seed", "3", "--output", output});
  std::ostringstream out, log;
  std::atomic<bool> stop{false};
  const absl::Status s = run_tuning(cl, out, log, stop);
  ASSERT_TRUE(s.ok()) << s;
  EXPECT_EQ(log.str(), "");
  EXPECT_NE(out.str().find("iteration 1/2: plus "), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("iteration 2/2: plus "), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("Tuned after 2 of 2 iterations (4 games, plus "), std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("games lost by a fault 0)"), std::string::npos) << out.str();
  const std::string values = read_file(output);
  EXPECT_TRUE(values.starts_with("setoption name AspirationDelta value ")) << values;
  EXPECT_NE(values.find("\nsetoption name HistoryMax value "), std::string::npos) << values;
  EXPECT_NE(out.str().find(values), std::string::npos);  // also printed
  std::remove(output.c_str());
}

TEST(SpsaEngine, RunErrorsAreReportedNotThrown) {
  std::ostringstream out, log;
  std::atomic<bool> stop{false};
  const std::string output = temporary_path("errors.txt");
  SpsaCommandLine cl = command_line(
      {"--engine", "cmd=/nonexistent/kete", "--nodes", "300", "--param", "X", "--output", output});
  EXPECT_NE(error_text(run_tuning(cl, out, log, stop)).find("/nonexistent/kete"),
            std::string::npos);
  cl.engine.command = KETE_BINARY;
  EXPECT_NE(error_text(run_tuning(cl, out, log, stop)).find("no spin option 'X'"),
            std::string::npos);
  cl.params[0].name = "AspirationDelta";
  cl.output_file = "/nonexistent/dir/out.txt";
  EXPECT_NE(error_text(run_tuning(cl, out, log, stop)).find("cannot write"), std::string::npos);
  EXPECT_EQ(out.str(), "");  // nothing was played
}

}  // namespace
}  // namespace kete::tuning
