#include "eval/weights.h"

#include <optional>
#include <vector>

#include <fmt/format.h>

#include "rules/notation.h"
#include "rules/text.h"

namespace kete {

// The embedded tuning/weights files, in Variant order (generated at build time).
extern const std::string_view kDefaultWeightsText[kVariantCount];

namespace {

std::optional<size_t> weight_index(std::string_view name) {
  for (size_t k = 0; k < kWeightNames.size(); ++k)
    if (equals_ignore_case(kWeightNames[k], name)) return k;
  return std::nullopt;
}

// Only kiswahili has a namua stage; the other variants' files hold the mtaji weights.
int weights_of(Variant v) {
  return v == Variant::kKiswahili ? kWeightCount : kFeatureCount;
}

}  // namespace

absl::StatusOr<WeightsFile> parse_weights(std::string_view text) {
  std::optional<Variant> variant;
  Weights weights{};
  std::array<int, kWeightCount> seen_on{};  // the line that set each weight, 0 = none
  int line_no = 0;
  while (!text.empty()) {
    const size_t eol = text.find('\n');
    std::string_view line = text.substr(0, eol);
    text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
    ++line_no;
    if (const size_t hash = line.find('#'); hash != std::string_view::npos)
      line = line.substr(0, hash);
    const std::vector<std::string_view> w = split_words(line);
    if (w.empty()) continue;
    auto error = [&](std::string_view what) {
      return absl::InvalidArgumentError(fmt::format("weights line {}: {}", line_no, what));
    };
    if (w.size() != 2) return error("expected '<name> <value>'");
    if (!variant) {
      if (w[0] != "variant") return error("expected 'variant <name>' before the weights");
      for (Variant v : kAllVariants)
        if (equals_ignore_case(to_string(v), w[1])) variant = v;
      if (!variant) return error(fmt::format("unknown variant '{}'", w[1]));
      continue;
    }
    const std::optional<size_t> k = weight_index(w[0]);
    if (!k) return error(fmt::format("unknown weight '{}'", w[0]));
    if (int(*k) >= weights_of(*variant))
      return error(fmt::format("weight '{}': only kiswahili has a namua stage", kWeightNames[*k]));
    if (seen_on[*k])
      return error(fmt::format("weight '{}' repeats line {}", kWeightNames[*k], seen_on[*k]));
    const absl::StatusOr<int32_t> v =
        parse_number<int32_t>("weight", w[1], -kMaxWeight, kMaxWeight);
    if (!v.ok())
      return error(fmt::format("weight '{}': '{}' is not an integer in -{}..{}", kWeightNames[*k],
                               w[1], kMaxWeight, kMaxWeight));
    weights[*k] = *v;
    seen_on[*k] = line_no;
  }
  if (!variant) return absl::InvalidArgumentError("weights: no 'variant <name>' line");
  std::string missing;
  for (int k = 0; k < weights_of(*variant); ++k)
    if (!seen_on[k]) missing += fmt::format("{}{}", missing.empty() ? "" : ", ", kWeightNames[k]);
  if (!missing.empty())
    return absl::InvalidArgumentError(fmt::format("weights: missing weight(s) {}", missing));
  return WeightsFile{*variant, weights};
}

std::string format_weights(const WeightsFile& file, std::string_view comment) {
  std::string text;
  while (!comment.empty()) {
    const size_t eol = comment.find('\n');
    text += fmt::format("# {}\n", comment.substr(0, eol));
    comment.remove_prefix(eol == std::string_view::npos ? comment.size() : eol + 1);
  }
  text += fmt::format("variant {}\n", to_string(file.variant));
  for (int k = 0; k < weights_of(file.variant); ++k)
    text += fmt::format("{} {}\n", kWeightNames[k], file.weights[k]);
  return text;
}

const absl::StatusOr<std::array<Weights, kVariantCount>>& embedded_weights() {
  static const absl::StatusOr<std::array<Weights, kVariantCount>> embedded =
      []() -> absl::StatusOr<std::array<Weights, kVariantCount>> {
    std::array<Weights, kVariantCount> all{};
    for (Variant variant : kAllVariants) {
      absl::StatusOr<WeightsFile> f = parse_weights(kDefaultWeightsText[size_t(variant)]);
      if (!f.ok() || f->variant != variant)
        return absl::InternalError(fmt::format("embedded {} weights are broken: {}",
                                               to_string(variant),
                                               f.ok() ? "wrong variant" : error_text(f.status())));
      all[size_t(variant)] = f->weights;
    }
    return all;
  }();
  return embedded;
}

const Weights& default_weights(Variant v) {
  static const Weights kNone{};
  const auto& embedded = embedded_weights();
  return embedded.ok() ? (*embedded)[size_t(v)] : kNone;
}

}  // namespace kete
