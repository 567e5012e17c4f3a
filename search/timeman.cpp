#include "search/timeman.h"

#include <algorithm>

#include "search/params.h"

namespace kete {

TimeBudget plan_time(const Limits& limits, int64_t move_overhead_ms, Side us, int moves_to_go) {
  TimeBudget b;
  if (limits.infinite) return b;
  if (limits.movetime_ms >= 0) {
    // A fixed time is thought in full: no optimum, so that every iteration is started and
    // the search ends only at the maximum (a `go movetime 500` once returned after 308 ms,
    // stopped by the rule against starting an iteration past half the optimum).
    b.maximum_ms =
        std::max<int64_t>(1, std::min<int64_t>(limits.movetime_ms, 1LL << 50) - move_overhead_ms);
    return b;
  }
  // Clamped so that no arithmetic below can overflow, whatever the GUI sends (a year).
  constexpr int64_t kYear = 365LL * 24 * 3600 * 1000;
  const int64_t left = std::min(limits.time_ms[index(us)], kYear);
  if (left < 0) return b;
  const int64_t inc = std::clamp<int64_t>(limits.inc_ms[index(us)], 0, kYear);
  const int64_t moves =
      limits.movestogo > 0 ? std::min(limits.movestogo, kMaxMovesToGo) : std::max(1, moves_to_go);
  const int64_t usable = std::max<int64_t>(1, left - move_overhead_ms);
  b.optimum_ms =
      std::max<int64_t>(1, std::min(usable / moves + inc * kIncrementSpentNum / kIncrementSpentDen,
                                    usable / kOptimumClockDen));
  b.maximum_ms = std::max<int64_t>(1, std::min(b.optimum_ms * kMaximumOptimumFactor,
                                               usable * kMaximumClockNum / kMaximumClockDen));
  b.optimum_ms = std::min(b.optimum_ms, b.maximum_ms);
  return b;
}

}  // namespace kete
