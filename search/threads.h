// One search on several threads (Lazy SMP): what the threads share, and the search()
// of search.h, which runs Threads - 1 helper threads beside the caller's. Every thread
// searches the root with its own stack, killers and history; they share the transposition
// table, the node counts and the end, and the main thread (id 0) keeps the limits and
// reports. All search the same depths; a thread puts off the moves another thread is
// searching (InFlight), so that the threads share out the tree instead of repeating it.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "rules/rules.h"
#include "search/proven.h"
#include "search/search.h"
#include "search/timeman.h"
#include "search/tt.h"

namespace kete {

using Clock = std::chrono::steady_clock;

// The children some thread is searching now (Kerrigan's simplified ABDADA): a thread that
// reaches a move another thread is inside searches its other moves first, so that the
// threads split a node's moves instead of all searching the same one. One key a slot,
// direct-mapped: a lost or stale mark costs only an order, never a result. Empty (and
// never asked) with one thread, whose search it must not change.
class InFlight {
 public:
  explicit InFlight(bool on) : slots_(on ? new std::atomic<uint64_t>[kSlots]() : nullptr) {}
  bool on() const { return slots_ != nullptr; }
  bool busy(uint64_t key) const { return slot(key).load(std::memory_order_relaxed) == key; }
  void enter(uint64_t key) { slot(key).store(key, std::memory_order_relaxed); }
  void leave(uint64_t key) {
    uint64_t expected = key;
    slot(key).compare_exchange_strong(expected, 0, std::memory_order_relaxed);
  }

 private:
  static constexpr size_t kSlots = 1 << 12;  // a few dozen are in flight at a time
  std::atomic<uint64_t>& slot(uint64_t key) const { return slots_[key & (kSlots - 1)]; }
  std::unique_ptr<std::atomic<uint64_t>[]> slots_;
};

// What every thread of one search shares.
struct SearchShared {
  RuleSet rules;
  Position root;
  const GameContext& game;
  Limits limits;
  SearchSettings settings;
  TranspositionTable& tt;
  const std::atomic<bool>& stop;  // from the caller (`stop`, quit)
  std::atomic<bool> done{false};  // set by the main thread when the search ends
  TimeBudget budget;
  Clock::time_point start = Clock::now();
  std::vector<std::unique_ptr<std::atomic<uint64_t>>> nodes;  // per thread, published
  // The time budget counts from here: the start, or `ponderhit` (main thread only).
  Clock::time_point budget_start = start;
  const std::function<void(const CurrMove&)>* on_currmove = nullptr;
  // The root's proven win: its move is the only root move searched (search/proven.h).
  std::optional<ProvenMove> proven_root{};
  InFlight in_flight{settings.threads > 1};

  int64_t elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
  }
  int64_t budget_elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - budget_start)
        .count();
  }
  uint64_t total_nodes() const {
    uint64_t n = 0;
    for (const auto& t : nodes)
      n += t->load(std::memory_order_relaxed);
    return n;
  }
};

// `go searchmoves`: the root moves the search may play.
inline bool searchmove(const Limits& limits, Move m) {
  const std::vector<Move>& only = limits.searchmoves;
  return only.empty() || std::find(only.begin(), only.end(), m) != only.end();
}

// One thread's iterative deepening (search/search.cpp) for the rules type R: the main
// thread (id 0) reports through on_info and returns the result; a helper fills the table
// until the main thread is done.
template <Rules R>
SearchResult search_thread(SearchShared& shared, int id,
                           const std::function<void(const SearchInfo&)>& on_info);

}  // namespace kete
