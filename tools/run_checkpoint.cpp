#include "tools/run_checkpoint.h"

#include <sys/stat.h>

#include <sstream>

#include <fmt/format.h>

#include "rules/option_file.h"
#include "rules/text.h"
#include "tools/output_file.h"

namespace kete::tools {
namespace {

std::string magic(std::string_view tool) {
  return fmt::format("{} checkpoint 1", tool);
}
constexpr std::string_view kRunKey = "run";

bool exists(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0;
}

}  // namespace

absl::StatusOr<std::string> read_checkpoint_text(const std::string& path, size_t max_bytes) {
  return read_option_file(path, {"a checkpoint", "a checkpoint kete wrote", max_bytes});
}

absl::Status check_no_checkpoint(const std::string& path) {
  if (exists(path))
    return absl::AlreadyExistsError(fmt::format(
        "{}: a checkpoint is already there: --resume continues it, or remove it", path));
  return absl::OkStatus();
}

absl::Status save_run_checkpoint(const std::string& path, std::string_view tool,
                                 const std::string& identity, const CheckpointFields& fields) {
  if (exists(path)) {
    absl::StatusOr<std::string> old = read_checkpoint_text(path, kRunCheckpointBytes);
    if (!old.ok()) return old.status();
    if (!old->starts_with(magic(tool) + "\n"))
      return absl::FailedPreconditionError(
          fmt::format("{}: not a {} checkpoint; not replaced", path, tool));
  }
  std::string text = fmt::format("{}\n{}: {}\n", magic(tool), kRunKey, identity);
  for (const auto& [key, value] : fields)
    text += fmt::format("{}: {}\n", key, value);
  return tools::replace_file(path, text);
}

absl::StatusOr<CheckpointFields> load_run_checkpoint(const std::string& path, std::string_view tool,
                                                     const std::string& identity) {
  absl::StatusOr<std::string> text = read_checkpoint_text(path, kRunCheckpointBytes);
  if (!text.ok()) return text.status();
  std::istringstream in(*text);
  std::string line;
  if (!std::getline(in, line) || line != magic(tool))
    return absl::InvalidArgumentError(fmt::format("{}: not a {} checkpoint", path, tool));
  CheckpointFields fields;
  for (int number = 2; std::getline(in, line); ++number) {
    const size_t colon = line.find(": ");
    if (colon == std::string::npos)
      return absl::InvalidArgumentError(fmt::format("{}:{}: not 'key: value'", path, number));
    fields[line.substr(0, colon)] = line.substr(colon + 2);
  }
  if (fields[std::string(kRunKey)] != identity)
    return absl::InvalidArgumentError(
        fmt::format("{}: the checkpoint is of another run:\n  it has: {}\n  this is: {}", path,
                    fields[std::string(kRunKey)], identity));
  fields.erase(std::string(kRunKey));
  return fields;
}

}  // namespace kete::tools
