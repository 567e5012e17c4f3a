#include "eval/eval_file.h"

#include <string>

#include <fmt/format.h>

#include "rules/notation.h"
#include "rules/option_file.h"

namespace kete {
namespace {

// Weights files are a few hundred bytes and nets under 120 KB (docs/evaluation.md);
// anything this large is neither.
constexpr OptionFileKind kEvalFileKind{"a weights file", "a weights file or a net", 1 << 20};

absl::StatusOr<std::string> read_bytes(std::string_view path) {
  return read_option_file(path, kEvalFileKind);
}

absl::Status named(std::string_view path, const absl::Status& s) {
  return absl::InvalidArgumentError(fmt::format("'{}': {}", path, error_text(s)));
}

}  // namespace

absl::StatusOr<WeightsFile> read_weights_file(std::string_view path) {
  absl::StatusOr<std::string> bytes = read_bytes(path);
  if (!bytes.ok()) return bytes.status();
  absl::StatusOr<WeightsFile> file = parse_weights(*bytes);
  if (!file.ok()) return named(path, file.status());
  return file;
}

absl::StatusOr<nnue::Net> read_net_file(std::string_view path, std::optional<Variant> expected) {
  absl::StatusOr<std::string> bytes = read_bytes(path);
  if (!bytes.ok()) return bytes.status();
  absl::StatusOr<nnue::Net> net = nnue::parse_net(*bytes, expected);
  if (!net.ok()) return named(path, net.status());
  return net;
}

absl::StatusOr<EvalFile> read_eval_file(std::string_view path) {
  absl::StatusOr<std::string> bytes = read_bytes(path);
  if (!bytes.ok()) return bytes.status();
  if (nnue::looks_like_net(*bytes)) {
    absl::StatusOr<nnue::Net> net = nnue::parse_net(*bytes);
    if (!net.ok()) return named(path, net.status());
    return EvalFile(std::make_shared<const nnue::Net>(*std::move(net)));
  }
  absl::StatusOr<WeightsFile> file = parse_weights(*bytes);
  if (!file.ok()) return named(path, file.status());
  return EvalFile(*file);
}

}  // namespace kete
