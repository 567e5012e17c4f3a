#include "arena/stats.h"

#include <cmath>
#include <limits>
#include <numeric>

namespace kete::arena {
namespace {

// The two-sided 95% quantile of the standard normal distribution.
constexpr double kZ95 = 1.959963984540054;
constexpr double kInf = std::numeric_limits<double>::infinity();

struct Moments {
  double mean = 0, variance = 0;
};

// Mean and variance of a discrete distribution given as counts per outcome score.
template <size_t N>
Moments moments(const std::array<double, N>& counts, const std::array<double, N>& scores) {
  const double n = std::accumulate(counts.begin(), counts.end(), 0.0);
  Moments m;
  for (size_t i = 0; i < N; ++i)
    m.mean += counts[i] * scores[i] / n;
  for (size_t i = 0; i < N; ++i)
    m.variance += counts[i] * (scores[i] - m.mean) * (scores[i] - m.mean) / n;
  return m;
}

// The mean score of n samples with per-sample variance `variance`, as Elo with the
// normal-approximation interval mean +- z * sqrt(variance / n).
EloInterval interval(Moments m, double n) {
  const double half_width = kZ95 * std::sqrt(m.variance / n);
  return {elo_from_score(m.mean), elo_from_score(m.mean - half_width),
          elo_from_score(m.mean + half_width)};
}

constexpr std::array<double, 3> kGameScores{0.0, 0.5, 1.0};
// A pair's score per game: half points / 4.
constexpr std::array<double, 5> kPairScores{0.0, 0.25, 0.5, 0.75, 1.0};

}  // namespace

double Wdl::score() const {
  return games() ? (wins + 0.5 * draws) / games() : 0.5;
}

void Wdl::add(double score) {
  if (score > 0.75)
    ++wins;
  else if (score < 0.25)
    ++losses;
  else
    ++draws;
}

int Pentanomial::pairs() const {
  return std::accumulate(counts.begin(), counts.end(), 0);
}

void Pentanomial::add(double first_game, double second_game) {
  ++counts[size_t(std::lround(2 * (first_game + second_game)))];
}

double elo_from_score(double score) {
  if (score <= 0) return -kInf;
  if (score >= 1) return kInf;
  return -400.0 * std::log10(1.0 / score - 1.0) + 0.0;  // + 0.0: an even score is 0, not -0
}

double score_from_elo(double elo) {
  return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}

EloInterval elo_interval(const Wdl& wdl) {
  if (wdl.games() == 0) return {0, -kInf, kInf};
  const std::array<double, 3> counts{double(wdl.losses), double(wdl.draws), double(wdl.wins)};
  return interval(moments(counts, kGameScores), wdl.games());
}

EloInterval elo_interval(const Pentanomial& p) {
  if (p.pairs() == 0) return {0, -kInf, kInf};
  std::array<double, 5> counts;
  for (size_t i = 0; i < 5; ++i)
    counts[i] = p.counts[i];
  return interval(moments(counts, kPairScores), p.pairs());
}

double los(const Wdl& wdl) {
  const int decisive = wdl.wins + wdl.losses;
  if (decisive == 0) return 0.5;
  return 0.5 * (1.0 + std::erf((wdl.wins - wdl.losses) / std::sqrt(2.0 * decisive)));
}

double SprtConfig::lower_bound() const {
  return std::log(beta / (1 - alpha));
}

double SprtConfig::upper_bound() const {
  return std::log((1 - beta) / alpha);
}

// The generalized SPRT through the asymptotic approximation of M. Van den Bergh, "A
// Practical Introduction to the GSPRT" (GSPRT_approximation.pdf, equation 2.1; fishtest's
// stats/LLRcalc.py LLR_alt2, cutechess and c-chess-cli use the same), on the pentanomial
// model: with N pairs of mean score m and per-pair variance v, and s0, s1 the scores of
// elo0 and elo1,
//   LLR = N (s1 - s0) (2 m - s0 - s1) / (2 v).
// As fastchess does (sprt.cpp, regularize), an empty cell counts as 0.001 pairs, so that
// the variance is never zero (all draws).
double llr(const Pentanomial& p, const SprtConfig& config) {
  if (p.pairs() == 0) return 0;
  std::array<double, 5> counts;
  for (size_t i = 0; i < 5; ++i)
    counts[i] = p.counts[i] == 0 ? 1e-3 : p.counts[i];
  const Moments m = moments(counts, kPairScores);
  const double n = std::accumulate(counts.begin(), counts.end(), 0.0);
  const double s0 = score_from_elo(config.elo0), s1 = score_from_elo(config.elo1);
  return n * (s1 - s0) * (2 * m.mean - s0 - s1) / (2 * m.variance);
}

SprtDecision decide(double llr, const SprtConfig& config) {
  if (llr >= config.upper_bound()) return SprtDecision::kAcceptH1;
  if (llr <= config.lower_bound()) return SprtDecision::kAcceptH0;
  return SprtDecision::kContinue;
}

}  // namespace kete::arena
