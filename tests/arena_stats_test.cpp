// The arena's statistics against values worked out by hand (arena/stats.h). Elo is
// logistic: elo(s) = -400 log10(1/s - 1); z = 1.959964 for the 95% interval.
#include <cmath>

#include <gtest/gtest.h>

#include "arena/stats.h"

namespace kete::arena {
namespace {

TEST(ArenaStats, EloOfAScore) {
  // elo(0.75) = -400 log10(1/3) = 400 * 0.4771213 = 190.8485; elo(0.5) = 0.
  EXPECT_NEAR(elo_from_score(0.75), 190.8485, 1e-4);
  EXPECT_NEAR(elo_from_score(0.25), -190.8485, 1e-4);
  EXPECT_EQ(elo_from_score(0.5), 0.0);
  EXPECT_FALSE(std::signbit(elo_from_score(0.5)));  // printed as 0.0, not -0.0
  // score(100) = 1 / (1 + 10^-0.25) = 1 / (1 + 0.5623413) = 0.6400650.
  EXPECT_NEAR(score_from_elo(100), 0.6400650, 1e-7);
  EXPECT_EQ(elo_from_score(1.0), INFINITY);
  EXPECT_EQ(elo_from_score(0.0), -INFINITY);
}

TEST(ArenaStats, TrinomialInterval) {
  // W 6, D 2, L 2: s = (6 + 1) / 10 = 0.7, elo(0.7) = -400 log10(3/7) = 147.1907.
  // Per-game variance: (6 (1 - 0.7)^2 + 2 (0.5 - 0.7)^2 + 2 (0 - 0.7)^2) / 10
  //                  = (0.54 + 0.08 + 0.98) / 10 = 0.16; standard error sqrt(0.16 / 10)
  //                  = 0.1264911; z * se = 0.2479186.
  // Bounds: elo(0.4520814) = -33.3994, elo(0.9479186) = 504.0333.
  const EloInterval e = elo_interval(Wdl{6, 2, 2});
  EXPECT_NEAR(e.elo, 147.1907, 1e-4);
  EXPECT_NEAR(e.lower, -33.3994, 1e-3);
  EXPECT_NEAR(e.upper, 504.0333, 1e-3);
}

TEST(ArenaStats, PentanomialInterval) {
  // Pairs [LL 1, LD 2, WL+DD 3, WD 4, WW 2], pair scores 0, 1/4, 1/2, 3/4, 1, N = 12:
  // mean m = (0 + 2/4 + 3/2 + 4 * 3/4 + 2) / 12 = 7/12 = 0.5833333, elo(m) = 58.4512.
  // Variance: (1 (7/12)^2 + 2 (1/3)^2 + 3 (1/12)^2 + 4 (1/6)^2 + 2 (5/12)^2) / 12
  //         = (0.3402778 + 0.2222222 + 0.0208333 + 0.1111111 + 0.3472222) / 12 = 0.0868056;
  // se = sqrt(0.0868056 / 12) = 0.0850517; z * se = 0.1666983.
  // Bounds: elo(0.4166350) = -58.4738, elo(0.7500316) = 190.8778.
  Pentanomial p;
  p.counts = {1, 2, 3, 4, 2};
  const EloInterval e = elo_interval(p);
  EXPECT_NEAR(e.elo, 58.4512, 1e-4);
  EXPECT_NEAR(e.lower, -58.4738, 1e-3);
  EXPECT_NEAR(e.upper, 190.8778, 1e-3);
}

TEST(ArenaStats, PairsAreCountedByHalfPoints) {
  Pentanomial p;
  p.add(1, 1);      // WW
  p.add(1, 0);      // WL
  p.add(0.5, 0.5);  // DD, the same cell
  p.add(0, 0.5);    // LD
  EXPECT_EQ(p.counts, (std::array<int, 5>{0, 1, 2, 0, 1}));
  EXPECT_EQ(p.pairs(), 4);
}

TEST(ArenaStats, LikelihoodOfSuperiority) {
  // W 6, L 2: 0.5 (1 + erf(4 / sqrt(16))) = 0.5 (1 + erf(1)) = 0.5 (1 + 0.8427008) = 0.9213504.
  EXPECT_NEAR(los(Wdl{6, 2, 2}), 0.9213504, 1e-7);
  EXPECT_EQ(los(Wdl{0, 5, 0}), 0.5);
  EXPECT_EQ(los(Wdl{3, 0, 3}), 0.5);
}

TEST(ArenaStats, SprtBounds) {
  // alpha = beta = 0.05: log(0.05 / 0.95) = -2.944439, log(0.95 / 0.05) = 2.944439.
  const SprtConfig c{0, 5, 0.05, 0.05};
  EXPECT_NEAR(c.lower_bound(), -2.944439, 1e-6);
  EXPECT_NEAR(c.upper_bound(), 2.944439, 1e-6);
  EXPECT_EQ(decide(2.95, c), SprtDecision::kAcceptH1);
  EXPECT_EQ(decide(-2.95, c), SprtDecision::kAcceptH0);
  EXPECT_EQ(decide(2.9, c), SprtDecision::kContinue);
}

TEST(ArenaStats, SprtLlr) {
  // The pairs above, elo0 0, elo1 10: s0 = 0.5, s1 = 1 / (1 + 10^-0.025) = 0.5143872.
  // LLR = N (s1 - s0) (2 m - s0 - s1) / (2 v)
  //     = 12 * 0.0143872 * (1.1666667 - 1.0143872) / (2 * 0.0868056)
  //     = 12 * 0.0143872 * 0.1522795 / 0.1736111 = 0.151433.
  Pentanomial p;
  p.counts = {1, 2, 3, 4, 2};
  EXPECT_NEAR(llr(p, SprtConfig{0, 10, 0.05, 0.05}), 0.151433, 1e-5);
}

TEST(ArenaStats, SprtLlrRegularizesEmptyCells) {
  // [2, 0, 4, 0, 6] with the empty cells at 0.001: N = 12.002,
  //   sum c x = 0 + 0.001/4 + 4/2 + 0.003/4 + 6 = 8.001, m = 8.001 / 12.002 = 0.6666389;
  //   v = (2 m^2 + 0.001 (1/4 - m)^2 + 4 (1/2 - m)^2 + 0.001 (3/4 - m)^2 + 6 (1 - m)^2) / N
  //     = (0.8888148 + 0.0001736 + 0.1110741 + 0.0000069 + 0.6667778) / 12.002 = 0.1388808;
  //   LLR = 12.002 * 0.0143872 * (1.3332778 - 1.0143872) / (2 * 0.1388808) = 0.198244.
  Pentanomial p;
  p.counts = {2, 0, 4, 0, 6};
  EXPECT_NEAR(llr(p, SprtConfig{0, 10, 0.05, 0.05}), 0.198244, 1e-5);
  // All draws: the variance comes from the regularized cells only, and m = 1/2 sits below
  // (s0 + s1) / 2, so the evidence favours H0.
  Pentanomial draws;
  draws.counts = {0, 0, 50, 0, 0};
  EXPECT_LT(llr(draws, SprtConfig{0, 10, 0.05, 0.05}), 0);
  EXPECT_EQ(llr(Pentanomial{}, SprtConfig{}), 0);
}

TEST(ArenaStats, NoGamesGiveAnUnboundedInterval) {
  const EloInterval e = elo_interval(Wdl{});
  EXPECT_EQ(e.lower, -INFINITY);
  EXPECT_EQ(e.upper, INFINITY);
}

}  // namespace
}  // namespace kete::arena
