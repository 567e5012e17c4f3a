#include "rules/option_file.h"

#include <algorithm>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

#include <fmt/format.h>

namespace kete {
namespace {

constexpr size_t kMiB = size_t(1) << 20;

// What a path names when it is not a regular file.
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

}  // namespace

// Opened without blocking (a FIFO with no writer would block open itself) and checked
// with fstat on the opened file, so that nothing but a regular file of bounded size is read.
absl::StatusOr<std::string> read_option_file(std::string_view path, const OptionFileKind& kind) {
  const std::string name(path);
  const ReadOnlyFile file(name);
  if (file.fd() < 0)
    return absl::NotFoundError(fmt::format("cannot read '{}': {}", path, errno_text()));
  struct stat st {};
  if (fstat(file.fd(), &st) != 0)
    return absl::DataLossError(fmt::format("cannot read '{}': {}", path, errno_text()));
  if (!S_ISREG(st.st_mode))
    return absl::InvalidArgumentError(
        fmt::format("'{}' is {}, not {}", path, kind_of(st.st_mode), kind.kind));
  const auto too_big = [&] {
    return absl::InvalidArgumentError(fmt::format("'{}' is not {} (over {} MiB)", path,
                                                  kind.kind_by_size, kind.max_bytes / kMiB));
  };
  if (size_t(st.st_size) > kind.max_bytes) return too_big();
  // Room for what the file holds and one byte more, to see it end; a file that grew since
  // fstat gets more room, up to the limit (issue 29: every read zero-filled the limit).
  std::string bytes(size_t(st.st_size) + 1, '\0');
  size_t got = 0;
  for (;;) {
    if (got == bytes.size()) {
      if (got > kind.max_bytes) return too_big();  // it grew since fstat
      bytes.resize(std::min(2 * got, kind.max_bytes + 1));
    }
    const ssize_t n = read(file.fd(), bytes.data() + got, bytes.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return absl::DataLossError(fmt::format("cannot read '{}': {}", path, errno_text()));
    if (n == 0) break;
    got += size_t(n);
  }
  bytes.resize(got);
  return bytes;
}

}  // namespace kete
