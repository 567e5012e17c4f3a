#include "eval/nnue.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstring>

#include <fmt/format.h>

namespace kete::nnue {

namespace {

// kete is built for any x86-64 (SSE2), and most machines have AVX2, twice as wide: on
// Linux the loops over the hidden units below are compiled for both, and the loader picks
// the AVX2 copy where the processor has it (GCC's and Clang's target_clones). The integer
// sums are the same either way. The plain loops are what the compiler vectorizes. Not
// under ThreadSanitizer, whose runtime is not ready when the loader runs the choice (the
// tests' binary crashed at its start).
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define KETE_THREAD_SANITIZER 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define KETE_THREAD_SANITIZER 1
#endif
#if defined(__x86_64__) && defined(__linux__) && !defined(__EMSCRIPTEN__) && \
    !defined(KETE_THREAD_SANITIZER)
#define KETE_WIDE_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define KETE_WIDE_CLONES
#endif

KETE_WIDE_CLONES void add_column(const Net& net, int input, int value, Accumulator& acc) {
  const int16_t* w = &net.input_weights[size_t(input) * kHidden];
  if (value == 1) {
    for (int i = 0; i < kHidden; ++i)
      acc.v[i] = int16_t(acc.v[i] + w[i]);
  } else {
    for (int i = 0; i < kHidden; ++i)
      acc.v[i] = int16_t(acc.v[i] + value * w[i]);
  }
}

void sub_column(const Net& net, int input, int value, Accumulator& acc) {
  add_column(net, input, -value, acc);
}

// The inputs of a position that are set, gathered so that the refresh adds their columns
// in one call, its sums kept in registers: those of value 1 (all but the large counts)
// apart, so that adding them needs no test of the value.
struct InputList {
  // A 4x12 board sets at most 130: two per pit and hand, a house each, the takasia, the
  // stage, and a target per front pit and a largest capture for each side.
  static constexpr int kCapacity = 256;
  std::array<int, kCapacity> ones;
  int ones_size = 0;
  std::array<int, kCapacity> input;
  std::array<int, kCapacity> value;
  int size = 0;

  void add(int i, int v) {
    assert(ones_size < kCapacity && size < kCapacity);
    if (v == 1) {
      ones[size_t(ones_size++)] = i;
    } else {
      input[size_t(size)] = i;
      value[size_t(size++)] = v;
    }
  }
};

// Sixteen hidden units as one vector (GCC's and Clang's vector extensions; a weight
// column need not be aligned to its size, and is read through this type), so that the
// sums stay in registers across the columns: left to itself, the compiler interleaved
// four columns a unit at a time.
typedef int16_t Lanes __attribute__((vector_size(32), aligned(2), may_alias));
constexpr int kLaneCount = 16;
constexpr int kChunks = kHidden / kLaneCount;
static_assert(kHidden % kLaneCount == 0);

KETE_WIDE_CLONES void add_columns(const Net& net, const InputList& list, Accumulator& acc) {
  Lanes sum[kChunks];
  std::memcpy(sum, net.input_bias.data(), sizeof sum);
  for (int k = 0; k < list.ones_size; ++k) {
    const Lanes* w =
        reinterpret_cast<const Lanes*>(&net.input_weights[size_t(list.ones[k]) * kHidden]);
    for (int c = 0; c < kChunks; ++c)
      sum[c] += w[c];
  }
  for (int k = 0; k < list.size; ++k) {
    const Lanes* w =
        reinterpret_cast<const Lanes*>(&net.input_weights[size_t(list.input[k]) * kHidden]);
    const int16_t value = int16_t(list.value[k]);
    for (int c = 0; c < kChunks; ++c)
      sum[c] += w[c] * value;
  }
  std::memcpy(acc.v.data(), sum, sizeof sum);
}

}  // namespace

template <int W>
void refresh(const Net& net, const Position& p, Side us, Accumulator& acc) {
  assert(net.input_weights.size() == size_t(net.inputs()) * kHidden);
  InputList list;
  for_each_input<W>(
      p, us, [&](int input, int value) { list.add(input, value); }, net.threats);
  add_columns(net, list, acc);
}

template <int W>
void update(const Net& net, const Position& from, const Position& to, Side us, Accumulator& acc) {
  using L = Layout<W>;
  auto sub = [&](int input, int value) { sub_column(net, input, value, acc); };
  auto add = [&](int input, int value) { add_column(net, input, value, acc); };
  for (int ours = 0; ours < 2; ++ours) {
    const Side s = ours ? us : ~us;
    for (int i = 0; i < L::kPits; ++i) {
      const int a = from.seeds(s, i), b = to.seeds(s, i);
      if (a == b) continue;
      slot_inputs(L::pit_slot(ours, i), a, sub);
      slot_inputs(L::pit_slot(ours, i), b, add);
    }
    const int a = from.hand(s), b = to.hand(s);
    if (a != b) {
      slot_inputs(L::hand_slot(ours), a, sub);
      slot_inputs(L::hand_slot(ours), b, add);
    }
    if (from.house_intact(s) != to.house_intact(s))
      add_column(net, L::kHouses + (ours ? 0 : 1), to.house_intact(s) ? 1 : -1, acc);
  }
  const bool t_from = from.has_takasia(), t_to = to.has_takasia();
  if (t_from != t_to || (t_from && !(from.takasia() == to.takasia()))) {
    auto takasia_input = [&](const Position& p) {
      const Pit t = p.takasia();
      return L::kTakasia + (t.side == us ? 0 : L::kPits) + t.index;
    };
    if (t_from) sub(takasia_input(from), 1);
    if (t_to) add(takasia_input(to), 1);
  }
  const bool namua_from = from.hand(Side::kSouth) + from.hand(Side::kNorth) > 0;
  const bool namua_to = to.hand(Side::kSouth) + to.hand(Side::kNorth) > 0;
  if (namua_from != namua_to) add_column(net, L::kStage, namua_to ? 1 : -1, acc);
  if (net.threats) {
    for_each_threat_input<W>(from, us, sub);
    for_each_threat_input<W>(to, us, add);
  }
}

KETE_WIDE_CLONES int32_t raw_output(const Net& net, const Accumulator& acc) {
  int32_t sum = 0;
  for (int i = 0; i < kHidden; ++i)
    sum += int32_t(std::clamp<int16_t>(acc.v[i], 0, kQa)) * net.output_weights[i];
  return sum + net.output_bias;
}

Value output(const Net& net, const Accumulator& acc) {
  const int64_t cs = int64_t(raw_output(net, acc)) * net.scale / (kQa * kQb);
  return Value(std::clamp<int64_t>(cs, -kMateBound + 1, kMateBound - 1));
}

Value evaluate(const Net& net, const Position& p) {
  Accumulator acc;
  if (width(p.variant()) == 8)
    refresh<8>(net, p, p.side_to_move(), acc);
  else
    refresh<12>(net, p, p.side_to_move(), acc);
  return output(net, acc);
}

Value evaluate(const Net& net, const Position& p, const Weights& w) {
  const Value out = evaluate(net, p);
  return net.form == Form::kPlain ? out : combine(net, kete::evaluate(p, w), out);
}

bool incremental_by_default(Variant v) {
  // Measured with kete-micro's net_leaves (docs/performance.md): a Bao or kiswahili
  // move relays around the board and changes so many pits that a refresh is as fast or
  // faster; kigogo's 4x12 board and kujifunza's single laps leave most pits alone.
  switch (v) {
    case Variant::kBao:
    case Variant::kKiswahili:
      return false;
    case Variant::kKigogo:
    case Variant::kKujifunza:
      return true;
  }
  return false;
}

std::vector<std::string> input_summary(const Position& p, bool threats) {
  std::vector<std::string> words;
  const int w = width(p.variant());
  auto name = [&](int input) -> std::string {
    auto describe = [&]<int W>() -> std::string {
      using L = Layout<W>;
      if (input >= L::kLargest) {
        const int k = input - L::kLargest;
        return fmt::format("largest_{}:{}", k <= kLargestCap ? "us" : "them",
                           k % (kLargestCap + 1));
      }
      if (input >= L::kTargets) {
        const int t = input - L::kTargets;
        return fmt::format("capturable_{}{}", t < W ? "them" : "us", t % W);
      }
      if (input >= L::kStage) return "namua";
      if (input >= L::kTakasia) {
        const int t = input - L::kTakasia;
        return fmt::format("takasia_{}{}", t < L::kPits ? "us" : "them", t % L::kPits);
      }
      if (input >= L::kHouses) return input == L::kHouses ? "house_us" : "house_them";
      const int slot = input / kSlotInputs, k = input % kSlotInputs;
      const std::string where =
          slot >= 2 * L::kPits
              ? (slot == L::hand_slot(true) ? "hand_us" : "hand_them")
              : fmt::format("{}{}", slot < L::kPits ? "us" : "them", slot % L::kPits);
      return k == kBuckets ? where + "+" : fmt::format("{}:{}", where, k + 1);
    };
    return w == 8 ? describe.template operator()<8>() : describe.template operator()<12>();
  };
  auto add = [&](int input, int value) {
    words.push_back(value == 1 ? name(input) : fmt::format("{}={}", name(input), value));
  };
  if (w == 8)
    for_each_input<8>(p, p.side_to_move(), add, threats);
  else
    for_each_input<12>(p, p.side_to_move(), add, threats);
  return words;
}

template void refresh<8>(const Net&, const Position&, Side, Accumulator&);
template void refresh<12>(const Net&, const Position&, Side, Accumulator&);
template void update<8>(const Net&, const Position&, const Position&, Side, Accumulator&);
template void update<12>(const Net&, const Position&, const Position&, Side, Accumulator&);

}  // namespace kete::nnue
