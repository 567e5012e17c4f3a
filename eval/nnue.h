// The learned evaluation: a small network whose first layer is kept as an accumulator
// (NNUE), quantized to integers, per variant (docs/evaluation.md, "The network").
//
//   inputs (sparse, side to move's view) -> kHidden int16 accumulator -> clipped ReLU
//   -> one output, centi-seeds = output / (kQa * kQb) * net.scale
//
// The inputs of a position, seen from a perspective side "us":
//   * per pit of both rings and per hand (a "slot": us first, then them), its seed count
//     one-hot in kBuckets buckets (1..kBuckets-1 exactly, kBuckets = that many or more;
//     an empty slot has no input) plus a large-count input valued min(n - kBuckets,
//     kExcessCap) when n > kBuckets;
//   * the two house flags (us, them), the takasia pit (us's ring, then them's), and the
//     namua stage (seeds in hand);
//   * in a net with threat inputs only: the front pits of each side that the other could
//     capture (eval/evaluate.h, capture_targets: them's pits, then us's), and each side's
//     largest such capture in seeds, one-hot 0..kLargestCap (us, then them).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "eval/evaluate.h"
#include "rules/position.h"
#include "rules/rules.h"
#include "rules/score.h"

namespace kete::nnue {

// Sizes chosen by measurement (docs/performance.md): 64 hidden int16 are four AVX2 adds
// a column, and the nodes/s cost of a wider layer was not repaid in the loss.
inline constexpr int kHidden = 64;
inline constexpr int kBuckets = 16;
inline constexpr int kExcessCap = 32;
inline constexpr int kSlotInputs = kBuckets + 1;
inline constexpr int kLargestCap = 16;  // a largest capture of more seeds counts as this
// Quantization: an activation of 1.0 is kQa in the accumulator, an output weight of 1.0
// is kQb. The trainer keeps |input weight| <= kMaxInputWeight so that no accumulator sum
// of a real position leaves int16 (Stockfish's and bullet's choice of 255/64 and 1.98
// scaled to a 127 activation).
inline constexpr int kQa = 127;
inline constexpr int kQb = 64;
inline constexpr double kMaxInputWeight = 1.98;

// What a net file may hold, so that no sum overflows whatever the file (issue 29: an output
// bias of 2^31 - 1 overflowed the int32 output). An input weight is at most kMaxInputWeight
// quantized. Every seed of a position sets at most one unit of input (a seed in an empty
// slot its bucket, a seed beyond kBuckets one of the large count), so at most kMaxSeeds plus
// the two houses, the takasia pit and the stage, and with the threat inputs at most a
// target flag per front pit (2W, at most kMaxRing) and a largest capture per side:
// with the bias within max_input_bias, an accumulator stays inside int16. The output's dot
// product is at most kHidden x kQa x 32767; the output bias keeps the sum inside int32.
inline constexpr int kMaxQuantizedWeight = int(kMaxInputWeight * kQa);
inline constexpr int kMaxActiveUnits = kMaxSeeds + 4;
inline constexpr int kMaxActiveThreatUnits = kMaxRing + 2;  // 2W target flags, 2 largest
inline constexpr int kMaxInputBias = INT16_MAX - kMaxQuantizedWeight * kMaxActiveUnits;
inline constexpr int kMaxInputBiasWithThreats =
    kMaxInputBias - kMaxQuantizedWeight * kMaxActiveThreatUnits;
static_assert(kMaxInputBiasWithThreats > 0);
constexpr int max_input_bias(bool threats) {
  return threats ? kMaxInputBiasWithThreats : kMaxInputBias;
}
inline constexpr int64_t kMaxDotProduct = int64_t(kHidden) * kQa * INT16_MAX;
inline constexpr int32_t kMaxOutputBias = int32_t(INT32_MAX - kMaxDotProduct);
static_assert(kMaxOutputBias > 0);

// Where each input sits for a ring of W pits a side.
template <int W>
struct Layout {
  static constexpr int kPits = 2 * W;           // pits of one ring
  static constexpr int kSlots = 2 * kPits + 2;  // both rings, then the two hands
  static constexpr int kHouses = kSlots * kSlotInputs;
  static constexpr int kTakasia = kHouses + 2;  // 2 * kPits takasia pits
  static constexpr int kStage = kTakasia + 2 * kPits;
  static constexpr int kInputs = kStage + 1;  // the board's inputs
  static constexpr int kTargets = kInputs;    // 2 * W front pits capturable
  static constexpr int kLargest = kTargets + 2 * W;
  static constexpr int kThreatInputs = kLargest + 2 * (kLargestCap + 1);  // all, with threats
  static constexpr int pit_slot(bool ours, int i) { return (ours ? 0 : kPits) + i; }
  static constexpr int hand_slot(bool ours) { return 2 * kPits + (ours ? 0 : 1); }
};

// The inputs of a net for variant v, with or without the threat inputs.
constexpr int input_count(Variant v, bool threats = false) {
  if (width(v) == 8) return threats ? Layout<8>::kThreatInputs : Layout<8>::kInputs;
  return threats ? Layout<12>::kThreatInputs : Layout<12>::kInputs;
}

// Calls add(input, value) for the inputs of a slot holding n seeds.
template <class Add>
inline void slot_inputs(int slot, int n, Add&& add) {
  if (n == 0) return;
  const int base = slot * kSlotInputs;
  add(base + std::min(n, kBuckets) - 1, 1);
  if (n > kBuckets) add(base + kBuckets, std::min(n - kBuckets, kExcessCap));
}

// Calls add(input, value) for every threat input of p that is not 0, seen from `us`.
template <int W, class Add>
void for_each_threat_input(const Position& p, Side us, Add&& add) {
  using L = Layout<W>;
  for (int ours = 1; ours >= 0; --ours) {
    const Side s = ours ? us : ~us;
    // One pass over the targets sets the flags and finds largest_target.
    int largest = 0;
    for (uint32_t t = capture_targets<W>(p, s); t; t &= t - 1) {
      const int pit = std::countr_zero(t);
      add(L::kTargets + (ours ? 0 : W) + pit, 1);
      largest = std::max(largest, p.seeds(~s, pit));
    }
    add(L::kLargest + (ours ? 0 : kLargestCap + 1) + std::min(largest, kLargestCap), 1);
  }
}

// Calls add(input, value) for every input of p that is not 0, seen from `us`; the threat
// inputs too if `threats`.
template <int W, class Add>
void for_each_input(const Position& p, Side us, Add&& add, bool threats = false) {
  using L = Layout<W>;
  for (int ours = 1; ours >= 0; --ours) {
    const Side s = ours ? us : ~us;
    for (int i = 0; i < L::kPits; ++i)
      slot_inputs(L::pit_slot(ours, i), p.seeds(s, i), add);
    slot_inputs(L::hand_slot(ours), p.hand(s), add);
    if (p.house_intact(s)) add(L::kHouses + (ours ? 0 : 1), 1);
  }
  if (p.has_takasia()) {
    const Pit t = p.takasia();
    add(L::kTakasia + (t.side == us ? 0 : L::kPits) + t.index, 1);
  }
  if (p.hand(Side::kSouth) + p.hand(Side::kNorth) > 0) add(L::kStage, 1);
  if (threats) for_each_threat_input<W>(p, us, add);
}

// What the network's output is. A plain net's output is the evaluation; a residual
// net's output is a correction added to the linear evaluation of eval/evaluate.h, so
// that the hand-made threat features stay and the net learns what they miss (issue #15,
// docs/evaluation.md).
enum class Form : uint8_t { kPlain, kResidual };
inline constexpr int kFormCount = 2;

// A quantized network for one variant (the net file's payload, docs/evaluation.md).
struct Net {
  Variant variant = Variant::kKiswahili;
  Form form = Form::kPlain;
  bool threats = false;                // whether the threat inputs follow the board's
  int32_t scale = 100;                 // centi-seeds per unit of the float output
  std::vector<int16_t> input_weights;  // inputs() x kHidden, input-major
  std::array<int16_t, kHidden> input_bias{};
  std::array<int16_t, kHidden> output_weights{};
  int32_t output_bias = 0;  // in kQa * kQb units

  int inputs() const { return input_count(variant, threats); }
};

struct alignas(64) Accumulator {
  std::array<int16_t, kHidden> v;
};

// The accumulator of p seen from `us`, from scratch.
template <int W>
void refresh(const Net& net, const Position& p, Side us, Accumulator& acc);

// acc, the accumulator of `from` seen from `us`, becomes that of `to`: only the slots and
// flags that differ are touched.
template <int W>
void update(const Net& net, const Position& from, const Position& to, Side us, Accumulator& acc);

// The network's raw output for an accumulator, in kQa * kQb units, and in centi-seeds
// (clamped to the range of non-mate scores).
int32_t raw_output(const Net& net, const Accumulator& acc);
Value output(const Net& net, const Accumulator& acc);

// The network's output for p from the side to move's view by a full refresh (for a
// residual net, the correction alone).
Value evaluate(const Net& net, const Position& p);

// The evaluation with a net: its output (plain), or the linear evaluation plus the
// output (residual), kept inside the range of non-mate scores.
inline Value combine(const Net& net, Value linear, Value output) {
  if (net.form == Form::kPlain) return output;
  return Value(std::clamp(linear + output, -kMateBound + 1, kMateBound - 1));
}

// The evaluation of p with the net and, for a residual net, the weights under it.
Value evaluate(const Net& net, const Position& p, const Weights& w);

// The search's evaluator: the accumulator of the parent of the leaves is cached, and a
// leaf is either updated from it (incremental) or refreshed. No allocation.
class Evaluator {
 public:
  explicit Evaluator(const Net& net, bool incremental) : net_(net), incremental_(incremental) {}

  template <int W>
  Value evaluate(const Position& p, const Position* parent) {
    const Side us = p.side_to_move();
    if (!incremental_ || !parent) {
      refresh<W>(net_, p, us, leaf_);
      return output(net_, leaf_);
    }
    if (!parent_valid_ || parent_us_ != us || !(parent_ == *parent)) {
      refresh<W>(net_, *parent, us, parent_acc_);
      parent_ = *parent;
      parent_us_ = us;
      parent_valid_ = true;
    }
    leaf_ = parent_acc_;
    update<W>(net_, *parent, p, us, leaf_);
    return output(net_, leaf_);
  }

 private:
  const Net& net_;
  const bool incremental_;
  Accumulator parent_acc_, leaf_;
  Position parent_;
  Side parent_us_ = Side::kSouth;
  bool parent_valid_ = false;
};

// Whether the search updates leaves from their parent's accumulator in variant v (true)
// or refreshes them (false): measured per variant (docs/performance.md).
bool incremental_by_default(Variant v);

// The inputs of p that are set, as "name=value" words for `eval` (the threat inputs too
// if `threats`).
std::vector<std::string> input_summary(const Position& p, bool threats = false);

}  // namespace kete::nnue
