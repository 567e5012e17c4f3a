// The real kete binary as a child process, for transcript tests of the text protocol
// (docs/interface.md section 3), driven through the arena's EngineProcess: lines go to
// its stdin and come back from its stdout through pipes, every read has a deadline, so a
// hung engine fails a test instead of blocking it. The child's stderr is inherited
// (sanitizer reports show up there). What this adds is the tests' side: timeouts scaled
// for sanitizer builds, and reads that fail the test when an expected line does not come.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arena/engine_process.h"

namespace kete::test {

class KeteProcess {
 public:
  using Duration = arena::Millis;
  // Sanitizer builds run the child an order of magnitude slower.
  static Duration default_timeout();

  // Starts `binary` (default: the kete built with the tests) with `args`; fails the test
  // if it cannot.
  explicit KeteProcess(std::vector<std::string> args = {}, std::string binary = KETE_BINARY);
  // Closes stdin; kills the child if it has not exited within a few seconds.
  ~KeteProcess();
  KeteProcess(const KeteProcess&) = delete;
  KeteProcess& operator=(const KeteProcess&) = delete;

  // Writes `line` and a newline (the bytes as given: NUL, 0xFF and all). False if the
  // child no longer reads (stdin closed or the child gone) or the write timed out.
  bool send(std::string_view line, Duration timeout = default_timeout());
  // Writes raw bytes, no newline added.
  bool send_raw(std::string_view bytes, Duration timeout = default_timeout());
  // Closes the child's stdin: end of input.
  void close_input() { process_.close_input(); }

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
  // Reads up to the bestmove of a search (the last line); a test failure naming `what`,
  // and a last line "bestmove <missing>", if it did not come in time.
  std::vector<std::string> until_bestmove(std::string_view what,
                                          Duration timeout = default_timeout());
  // Reads the lines of a running search until one proves that it has run `ms` by its own
  // clock without ending: an info line whose `time` is at least `ms`, or an `info
  // currmove` line (printed from one second on, so `ms` must be at most 1000). `ran` is
  // false if a bestmove (the last line then) or the timeout came first.
  std::vector<std::string> until_search_ran(int64_t ms, bool& ran,
                                            Duration timeout = default_timeout());
  // Whether a search runs now, asked with a probe that the engine answers at once: `go
  // depth 1` is refused during a search ("go: a search is running"). Reads up to that
  // refusal (true) or a bestmove (false: the search had ended, or the probe ran); the
  // lines read, but the refusal, are appended to `lines`.
  bool still_searching(std::vector<std::string>& lines, Duration timeout = default_timeout());
  // Checks that no search runs or is left to print (after commands that must start none,
  // from a position with South to move): a `go depth 1` after A7L (North to move) is
  // accepted (it is refused during a search) and the first lines that come are its own,
  // a North move, where an earlier search's lines would come first (a search starts only
  // once the previous one has printed all). Leaves that position set.
  void expect_no_search();
  // Sends `command`, then `isready`, and returns the lines before `readyok`: the whole
  // answer of a command that is answered at once (all but `go`). Fails the test if
  // readyok does not come.
  std::vector<std::string> ask(std::string_view command, Duration timeout = default_timeout());
  // The lines that come within `wait`; with 0, those already written (all of them once the
  // child has exited). No proof that nothing more comes: a loaded machine may print it
  // later. For that, wait for a line that must come after (the answer to a command).
  std::vector<std::string> drain(Duration wait);

  // True while the child runs (it has not exited or been killed).
  bool alive();
  // The CPU time the child has used, all its threads, in ms (10 ms steps: the kernel's
  // clock ticks), or -1 if /proc cannot tell. A loaded machine gives a process less CPU
  // time in the same wall time, never more: a bound on it holds however busy the machine.
  int64_t cpu_ms();
  // The child's resident memory in MiB (VmRSS), or -1 if /proc cannot tell.
  int64_t resident_mib();
  // The most resident memory the child has had (VmHWM), in MiB, or -1.
  int64_t peak_mib();
  // Waits for the child to exit: its exit code, or 128 + signal, or nullopt on timeout.
  std::optional<int> wait_exit(Duration timeout = default_timeout());

 private:
  arena::EngineProcess process_;
};

}  // namespace kete::test
