// The search: iterative deepening alpha-beta over whole turns, on its caller's thread.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "engine/evaluate.h"
#include "engine/game.h"
#include "engine/move.h"
#include "engine/position.h"
#include "engine/score.h"
#include "search/params.h"

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
  int multipv = 1;  // 1 = the best line
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
  int threads = 1;
  int multipv = 1;
  SearchParams params;
  EvalWeights eval;
};

// The game around the root: what the draw rules need (rules.md section 2).
struct GameContext {
  std::vector<uint64_t> history;           // keys of the game's positions before the root
  int plies = 0;                           // plies played before the root
  int max_plies = Game::kDefaultMaxPlies;  // MaxPlies: a draw when the game reaches it
};

// What a search from the game's position needs to know of the game before it.
GameContext context_of(const Game& game);

class TranspositionTable;

// Searches `root` within `limits` until done or `stop` becomes true, on the calling thread
// plus settings.threads - 1 helper threads (Lazy SMP over the shared table), reporting
// each completed iteration through on_info. `go infinite` returns only after stop.
SearchResult search(RuleSet rules, const Position& root, const GameContext& game,
                    const Limits& limits, const SearchSettings& settings, TranspositionTable& tt,
                    const std::atomic<bool>& stop,
                    const std::function<void(const SearchInfo&)>& on_info);

}  // namespace kete
