#include "search/eval_file.h"

#include <fstream>
#include <string>

#include <fmt/format.h>

#include "engine/notation.h"

namespace kete {

namespace {

// Weights files are a few hundred bytes and nets under 120 KB (docs/evaluation.md);
// anything this large is neither.
constexpr std::streamsize kMaxEvalFileBytes = 1 << 20;

absl::StatusOr<std::string> read_bytes(std::string_view path) {
  std::ifstream in{std::string(path), std::ios::binary};
  if (!in) return absl::NotFoundError(fmt::format("cannot read '{}'", path));
  std::string bytes(size_t(kMaxEvalFileBytes) + 1, '\0');
  in.read(bytes.data(), kMaxEvalFileBytes + 1);
  if (in.bad()) return absl::DataLossError(fmt::format("cannot read '{}'", path));
  bytes.resize(size_t(in.gcount()));
  if (std::streamsize(bytes.size()) > kMaxEvalFileBytes)
    return absl::InvalidArgumentError(
        fmt::format("'{}' is not a weights file or a net (over 1 MiB)", path));
  return bytes;
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
