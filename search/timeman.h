// Time management: how long one move may think.
#pragma once

#include <cstdint>

#include "search/search.h"

namespace kete {

struct TimeBudget {
  int64_t optimum_ms = -1;  // start no new iteration after this; -1: no such limit
  int64_t maximum_ms = -1;  // abort the search here; never beyond the clock
};

// `moves_to_go` is the number of own moves planned for when the GUI sends no movestogo.
TimeBudget plan_time(const Limits& limits, int64_t move_overhead_ms, Side us, int moves_to_go = 30);

}  // namespace kete
