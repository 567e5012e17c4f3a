#include "rules/option_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
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

std::string errno_text() {
  return std::generic_category().message(errno);  // strerror is not thread-safe
}

// A regular file of bounded size, opened for reading. Opened without blocking (a FIFO with
// no writer would block open itself) and checked with fstat on the opened file, so that
// nothing but a regular file is read.
class OptionFile {
 public:
  OptionFile(std::string_view path, const OptionFileKind& kind) : path_(path), kind_(kind) {}
  ~OptionFile() {
    if (fd_ >= 0) close(fd_);
  }
  OptionFile(const OptionFile&) = delete;
  OptionFile& operator=(const OptionFile&) = delete;

  absl::Status open() {
    fd_ = ::open(path_.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd_ < 0)
      return absl::NotFoundError(fmt::format("cannot read '{}': {}", path_, errno_text()));
    struct stat st {};
    if (fstat(fd_, &st) != 0) return read_error();
    if (!S_ISREG(st.st_mode))
      return absl::InvalidArgumentError(
          fmt::format("'{}' is {}, not {}", path_, kind_of(st.st_mode), kind_.kind));
    if (size_t(st.st_size) > kind_.max_bytes) return too_big();
    size_ = size_t(st.st_size);
    return absl::OkStatus();
  }

  size_t size() const { return size_; }

  // Up to `n` bytes into `to`: how many, 0 at the end.
  absl::StatusOr<size_t> read_some(char* to, size_t n) {
    for (;;) {
      const ssize_t got = read(fd_, to, n);
      if (got >= 0) return size_t(got);
      if (errno != EINTR) return read_error();
    }
  }

  absl::Status too_big() const {
    return absl::InvalidArgumentError(fmt::format("'{}' is not {} (over {} MiB)", path_,
                                                  kind_.kind_by_size, kind_.max_bytes / kMiB));
  }

 private:
  absl::Status read_error() const {
    return absl::DataLossError(fmt::format("cannot read '{}': {}", path_, errno_text()));
  }

  std::string path_;
  const OptionFileKind& kind_;
  int fd_ = -1;
  size_t size_ = 0;
};

}  // namespace

absl::StatusOr<std::string> read_option_file(std::string_view path, const OptionFileKind& kind) {
  OptionFile file(path, kind);
  if (absl::Status s = file.open(); !s.ok()) return s;
  // The size fstat gave and a byte more, to see the end; more only if the file grew since,
  // never past the limit.
  std::string bytes(file.size() + 1, '\0');
  size_t got = 0;
  for (;;) {
    if (got == bytes.size()) {
      if (got > kind.max_bytes) return file.too_big();
      bytes.resize(std::min(2 * bytes.size(), kind.max_bytes + 1));
    }
    absl::StatusOr<size_t> n = file.read_some(bytes.data() + got, bytes.size() - got);
    if (!n.ok()) return n.status();
    if (*n == 0) break;
    got += *n;
  }
  bytes.resize(got);
  return bytes;
}

absl::Status check_option_file(std::string_view path, const OptionFileKind& kind) {
  OptionFile file(path, kind);
  return file.open();
}

absl::Status read_option_file_lines(
    std::string_view path, const OptionFileKind& kind, size_t max_line,
    absl::FunctionRef<absl::Status(std::string_view text, uint64_t number)> line) {
  OptionFile file(path, kind);
  if (absl::Status s = file.open(); !s.ok()) return s;
  std::string buffer(std::max(max_line + 1, size_t(1) << 16), '\0');
  size_t held = 0;   // bytes of buffer not yet handed out: the start of the next line
  size_t total = 0;  // bytes read: a file growing while it is read stops at the limit too
  uint64_t number = 0;
  for (;;) {
    absl::StatusOr<size_t> n = file.read_some(buffer.data() + held, buffer.size() - held);
    if (!n.ok()) return n.status();
    total += *n;
    if (total > kind.max_bytes) return file.too_big();
    const std::string_view text(buffer.data(), held + *n);
    size_t begin = 0;
    for (size_t end; (end = text.find('\n', begin)) != std::string_view::npos; begin = end + 1) {
      if (end - begin > max_line) break;
      if (absl::Status s = line(text.substr(begin, end - begin), ++number); !s.ok()) return s;
    }
    held = text.size() - begin;
    if (held > max_line)
      return absl::InvalidArgumentError(
          fmt::format("{}:{}: a line of over {} bytes", path, number + 1, max_line));
    if (*n == 0) {
      if (held > 0) return line(text.substr(begin), ++number);
      return absl::OkStatus();
    }
    std::copy(text.begin() + begin, text.end(), buffer.begin());
  }
}

}  // namespace kete
