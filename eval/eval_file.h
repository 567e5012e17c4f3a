// Reading an evaluation file from disk (EvalFile, the tuning tools): a weights file or a
// net, told apart by the net's magic.
#pragma once

#include <memory>
#include <string_view>
#include <variant>

#include "absl/status/statusor.h"
#include "eval/net_file.h"
#include "eval/weights.h"

namespace kete {

// The weights file at `path`; errors name the file and what is wrong with it.
absl::StatusOr<WeightsFile> read_weights_file(std::string_view path);

// The net file at `path` (of `expected`'s variant when given); errors name the file and
// the problem.
absl::StatusOr<nnue::Net> read_net_file(std::string_view path,
                                        std::optional<Variant> expected = {});

// Either, by the file's first bytes.
using EvalFile = std::variant<WeightsFile, std::shared_ptr<const nnue::Net>>;
absl::StatusOr<EvalFile> read_eval_file(std::string_view path);

}  // namespace kete
