#include "search/eval_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include <fmt/format.h>

#include "engine/notation.h"

namespace kete {
namespace {

// Weights files are a few hundred bytes; anything this large is not one.
constexpr off_t kMaxWeightsFileBytes = 1 << 20;

// What a path names when it is not a regular file (issue #20: a FIFO blocked the command
// loop for ever, /dev/stdin ate the commands that followed).
std::string_view kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a pipe";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

class ReadOnlyFile {
 public:
  explicit ReadOnlyFile(const std::string& path)
      : fd_(open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)) {}
  ~ReadOnlyFile() {
    if (fd_ >= 0) close(fd_);
  }
  ReadOnlyFile(const ReadOnlyFile&) = delete;
  ReadOnlyFile& operator=(const ReadOnlyFile&) = delete;
  int fd() const { return fd_; }

 private:
  int fd_;
};

}  // namespace

// Opened without blocking (a FIFO with no writer would block open itself) and checked with
// fstat on the opened file, so that nothing but a regular file of bounded size is read.
absl::StatusOr<WeightsFile> read_weights_file(std::string_view path) {
  const std::string name(path);
  const ReadOnlyFile file(name);
  if (file.fd() < 0)
    return absl::NotFoundError(fmt::format("cannot read '{}': {}", path, std::strerror(errno)));
  struct stat st {};
  if (fstat(file.fd(), &st) != 0)
    return absl::DataLossError(fmt::format("cannot read '{}': {}", path, std::strerror(errno)));
  if (!S_ISREG(st.st_mode))
    return absl::InvalidArgumentError(
        fmt::format("'{}' is {}, not a weights file", path, kind_of(st.st_mode)));
  if (st.st_size > kMaxWeightsFileBytes)
    return absl::InvalidArgumentError(fmt::format("'{}' is not a weights file (over 1 MiB)", path));
  std::string text(size_t(kMaxWeightsFileBytes) + 1, '\0');
  size_t got = 0;
  while (got < text.size()) {
    const ssize_t n = read(file.fd(), text.data() + got, text.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0)
      return absl::DataLossError(fmt::format("cannot read '{}': {}", path, std::strerror(errno)));
    if (n == 0) break;
    got += size_t(n);
  }
  // The file may have grown since fstat.
  if (got > size_t(kMaxWeightsFileBytes))
    return absl::InvalidArgumentError(fmt::format("'{}' is not a weights file (over 1 MiB)", path));
  text.resize(got);
  absl::StatusOr<WeightsFile> weights = parse_weights(text);
  if (!weights.ok())
    return absl::InvalidArgumentError(fmt::format("'{}': {}", path, error_text(weights.status())));
  return weights;
}
}  // namespace kete
