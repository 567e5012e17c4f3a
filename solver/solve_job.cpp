#include "solver/solve_job.h"

#include <optional>

#include "solver/job_level.h"

namespace kete {

namespace {

// One proof search with `limits`, and after a win the winner's strategy, which the engine
// keeps as proven values. On one thread the solver that proved the win rebuilds it. With
// threads the proof is spread over the workers' tables: their memory is given back, and
// one solver with the whole table proves the win again (as `kete-solve --threads N
// --proof` does); stopped before that ends, the verdict stands without a strategy.
SolveResult prove(const SolveJob::Request& r, const SolveLimits& limits, Side attacker,
                  const std::atomic<bool>& stop, const SolveJob::InfoCallback& on_info,
                  SolveJob::Outcome& out) {
  std::optional<Solver> solver;
  SolveResult result;
  if (r.threads > 1) {
    const ProofProblem problem{r.rules, r.root, r.game};
    // New workers for each search (each N of `go mate N`): their tables' memory is given
    // back when it ends, before a win's strategy takes a whole table, so the solve stays
    // within Hash. Starting the threads again costs tens of microseconds a search.
    ThreadWorkers workers(problem, limits, r.threads);
    result = prove_job_level(problem, attacker, limits, kJobNodes, workers, stop, on_info);
  } else {
    result = solver.emplace(r.rules, limits).prove(r.root, attacker, r.game, stop, on_info);
  }
  if (result.proof != Proof::kProven) return result;
  out.winner = attacker;
  if (!solver) {
    solver.emplace(r.rules, limits);
    if (solver->prove(r.root, attacker, r.game, stop, nullptr).proof != Proof::kProven)
      return result;
  }
  if (std::optional<std::vector<StrategyLine>> lines =
          solver->strategy(r.root, attacker, r.game, stop))
    out.strategy = *std::move(lines);
  return result;
}

// `go mate N`: mate 1, 2, ... N. Each "no" is a disproof of the depth-limited game, whose
// nodes carry their depth and so form no cycle: the first "yes" is the exact distance.
SolveJob::Outcome shortest_mate(const SolveJob::Request& r, const std::atomic<bool>& stop,
                                const SolveJob::InfoCallback& on_info) {
  SolveJob::Outcome out;
  out.verdict = SolveJob::Verdict::kNoMate;
  for (int n = 1; n <= r.mate_moves; ++n) {
    SolveLimits limits = r.limits;
    limits.max_moves = n;
    const SolveResult result = prove(r, limits, r.root.side_to_move(), stop, on_info, out);
    out.info = result.info;
    if (result.proof == Proof::kProven) {
      out.verdict = SolveJob::Verdict::kWin;
      out.mate_moves = n;
      out.pv = result.pv;
      return out;
    }
    if (result.proof == Proof::kUnknown) {
      out.verdict = SolveJob::Verdict::kUnknown;
      return out;
    }
  }
  return out;
}

// `go solve`: a win for the side to move, else a win for the other side.
SolveJob::Outcome solve_value(const SolveJob::Request& r, const std::atomic<bool>& stop,
                              const SolveJob::InfoCallback& on_info) {
  SolveJob::Outcome out;
  for (Side attacker : {r.root.side_to_move(), ~r.root.side_to_move()}) {
    const SolveResult result = prove(r, r.limits, attacker, stop, on_info, out);
    out.info = result.info;
    if (result.proof == Proof::kProven) {
      out.verdict =
          attacker == r.root.side_to_move() ? SolveJob::Verdict::kWin : SolveJob::Verdict::kLoss;
      out.pv = result.pv;
      return out;
    }
    if (result.proof == Proof::kUnknown || result.path_dependent) return out;
  }
  return out;  // neither side wins: a draw by the draw rules, reported as unproven
}

}  // namespace

SolveJob::Outcome run_solve(const SolveJob::Request& request, const std::atomic<bool>& stop,
                            const SolveJob::InfoCallback& on_info) {
  return request.mate_moves > 0 ? shortest_mate(request, stop, on_info)
                                : solve_value(request, stop, on_info);
}

void SolveJob::start(Request request, InfoCallback on_info, DoneCallback on_done) {
  wait();
  stop_ = false;
  running_ = true;
  thread_ = std::thread([this, request = std::move(request), on_info = std::move(on_info),
                         on_done = std::move(on_done)] {
    const Outcome outcome = run_solve(request, stop_, on_info);
    running_ = false;
    on_done(outcome);
  });
}

}  // namespace kete
