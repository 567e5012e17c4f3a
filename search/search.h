// The search: iterative deepening alpha-beta over whole turns, on its caller's thread.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "eval/evaluate.h"
#include "eval/nnue.h"
#include "rules/game.h"
#include "rules/move.h"
#include "rules/position.h"
#include "rules/score.h"
#include "search/params.h"

namespace kete {

class ProvenValues;

// What `go` asks for. Clock fields are indexed by side (South = p1 = white).
struct Limits {
  std::array<int64_t, 2> time_ms{-1, -1};  // -1: no clock
  std::array<int64_t, 2> inc_ms{0, 0};
  int movestogo = 0;
  int64_t movetime_ms = -1;
  int depth = 0;       // 0: no depth limit
  uint64_t nodes = 0;  // 0: no node limit
  bool infinite = false;
  std::vector<Move> searchmoves;  // `go searchmoves`: the root moves to search; empty: all
  // `go ponder`: while *pondering is true (Engine::go points it at its flag) no time limit
  // applies and the search does not end on its own; `ponderhit` clears it, and the time
  // budget counts from then.
  bool ponder = false;
  const std::atomic<bool>* pondering = nullptr;
};

// The root move being searched, reported once a search has run kCurrMoveAfterMs.
struct CurrMove {
  Move move;
  int number = 1;  // 1-based, in the order searched
  int depth = 0;
};
inline constexpr int64_t kCurrMoveAfterMs = 1000;  // as Stockfish: GUIs show it on long searches

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
  std::optional<Move> best;    // empty when the game is over
  std::optional<Move> ponder;  // the expected reply to `best` (the PV's second move), if any
  uint64_t nodes = 0;
};

struct SearchSettings {
  int64_t move_overhead_ms = 10;
  int threads = 1;
  int multipv = 1;
  // Below full strength (search/skill.h; Engine::go also caps the nodes): the level, and
  // the seed of its random pick.
  int skill_level = 20;
  uint64_t skill_seed = 0;
  SearchParams params;
  EvalWeights eval;
  // A variant's network, when it has one, evaluates instead of its weights; shared, as
  // the network is read-only and a few hundred KB.
  std::array<std::shared_ptr<const nnue::Net>, kVariantCount> nets = default_nets();

  static std::array<std::shared_ptr<const nnue::Net>, kVariantCount> default_nets();
  // Proven values (search/proven.h), probed at the root and at every node when not empty;
  // shared and read-only, like the nets.
  std::shared_ptr<const ProvenValues> proven;
};

class TranspositionTable;

// How often the search polls its limits, in nodes: kPollInterval (search/params.h)
// without a node limit (reading the clock costs), and with one a power of two at most
// limit / kNodeLimitSlack, at least 1. So `go nodes N` on one thread stops after N nodes and fewer
// than N + node_poll_interval(N): within 1/1024 of N, and `go nodes 1` searches one node (issue 14:
// it used to reach depth 7). Helper threads publish their counts at their own polls, so each adds
// at most a few intervals more.
inline constexpr uint64_t kNodeLimitSlack = 1024;
uint64_t node_poll_interval(uint64_t node_limit);

// Searches `root` within `limits` until done or `stop` becomes true, on the calling thread
// plus settings.threads - 1 helper threads (Lazy SMP over the shared table), reporting
// each completed iteration through on_info. `go infinite` returns only after stop.
SearchResult search(RuleSet rules, const Position& root, const GameContext& game,
                    const Limits& limits, const SearchSettings& settings, TranspositionTable& tt,
                    const std::atomic<bool>& stop,
                    const std::function<void(const SearchInfo&)>& on_info,
                    const std::function<void(const CurrMove&)>& on_currmove = {});

}  // namespace kete
