// Match statistics from the first engine's point of view: wins/draws/losses, the Elo
// difference with a 95% interval, the likelihood of superiority, and the SPRT on game
// pairs (pentanomial counting). Elo here is logistic Elo: score = 1 / (1 + 10^(-elo/400)).
#pragma once

#include <array>

namespace kete::arena {

struct Wdl {
  int wins = 0, draws = 0, losses = 0;
  int games() const { return wins + draws + losses; }
  double score() const;  // (wins + draws / 2) / games
  void add(double score);
};

// The results of the game pairs (one opening, sides swapped): counts[k] pairs in which the
// first engine scored k half points, so [LL, LD, WL or DD, WD, WW]. A pair's two games are
// correlated through their shared opening; counting pairs, not games, keeps that out of the
// variance (the pentanomial model of fishtest and fastchess).
struct Pentanomial {
  std::array<int, 5> counts{};
  int pairs() const;
  void add(double first_game, double second_game);
};

// An Elo difference and its 95% confidence interval (±inf where a bound is a score of 0
// or 1).
struct EloInterval {
  double elo = 0, lower = 0, upper = 0;
};

double elo_from_score(double score);
double score_from_elo(double elo);

// From the per-game variance of the score (trinomial model).
EloInterval elo_interval(const Wdl& wdl);
// From the per-pair variance of the pair score (pentanomial model).
EloInterval elo_interval(const Pentanomial& p);

// Likelihood of superiority: the probability that the first engine is the stronger, from
// the decisive games only: 0.5 * (1 + erf((W - L) / sqrt(2 (W + L)))).
double los(const Wdl& wdl);

// A sequential probability ratio test of H0: elo = elo0 against H1: elo = elo1 with error
// rates alpha (accepting H1 wrongly) and beta (accepting H0 wrongly).
struct SprtConfig {
  double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
  double lower_bound() const;  // log(beta / (1 - alpha)): at or below, H0 is accepted
  double upper_bound() const;  // log((1 - beta) / alpha): at or above, H1 is accepted
};

enum class SprtDecision { kContinue, kAcceptH0, kAcceptH1 };

// The log-likelihood ratio of H1 against H0 after the pairs in `p`.
double llr(const Pentanomial& p, const SprtConfig& config);
SprtDecision decide(double llr, const SprtConfig& config);

}  // namespace kete::arena
