// The net trainer behind kete-train: a float network of eval/nnue.h's architecture,
// fitted by Adam to self-play data, single-threaded and deterministic for a seed
// (docs/tuning.md, "Nets").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "eval/nnue.h"
#include "tuning/dataset.h"

namespace kete::tuning {

struct TrainOptions {
  int batch = 1024;
  double learning_rate = 1e-3;
  double lambda = 0.5;          // weight of the search score in the target (0: the result alone)
  uint64_t holdout_every = 10;  // games g with g % holdout_every == 0 are held out
  uint64_t seed = 1;
};

// The float network: the parameters in one array (input weights input-major, input
// bias, output weights, output bias), with Adam's moments beside them.
struct FloatNet {
  Variant variant = Variant::kKiswahili;
  nnue::Form form = nnue::Form::kPlain;  // residual: the output adds to the linear evaluation
  bool threats = false;                  // the threat inputs follow the board's
  double k = 0.01;  // the logistic scale: output / k is the evaluation in centi-seeds
  std::vector<float> params;
  int inputs() const { return nnue::input_count(variant, threats); }
  size_t input_bias() const { return size_t(inputs()) * nnue::kHidden; }
  size_t output_weights() const { return input_bias() + nnue::kHidden; }
  size_t output_bias() const { return output_weights() + nnue::kHidden; }
  static size_t param_count(Variant v, bool threats = false) {
    return size_t(nnue::input_count(v, threats) + 2) * nnue::kHidden + 1;
  }
};

// A float network of variant v with small random weights from `seed`.
FloatNet initial_net(Variant v, uint64_t seed, nnue::Form form = nnue::Form::kPlain,
                     bool threats = false);

// What a residual net adds its output to: k times the linear evaluation with the
// variant's built-in weights, as a logit (0 for a plain net).
double base_logit(const FloatNet& net, const Position& p);

// The float network's evaluation of p from the side to move's view (the logit, the base
// included; / k gives centi-seeds): the reference that the quantized inference is tested
// against.
double forward(const FloatNet& net, const Position& p);

// The quantized net that the engine reads.
nnue::Net quantize(const FloatNet& net);

// The logistic scale k that best predicts the results from the search scores.
double fit_scale(const std::vector<Sample>& samples);

class Trainer {
 public:
  // Splits the samples by game into training and held-out parts and builds the targets
  // with net.k (fit it first).
  Trainer(FloatNet net, const std::vector<Sample>& samples, const TrainOptions& options);

  // One pass over the training part in an order fixed by the seed and the epoch.
  void train_epoch();
  // Mean squared error of the predicted result on either part.
  double loss(bool held_out) const;

  int epoch() const { return epoch_; }
  size_t size(bool held_out) const { return held_out ? held_.size() : train_.size(); }
  const FloatNet& net() const { return net_; }

  // A checkpoint holds the network, Adam's state and the epoch: resuming from it gives
  // the same net as not stopping.
  std::string checkpoint() const;
  absl::Status resume(std::string_view checkpoint);

 private:
  struct Example {
    Position position;
    float target;
    float base;  // base_logit, computed once
  };
  double predict(const Example& e) const;
  void step(const std::vector<uint32_t>& order, size_t begin, size_t end);

  FloatNet net_;
  TrainOptions options_;
  std::vector<Example> train_, held_;
  std::vector<float> grad_, m_, v_;
  int epoch_ = 0;
  uint64_t steps_ = 0;
};

}  // namespace kete::tuning
