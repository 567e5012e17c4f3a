// The solver on its own thread, as the engine facade runs the search: what `go mate N`
// and `go solve` start, and `stop` ends.
#pragma once

#include <atomic>
#include <functional>
#include <thread>
#include <vector>

#include "rules/game.h"
#include "solver/solver.h"

namespace kete {

class SolveJob {
 public:
  struct Request {
    RuleSet rules;
    Position root;
    GameContext game;
    SolveLimits limits;
    int mate_moves = 0;  // `go mate N`: the shortest win within N moves; 0: `go solve`
    // More than 1: the job-level search over this many threads (docs/solver.md "Threads
    // and ranks"), its workers sharing limits.hash_mb; a win is then proven again on one
    // thread, with the whole table, for its strategy.
    int threads = 1;
  };
  enum class Verdict : uint8_t { kWin, kLoss, kNoMate, kUnknown };
  struct Outcome {
    Verdict verdict = Verdict::kUnknown;  // for the side to move
    int mate_moves = 0;                   // `go mate`: the shortest win, in own moves
    std::vector<Move> pv;                 // the winner's line from the root
    SolveInfo info;                       // of the last proof search
    // After a win or a loss: the winner's strategy from the root (empty if it could not
    // be rebuilt), for the search's proven values (search/proven.h).
    Side winner = Side::kSouth;
    std::vector<StrategyLine> strategy;
  };
  using InfoCallback = std::function<void(const SolveInfo&)>;
  using DoneCallback = std::function<void(const Outcome&)>;

  SolveJob() = default;
  ~SolveJob() {
    stop();
    wait();
  }
  SolveJob(const SolveJob&) = delete;
  SolveJob& operator=(const SolveJob&) = delete;

  // Runs the request on a new thread; on_done is called from it at the end.
  void start(Request request, InfoCallback on_info, DoneCallback on_done);
  void stop() { stop_ = true; }
  void wait() {
    if (thread_.joinable()) thread_.join();
  }
  bool running() const { return running_; }

 private:
  std::thread thread_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> running_{false};
};

// Runs a request on the calling thread.
SolveJob::Outcome run_solve(const SolveJob::Request& request, const std::atomic<bool>& stop,
                            const SolveJob::InfoCallback& on_info);

}  // namespace kete
