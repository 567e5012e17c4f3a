#include "search/eval_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <system_error>

#include <fmt/format.h>

#include "engine/notation.h"

namespace kete {
namespace {

// Weights files are a few hundred bytes and nets under 120 KB (docs/evaluation.md);
// anything this large is neither.
constexpr off_t kMaxEvalFileBytes = 1 << 20;

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

std::string errno_text() {
  return std::generic_category().message(errno);  // strerror is not thread-safe
}

// The bytes of a weights file or a net. Opened without blocking (a FIFO with no writer
// would block open itself) and checked with fstat on the opened file, so that nothing
// but a regular file of bounded size is read.
absl::StatusOr<std::string> read_bytes(std::string_view path) {
  const std::string name(path);
  const ReadOnlyFile file(name);
  if (file.fd() < 0)
    return absl::NotFoundError(fmt::format("cannot read '{}': {}", path, errno_text()));
  struct stat st {};
  if (fstat(file.fd(), &st) != 0)
    return absl::DataLossError(fmt::format("cannot read '{}': {}", path, errno_text()));
  if (!S_ISREG(st.st_mode))
    return absl::InvalidArgumentError(
        fmt::format("'{}' is {}, not a weights file", path, kind_of(st.st_mode)));
  const auto too_big = [&] {
    return absl::InvalidArgumentError(
        fmt::format("'{}' is not a weights file or a net (over 1 MiB)", path));
  };
  if (st.st_size > kMaxEvalFileBytes) return too_big();
  std::string bytes(size_t(kMaxEvalFileBytes) + 1, '\0');
  size_t got = 0;
  while (got < bytes.size()) {
    const ssize_t n = read(file.fd(), bytes.data() + got, bytes.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return absl::DataLossError(fmt::format("cannot read '{}': {}", path, errno_text()));
    if (n == 0) break;
    got += size_t(n);
  }
  if (got > size_t(kMaxEvalFileBytes)) return too_big();  // it grew since fstat
  bytes.resize(got);
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
