// The text people read while a match runs and after it: one line per game, a progress
// line, and the summary (docs/arena.md, "Reading the output").
#pragma once

#include <string>
#include <string_view>

#include "arena/game_record.h"
#include "arena/tally.h"

namespace kete::arena {

// "Game 3 (round 2): b (South) vs a (North): 1-0, front row emptied".
std::string game_line(const GameRecord& record);
// "12/40 games  a vs b  +5 =2 -5  Elo 0.0 +/- 120.3  LLR 0.12 (-2.94, 2.94)".
std::string progress_line(const Tally& tally, int planned);
// The end-of-match summary, several lines, each ending in '\n'.
std::string summary(const Tally& tally);

}  // namespace kete::arena
