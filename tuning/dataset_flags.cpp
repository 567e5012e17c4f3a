#include "tuning/dataset_flags.h"

#include <fmt/format.h>

namespace kete::tuning {

absl::Status DatasetFlags::take(const std::string& flag, tools::ArgCursor& args) {
  if (flag == "--variant") return args.variant(flag, variant);
  if (flag == "--data") return args.text(flag, data.emplace_back());
  if (flag == "--out") return args.text(flag, out);
  return tools::unknown_argument(flag);
}

absl::Status DatasetFlags::check(std::string_view out_name) const {
  if (data.empty()) return tools::bad_argument("--data FILE is required");
  if (out.empty()) return tools::bad_argument(fmt::format("--out {} is required", out_name));
  return absl::OkStatus();
}

}  // namespace kete::tuning
