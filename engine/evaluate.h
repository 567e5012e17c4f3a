// Static evaluation: features of a position times weights that are data (tuning/weights).
// One code path (visit_features in evaluate.cpp) either sums the score or records the
// feature values, the trace that tuners fit weights on (docs/evaluation.md).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/position.h"
#include "engine/score.h"

namespace kete {

// Every feature is counted from the side to move's point of view; "own minus the
// opponent's" unless its description says otherwise.
enum class Feature : uint8_t {
  kFront,       // seeds in the front row
  kBack,        // seeds in the back row
  kHand,        // seeds in hand (kiswahili's namua)
  kMobility,    // pits of 2 or more seeds: the pits a mtaji move can start from
  kSingletons,  // pits holding exactly one seed
  kEmptyFront,  // empty front pits
  kKichwa,      // occupied kichwa pits (front pits 1 and W)
  kKimbi,       // occupied kimbi pits next to them (front pits 2 and W-1)
  kThreatUs,    // seeds the side to move's largest capture takes now (not a difference)
  kThreatThem,  // seeds the opponent's largest capture would take (not a difference)
  kHouse,       // an intact house (kiswahili)
  kHouseSeeds,  // seeds in an intact house
  kTempo,       // 1: being the side to move (not a difference)
};

inline constexpr int kFeatureCount = int(Feature::kTempo) + 1;

// The names in weights files and in `eval`, in Feature order.
inline constexpr std::array<std::string_view, kFeatureCount> kFeatureNames = {
    "front", "back",      "hand",        "mobility", "singletons",  "empty_front", "kichwa",
    "kimbi", "threat_us", "threat_them", "house",    "house_seeds", "tempo"};

// Centi-seeds per unit of each feature.
using Weights = std::array<int32_t, kFeatureCount>;
using FeatureVector = std::array<int32_t, kFeatureCount>;

// The weights of every variant, as an engine holds them: the defaults embedded from
// tuning/weights, each variant's replaceable by an EvalFile.
struct EvalWeights {
  std::array<Weights, 4> by_variant = defaults();

  const Weights& operator[](Variant v) const { return by_variant[size_t(v)]; }
  Weights& operator[](Variant v) { return by_variant[size_t(v)]; }
  static std::array<Weights, 4> defaults();
};

// The feature values of p (the trace).
FeatureVector features(const Position& p);

// The evaluation of p from the side to move's point of view, in centi-seeds, kept inside
// the range of non-mate scores.
Value evaluate(const Position& p, const Weights& w);
Value evaluate(const Position& p, const EvalWeights& w);

struct EvalTerm {
  std::string_view name;
  int32_t feature;
  int32_t weight;
  Value value;  // feature x weight
};

// Every term of the evaluation of p; their values sum to evaluate(p, w) unless that
// clamps.
std::vector<EvalTerm> evaluation_terms(const Position& p, const Weights& w);

}  // namespace kete
