#include "protocol/wdl.h"

#include <cmath>

#include <fmt/format.h>

namespace kete {
namespace {

// Texel's k per variant, per centi-seed, from the fits of the default weights
// (tuning/weights/<variant>.txt, "Fitted by kete-texel on N positions (k ...)").
// kujifunza's weights are the material weights, never fitted: it takes bao's k, which
// was fitted from the same material weights on the same board.
double texel_k(Variant v) {
  switch (v) {
    case Variant::kBao:
      return 0.001690;
    case Variant::kKigogo:
      return 0.001987;
    case Variant::kKiswahili:
      return 0.000835;
    case Variant::kKujifunza:
      return 0.001690;
  }
  return 0.001690;
}

}  // namespace

Wdl wdl(Variant v, const Score& s) {
  constexpr int kPerMille = 1000;
  if (s.is_mate()) return s.value > 0 ? Wdl{kPerMille, 0, 0} : Wdl{0, 0, kPerMille};
  const double expected = 1.0 / (1.0 + std::exp(-texel_k(v) * s.value));
  const int win = int(std::lround(expected * kPerMille));
  return {win, 0, kPerMille - win};
}

std::string wdl_text(Variant v, const Score& s) {
  const Wdl w = wdl(v, s);
  return fmt::format("wdl {} {} {}", w.win, w.draw, w.loss);
}

}  // namespace kete
