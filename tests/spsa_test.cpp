// SPSA (tuning/spsa_core.h): the gain schedules, rounding and clamping worked out by hand,
// the perturbations fixed by the seed, convergence on a synthetic match whose optimum is
// known.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "engine/notation.h"
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
  // Pinned: std::mt19937_64 is fixed by the standard, so a seed repeats a run on any
  // machine; a change here changes every recorded run.
  const std::vector<int> first(a.begin(), a.begin() + 12);
  EXPECT_EQ(first, (std::vector<int>{1, 1, -1, 1, -1, -1, 1, 1, 1, -1, -1, 1}));
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
  std::mt19937_64 games(seed + 1000);
  const auto play = [&](const Probe& pr) -> std::optional<double> {
    const double p = 1 / (1 + std::pow(10, (q.elo(pr.minus) - q.elo(pr.plus)) / 400));
    double result = 0;
    for (int g = 0; g < 2; ++g)
      result += std::generate_canonical<double, 53>(games) < p ? 1 : -1;
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

}  // namespace
}  // namespace kete::tuning
