#include "arena/time_control.h"

#include <algorithm>
#include <climits>
#include <cmath>

#include <fmt/format.h>

#include "rules/text.h"

namespace kete::arena {
namespace {

// A non-negative decimal number of seconds, as milliseconds.
std::optional<int64_t> parse_seconds(std::string_view text) {
  const absl::StatusOr<double> seconds = parse_number<double>("seconds", text, 0, 1e7);
  if (!seconds.ok()) return std::nullopt;
  return int64_t(std::llround(*seconds * 1000));
}

std::optional<int64_t> parse_positive(std::string_view text) {
  const absl::StatusOr<int64_t> n = parse_number<int64_t>("count", text, 1, INT64_MAX);
  return n.ok() ? std::optional<int64_t>(*n) : std::nullopt;
}

std::string seconds_text(int64_t ms) {
  return ms % 1000 == 0 ? fmt::format("{}", ms / 1000) : fmt::format("{:g}", double(ms) / 1000);
}

}  // namespace

std::string TimeControl::text() const {
  switch (kind) {
    case Kind::kClock:
      return seconds_text(base_ms) + "+" + seconds_text(increment_ms);
    case Kind::kMoveTime:
      return fmt::format("movetime={}", movetime_ms);
    case Kind::kNodes:
      return fmt::format("nodes={}", nodes);
    case Kind::kDepth:
      return fmt::format("depth={}", depth);
  }
  return "?";
}

absl::StatusOr<TimeControl> parse_clock(std::string_view text) {
  const size_t plus = text.find('+');
  const std::optional<int64_t> base = parse_seconds(text.substr(0, plus));
  const std::optional<int64_t> inc =
      plus == std::string_view::npos ? int64_t(0) : parse_seconds(text.substr(plus + 1));
  if (!base || !inc || (*base == 0 && *inc == 0))
    return absl::InvalidArgumentError(fmt::format(
        "time control '{}': expected <base>[+<increment>] in seconds, e.g. 10+0.1", text));
  TimeControl tc;
  tc.kind = TimeControl::Kind::kClock;
  tc.base_ms = *base;
  tc.increment_ms = *inc;
  return tc;
}

absl::StatusOr<TimeControl> parse_time_control(std::string_view text) {
  const size_t eq = text.find('=');
  if (eq == std::string_view::npos) return parse_clock(text);
  const std::string_view key = text.substr(0, eq);
  const std::optional<int64_t> n = parse_positive(text.substr(eq + 1));
  if (!n || (key != "movetime" && key != "nodes" && key != "depth") || (key == "depth" && *n > 64))
    return absl::InvalidArgumentError(
        fmt::format("time control '{}': expected movetime=<ms>, nodes=<n>, depth=<1..64> or "
                    "<base>+<increment>",
                    text));
  TimeControl tc;
  if (key == "movetime") {
    tc.kind = TimeControl::Kind::kMoveTime;
    tc.movetime_ms = *n;
  } else if (key == "nodes") {
    tc.kind = TimeControl::Kind::kNodes;
    tc.nodes = *n;
  } else {
    tc.kind = TimeControl::Kind::kDepth;
    tc.depth = int(*n);
  }
  return tc;
}

GameClock::GameClock(const TimeControl& tc) : tc_(tc), remaining_{tc.base_ms, tc.base_ms} {}

std::string GameClock::go_arguments() const {
  switch (tc_.kind) {
    case TimeControl::Kind::kClock:
      // UGI's names (p1 = South); kete also reads wtime/btime.
      return fmt::format("p1time {} p2time {} p1inc {} p2inc {}", remaining_[0], remaining_[1],
                         tc_.increment_ms, tc_.increment_ms);
    case TimeControl::Kind::kMoveTime:
      return fmt::format("movetime {}", tc_.movetime_ms);
    case TimeControl::Kind::kNodes:
      return fmt::format("nodes {}", tc_.nodes);
    case TimeControl::Kind::kDepth:
      return fmt::format("depth {}", tc_.depth);
  }
  return "";
}

int64_t GameClock::allowed_ms(Side mover) const {
  switch (tc_.kind) {
    case TimeControl::Kind::kClock:
      return remaining_[index(mover)] + tc_.margin_ms;
    case TimeControl::Kind::kMoveTime:
      return tc_.movetime_ms + tc_.margin_ms;
    case TimeControl::Kind::kNodes:
    case TimeControl::Kind::kDepth:
      break;
  }
  return tc_.move_timeout_ms;
}

bool GameClock::charge(Side mover, int64_t elapsed_ms) {
  if (elapsed_ms > allowed_ms(mover)) return false;
  if (tc_.kind == TimeControl::Kind::kClock) {
    // Within the margin the clock reads zero, then the increment is added (Fischer).
    int64_t& left = remaining_[index(mover)];
    left = std::max<int64_t>(left - elapsed_ms, 0) + tc_.increment_ms;
  }
  return true;
}

}  // namespace kete::arena
