#include "tools/run_checkpoint.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <sstream>
#include <system_error>

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
    if (!fields.emplace(line.substr(0, colon), line.substr(colon + 2)).second)
      return absl::InvalidArgumentError(
          fmt::format("{}:{}: '{}' given twice", path, number, line.substr(0, colon)));
  }
  if (fields[std::string(kRunKey)] != identity)
    return absl::InvalidArgumentError(
        fmt::format("{}: the checkpoint is of another run:\n  it has: {}\n  this is: {}", path,
                    fields[std::string(kRunKey)], identity));
  fields.erase(std::string(kRunKey));
  return fields;
}

void FileSeal::add(std::string_view text) {
  for (unsigned char c : text)
    hash_ = (hash_ ^ c) * 1099511628211ull;
}

std::string FileSeal::seal(uint64_t games, uint64_t bytes) const {
  FileSeal counted = *this;
  counted.add(fmt::format("games={} bytes={}", games, bytes));
  return fmt::format("{:016x}", counted.hash_);
}

absl::StatusOr<FileSeal> check_sealed_prefix(const std::string& path, uint64_t games,
                                             uint64_t bytes, std::string_view seal,
                                             std::string_view counted) {
  const auto refused = [&](std::string_view why) {
    return absl::FailedPreconditionError(fmt::format(
        "'{}' does not hold what the checkpoint counts ({} {} in {} bytes): {}; not resumed", path,
        games, counted, bytes, why));
  };
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return absl::NotFoundError(
        fmt::format("cannot read '{}': {}", path, std::generic_category().message(errno)));
  struct stat st;
  const bool regular = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
  FileSeal sealed;
  std::string buffer(size_t(1) << 20, '\0');
  uint64_t left = bytes;
  char last = '\n';
  while (regular && left > 0) {
    const ssize_t n = ::read(fd, buffer.data(), size_t(std::min<uint64_t>(left, buffer.size())));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    sealed.add(std::string_view(buffer.data(), size_t(n)));
    last = buffer[size_t(n) - 1];
    left -= uint64_t(n);
  }
  ::close(fd);
  if (!regular) return refused("not a regular file");
  if (left > 0) return refused(fmt::format("it holds only {} bytes", bytes - left));
  if (bytes > 0 && last != '\n') return refused("a line is cut there");
  if (sealed.seal(games, bytes) != seal) return refused("the checksum differs");
  return sealed;
}

}  // namespace kete::tools
