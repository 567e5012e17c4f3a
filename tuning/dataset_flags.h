// The command-line flags that the tools fitting to a dataset (kete-texel, kete-train)
// share: the variant, the dataset files (tuning/dataset.h) and the file to write. Each tool
// reads its own flags first and hands the rest here, as kete-match does with MatchFlags.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "rules/types.h"
#include "tools/arg_cursor.h"

namespace kete::tuning {

struct DatasetFlags {
  Variant variant = Variant::kKiswahili;
  std::vector<std::string> data;  // --data, once per file
  std::string out;

  // Reads `flag` and its value from `args`. A flag that is none of these is an unknown
  // argument: the tool has already tried its own.
  absl::Status take(const std::string& flag, tools::ArgCursor& args);

  // --data and --out were given; `out_name` is what --out names in the usage ("FILE").
  absl::Status check(std::string_view out_name) const;
};

}  // namespace kete::tuning
