// The evaluation weights file: the text format that the engine embeds as its defaults,
// EvalFile loads and the tuner writes (docs/evaluation.md).
//
//   # comment
//   variant kiswahili
//   front 100
//   ...one "<name> <integer>" line per weight of eval/evaluate.h: the mtaji weights,
//   and in kiswahili's file the namua_ weights too
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "eval/evaluate.h"

namespace kete {

// Weights beyond this magnitude are refused: they could only overflow the evaluation.
inline constexpr int32_t kMaxWeight = 100000;

struct WeightsFile {
  Variant variant;
  Weights weights;
};

// Parses a weights file. Errors name the line and the problem: a missing or unknown
// variant, an unknown, repeated or missing weight, a namua weight outside kiswahili, a
// value that is not an integer within kMaxWeight. Weights a variant has no use for are 0.
absl::StatusOr<WeightsFile> parse_weights(std::string_view text);

// The file text for `file`, which parse_weights reads back unchanged; `comment` lines
// (without '#') head it.
std::string format_weights(const WeightsFile& file, std::string_view comment = "");

// The built-in weights of every variant (tuning/weights/<variant>.txt, embedded at build
// time), parsed once. An error names the broken file: a build defect, which the tests
// catch and the engine reports at start instead of playing.
const absl::StatusOr<std::array<Weights, kVariantCount>>& embedded_weights();

// The built-in weights of a variant; all 0 if embedded_weights() is an error.
const Weights& default_weights(Variant v);

}  // namespace kete
