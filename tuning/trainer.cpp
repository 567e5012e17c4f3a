#include "tuning/trainer.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include <fmt/format.h>

#include "eval/evaluate.h"
#include "eval/net_file.h"
#include "eval/weights.h"
#include "rules/random.h"

namespace kete::tuning {

namespace {

using nnue::kHidden;

// Adam's constants (Kingma and Ba 2015), the values every NNUE trainer keeps.
constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEpsilon = 1e-8;
// The initial weights: a position sets some 30-40 inputs, so columns of this size start
// the hidden units spread around the middle of the clipped ReLU's range.
constexpr double kInitInputWeight = 0.1, kInitInputBias = 0.5, kInitOutputWeight = 0.3;

constexpr std::string_view kCheckpointMagic = "KETECKPT";
constexpr uint32_t kCheckpointVersion = 2;  // 2 added the form

double sigmoid(double x) {
  return 1 / (1 + std::exp(-x));
}

template <class Add>
void inputs_of(const FloatNet& net, const Position& p, Add&& add) {
  if (width(p.variant()) == 8)
    nnue::for_each_input<8>(p, p.side_to_move(), add, net.threats);
  else
    nnue::for_each_input<12>(p, p.side_to_move(), add, net.threats);
}

// The hidden pre-activations of p.
void hidden_of(const FloatNet& net, const Position& p, std::array<float, kHidden>& h) {
  const float* w = net.params.data();
  std::copy_n(w + net.input_bias(), kHidden, h.begin());
  inputs_of(net, p, [&](int input, int value) {
    const float* column = w + size_t(input) * kHidden;
    for (int j = 0; j < kHidden; ++j)
      h[j] += float(value) * column[j];
  });
}

double output_of(const FloatNet& net, const std::array<float, kHidden>& h) {
  const float* w2 = net.params.data() + net.output_weights();
  double out = net.params[net.output_bias()];
  for (int j = 0; j < kHidden; ++j)
    out += double(std::clamp(h[j], 0.0f, 1.0f)) * w2[j];
  return out;
}

}  // namespace

FloatNet initial_net(Variant v, uint64_t seed, nnue::Form form, bool threats) {
  FloatNet net;
  net.variant = v;
  net.form = form;
  net.threats = threats;
  net.params.assign(FloatNet::param_count(v, threats), 0.0f);
  Random rng(seed);
  auto uniform = [&](double a) { return float((2 * rng.uniform01() - 1) * a); };
  for (size_t i = 0; i < net.input_bias(); ++i)
    net.params[i] = uniform(kInitInputWeight);
  for (int j = 0; j < kHidden; ++j) {
    net.params[net.input_bias() + size_t(j)] = float(kInitInputBias);
    net.params[net.output_weights() + size_t(j)] = uniform(kInitOutputWeight);
  }
  return net;
}

double base_logit(const FloatNet& net, const Position& p) {
  if (net.form == nnue::Form::kPlain) return 0;
  return net.k * kete::evaluate(p, default_weights(net.variant));
}

double forward(const FloatNet& net, const Position& p) {
  std::array<float, kHidden> h;
  hidden_of(net, p, h);
  return output_of(net, h) + base_logit(net, p);
}

nnue::Net quantize(const FloatNet& f) {
  nnue::Net net;
  net.variant = f.variant;
  net.form = f.form;
  net.threats = f.threats;
  net.scale = int32_t(std::lround(1 / f.k));
  auto q16 = [](double x) {
    return int16_t(std::clamp<long>(std::lround(x), INT16_MIN, INT16_MAX));
  };
  net.input_weights.resize(f.input_bias());
  for (size_t i = 0; i < f.input_bias(); ++i)
    net.input_weights[i] = q16(f.params[i] * nnue::kQa);
  for (int j = 0; j < kHidden; ++j) {
    net.input_bias[j] = q16(f.params[f.input_bias() + size_t(j)] * nnue::kQa);
    net.output_weights[j] = q16(f.params[f.output_weights() + size_t(j)] * nnue::kQb);
  }
  net.output_bias =
      int32_t(std::clamp<long>(std::lround(f.params[f.output_bias()] * nnue::kQa * nnue::kQb),
                               -nnue::kMaxOutputBias, nnue::kMaxOutputBias));
  return net;
}

double fit_scale(const std::vector<Sample>& samples) {
  auto loss = [&](double log_k) {
    const double k = std::pow(10, log_k);
    double sum = 0;
    for (const Sample& s : samples) {
      const double d = sigmoid(k * s.score) - result_for_side_to_move(s);
      sum += d * d;
    }
    return sum / double(std::max<size_t>(samples.size(), 1));
  };
  // Golden-section search on log10 k in [-6, 0], as kete-texel fits its scale.
  const double phi = (std::sqrt(5.0) - 1) / 2;
  double a = -6, b = 0;
  for (int i = 0; i < 60; ++i) {
    const double c = b - phi * (b - a), d = a + phi * (b - a);
    (loss(c) < loss(d) ? b : a) = (loss(c) < loss(d) ? d : c);
  }
  return std::pow(10, (a + b) / 2);
}

Trainer::Trainer(FloatNet net, const std::vector<Sample>& samples, const TrainOptions& options)
    : net_(std::move(net)), options_(options) {
  for (const Sample& s : samples) {
    const double target = (1 - options.lambda) * result_for_side_to_move(s) +
                          options.lambda * sigmoid(net_.k * s.score);
    (s.game % options.holdout_every == 0 ? held_ : train_)
        .push_back({s.position, float(target), float(base_logit(net_, s.position))});
  }
  grad_.assign(net_.params.size(), 0.0f);
  m_ = v_ = grad_;
}

void Trainer::step(const std::vector<uint32_t>& order, size_t begin, size_t end) {
  std::fill(grad_.begin(), grad_.end(), 0.0f);
  float* gw2 = grad_.data() + net_.output_weights();
  const float* w2 = net_.params.data() + net_.output_weights();
  const double scale = 1.0 / double(end - begin);
  std::array<float, kHidden> h, gh;
  for (size_t k = begin; k < end; ++k) {
    const Example& e = train_[order[k]];
    hidden_of(net_, e.position, h);
    const double p = sigmoid(output_of(net_, h) + e.base);
    // d(p - t)^2 / d output
    const float g = float(2 * (p - e.target) * p * (1 - p) * scale);
    grad_[net_.output_bias()] += g;
    for (int j = 0; j < kHidden; ++j) {
      const bool live = h[j] > 0 && h[j] < 1;
      gw2[j] += g * std::clamp(h[j], 0.0f, 1.0f);
      gh[j] = live ? g * w2[j] : 0.0f;
      grad_[net_.input_bias() + size_t(j)] += gh[j];
    }
    inputs_of(net_, e.position, [&](int input, int value) {
      float* column = grad_.data() + size_t(input) * kHidden;
      for (int j = 0; j < kHidden; ++j)
        column[j] += float(value) * gh[j];
    });
  }
  ++steps_;
  const double lr = options_.learning_rate * std::sqrt(1 - std::pow(kBeta2, double(steps_))) /
                    (1 - std::pow(kBeta1, double(steps_)));
  const size_t clipped = net_.output_weights();  // input weights and biases
  for (size_t i = 0; i < grad_.size(); ++i) {
    m_[i] = float(kBeta1 * m_[i] + (1 - kBeta1) * grad_[i]);
    v_[i] = float(kBeta2 * v_[i] + (1 - kBeta2) * double(grad_[i]) * grad_[i]);
    float w = float(net_.params[i] - lr * m_[i] / (std::sqrt(double(v_[i])) + kEpsilon));
    if (i < clipped) w = std::clamp(w, float(-nnue::kMaxInputWeight), float(nnue::kMaxInputWeight));
    net_.params[i] = w;
  }
}

void Trainer::train_epoch() {
  std::vector<uint32_t> order(train_.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = uint32_t(i);
  // Each epoch's order from the seed and the epoch alone, so a resumed run repeats it.
  uint64_t state = options_.seed * 0x9E3779B97F4A7C15ull + uint64_t(epoch_);
  Random rng(splitmix64(state));
  for (size_t i = order.size(); i > 1; --i)
    std::swap(order[i - 1], order[rng.uniform_below(i)]);
  const size_t batch = size_t(options_.batch);
  for (size_t begin = 0; begin < order.size(); begin += batch)
    step(order, begin, std::min(order.size(), begin + batch));
  ++epoch_;
}

double Trainer::predict(const Example& e) const {
  std::array<float, kHidden> h;
  hidden_of(net_, e.position, h);
  return output_of(net_, h) + e.base;
}

double Trainer::loss(bool held_out) const {
  const std::vector<Example>& part = held_out ? held_ : train_;
  double sum = 0;
  for (const Example& e : part) {
    const double d = sigmoid(predict(e)) - e.target;
    sum += d * d;
  }
  return sum / double(std::max<size_t>(part.size(), 1));
}

std::string Trainer::checkpoint() const {
  std::string out(kCheckpointMagic);
  nnue::append_bytes(out, kCheckpointVersion);
  nnue::append_bytes(out, uint32_t(net_.variant));
  nnue::append_bytes(out, uint32_t(net_.form));
  nnue::append_bytes(out, uint32_t(kHidden));
  nnue::append_bytes(out, uint64_t(net_.params.size()));
  nnue::append_bytes(out, int32_t(epoch_));
  nnue::append_bytes(out, steps_);
  nnue::append_bytes(out, net_.k);
  for (const std::vector<float>* a : {&net_.params, &m_, &v_})
    out.append(reinterpret_cast<const char*>(a->data()), a->size() * sizeof(float));
  return out;
}

absl::Status Trainer::resume(std::string_view bytes) {
  const size_t n = net_.params.size();
  const size_t header = kCheckpointMagic.size() + 4 * 4 + 8 + 4 + 8 + 8;
  if (!bytes.starts_with(kCheckpointMagic))
    return absl::InvalidArgumentError("not a kete-train checkpoint");
  if (bytes.size() != header + 3 * n * sizeof(float))
    return absl::InvalidArgumentError(
        fmt::format("checkpoint of {} bytes, expected {} for this variant and architecture",
                    bytes.size(), header + 3 * n * sizeof(float)));
  size_t at = kCheckpointMagic.size();
  auto next = [&](auto& v) {
    std::memcpy(&v, bytes.data() + at, sizeof v);
    at += sizeof v;
  };
  uint32_t version, variant, form, hidden;
  uint64_t count;
  next(version);
  next(variant);
  next(form);
  next(hidden);
  next(count);
  if (version != kCheckpointVersion || variant != uint32_t(net_.variant) ||
      form != uint32_t(net_.form) || hidden != uint32_t(kHidden) || count != n)
    return absl::InvalidArgumentError(
        fmt::format("checkpoint version {}, variant {}, form {}, hidden {} does not match this run",
                    version, variant, form, hidden));
  int32_t epoch;
  next(epoch);
  next(steps_);
  next(net_.k);
  epoch_ = epoch;
  for (std::vector<float>* a : {&net_.params, &m_, &v_}) {
    std::memcpy(a->data(), bytes.data() + at, n * sizeof(float));
    at += n * sizeof(float);
  }
  return absl::OkStatus();
}

}  // namespace kete::tuning
