#include "tuning/spsa_core.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include <fmt/format.h>

#include "rules/random.h"

namespace kete::tuning {
namespace {

absl::Status invalid(std::string message) {
  return absl::InvalidArgumentError(std::move(message));
}

absl::Status validate(const SpsaParam& p) {
  if (p.name.empty()) return invalid("a parameter without a name");
  if (p.min >= p.max)
    return invalid(fmt::format("{}: min {} is not below max {}", p.name, p.min, p.max));
  if (!(p.start >= p.min && p.start <= p.max))
    return invalid(fmt::format("{}: start {} is outside {}..{}", p.name, p.start, p.min, p.max));
  if (!(p.c_end > 0) || !std::isfinite(p.c_end))
    return invalid(fmt::format("{}: c_end must be positive, got {}", p.name, p.c_end));
  if (!(p.r_end > 0) || !std::isfinite(p.r_end))
    return invalid(fmt::format("{}: r_end must be positive, got {}", p.name, p.r_end));
  return absl::OkStatus();
}

// The generator's seed, one splitmix64 step from `seed`: callers use the same seed for
// other generators (the random openings are a kete::Random of the seed too), whose draws
// must not line up with the signs.
uint64_t mix(uint64_t seed) {
  return splitmix64(seed);
}

}  // namespace

double default_c_end(int min, int max) {
  return (double(max) - double(min)) / 20;
}

double default_big_a(int64_t total_pairs) {
  return 0.1 * double(total_pairs);
}

absl::Status validate(const std::vector<SpsaParam>& params, const SpsaSchedule& s) {
  if (params.empty()) return invalid("no parameter to tune");
  for (size_t i = 0; i < params.size(); ++i) {
    if (absl::Status st = validate(params[i]); !st.ok()) return st;
    for (size_t j = 0; j < i; ++j)
      if (params[j].name == params[i].name)
        return invalid(fmt::format("{} is given twice", params[i].name));
  }
  if (s.iterations < 1 || s.pairs < 1)
    return invalid("iterations and pairs per iteration must be at least 1");
  if (!(s.alpha > 0) || !(s.gamma > 0) || !(s.big_a >= 0) || !std::isfinite(s.big_a))
    return invalid("alpha and gamma must be positive, A not negative");
  return absl::OkStatus();
}

Gains gains(const SpsaParam& p, const SpsaSchedule& s, int64_t k) {
  assert(k >= 1);
  const double n = double(s.total_pairs());
  const double c = p.c_end * std::pow(n, s.gamma);
  const double a = p.r_end * p.c_end * p.c_end * std::pow(s.big_a + n, s.alpha);
  return {c / std::pow(double(k), s.gamma), a / std::pow(s.big_a + double(k), s.alpha)};
}

int to_value(const SpsaParam& p, double x) {
  return int(std::clamp(std::round(x), double(p.min), double(p.max)));
}

Spsa::Spsa(std::vector<SpsaParam> params, SpsaSchedule schedule, uint64_t seed)
    : params_(std::move(params)), schedule_(schedule), rng_(mix(seed)) {
  assert(validate(params_, schedule_).ok());
  for (const SpsaParam& p : params_)
    theta_.push_back(p.start);
}

std::vector<int> Spsa::values() const {
  std::vector<int> v;
  for (size_t i = 0; i < params_.size(); ++i)
    v.push_back(to_value(params_[i], theta_[i]));
  return v;
}

Probe Spsa::probe() {
  Probe pr;
  pr.iteration = done_ + 1;
  pr.k = schedule_.k_of(pr.iteration);
  for (size_t i = 0; i < params_.size(); ++i) {
    // One bit of the generator per sign.
    const int delta = (rng_() >> 63) ? 1 : -1;
    const double c = gains(params_[i], schedule_, pr.k).c;
    pr.delta.push_back(delta);
    pr.c.push_back(c);
    pr.plus.push_back(to_value(params_[i], theta_[i] + c * delta));
    pr.minus.push_back(to_value(params_[i], theta_[i] - c * delta));
  }
  return pr;
}

void Spsa::update(const Probe& pr, double result) {
  assert(pr.iteration == done_ + 1 && pr.delta.size() == params_.size());
  for (size_t i = 0; i < params_.size(); ++i) {
    const SpsaParam& p = params_[i];
    const Gains g = gains(p, schedule_, pr.k);
    // g.a / g.c^2 is the learning rate r_k; one step moves theta by r_k c_k per unit of
    // result, a distance measured in perturbations (fishtest's "R * c * result * flip").
    theta_[i] =
        std::clamp(theta_[i] + g.a / g.c * result * pr.delta[i], double(p.min), double(p.max));
  }
  ++done_;
}

void Spsa::restore(int done, std::vector<double> theta) {
  for (int i = 0; i < done; ++i) {
    probe();
    ++done_;
  }
  theta_ = std::move(theta);
}

void run_spsa(Spsa& spsa, const Objective& play, const Progress& on_iteration,
              const std::atomic<bool>& stop) {
  while (!spsa.finished() && !stop) {
    const Probe pr = spsa.probe();
    const std::optional<double> result = play(pr);
    if (!result) return;
    spsa.update(pr, *result);
    on_iteration(pr, *result, spsa);
  }
}

}  // namespace kete::tuning
