// Reading an evaluation weights file from disk (EvalFile, the tuning tools).
#pragma once

#include <string_view>

#include "absl/status/statusor.h"
#include "engine/weights.h"

namespace kete {

// The weights file at `path`; errors name the file and what is wrong with it.
absl::StatusOr<WeightsFile> read_weights_file(std::string_view path);

}  // namespace kete
