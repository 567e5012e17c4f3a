// The search: iterative deepening alpha-beta over whole turns, on its caller's thread.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "engine/move.h"
#include "engine/position.h"
#include "engine/score.h"

namespace kete {

// What `go` asks for. Clock fields are indexed by side (South = p1 = white).
struct Limits {
  std::array<int64_t, 2> time_ms{-1, -1};  // -1: no clock
  std::array<int64_t, 2> inc_ms{0, 0};
  int movestogo = 0;
  int64_t movetime_ms = -1;
  int depth = 0;       // 0: no depth limit
  uint64_t nodes = 0;  // 0: no node limit
  bool infinite = false;
};

// One line of search progress.
struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  Score score;
  uint64_t nodes = 0;
  int64_t time_ms = 0;
  int hashfull = 0;
  std::vector<Move> pv;
};

struct SearchResult {
  std::optional<Move> best;  // empty when the game is over
  uint64_t nodes = 0;
};

struct SearchSettings {
  int64_t move_overhead_ms = 10;
};

// Searches p within `limits` until done or `stop` becomes true, reporting each completed
// iteration through on_info. Runs on the calling thread.
SearchResult search(RuleSet rules, const Position& p, const Limits& limits,
                    const SearchSettings& settings, const std::atomic<bool>& stop,
                    const std::function<void(const SearchInfo&)>& on_info);

}  // namespace kete
