// Static evaluation: features of a position times weights that are data (tuning/weights).
// One code path (visit_features in evaluate.cpp) either sums the score or records the
// feature values, the trace that tuners fit weights on (docs/evaluation.md).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <string_view>
#include <vector>

#include "rules/position.h"
#include "rules/rules.h"
#include "rules/score.h"
#include "rules/sowing.h"

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

// The names of the features, in Feature order.
inline constexpr std::array<std::string_view, kFeatureCount> kFeatureNames = {
    "front", "back",      "hand",        "mobility", "singletons",  "empty_front", "kichwa",
    "kimbi", "threat_us", "threat_them", "house",    "house_seeds", "tempo"};

// Kiswahili's two stages (rules.md 6) weigh the features apart: while seeds are in hand
// (namua) the game is about where they go in, afterwards (mtaji) about the board. The
// other variants are always in the mtaji stage.
enum class Stage : uint8_t { kMtaji, kNamua };

inline Stage stage_of(const Position& p) {
  return p.hand(Side::kSouth) + p.hand(Side::kNorth) > 0 ? Stage::kNamua : Stage::kMtaji;
}

// One weight per feature and stage: weight index = stage * kFeatureCount + feature.
inline constexpr int kWeightCount = 2 * kFeatureCount;

constexpr int weight_index(Stage s, Feature f) {
  return int(s) * kFeatureCount + int(f);
}

// The names in weights files and in `eval`: the feature's name in the mtaji stage,
// "namua_" and the name in the namua stage.
inline constexpr std::array<std::string_view, kWeightCount> kWeightNames = {"front",
                                                                            "back",
                                                                            "hand",
                                                                            "mobility",
                                                                            "singletons",
                                                                            "empty_front",
                                                                            "kichwa",
                                                                            "kimbi",
                                                                            "threat_us",
                                                                            "threat_them",
                                                                            "house",
                                                                            "house_seeds",
                                                                            "tempo",
                                                                            "namua_front",
                                                                            "namua_back",
                                                                            "namua_hand",
                                                                            "namua_mobility",
                                                                            "namua_singletons",
                                                                            "namua_empty_front",
                                                                            "namua_kichwa",
                                                                            "namua_kimbi",
                                                                            "namua_threat_us",
                                                                            "namua_threat_them",
                                                                            "namua_house",
                                                                            "namua_house_seeds",
                                                                            "namua_tempo"};

// kWeightNames is written out so that it can be read; it must follow kFeatureNames.
constexpr bool weight_names_follow_features() {
  constexpr std::string_view kNamuaPrefix = "namua_";
  for (int k = 0; k < kFeatureCount; ++k) {
    const std::string_view namua = kWeightNames[weight_index(Stage::kNamua, Feature(k))];
    if (kWeightNames[weight_index(Stage::kMtaji, Feature(k))] != kFeatureNames[k] ||
        !namua.starts_with(kNamuaPrefix) || namua.substr(kNamuaPrefix.size()) != kFeatureNames[k])
      return false;
  }
  return true;
}
static_assert(weight_names_follow_features());

// Centi-seeds per unit of each feature, per stage.
using Weights = std::array<int32_t, kWeightCount>;
// The trace: the feature values at the weight indices of the position's stage, 0 at the
// other stage's; the evaluation is its dot product with the weights.
using FeatureVector = std::array<int32_t, kWeightCount>;

// The weights of every variant, as an engine holds them: the defaults embedded from
// tuning/weights, each variant's replaceable by an EvalFile.
struct EvalWeights {
  std::array<Weights, kVariantCount> by_variant = defaults();

  const Weights& operator[](Variant v) const { return by_variant[size_t(v)]; }
  Weights& operator[](Variant v) { return by_variant[size_t(v)]; }
  static std::array<Weights, kVariantCount> defaults();
};

// The front pits of ~s that side s could capture if s were to move, as a bit mask over
// ~s's front pit indices, judged by each move's first lap alone (relays and the takasia
// are ignored: a cheap estimate). In namua a hand seed sown on an occupied front pit
// takes the facing pit; in mtaji and the simple rules a lap of 2..2W-1 seeds ending on
// an occupied front pit does. A pit is marked only if it holds seeds. This form follows
// every move's lap; capture_targets below is the same mask, computed faster.
template <int W>
uint32_t capture_targets_by_laps(const Position& p, Side s) {
  using R = Ring<W>;
  const Side o = ~s;
  uint32_t targets = 0;
  auto mark = [&](int front) {
    const int victim = R::facing(front);
    if (p.seeds(o, victim) > 0) targets |= 1u << victim;
  };
  if (p.hand(s) > 0) {
    for (int j = 0; j < W; ++j)
      if (p.seeds(s, j) > 0) mark(j);
    return targets;
  }
  for (int i = 0; i < R::kSize; ++i) {
    const int n = p.seeds(s, i);
    if (n < 2 || n >= R::kSize) continue;
    for (Dir d : {Dir::kClockwise, Dir::kAnticlockwise}) {
      const int e = lap_end<W>(i, d, n);
      if (R::is_front(e) && p.seeds(s, e) > 0) mark(e);
    }
  }
  return targets;
}

// A word of eight pits, pit i in byte i (Position::pit_word), tested a byte at a time.
namespace pit_words {

constexpr uint64_t kOnes = 0x0101010101010101;
constexpr uint64_t kHighBits = 0x8080808080808080;

// The high bit of each byte whose pit holds at least `least` (1 or 2) seeds, and no other
// bit: a pit holds at most kMaxSeeds < 128, so adding 0x80 - least sets the byte's high
// bit exactly then, without a carry into the next byte.
constexpr uint64_t holding(uint64_t w, int least) {
  static_assert(kMaxSeeds < 128);
  return (w + uint64_t(0x80 - least) * kOnes) & kHighBits;
}

// The seeds a lap from each pit of a 16-pit ring must hold to end on front pit j, as the
// ring's two words (pits 0-7, 8-15) for each direction: pit i's byte is (j - i) mod 16
// clockwise, (i - j) mod 16 anticlockwise, and 0xFF (no pit holds it) where that is 0 or
// 1, which are no move (a move lifts 2 or more, and a lap of 16 comes back to its pit).
constexpr std::array<std::array<uint64_t, 4>, 8> kEndingOn = [] {
  std::array<std::array<uint64_t, 4>, 8> t{};
  for (int j = 0; j < 8; ++j)
    for (int i = 0; i < 16; ++i)
      for (int d = 0; d < 2; ++d) {
        const int n = (d == 0 ? j - i : i - j) & 15;
        const uint64_t byte = n < 2 ? 0xFF : uint64_t(n);
        t[size_t(j)][size_t(2 * d + i / 8)] |= byte << (8 * (i % 8));
      }
  return t;
}();

// Nonzero exactly when some byte of w is 0 (the lowest zero byte's high bit is set; a
// borrow may mark bytes above it too, which the test does not mind).
constexpr uint64_t zero_bytes(uint64_t w) {
  return (w - kOnes) & ~w & kHighBits;
}

// The opponent's front pits facing own front pits j, given as the high bits of bytes j:
// bit 7 - j of the mask. One multiplication moves byte j's bit to bit 63 - j, each to a
// bit of its own (no two partial products meet, so nothing carries).
constexpr uint32_t facing_pits(uint64_t high_bits) {
  return uint32_t(((high_bits >> 7) * 0x8040201008040201) >> 56);
}

}  // namespace pit_words

// capture_targets_by_laps, a word of pits at a time where the ring has 16 pits (bao,
// kujifunza, kiswahili): the own front pits that hold seeds and face seeds are found in
// one step, and for each of them one comparison of the ring's words with the seeds a lap
// needs to end there (pit_words::kEndingOn) says whether some move's first lap does.
template <int W>
uint32_t capture_targets(const Position& p, Side s) {
  if constexpr (W != 8) {
    return capture_targets_by_laps<W>(p, s);
  } else {
    using namespace pit_words;
    const uint64_t front = p.pit_word(s, 0), back = p.pit_word(s, 8);
    // Byte j's high bit: own front pit j holds seeds and the facing pit (the opponent's
    // pit 7 - j, hence the byte swap) holds seeds too.
    const uint64_t live = holding(front, 1) & holding(__builtin_bswap64(p.pit_word(~s, 0)), 1);
    if (p.hand(s) > 0) return facing_pits(live);
    uint64_t ends = 0;
    for (uint64_t rest = live; rest; rest &= rest - 1) {
      const auto& need = kEndingOn[size_t(std::countr_zero(rest) / 8)];
      if (zero_bytes(front ^ need[0]) | zero_bytes(back ^ need[1]) | zero_bytes(front ^ need[2]) |
          zero_bytes(back ^ need[3]))
        ends |= rest & -rest;
    }
    return facing_pits(ends);
  }
}

// The most seeds on one of `targets` (a capture_targets mask of side s: pits of ~s), that
// is s's largest capture by that estimate; 0 for none.
inline int largest_target(const Position& p, Side s, uint32_t targets) {
  int best = 0;
  for (; targets; targets &= targets - 1)
    best = std::max(best, p.seeds(~s, std::countr_zero(targets)));
  return best;
}

// The feature values of p (the trace), for a position of R's variant.
template <Rules R>
FeatureVector features(const Position& p);

// The evaluation of p, a position of R's variant, from the side to move's point of view,
// in centi-seeds, kept inside the range of non-mate scores.
template <Rules R>
Value evaluate(const Position& p, const Weights& w);

// The same for tools that hold a position of any variant: one switch to the rules type.
FeatureVector features(const Position& p);
Value evaluate(const Position& p, const Weights& w);
Value evaluate(const Position& p, const EvalWeights& w);

struct EvalTerm {
  std::string_view name;
  int32_t feature;
  int32_t weight;
  Value value;  // feature x weight
};

// Every term of the evaluation of p, named by its weight (so the stage shows); their
// values sum to evaluate(p, w) unless that clamps.
template <Rules R>
std::vector<EvalTerm> evaluation_terms(const Position& p, const Weights& w);
std::vector<EvalTerm> evaluation_terms(const Position& p, const Weights& w);

}  // namespace kete
