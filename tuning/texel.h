// Texel fitting: the evaluation's weights fitted so that a logistic curve of the
// evaluation predicts game results (docs/tuning.md). The evaluation is linear in its
// features, so every sample is kept as its feature trace and the fit never re-evaluates.
#pragma once

#include <array>
#include <functional>
#include <vector>

#include "eval/evaluate.h"

namespace kete::tuning {

using RealWeights = std::array<double, kWeightCount>;

struct TexelSample {
  FeatureVector features;
  double target;  // the expected score of the side to move, 0..1
  bool held_out;  // kept out of the fit, for the loss on unseen games
};

RealWeights to_real(const Weights& w);
Weights to_integer(const RealWeights& w);  // rounded

// The logistic prediction of the side to move's score from evaluation e (centi-seeds).
double predict(double e, double k);

// Mean squared error between targets and predictions over the training or held-out part.
double mean_loss(const std::vector<TexelSample>& samples, const RealWeights& w, double k,
                 bool held_out);

// The scale k that minimises the training loss for weights w (golden-section search on
// log k).
double fit_scale(const std::vector<TexelSample>& samples, const RealWeights& w);

struct FitOptions {
  int epochs = 3000;
  double learning_rate = 1.0;               // Adam step, centi-seeds per unit
  std::array<bool, kWeightCount> frozen{};  // weights the fit leaves alone
};

// Adam on the training loss from `start` with k fixed; progress(epoch, training loss) is
// called every 100 epochs.
RealWeights fit_weights(const std::vector<TexelSample>& samples, const RealWeights& start, double k,
                        const FitOptions& options,
                        const std::function<void(int, double)>& progress = {});

}  // namespace kete::tuning
