#include "tuning/texel.h"

#include <cmath>

namespace kete::tuning {

namespace {

double evaluation(const FeatureVector& f, const RealWeights& w) {
  double e = 0;
  for (int j = 0; j < kWeightCount; ++j)
    e += w[j] * f[j];
  return e;
}

}  // namespace

RealWeights to_real(const Weights& w) {
  RealWeights r;
  for (int j = 0; j < kWeightCount; ++j)
    r[j] = w[j];
  return r;
}

Weights to_integer(const RealWeights& w) {
  Weights r;
  for (int j = 0; j < kWeightCount; ++j)
    r[j] = int32_t(std::lround(w[j]));
  return r;
}

double predict(double e, double k) {
  return 1 / (1 + std::exp(-k * e));
}

double mean_loss(const std::vector<TexelSample>& samples, const RealWeights& w, double k,
                 bool held_out) {
  double sum = 0;
  size_t n = 0;
  for (const TexelSample& s : samples) {
    if (s.held_out != held_out) continue;
    const double d = predict(evaluation(s.features, w), k) - s.target;
    sum += d * d;
    ++n;
  }
  return n ? sum / double(n) : 0;
}

double fit_scale(const std::vector<TexelSample>& samples, const RealWeights& w) {
  // The loss is unimodal in k for sensible data; search log10 k in [-6, 0].
  auto loss = [&](double log_k) { return mean_loss(samples, w, std::pow(10, log_k), false); };
  const double phi = (std::sqrt(5.0) - 1) / 2;
  double a = -6, b = 0;
  double c = b - phi * (b - a), d = a + phi * (b - a);
  double lc = loss(c), ld = loss(d);
  for (int i = 0; i < 80; ++i) {
    if (lc < ld) {
      b = d, d = c, ld = lc;
      c = b - phi * (b - a), lc = loss(c);
    } else {
      a = c, c = d, lc = ld;
      d = a + phi * (b - a), ld = loss(d);
    }
  }
  return std::pow(10, (a + b) / 2);
}

RealWeights fit_weights(const std::vector<TexelSample>& samples, const RealWeights& start, double k,
                        const FitOptions& options,
                        const std::function<void(int, double)>& progress) {
  constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEpsilon = 1e-12;
  RealWeights w = start, m{}, v{};
  size_t n = 0;
  for (const TexelSample& s : samples)
    n += !s.held_out;
  if (!n) return w;
  for (int epoch = 1; epoch <= options.epochs; ++epoch) {
    // d(loss)/dw_j = mean of 2 (p - t) p (1 - p) k f_j
    RealWeights grad{};
    for (const TexelSample& s : samples) {
      if (s.held_out) continue;
      const double p = predict(evaluation(s.features, w), k);
      const double g = 2 * (p - s.target) * p * (1 - p) * k;
      for (int j = 0; j < kWeightCount; ++j)
        grad[j] += g * s.features[j];
    }
    const double b1 = 1 - std::pow(kBeta1, epoch), b2 = 1 - std::pow(kBeta2, epoch);
    for (int j = 0; j < kWeightCount; ++j) {
      if (options.frozen[j]) continue;
      const double gj = grad[j] / double(n);
      m[j] = kBeta1 * m[j] + (1 - kBeta1) * gj;
      v[j] = kBeta2 * v[j] + (1 - kBeta2) * gj * gj;
      w[j] -= options.learning_rate * (m[j] / b1) / (std::sqrt(v[j] / b2) + kEpsilon);
    }
    if (progress && epoch % 100 == 0) progress(epoch, mean_loss(samples, w, k, false));
  }
  return w;
}

}  // namespace kete::tuning
