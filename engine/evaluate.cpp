#include "engine/evaluate.h"

#include <algorithm>

#include "engine/rules_kigogo.h"
#include "engine/rules_kiswahili.h"
#include "engine/sowing.h"
#include "engine/weights.h"

namespace kete {

namespace {

// What one pass over a side's ring counts.
struct RingCounts {
  int front = 0, back = 0, mobility = 0, singletons = 0, empty_front = 0, kichwa = 0, kimbi = 0;
};

template <int W>
RingCounts count_ring(const Position& p, Side s) {
  RingCounts c;
  for (int i = 0; i < 2 * W; ++i) {
    const int n = p.seeds(s, i);
    (i < W ? c.front : c.back) += n;
    c.mobility += n >= 2;
    c.singletons += n == 1;
  }
  for (int i = 0; i < W; ++i)
    c.empty_front += p.seeds(s, i) == 0;
  c.kichwa = (p.seeds(s, 0) > 0) + (p.seeds(s, W - 1) > 0);
  c.kimbi = (p.seeds(s, 1) > 0) + (p.seeds(s, W - 2) > 0);
  return c;
}

// Kigogo's threat is exact: its relay sowing decides where the one capture of a move
// falls, and a first-lap estimate missed it (docs/strength.md: the exact threat is what
// made the fitted kigogo weights win). The moves of s are generated and the largest
// number of seeds one takes out of the game is the threat.
int largest_kigogo_capture(const Position& p, Side s) {
  Position q = p;
  q.set_side_to_move(s);
  const int before = q.ring_seeds(~s);
  int best = 0;
  KigogoRules::generate(q, [&](Move, const Position& child, int) {
    best = std::max(best, before - child.ring_seeds(~s));
  });
  return best;
}

// The seeds that side s's largest capture would take if s were to move. Kigogo: exact
// (above). Otherwise judged by each move's first lap alone (relays and the takasia are
// ignored: a cheap estimate): in namua a hand seed on an occupied front pit takes the
// facing pit; in mtaji and the simple rules a lap of 2..2W-1 seeds ending on an occupied
// front pit does.
template <int W>
int largest_threat(const Position& p, Side s) {
  using R = Ring<W>;
  if (p.variant() == Variant::kKigogo) return largest_kigogo_capture(p, s);
  const Side o = ~s;
  int best = 0;
  if (p.hand(s) > 0) {
    for (int j = 0; j < W; ++j)
      if (p.seeds(s, j) > 0) best = std::max(best, p.seeds(o, R::facing(j)));
    return best;
  }
  for (int i = 0; i < R::kSize; ++i) {
    const int n = p.seeds(s, i);
    if (n < 2 || n >= R::kSize) continue;
    for (Dir d : {Dir::kClockwise, Dir::kAnticlockwise}) {
      const int e = lap_end<W>(i, d, n);
      if (R::is_front(e) && p.seeds(s, e) > 0) best = std::max(best, p.seeds(o, R::facing(e)));
    }
  }
  return best;
}

// The one code path of the evaluation: calls add(feature, value) for every feature. The
// threats, the costly part, are skipped (left out, that is 0) unless `threats` is set:
// the evaluation needs them only when one of their weights is not 0.
template <int W, class Add>
void visit_features(const Position& p, Add&& add, bool threats) {
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
  add(Feature::kThreatUs, threats ? largest_threat<W>(p, us) : 0);
  add(Feature::kThreatThem, threats ? largest_threat<W>(p, them) : 0);
  auto house_seeds = [&](Side s) {
    return p.house_intact(s) ? p.seeds(s, kHouse) : 0;
  };
  add(Feature::kHouse, int(p.house_intact(us)) - int(p.house_intact(them)));
  add(Feature::kHouseSeeds, house_seeds(us) - house_seeds(them));
  add(Feature::kTempo, 1);
}

template <class Add>
void visit_features(const Position& p, Add&& add, bool threats = true) {
  if (p.width() == 12)
    visit_features<12>(p, add, threats);
  else
    visit_features<8>(p, add, threats);
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

FeatureVector features(const Position& p) {
  FeatureVector f{};
  const Stage s = stage_of(p);
  visit_features(p, [&](Feature k, int v) { f[weight_index(s, k)] = v; });
  return f;
}

Value evaluate(const Position& p, const Weights& w) {
  const int32_t* stage_weights = &w[weight_index(stage_of(p), Feature::kFront)];
  int64_t sum = 0;
  const bool threats =
      stage_weights[int(Feature::kThreatUs)] || stage_weights[int(Feature::kThreatThem)];
  visit_features(
      p, [&](Feature k, int v) { sum += int64_t(stage_weights[int(k)]) * v; }, threats);
  return clamp_to_eval_range(sum);
}

Value evaluate(const Position& p, const EvalWeights& w) {
  return evaluate(p, w[p.variant()]);
}

std::vector<EvalTerm> evaluation_terms(const Position& p, const Weights& w) {
  std::vector<EvalTerm> terms;
  const Stage s = stage_of(p);
  visit_features(p, [&](Feature k, int v) {
    const int i = weight_index(s, k);
    terms.push_back({kWeightNames[i], v, w[i], Value(w[i] * v)});
  });
  return terms;
}

}  // namespace kete
