// A child process with pipes on its stdin and stdout, read line by line with deadlines, so
// that an engine that hangs or crashes never blocks the runner (kete-match, kete-spsa) or
// a test (the protocol transcript tests drive the kete binary through it).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"

namespace kete::arena {

using SteadyClock = std::chrono::steady_clock;
using Millis = std::chrono::milliseconds;

class EngineProcess {
 public:
  enum class ReadStatus { kLine, kTimeout, kClosed };
  struct ReadResult {
    ReadStatus status;
    std::string line;  // without the line end; set when status is kLine
  };

  // Lines longer than this are cut here, so a flood of garbage cannot exhaust memory.
  static constexpr size_t kMaxLine = 1 << 20;
  // A write that finds the pipe full waits this long for the child to read.
  static constexpr Millis kWriteTimeout{5000};
  // How often a wait for the child's exit looks again.
  static constexpr Millis kExitPoll{5};

  EngineProcess() = default;
  ~EngineProcess() { kill(); }
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  // Starts `command` (searched on PATH when it has no '/') with `args`, in its own process
  // group so that kill() also ends anything it started. Its stderr goes to /dev/null
  // unless `inherit_stderr`. Ignores SIGPIPE in this process (once): a write to an engine
  // that died must fail, not kill the runner.
  absl::Status start(const std::string& command, const std::vector<std::string>& args,
                     bool inherit_stderr);
  bool running() const { return pid_ > 0; }
  // The child's process id while it runs, else -1.
  pid_t pid() const { return pid_; }

  // False if the engine no longer reads its input (it exited, closed stdin, or left the
  // pipe full for kWriteTimeout).
  bool write_line(std::string_view line);
  // Writes `bytes` as given (no line end added), false as write_line if not all of them
  // went by `deadline`. While the pipe is full the child's output is read and kept for
  // read_line, so a child that waits for its own output to be read cannot block us.
  bool write(std::string_view bytes, SteadyClock::time_point deadline);
  // Closes the child's stdin: the end of its input.
  void close_input();
  // The next line of output, waiting until `deadline` at most.
  ReadResult read_line(SteadyClock::time_point deadline);

  // Closes the engine's stdin and waits up to `grace` for it to exit, then kills it.
  void stop(Millis grace);
  // Kills the process group at once and reaps the child.
  void kill();
  // How the child ended ("exited with code 1", "killed by signal 11 (Segmentation fault)"),
  // if it has; reaps it. Waits up to `wait` for the exit.
  std::optional<std::string> exit_description(Millis wait = Millis(0));
  // Waits until `deadline` for the child to exit, reading its output meanwhile (kept for
  // read_line) so that it cannot block on a full pipe: its exit code, or 128 + the signal
  // that ended it, as a shell reports it; nullopt while it runs or if it never started.
  std::optional<int> wait_exit(SteadyClock::time_point deadline);

 private:
  // Reads what the child writes by `deadline` into buffer_ (one read); false if nothing
  // came by then.
  bool fill(SteadyClock::time_point deadline);
  void close_pipes();
  bool reap(Millis wait);

  pid_t pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  std::string buffer_;
  std::optional<std::string> ended_;  // set once the child has been reaped
  std::optional<int> exit_code_;      // likewise
};

}  // namespace kete::arena
