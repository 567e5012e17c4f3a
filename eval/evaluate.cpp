#include "eval/evaluate.h"

#include <algorithm>

#include <cassert>

#include "eval/weights.h"
#include "rules/sowing.h"

namespace kete {

namespace {

// What one pass over a side's ring counts.
struct RingCounts {
  int front = 0, back = 0, mobility = 0, singletons = 0, empty_front = 0, kichwa = 0, kimbi = 0;
};

// The counts a word of eight pits at a time (pit_words::holding marks the pits of 1+ and
// 2+ seeds); the pits past the ring hold none.
template <int W>
RingCounts count_ring(const Position& p, Side s) {
  static_assert(W >= 8 && W <= 16);
  using pit_words::holding, pit_words::kOnes;
  // The high bits moved to the bytes' low bits and added by one multiplication (the build
  // targets x86-64 without the popcnt instruction).
  auto high_bits = [&](uint64_t h) { return int(((h >> 7) * kOnes) >> 56); };
  auto occupied = [&](uint64_t w) { return high_bits(holding(w, 1)); };
  auto two_plus = [&](uint64_t w) { return high_bits(holding(w, 2)); };
  const uint64_t front[2] = {p.pit_word(s, 0), W > 8 ? p.pit_word(s, 8, W - 8) : 0};
  const uint64_t back[2] = {p.pit_word(s, W), W > 8 ? p.pit_word(s, W + 8, W - 8) : 0};
  RingCounts c;
  c.front = Position::lane_sum(Position::byte_pairs(front[0]) + Position::byte_pairs(front[1]));
  c.back = Position::lane_sum(Position::byte_pairs(back[0]) + Position::byte_pairs(back[1]));
  const int front_occupied = occupied(front[0]) + occupied(front[1]);
  const int occupied_pits = front_occupied + occupied(back[0]) + occupied(back[1]);
  c.mobility = two_plus(front[0]) + two_plus(front[1]) + two_plus(back[0]) + two_plus(back[1]);
  c.singletons = occupied_pits - c.mobility;
  c.empty_front = W - front_occupied;
  c.kichwa = (p.seeds(s, 0) > 0) + (p.seeds(s, W - 1) > 0);
  c.kimbi = (p.seeds(s, 1) > 0) + (p.seeds(s, W - 2) > 0);
  return c;
}

// The seeds that side s's largest capture would take if s were to move. Kigogo: exact
// (KigogoRules::largest_capture); otherwise the largest pit of capture_targets.
template <Rules Rs>
int largest_threat(const Position& p, Side s) {
  if constexpr (Rs::kVariant == Variant::kKigogo) {
    return KigogoRules::largest_capture(p, s);
  } else {
    return largest_target(p, s, capture_targets<Rs::W>(p, s));
  }
}

// The one code path of the evaluation: calls add(feature, value) for every feature. The
// threats, the costly part, are skipped (left out, that is 0) unless `threats` is set:
// the evaluation needs them only when one of their weights is not 0.
template <Rules R, class Add>
void visit_features(const Position& p, Add&& add, bool threats = true) {
  constexpr int W = R::W;
  assert(p.variant() == R::kVariant);
  const Side us = p.side_to_move(), them = ~us;
  const RingCounts a = count_ring<W>(p, us), b = count_ring<W>(p, them);
  add(Feature::kFront, a.front - b.front);
  add(Feature::kBack, a.back - b.back);
  add(Feature::kHand, p.hand(us) - p.hand(them));
  add(Feature::kMobility, a.mobility - b.mobility);
  add(Feature::kSingletons, a.singletons - b.singletons);
  add(Feature::kEmptyFront, a.empty_front - b.empty_front);
  add(Feature::kKichwa, a.kichwa - b.kichwa);
  add(Feature::kKimbi, a.kimbi - b.kimbi);
  add(Feature::kThreatUs, threats ? largest_threat<R>(p, us) : 0);
  add(Feature::kThreatThem, threats ? largest_threat<R>(p, them) : 0);
  auto house_seeds = [&](Side s) { return p.house_intact(s) ? p.seeds(s, kHouse) : 0; };
  add(Feature::kHouse, int(p.house_intact(us)) - int(p.house_intact(them)));
  add(Feature::kHouseSeeds, house_seeds(us) - house_seeds(them));
  add(Feature::kTempo, 1);
}

Value clamp_to_eval_range(int64_t v) {
  return Value(std::clamp<int64_t>(v, -kMateBound + 1, kMateBound - 1));
}

}  // namespace

std::array<Weights, kVariantCount> EvalWeights::defaults() {
  std::array<Weights, kVariantCount> all;
  for (Variant v : kAllVariants)
    all[size_t(v)] = default_weights(v);
  return all;
}

template <Rules R>
FeatureVector features(const Position& p) {
  FeatureVector f{};
  const Stage s = stage_of(p);
  visit_features<R>(p, [&](Feature k, int v) { f[weight_index(s, k)] = v; });
  return f;
}

template <Rules R>
Value evaluate(const Position& p, const Weights& w) {
  const int32_t* stage_weights = &w[weight_index(stage_of(p), Feature::kFront)];
  int64_t sum = 0;
  const bool threats =
      stage_weights[int(Feature::kThreatUs)] || stage_weights[int(Feature::kThreatThem)];
  visit_features<R>(
      p, [&](Feature k, int v) { sum += int64_t(stage_weights[int(k)]) * v; }, threats);
  return clamp_to_eval_range(sum);
}

template <Rules R>
std::vector<EvalTerm> evaluation_terms(const Position& p, const Weights& w) {
  std::vector<EvalTerm> terms;
  const Stage s = stage_of(p);
  visit_features<R>(p, [&](Feature k, int v) {
    const int i = weight_index(s, k);
    terms.push_back({kWeightNames[i], v, w[i], Value(w[i] * v)});
  });
  return terms;
}

// The evaluation is the same under every option of a variant's rules (the kichwa rule
// changes moves, not what a position is worth), so the variant alone picks the rules type.
FeatureVector features(const Position& p) {
  return with_rules(RuleSet{p.variant()}, [&]<class R>(R) { return features<R>(p); });
}

Value evaluate(const Position& p, const Weights& w) {
  return with_rules(RuleSet{p.variant()}, [&]<class R>(R) { return evaluate<R>(p, w); });
}

Value evaluate(const Position& p, const EvalWeights& w) {
  return evaluate(p, w[p.variant()]);
}

std::vector<EvalTerm> evaluation_terms(const Position& p, const Weights& w) {
  return with_rules(RuleSet{p.variant()}, [&]<class R>(R) { return evaluation_terms<R>(p, w); });
}

#define KETE_EVALUATE_FOR(R)                                   \
  template FeatureVector features<R>(const Position&);         \
  template Value evaluate<R>(const Position&, const Weights&); \
  template std::vector<EvalTerm> evaluation_terms<R>(const Position&, const Weights&);
KETE_EVALUATE_FOR(BaoRules)
KETE_EVALUATE_FOR(KigogoRules)
KETE_EVALUATE_FOR(KiswahiliRules)
KETE_EVALUATE_FOR(KujifunzaRules<KichwaRule::kChoose>)
KETE_EVALUATE_FOR(KujifunzaRules<KichwaRule::kFollow>)
#undef KETE_EVALUATE_FOR

}  // namespace kete
