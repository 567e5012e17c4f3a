#include "tests/kete_process.h"

#include <unistd.h>

#include <fstream>

#include <gtest/gtest.h>

#include "tests/test_util.h"

namespace kete::test {
namespace {

arena::SteadyClock::time_point after(KeteProcess::Duration timeout) {
  return arena::SteadyClock::now() + timeout;
}

}  // namespace

KeteProcess::Duration KeteProcess::default_timeout() {
  return Duration(kSanitized ? 60000 : 10000);
}

KeteProcess::KeteProcess(std::vector<std::string> args, std::string binary) {
  const absl::Status started = process_.start(binary, args, /*inherit_stderr=*/true);
  if (!started.ok()) ADD_FAILURE() << binary << ": " << started;
}

KeteProcess::~KeteProcess() {
  close_input();
  if (!wait_exit(Duration(kSanitized ? 20000 : 5000))) process_.kill();
}

bool KeteProcess::send(std::string_view line, Duration timeout) {
  std::string bytes(line);
  bytes += '\n';
  return send_raw(bytes, timeout);
}

bool KeteProcess::send_raw(std::string_view bytes, Duration timeout) {
  return process_.write(bytes, after(timeout));
}

std::optional<std::string> KeteProcess::read_line(Duration timeout) {
  arena::EngineProcess::ReadResult r = process_.read_line(after(timeout));
  if (r.status != arena::EngineProcess::ReadStatus::kLine) return std::nullopt;
  return std::move(r.line);
}

std::vector<std::string> KeteProcess::read_until(
    const std::function<bool(const std::string&)>& done, bool& found, Duration timeout) {
  const arena::SteadyClock::time_point deadline = after(timeout);
  std::vector<std::string> out;
  found = false;
  for (;;) {
    arena::EngineProcess::ReadResult r = process_.read_line(deadline);
    if (r.status != arena::EngineProcess::ReadStatus::kLine) return out;
    out.push_back(std::move(r.line));
    if (done(out.back())) {
      found = true;
      return out;
    }
  }
}

std::vector<std::string> KeteProcess::expect_until(std::string_view line, Duration timeout) {
  bool found = false;
  std::vector<std::string> out =
      read_until([&](const std::string& l) { return l == line; }, found, timeout);
  if (!found) {
    ADD_FAILURE() << "no '" << line << "' within " << timeout.count() << " ms; got:" << show(out);
    return {};
  }
  return out;
}

std::vector<std::string> KeteProcess::until_bestmove(std::string_view what, Duration timeout) {
  bool found = false;
  std::vector<std::string> lines =
      read_until([](const std::string& l) { return l.starts_with("bestmove"); }, found, timeout);
  EXPECT_TRUE(found) << what << ": no bestmove" << show(lines);
  if (!found) lines.push_back("bestmove <missing>");
  return lines;
}

std::vector<std::string> KeteProcess::until_search_ran(int64_t ms, bool& ran, Duration timeout) {
  bool found = false;
  std::vector<std::string> lines = read_until(
      [ms](const std::string& l) {
        if (l.starts_with("bestmove") || l.starts_with("info currmove ")) return true;
        const std::vector<std::string> w = line_words(l);
        if (w.size() < 2 || w[0] != "info" || w[1] == "string") return false;
        for (size_t i = 1; i + 1 < w.size(); ++i)
          if (w[i] == "time") return std::stoll(w[i + 1]) >= ms;
        return false;
      },
      found, timeout);
  ran = found && !lines.back().starts_with("bestmove");
  return lines;
}

bool KeteProcess::still_searching(std::vector<std::string>& lines, Duration timeout) {
  static constexpr std::string_view kRefused =
      "info string error: go: a search is running: send stop first";
  if (!send("go depth 1", timeout)) {
    ADD_FAILURE() << "cannot send the probe 'go depth 1': the engine does not read";
    return false;
  }
  bool found = false;
  std::vector<std::string> read =
      read_until([](const std::string& l) { return l == kRefused || l.starts_with("bestmove"); },
                 found, timeout);
  EXPECT_TRUE(found) << "no answer to the probe 'go depth 1':" << show(read);
  const bool refused = found && read.back() == kRefused;
  if (refused) read.pop_back();
  lines.insert(lines.end(), read.begin(), read.end());
  return refused;
}

void KeteProcess::expect_no_search() {
  ASSERT_TRUE(send("position startpos moves A7L"));
  ASSERT_TRUE(send("go depth 1"));
  const std::vector<std::string> lines = until_bestmove("the probe 'go depth 1'");
  ASSERT_EQ(lines.size(), 2u) << "not the probe's lines alone:" << show(lines);
  EXPECT_TRUE(lines[0].starts_with("info depth 1 ")) << show(lines);
  const std::vector<std::string> best = line_words(lines[1]);
  ASSERT_EQ(best.size(), 2u) << lines[1];
  EXPECT_TRUE(best[1].starts_with('a') || best[1].starts_with('b'))
      << "not North's move: an earlier search's bestmove" << show(lines);
}

std::vector<std::string> KeteProcess::ask(std::string_view command, Duration timeout) {
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

std::vector<std::string> KeteProcess::drain(Duration wait) {
  bool found = false;
  return read_until([](const std::string&) { return false; }, found, wait);
}

int64_t KeteProcess::cpu_ms() {
  // /proc/<pid>/stat: "pid (comm) state ..." with utime and stime the 14th and 15th
  // fields; comm may hold spaces and parentheses.
  std::ifstream in("/proc/" + std::to_string(process_.pid()) + "/stat");
  std::string stat;
  if (!std::getline(in, stat) || stat.rfind(')') == std::string::npos) return -1;
  const std::vector<std::string> w = line_words(stat.substr(stat.rfind(')') + 1));
  if (w.size() < 13) return -1;
  const int64_t ticks = std::stoll(w[11]) + std::stoll(w[12]);
  return ticks * 1000 / sysconf(_SC_CLK_TCK);
}

namespace {

// A field of /proc/<pid>/status in KiB ("VmRSS:  1234 kB") as MiB, or -1.
int64_t status_mib(int pid, std::string_view field) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);)
    if (line.starts_with(field)) return std::stoll(line_words(line)[1]) / 1024;
  return -1;
}

}  // namespace

int64_t KeteProcess::resident_mib() {
  return status_mib(process_.pid(), "VmRSS:");
}
int64_t KeteProcess::peak_mib() {
  return status_mib(process_.pid(), "VmHWM:");
}

bool KeteProcess::alive() {
  return !process_.wait_exit(arena::SteadyClock::now()) && process_.running();
}

std::optional<int> KeteProcess::wait_exit(Duration timeout) {
  return process_.wait_exit(after(timeout));
}

}  // namespace kete::test
