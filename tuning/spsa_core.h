// SPSA (simultaneous perturbation stochastic approximation) over integer engine options,
// as fishtest runs it for Stockfish: every iteration draws a random sign per parameter,
// plays the engine at theta + c_k * delta against the engine at theta - c_k * delta, and
// moves theta along delta by the result. Nothing here plays a game: the match is a
// callback, so the schedule and the updates can be tested on a synthetic objective.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "rules/random.h"

namespace kete::tuning {

struct SpsaParam {
  std::string name;
  double start = 0;
  int min = 0, max = 0;  // theta and every value played stay within these
  // The perturbation and the learning rate at the last pair; the schedules are derived
  // from them (gains()). Stockfish's TUNE defaults: c_end = (max - min) / 20, r_end 0.002.
  double c_end = 0;
  double r_end = 0.002;
};

// c_end = (max - min) / 20.
double default_c_end(int min, int max);

struct SpsaSchedule {
  int iterations = 100;
  int pairs = 1;         // game pairs per iteration, all played with the same perturbation
  double alpha = 0.602;  // a_k decay (Spall's recommendation, fishtest's default)
  double gamma = 0.101;  // c_k decay
  double big_a = 0;      // A, the stability offset of a_k; fishtest suggests 10% of the pairs

  // The schedules count game pairs, as fishtest does, so that r_end means the same
  // whatever the pairs per iteration.
  int64_t total_pairs() const { return int64_t(iterations) * pairs; }
  // The pair count k at which iteration i (from 1) evaluates its gains: its first pair.
  int64_t k_of(int iteration) const { return int64_t(iteration - 1) * pairs + 1; }
};

// A = 10% of the pairs.
double default_big_a(int64_t total_pairs);

// Checks what the constructor of Spsa relies on: a name, min < max, start in bounds,
// c_end > 0, r_end > 0, at least one iteration and pair, alpha and gamma positive, A >= 0.
absl::Status validate(const std::vector<SpsaParam>& params, const SpsaSchedule& schedule);

// One parameter's gains at pair k (from 1) of N. c_k = c / k^gamma and
// a_k = a / (A + k)^alpha, with c and a chosen so that at k = N, c_k = c_end and
// a_k / c_k^2 = r_end (fishtest: c = c_end N^gamma, a = r_end c_end^2 (A + N)^alpha).
struct Gains {
  double c = 0;
  double a = 0;
};
Gains gains(const SpsaParam& p, const SpsaSchedule& s, int64_t k);

// x rounded to the nearest integer (halves away from zero) and clamped to the bounds:
// engines take integers.
int to_value(const SpsaParam& p, double x);

// What one iteration plays: engine "plus" gets the `plus` values, engine "minus" the
// `minus` values, in the order of the parameters.
struct Probe {
  int iteration = 0;       // from 1
  int64_t k = 0;           // the pair count the gains are evaluated at
  std::vector<int> delta;  // +1 or -1 per parameter
  std::vector<double> c;   // c_k per parameter
  std::vector<int> plus;   // to_value(theta + c_k delta)
  std::vector<int> minus;  // to_value(theta - c_k delta)
};

class Spsa {
 public:
  // `params` and `schedule` must pass validate(). The perturbations come from `seed`
  // alone: the same seed gives the same signs whatever the results.
  Spsa(std::vector<SpsaParam> params, SpsaSchedule schedule, uint64_t seed);

  const std::vector<SpsaParam>& params() const { return params_; }
  const SpsaSchedule& schedule() const { return schedule_; }
  const std::vector<double>& theta() const { return theta_; }
  // theta as the engine would be told it.
  std::vector<int> values() const;
  // Iterations updated so far.
  int iterations_done() const { return done_; }
  bool finished() const { return done_ >= schedule_.iterations; }

  // Continues after `done` iterations that left `theta` (a resumed run): the signs those
  // iterations drew are drawn again, so the next probe is the one the run would have made.
  void restore(int done, std::vector<double> theta);
  // The perturbation of the next iteration (draws its signs; call once per iteration).
  Probe probe();
  // `result`: the plus engine's wins minus losses over the iteration's games.
  // theta_i += a_k / c_k * result * delta_i, clamped to the bounds.
  void update(const Probe& probe, double result);

 private:
  std::vector<SpsaParam> params_;
  SpsaSchedule schedule_;
  std::vector<double> theta_;
  Random rng_;  // splitmix64 (rules/random.h): a seed repeats a run on any machine
  int done_ = 0;
};

// Plays the games of a probe; nullopt when they could not all be played (stopped).
using Objective = std::function<std::optional<double>(const Probe&)>;
// Called after each update with the probe, its result and the state after it.
using Progress = std::function<void(const Probe&, double result, const Spsa&)>;

// Runs the remaining iterations, stopping early (without an update) when `stop` is set
// or the objective gives up.
void run_spsa(Spsa& spsa, const Objective& play, const Progress& on_iteration,
              const std::atomic<bool>& stop);

}  // namespace kete::tuning
