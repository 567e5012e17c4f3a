#include "search/eval_file.h"

#include <fstream>
#include <string>

#include <fmt/format.h>

#include "engine/notation.h"

namespace kete {

// Weights files are a few hundred bytes; anything this large is not one.
constexpr std::streamsize kMaxWeightsFileBytes = 1 << 20;

absl::StatusOr<WeightsFile> read_weights_file(std::string_view path) {
  std::ifstream in{std::string(path), std::ios::binary};
  if (!in) return absl::NotFoundError(fmt::format("cannot read '{}'", path));
  std::string text(size_t(kMaxWeightsFileBytes) + 1, '\0');
  in.read(text.data(), kMaxWeightsFileBytes + 1);
  if (in.bad()) return absl::DataLossError(fmt::format("cannot read '{}'", path));
  text.resize(size_t(in.gcount()));
  if (std::streamsize(text.size()) > kMaxWeightsFileBytes)
    return absl::InvalidArgumentError(fmt::format("'{}' is not a weights file (over 1 MiB)", path));
  absl::StatusOr<WeightsFile> file = parse_weights(text);
  if (!file.ok())
    return absl::InvalidArgumentError(fmt::format("'{}': {}", path, error_text(file.status())));
  return file;
}
}  // namespace kete
