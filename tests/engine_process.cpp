#include "tests/engine_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>
#include <thread>

#include <gtest/gtest.h>

#include "tests/test_util.h"

extern char** environ;

namespace kete::test {
namespace {

using Clock = std::chrono::steady_clock;

int remaining_ms(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return int(std::clamp<int64_t>(left.count(), 0, 1 << 30));
}

int decode_status(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

}  // namespace

EngineProcess::Duration EngineProcess::default_timeout() {
  return Duration(kSanitized ? 60000 : 10000);
}

EngineProcess::EngineProcess(std::vector<std::string> args, std::string binary) {
  // A child that dies while we write must not kill the test with SIGPIPE: write() then
  // fails with EPIPE instead.
  signal(SIGPIPE, SIG_IGN);
  int to_child[2], from_child[2];
  if (pipe2(to_child, O_CLOEXEC) != 0 || pipe2(from_child, O_CLOEXEC) != 0) {
    ADD_FAILURE() << "pipe2: " << std::generic_category().message(errno);
    return;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  // dup2 clears close-on-exec on the child's copies; every other pipe end closes at exec.
  posix_spawn_file_actions_adddup2(&actions, to_child[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, from_child[1], STDOUT_FILENO);
  std::vector<char*> argv;
  argv.push_back(binary.data());
  for (std::string& a : args)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  const int rc = posix_spawn(&pid_, binary.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(to_child[0]);
  close(from_child[1]);
  in_fd_ = to_child[1];
  out_fd_ = from_child[0];
  if (rc != 0) {
    ADD_FAILURE() << "posix_spawn " << binary << ": " << std::generic_category().message(rc);
    pid_ = -1;
    exit_status_ = -1;
    return;
  }
  fcntl(in_fd_, F_SETFL, fcntl(in_fd_, F_GETFL) | O_NONBLOCK);
}

EngineProcess::~EngineProcess() {
  close_input();
  if (pid_ > 0 && !wait_exit(Duration(kSanitized ? 20000 : 5000))) {
    kill(pid_, SIGKILL);
    int status = 0;
    waitpid(pid_, &status, 0);
  }
  if (out_fd_ >= 0) close(out_fd_);
}

bool EngineProcess::send(std::string_view line, Duration timeout) {
  std::string bytes(line);
  bytes += '\n';
  return send_raw(bytes, timeout);
}

bool EngineProcess::send_raw(std::string_view bytes, Duration timeout) {
  if (in_fd_ < 0) return false;
  const Clock::time_point deadline = Clock::now() + timeout;
  while (!bytes.empty()) {
    pollfd fds[2] = {{in_fd_, POLLOUT, 0}, {eof_ ? -1 : out_fd_, POLLIN, 0}};
    const int n = poll(fds, 2, remaining_ms(deadline));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;  // timed out: the child does not read
    if (fds[1].revents & (POLLIN | POLLHUP)) {
      char buffer[65536];
      const ssize_t got = read(out_fd_, buffer, sizeof buffer);
      if (got > 0) take_bytes(buffer, size_t(got));
      if (got == 0) eof_ = true;
    }
    if (fds[0].revents & (POLLERR | POLLHUP)) return false;
    if (fds[0].revents & POLLOUT) {
      const ssize_t put = write(in_fd_, bytes.data(), bytes.size());
      if (put < 0 && errno != EAGAIN && errno != EINTR) return false;
      if (put > 0) bytes.remove_prefix(size_t(put));
    }
  }
  return true;
}

void EngineProcess::close_input() {
  if (in_fd_ >= 0) close(in_fd_);
  in_fd_ = -1;
}

void EngineProcess::take_bytes(const char* data, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (data[i] == '\n') {
      lines_.push_back(std::move(partial_));
      partial_.clear();
    } else {
      partial_ += data[i];
    }
  }
}

bool EngineProcess::pump(Duration timeout) {
  if (eof_) return false;
  const Clock::time_point deadline = Clock::now() + timeout;
  for (;;) {
    pollfd fd{out_fd_, POLLIN, 0};
    const int n = poll(&fd, 1, remaining_ms(deadline));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    char buffer[65536];
    const ssize_t got = read(out_fd_, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      eof_ = true;
      if (!partial_.empty()) lines_.push_back(std::move(partial_));
      partial_.clear();
      return false;
    }
    take_bytes(buffer, size_t(got));
    return true;
  }
}

std::optional<std::string> EngineProcess::read_line(Duration timeout) {
  const Clock::time_point deadline = Clock::now() + timeout;
  while (lines_.empty()) {
    if (eof_) return std::nullopt;
    // Past the deadline, still take what the pipe already holds (a zero timeout means
    // "what is there now", e.g. the last lines of a child that has just exited).
    const bool late = Clock::now() >= deadline;
    pump(Duration(remaining_ms(deadline)));
    if (late && lines_.empty()) return std::nullopt;
  }
  std::string line = std::move(lines_.front());
  lines_.pop_front();
  return line;
}

std::vector<std::string> EngineProcess::read_until(
    const std::function<bool(const std::string&)>& done, bool& found, Duration timeout) {
  const Clock::time_point deadline = Clock::now() + timeout;
  std::vector<std::string> out;
  found = false;
  while (std::optional<std::string> line = read_line(Duration(remaining_ms(deadline)))) {
    out.push_back(std::move(*line));
    if (done(out.back())) {
      found = true;
      break;
    }
  }
  return out;
}

std::vector<std::string> EngineProcess::expect_until(std::string_view line, Duration timeout) {
  bool found = false;
  std::vector<std::string> out =
      read_until([&](const std::string& l) { return l == line; }, found, timeout);
  if (!found) {
    std::string got;
    for (const std::string& l : out)
      got += "\n  " + l;
    ADD_FAILURE() << "no '" << line << "' within " << timeout.count() << " ms; got:" << got;
    return {};
  }
  return out;
}

std::vector<std::string> EngineProcess::ask(std::string_view command, Duration timeout) {
  if (!send(command, timeout) || !send("isready", timeout)) {
    ADD_FAILURE() << "cannot send '" << command << "': the engine does not read";
    return {};
  }
  std::vector<std::string> lines = expect_until("readyok", timeout);
  if (lines.empty()) {
    ADD_FAILURE() << "no readyok after '" << command << "'";
    return {};
  }
  lines.pop_back();
  return lines;
}

std::vector<std::string> EngineProcess::drain(Duration wait) {
  const Clock::time_point deadline = Clock::now() + wait;
  std::vector<std::string> out;
  while (std::optional<std::string> line = read_line(Duration(remaining_ms(deadline))))
    out.push_back(std::move(*line));
  return out;
}

bool EngineProcess::alive() {
  if (exit_status_ || pid_ <= 0) return false;
  int status = 0;
  const pid_t r = waitpid(pid_, &status, WNOHANG);
  if (r == pid_) {
    exit_status_ = decode_status(status);
    return false;
  }
  return r == 0;
}

std::optional<int> EngineProcess::wait_exit(Duration timeout) {
  const Clock::time_point deadline = Clock::now() + timeout;
  while (alive()) {
    if (Clock::now() >= deadline) return std::nullopt;
    // Keep reading, so the child never blocks on a full pipe while it exits.
    if (!pump(Duration(5))) std::this_thread::sleep_for(Duration(eof_ ? 5 : 0));
  }
  return exit_status_;
}

}  // namespace kete::test
