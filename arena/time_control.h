// What each side may spend on a move, and the clocks the runner keeps for them: the
// runner, not the engine, decides when an engine has run out of time.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "rules/types.h"

namespace kete::arena {

struct TimeControl {
  enum class Kind { kClock, kMoveTime, kNodes, kDepth };
  Kind kind = Kind::kNodes;
  int64_t base_ms = 0;       // kClock: the time on each clock at the start
  int64_t increment_ms = 0;  // kClock: added to the mover's clock after each move
  int64_t movetime_ms = 0;   // kMoveTime
  int64_t nodes = 0;         // kNodes
  int depth = 0;             // kDepth
  // A bestmove this much later than the time allowed still counts (pipe and scheduling
  // latency); later than that is a loss on time.
  int64_t margin_ms = 100;
  // kNodes, kDepth: the time an engine may take for one move before it counts as hung.
  int64_t move_timeout_ms = 60000;

  // "10+0.1" (seconds: base + increment), "movetime=100", "nodes=2000", "depth=6"; also
  // the form read back from a record's TimeControl tag.
  std::string text() const;
};

// Parses "<base>[+<increment>]" in seconds (decimals allowed), e.g. "60+0.6" or "5".
absl::StatusOr<TimeControl> parse_clock(std::string_view text);
// Parses the form that TimeControl::text() prints.
absl::StatusOr<TimeControl> parse_time_control(std::string_view text);

// The two clocks of one game.
class GameClock {
 public:
  explicit GameClock(const TimeControl& tc);

  // The arguments of the `go` command for the side to move (docs/interface.md section 3).
  std::string go_arguments() const;
  // The longest the mover may take before it loses on time (its time plus the margin).
  int64_t allowed_ms(Side mover) const;
  // Charges a move that took `elapsed_ms` to the mover; false if it overstepped
  // allowed_ms (the clock is then left as it was).
  bool charge(Side mover, int64_t elapsed_ms);
  int64_t remaining_ms(Side s) const { return remaining_[index(s)]; }

 private:
  TimeControl tc_;
  std::array<int64_t, 2> remaining_;
};

}  // namespace kete::arena
