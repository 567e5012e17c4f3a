// Search constants, named in one place with a line each on why. Every one is an engine
// option too (protocol/options.cpp), so SPSA can tune it through the arena.
#pragma once

#include <string_view>

namespace kete {

struct SearchParams {
  int aspiration_delta = 60;     // first aspiration half-window, centi-seeds
  int aspiration_min_depth = 4;  // shallower iterations search the full window
  int history_max = 16384;       // history scores saturate here (gravity keeps them bounded)
  int time_moves_to_go = 30;     // own moves the clock is planned for when the GUI gives none
  // Switches for measuring what each part is worth (docs/performance.md); on in play.
  int use_tt = 1;
  int use_killers = 1;
  int use_history = 1;
};

struct ParamSpec {
  std::string_view name;
  int SearchParams::*field;
  int min, max;
};

inline constexpr ParamSpec kSearchParams[] = {
    {"AspirationDelta", &SearchParams::aspiration_delta, 5, 1000},
    {"AspirationMinDepth", &SearchParams::aspiration_min_depth, 1, 64},
    {"HistoryMax", &SearchParams::history_max, 256, 1 << 20},
    {"TimeMovesToGo", &SearchParams::time_moves_to_go, 5, 100},
    {"UseTT", &SearchParams::use_tt, 0, 1},
    {"UseKillers", &SearchParams::use_killers, 0, 1},
    {"UseHistory", &SearchParams::use_history, 0, 1},
};

}  // namespace kete
