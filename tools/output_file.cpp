#include "tools/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <system_error>
#include <utility>
#include <vector>

#include <fmt/format.h>

namespace kete::tools {
namespace {

// errno's text; strerror is not thread-safe.
std::string reason(int err) {
  return std::generic_category().message(err);
}

absl::Status failed(std::string_view what, const std::string& path, int err) {
  return absl::UnavailableError(fmt::format("cannot {} '{}': {}", what, path, reason(err)));
}

absl::Status write_all(int fd, std::string_view text, const std::string& path) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return failed("write", path, n < 0 ? errno : EIO);
    text.remove_prefix(size_t(n));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<OutputFile> OutputFile::create(const std::string& path) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) return failed("write", path, errno);
  return OutputFile(path, fd);
}

absl::StatusOr<OutputFile> OutputFile::continue_at(const std::string& path, uint64_t size) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return failed("write", path, errno);
  OutputFile file(path, fd);  // closes on every path below
  struct stat st;
  if (::fstat(fd, &st) != 0) return failed("inspect", path, errno);
  if (!S_ISREG(st.st_mode) || uint64_t(st.st_size) < size)
    return absl::FailedPreconditionError(fmt::format(
        "'{}' holds {} bytes, fewer than the {} the checkpoint counts", path, st.st_size, size));
  if (::ftruncate(fd, off_t(size)) != 0) return failed("truncate", path, errno);
  if (::lseek(fd, off_t(size), SEEK_SET) < 0) return failed("seek in", path, errno);
  return file;
}

absl::Status OutputFile::sync() {
  if (::fdatasync(fd_) != 0) return failed("sync", path_, errno);
  return absl::OkStatus();
}

OutputFile::OutputFile(OutputFile&& other) noexcept
    : path_(std::move(other.path_)), fd_(std::exchange(other.fd_, -1)) {}

OutputFile& OutputFile::operator=(OutputFile&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    path_ = std::move(other.path_);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

OutputFile::~OutputFile() {
  if (fd_ >= 0) ::close(fd_);
}

absl::Status OutputFile::write(std::string_view text) {
  if (fd_ < 0) return failed("write", path_, EBADF);
  return write_all(fd_, text, path_);
}

absl::Status OutputFile::close() {
  if (fd_ < 0) return absl::OkStatus();
  const int rc = ::close(std::exchange(fd_, -1));
  if (rc != 0 && errno != EINTR) return failed("write", path_, errno);
  return absl::OkStatus();
}

absl::Status replace_file(const std::string& path, std::string_view text) {
  struct stat st;
  mode_t mode = 0644;  // a new file's; a replaced one keeps its own
  if (::lstat(path.c_str(), &st) == 0) {
    mode = st.st_mode & 07777;
    if (!S_ISREG(st.st_mode))
      return absl::InvalidArgumentError(
          fmt::format("'{}' is not a regular file: refusing to replace it", path));
  } else if (errno != ENOENT) {
    return failed("write", path, errno);
  }
  // A fresh temporary name beside the file, so the rename stays on one file system.
  std::string temporary = path + ".XXXXXX";
  std::vector<char> name(temporary.begin(), temporary.end());
  name.push_back('\0');
  const int fd = ::mkostemp(name.data(), O_CLOEXEC);
  if (fd < 0) return failed("write a temporary file for", path, errno);
  temporary = name.data();
  absl::Status s = write_all(fd, text, temporary);
  if (s.ok() && ::fchmod(fd, mode) != 0) s = failed("write", temporary, errno);
  if (::close(fd) != 0 && s.ok()) s = failed("write", temporary, errno);
  if (s.ok() && std::rename(temporary.c_str(), path.c_str()) != 0)
    s = failed("replace", path, errno);
  if (!s.ok()) ::unlink(temporary.c_str());
  return s;
}

}  // namespace kete::tools
