// The real kete binary as a child process, for transcript tests of the text protocol
// (docs/interface.md section 3). Lines go to its stdin and come back from its stdout through
// pipes; every read has a deadline (poll), so a hung engine fails a test instead of
// blocking it. Writing drains the child's stdout meanwhile, so neither side can block the
// other on a full pipe. The child's stderr is inherited (sanitizer reports show up there).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/text.h"

namespace kete::test {

class EngineProcess {
 public:
  using Duration = std::chrono::milliseconds;
  // Sanitizer builds run the child an order of magnitude slower.
  static Duration default_timeout();

  // Starts `binary` (default: the kete built with the tests) with `args`.
  explicit EngineProcess(std::vector<std::string> args = {}, std::string binary = KETE_BINARY);
  // Closes stdin; kills the child if it has not exited within a few seconds.
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  // Writes `line` and a newline (the bytes as given: NUL, 0xFF and all). False if the
  // child no longer reads (stdin closed or the child gone) or the write timed out.
  bool send(std::string_view line, Duration timeout = default_timeout());
  // Writes raw bytes, no newline added.
  bool send_raw(std::string_view bytes, Duration timeout = default_timeout());
  // Closes the child's stdin: end of input.
  void close_input();

  // The next line of output (without its newline), or nullopt if none came in time or
  // the output ended.
  std::optional<std::string> read_line(Duration timeout = default_timeout());
  // Reads lines until one satisfies `done` (it is the last element) or the deadline;
  // `found` tells which.
  std::vector<std::string> read_until(const std::function<bool(const std::string&)>& done,
                                      bool& found, Duration timeout = default_timeout());
  // Reads lines until exactly `line` (included in the result). Empty result plus a test
  // failure if it did not come in time.
  std::vector<std::string> expect_until(std::string_view line,
                                        Duration timeout = default_timeout());
  // Sends `command`, then `isready`, and returns the lines before `readyok`: the whole
  // answer of a command that is answered at once (all but `go`). Fails the test if
  // readyok does not come.
  std::vector<std::string> ask(std::string_view command, Duration timeout = default_timeout());
  // Lines that arrive within `wait` (for checking that nothing is printed).
  std::vector<std::string> drain(Duration wait);
  // Forgets buffered output.
  void discard() { lines_.clear(); }
  size_t buffered_lines() const { return lines_.size(); }

  // True while the child runs (it has not exited or been killed).
  bool alive();
  // Waits for the child to exit: its exit code, or 128 + signal, or nullopt on timeout.
  std::optional<int> wait_exit(Duration timeout = default_timeout());
  pid_t pid() const { return pid_; }

 private:
  // Reads what is available within `timeout` into lines_; false on timeout or EOF.
  bool pump(Duration timeout);
  void take_bytes(const char* data, size_t n);

  pid_t pid_ = -1;
  int in_fd_ = -1;   // the child's stdin (our write end)
  int out_fd_ = -1;  // the child's stdout (our read end)
  bool eof_ = false;
  std::optional<int> exit_status_;
  std::string partial_;
  std::deque<std::string> lines_;
};

// The words of a line split on the whitespace the engine splits on.
inline std::vector<std::string_view> engine_words(std::string_view line) {
  return split_words(line);
}

}  // namespace kete::test
