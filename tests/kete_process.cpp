#include "tests/kete_process.h"

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

bool KeteProcess::alive() {
  return !process_.wait_exit(arena::SteadyClock::now()) && process_.running();
}

std::optional<int> KeteProcess::wait_exit(Duration timeout) {
  return process_.wait_exit(after(timeout));
}

}  // namespace kete::test
