#include "tools/standard_streams.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <string>
#include <system_error>

namespace kete::tools {
namespace {

// The errno of the first failed write to standard output, for flush_stdout's message.
std::atomic<int> g_stdout_error{0};

}  // namespace

void open_standard_streams() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    // The lowest free descriptor: fd itself, as those below it are open.
    const int opened = ::open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
    if (opened != fd) ::_exit(1);
  }
}

void write_stderr(std::string_view text) {
  std::fwrite(text.data(), 1, text.size(), stderr);
}

void write_stdout(std::string_view text) {
  if (std::fwrite(text.data(), 1, text.size(), stdout) < text.size()) {
    int none = 0;
    g_stdout_error.compare_exchange_strong(none, errno != 0 ? errno : EIO);
  }
}

absl::Status flush_stdout() {
  int err = std::fflush(stdout) != 0 ? errno : 0;
  if (err == 0 && std::ferror(stdout)) err = g_stdout_error.load();
  if (err == 0 && !std::ferror(stdout)) return absl::OkStatus();
  // A write through std::cout failed earlier, its errno gone: no reason rather than a wrong one.
  if (err == 0) return absl::UnavailableError("cannot write the standard output");
  // errno's text; strerror is not thread-safe.
  return absl::UnavailableError(
      fmt::format("cannot write the standard output: {}", std::generic_category().message(err)));
}

int finish_stdout(std::string_view tool) {
  const absl::Status s = flush_stdout();
  if (s.ok()) return 0;
  note("{}: {}\n", tool, std::string(s.message()));
  return 1;
}

}  // namespace kete::tools
