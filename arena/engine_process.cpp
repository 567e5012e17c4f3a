#include "arena/engine_process.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <mutex>
#include <system_error>
#include <thread>

#include <fmt/format.h>

extern char** environ;

namespace kete::arena {
namespace {

// A signal's description without strsignal, whose buffer is shared between threads (the
// arena reaps engines from several): glibc's sigdescr_np returns a constant string.
std::string signal_name(int sig) {
  const char* d = sigdescr_np(sig);
  return d ? d : "unknown signal";
}

// errno's text without strerror, which is not thread-safe either.
std::string error_name(int err) {
  return std::generic_category().message(err);
}

std::string describe_wait_status(int status) {
  if (WIFEXITED(status)) return fmt::format("exited with code {}", WEXITSTATUS(status));
  if (WIFSIGNALED(status))
    return fmt::format("killed by signal {} ({})", WTERMSIG(status), signal_name(WTERMSIG(status)));
  return "ended";
}

// The exit code as a shell reports it: the child's own, or 128 + the signal that ended it.
int shell_exit_code(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

// The milliseconds left until `deadline`, for poll (0 once it has passed).
int milliseconds_until(SteadyClock::time_point deadline) {
  const auto left = std::chrono::ceil<Millis>(deadline - SteadyClock::now()).count();
  return int(std::clamp<int64_t>(left, 0, 1 << 30));
}

// RAII for the spawn attribute objects, which must be destroyed on every path.
struct SpawnSetup {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attr;
  SpawnSetup() {
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attr);
  }
  ~SpawnSetup() {
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
  }
};

}  // namespace

absl::Status EngineProcess::start(const std::string& command, const std::vector<std::string>& args,
                                  bool inherit_stderr) {
  static std::once_flag ignore_sigpipe;
  std::call_once(ignore_sigpipe, [] { std::signal(SIGPIPE, SIG_IGN); });
  kill();
  buffer_.clear();
  ended_.reset();
  exit_code_.reset();

  // Close-on-exec pipes: the child gets only its own ends (through dup2), never the pipes
  // of the other engines the runner has started, which would keep them from seeing EOF.
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) != 0)
    return absl::InternalError(fmt::format("pipe: {}", error_name(errno)));
  if (pipe2(out, O_CLOEXEC) != 0) {
    ::close(in[0]);
    ::close(in[1]);
    return absl::InternalError(fmt::format("pipe: {}", error_name(errno)));
  }
  SpawnSetup s;
  posix_spawn_file_actions_adddup2(&s.actions, in[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&s.actions, out[1], STDOUT_FILENO);
  if (!inherit_stderr)
    posix_spawn_file_actions_addopen(&s.actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  // Its own process group, and SIGPIPE back at its default (ignored signals are inherited).
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&s.attr, &defaults);
  posix_spawnattr_setpgroup(&s.attr, 0);
  posix_spawnattr_setflags(&s.attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);

  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(command.c_str()));
  for (const std::string& a : args)
    argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = -1;
  const int err = posix_spawnp(&pid, command.c_str(), &s.actions, &s.attr, argv.data(), environ);
  ::close(in[0]);
  ::close(out[1]);
  if (err != 0) {
    ::close(in[1]);
    ::close(out[0]);
    return absl::NotFoundError(fmt::format("cannot start '{}': {}", command, error_name(err)));
  }
  pid_ = pid;
  fcntl(in[1], F_SETFL, fcntl(in[1], F_GETFL) | O_NONBLOCK);
  to_child_ = in[1];
  from_child_ = out[0];
  return absl::OkStatus();
}

bool EngineProcess::write_line(std::string_view line) {
  std::string data(line);
  data += '\n';
  return write(data, SteadyClock::now() + kWriteTimeout);
}

bool EngineProcess::write(std::string_view bytes, SteadyClock::time_point deadline) {
  if (to_child_ < 0) return false;
  while (!bytes.empty()) {
    const ssize_t n = ::write(to_child_, bytes.data(), bytes.size());
    if (n > 0) {
      bytes.remove_prefix(size_t(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno != EAGAIN) return false;
    // The pipe is full: the child is not reading, perhaps because it waits for us to read
    // what it wrote. Take its output meanwhile, and wait for room, not forever.
    if (SteadyClock::now() >= deadline) return false;
    pollfd fds[2] = {{to_child_, POLLOUT, 0}, {from_child_, POLLIN, 0}};  // -1: ignored
    const int ready = ::poll(fds, 2, milliseconds_until(deadline));
    if (ready == 0) return false;
    if (ready > 0 && (fds[1].revents & (POLLIN | POLLHUP))) fill(SteadyClock::now());
  }
  return true;
}

void EngineProcess::close_input() {
  if (to_child_ >= 0) ::close(to_child_);
  to_child_ = -1;
}

bool EngineProcess::fill(SteadyClock::time_point deadline) {
  while (from_child_ >= 0) {
    pollfd fd{from_child_, POLLIN, 0};
    const int ready = ::poll(&fd, 1, milliseconds_until(deadline));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) return false;
    char chunk[4096];
    const ssize_t n = ::read(from_child_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      // End of output: a last line without its newline still counts.
      ::close(from_child_);
      from_child_ = -1;
      if (!buffer_.empty() && buffer_.back() != '\n') buffer_ += '\n';
      return true;
    }
    buffer_.append(chunk, size_t(n));
    return true;
  }
  return false;
}

EngineProcess::ReadResult EngineProcess::read_line(SteadyClock::time_point deadline) {
  for (;;) {
    const size_t eol = buffer_.find('\n');
    if (eol != std::string::npos || buffer_.size() >= kMaxLine) {
      const size_t cut = std::min(eol, kMaxLine);
      std::string line = buffer_.substr(0, cut);
      buffer_.erase(0, cut == eol ? cut + 1 : cut);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return {ReadStatus::kLine, std::move(line)};
    }
    if (from_child_ < 0) return {ReadStatus::kClosed, {}};
    if (!fill(deadline)) return {ReadStatus::kTimeout, {}};
  }
}

std::optional<int> EngineProcess::wait_exit(SteadyClock::time_point deadline) {
  for (;;) {
    if (pid_ <= 0 || reap(Millis(0))) return exit_code_;
    const SteadyClock::time_point now = SteadyClock::now();
    if (now >= deadline) return std::nullopt;
    // Keep reading, so that the child never blocks on a full pipe while it exits.
    const SteadyClock::time_point step = std::min(deadline, now + kExitPoll);
    if (from_child_ < 0)
      std::this_thread::sleep_until(step);
    else
      fill(step);
  }
}

bool EngineProcess::reap(Millis wait) {
  const auto deadline = SteadyClock::now() + wait;
  for (;;) {
    // Wait without reaping, so that the group id cannot be reused before the group is
    // killed: whatever the engine started dies with it.
    siginfo_t info{};
    const int r = waitid(P_PID, id_t(pid_), &info, WEXITED | WNOHANG | WNOWAIT);
    if (r == 0 && info.si_pid == pid_) break;
    if (r != 0 && errno != EINTR) break;
    if (SteadyClock::now() >= deadline) return false;
    std::this_thread::sleep_for(kExitPoll);
  }
  ::kill(-pid_, SIGKILL);
  int status = 0;
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  ended_ = describe_wait_status(status);
  exit_code_ = shell_exit_code(status);
  pid_ = -1;
  return true;
}

void EngineProcess::stop(Millis grace) {
  close_input();
  if (pid_ > 0 && !reap(grace)) kill();
  close_pipes();
}

void EngineProcess::kill() {
  if (pid_ > 0) {
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);
    reap(Millis(60000));
  }
  close_pipes();
}

std::optional<std::string> EngineProcess::exit_description(Millis wait) {
  if (!ended_ && pid_ > 0) reap(wait);
  return ended_;
}

void EngineProcess::close_pipes() {
  if (to_child_ >= 0) ::close(to_child_);
  if (from_child_ >= 0) ::close(from_child_);
  to_child_ = from_child_ = -1;
}

}  // namespace kete::arena
