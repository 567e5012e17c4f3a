// Job-level proof-number search (docs/solver.md, "Threads and ranks"): a master keeps the
// top of the tree as a proof-number tree, hands its most-proving leaves as jobs with a node
// budget to workers that run df-pn on them, each with its own table, and takes their proof
// and disproof numbers back. The workers are threads of the process (ThreadWorkers) or the
// ranks of an MPI job (kete-solve's RankWorkers, over tools/work_farm.h).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"

#include "rules/game.h"
#include "rules/move.h"
#include "rules/position.h"
#include "solver/solver.h"

namespace kete {

// A subtree to search: the moves from the run's root to its top, the attacker's own moves
// left there (0: any distance) and the nodes it may spend.
struct ProofJob {
  int run = 0;  // which proof search of the master the job belongs to
  Side attacker = Side::kSouth;
  std::vector<Move> moves;
  int max_moves = 0;
  uint64_t nodes = 0;
};

// What a worker found: the verdict and numbers of the job's top, the nodes it spent, and
// what its table knows of the top's children (when undecided) or the winning line (when
// proven).
struct ProofJobResult {
  int run = 0;
  Proof proof = Proof::kUnknown;
  uint32_t proof_number = 1, disproof_number = 1;
  int plies = 0;
  bool path_dependent = false;
  uint64_t nodes = 0;
  uint64_t entries = 0;  // the worker's table entries in use
  std::vector<Move> pv;
  std::vector<ChildNumbers> children;
};

// The job and the result as one line of text, for the messages between MPI ranks.
std::string job_text(const ProofJob& job);
absl::StatusOr<ProofJob> parse_job(std::string_view text);
std::string result_text(const ProofJobResult& result);
absl::StatusOr<ProofJobResult> parse_result(std::string_view text);

// The problem every worker reads from the same command line: a job names only the moves.
struct ProofProblem {
  RuleSet rules;
  Position root;
  GameContext game;
};

// A worker's side: runs `job` on `solver`, whose table persists from one job to the next
// of the same run. The job's game is the run's game and, in any-distance mode, the positions
// from the run's root to the job's top, which count as draws there as on the single
// process's path (docs/solver.md "Repetitions"). An error names what is wrong with the job.
absl::StatusOr<ProofJobResult> run_proof_job(Solver& solver, const ProofProblem& problem,
                                             const ProofJob& job, const std::atomic<bool>& stop);

// The workers as the master sees them: each works on one job at a time.
class ProofWorkers {
 public:
  virtual ~ProofWorkers() = default;
  virtual int size() const = 0;
  // Starts `job` on `worker`, which is idle.
  virtual void start(int worker, const ProofJob& job) = 0;
  // A job that ended within `timeout`: its worker and result (the worker is idle again).
  virtual std::optional<std::pair<int, ProofJobResult>> wait(std::chrono::milliseconds timeout) = 0;
  // Ends or waits out the jobs in progress and forgets them: every worker is idle after.
  virtual void cancel() = 0;
  // A new proof search: the workers start its jobs with fresh tables.
  int begin_run() { return ++runs_; }

 private:
  int runs_ = 0;
};

// Threads of this process, each with its own Solver of hash_mb MiB.
class ThreadWorkers : public ProofWorkers {
 public:
  ThreadWorkers(const ProofProblem& problem, const SolveLimits& limits, int threads);
  ~ThreadWorkers() override;
  int size() const override;
  void start(int worker, const ProofJob& job) override;
  std::optional<std::pair<int, ProofJobResult>> wait(std::chrono::milliseconds timeout) override;
  void cancel() override;

 private:
  struct Shared;
  std::unique_ptr<Shared> shared_;
};

// The master's tree as a checkpoint keeps it (kete-solve --checkpoint with --threads or on
// ranks; docs/solver.md "Resumable runs"): the workers' tables are caches and are not kept,
// so a resumed search gives the tree's leaves to workers with fresh tables. Nodes come
// after their parents, and an expanded node's children are its legal moves in the rules'
// order; a leaf a worker proved keeps its winning line.
struct JobLevelNode {
  int parent = -1;
  Move move = Move::none();  // from the parent
  uint32_t proof = 1, disproof = 1;
  int plies = 0;  // proven: the length of the win
  bool path_dependent = false;
  bool expanded = false;
  std::vector<Move> pv;
};

struct JobLevelState {
  uint64_t nodes = 0;   // the workers' nodes so far
  int64_t time_ms = 0;  // the run's time so far
  std::vector<JobLevelNode> tree;
};

// Reads a state that prove_job_level wrote for this problem, attacker and depth limit:
// every line checked, every move replayed by the rules, and an error naming the line.
absl::StatusOr<JobLevelState> read_job_level_state(std::istream& in, const ProofProblem& problem,
                                                   Side attacker, int max_moves);

// When the master saves its tree: at each multiple of every_nodes (0: never) and after
// every_ms (-1: never), looked at as results come, and when the search stops undecided.
// `save` gets the progress, the tree's size and the writer of the state.
struct JobLevelCheckpoints {
  uint64_t every_nodes = 0;
  int64_t every_ms = -1;
  std::function<void(const SolveInfo&, uint64_t tree_nodes, const StateWriter&)> save;
};

// The smallest budget of a job by default: jobs of 100,000 nodes split the work near the
// root and came within 3% of one process's nodes (docs/solver.md "Threads and ranks").
inline constexpr uint64_t kJobNodes = 100'000;

// The master: proves `attacker`'s win from the problem's root within limits.max_moves own
// moves (0: any distance), as Solver::prove() does, with the workers' df-pn below the top
// of the tree. limits.nodes counts the workers' nodes (jobs in progress may pass it by a
// job's budget); job_nodes is the smallest budget of a job. With `checkpoints` it saves
// its tree as they say; with `resume` it goes on from a tree read_job_level_state read.
SolveResult prove_job_level(const ProofProblem& problem, Side attacker, const SolveLimits& limits,
                            uint64_t job_nodes, ProofWorkers& workers,
                            const std::atomic<bool>& stop,
                            const std::function<void(const SolveInfo&)>& on_info,
                            const JobLevelCheckpoints* checkpoints = nullptr,
                            const JobLevelState* resume = nullptr);

}  // namespace kete
