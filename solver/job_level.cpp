#include "solver/job_level.h"

#include <algorithm>
#include <cassert>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <unordered_set>

#include <fmt/format.h>

#include "rules/notation.h"
#include "rules/rules.h"
#include "rules/text.h"

namespace kete {

namespace {

using Clock = std::chrono::steady_clock;

// The words of a job's or a result's line, read in turn.
class Words {
 public:
  Words(std::string_view text, std::string what)
      : words_(split_words(text)), what_(std::move(what)) {}

  template <class T>
  absl::Status next(std::string_view field, T& out, std::type_identity_t<T> min,
                    std::type_identity_t<T> max) {
    if (at_ >= words_.size()) return error(fmt::format("no {}", field));
    absl::StatusOr<T> n = parse_number<T>(field, words_[at_++], min, max);
    if (!n.ok()) return error(std::string(n.status().message()));
    out = *n;
    return absl::OkStatus();
  }
  absl::Status keyword(std::string_view word) {
    if (at_ >= words_.size() || words_[at_] != word)
      return error(fmt::format("expected '{}'", word));
    ++at_;
    return absl::OkStatus();
  }
  absl::Status moves(std::vector<Move>& out) {
    size_t count = 0;
    if (absl::Status s = next("the move count", count, 0, 100'000); !s.ok()) return s;
    for (size_t i = 0; i < count; ++i) {
      uint16_t bits = 0;
      if (absl::Status s = next("a move", bits, 0, UINT16_MAX); !s.ok()) return s;
      out.push_back(Move::from_bits(bits));
    }
    return absl::OkStatus();
  }
  absl::Status side(int& out) {
    if (at_ >= words_.size() || (words_[at_] != "S" && words_[at_] != "N"))
      return error("expected the attacker, S or N");
    out = words_[at_++] == "S" ? 0 : 1;
    return absl::OkStatus();
  }
  // Whether the next word is `word` (the line's keyword, before it is read).
  bool at(std::string_view word) const { return at_ < words_.size() && words_[at_] == word; }
  absl::Status done() const {
    return at_ == words_.size() ? absl::OkStatus() : error("more words than it has fields");
  }
  absl::Status error(std::string_view message) const {
    return absl::InvalidArgumentError(fmt::format("{}: {}", what_, message));
  }

 private:
  std::vector<std::string_view> words_;
  size_t at_ = 0;
  std::string what_;
};

void append_moves(std::string& text, const std::vector<Move>& moves) {
  text += fmt::format(" {}", moves.size());
  for (Move m : moves)
    text += fmt::format(" {}", m.raw());
}

}  // namespace

std::string job_text(const ProofJob& job) {
  std::string text = fmt::format("job {} {} {} {}", job.run, job.attacker == Side::kSouth ? 0 : 1,
                                 job.max_moves, job.nodes);
  append_moves(text, job.moves);
  return text;
}

absl::StatusOr<ProofJob> parse_job(std::string_view text) {
  Words w(text, "a proof job");
  ProofJob job;
  int side = 0;
  for (absl::Status s :
       {w.keyword("job"), w.next("the run", job.run, 0, INT32_MAX),
        w.next("the attacker", side, 0, 1), w.next("the moves left", job.max_moves, 0, 500),
        w.next("the nodes", job.nodes, 1, UINT64_MAX), w.moves(job.moves), w.done()})
    if (!s.ok()) return s;
  job.attacker = side == 0 ? Side::kSouth : Side::kNorth;
  return job;
}

std::string result_text(const ProofJobResult& r) {
  std::string text =
      fmt::format("result {} {} {} {} {} {} {} {} pv", r.run, int(r.proof), r.proof_number,
                  r.disproof_number, r.plies, int(r.path_dependent), r.nodes, r.entries);
  append_moves(text, r.pv);
  text += fmt::format(" children {}", r.children.size());
  for (const ChildNumbers& c : r.children)
    text += fmt::format(" {} {} {} {} {}", c.move.raw(), c.proof, c.disproof, c.plies,
                        int(c.path_dependent));
  return text;
}

absl::StatusOr<ProofJobResult> parse_result(std::string_view text) {
  Words w(text, "a proof job's result");
  ProofJobResult r;
  int proof = 0, dependent = 0;
  size_t children = 0;
  for (absl::Status s :
       {w.keyword("result"), w.next("the run", r.run, 0, INT32_MAX),
        w.next("the verdict", proof, 0, 2),
        w.next("the proof number", r.proof_number, 0, kProofInfinite),
        w.next("the disproof number", r.disproof_number, 0, kProofInfinite),
        w.next("the plies", r.plies, 0, UINT16_MAX), w.next("the flag", dependent, 0, 1),
        w.next("the nodes", r.nodes, 0, UINT64_MAX),
        w.next("the entries", r.entries, 0, UINT64_MAX), w.keyword("pv"), w.moves(r.pv),
        w.keyword("children"), w.next("the children", children, 0, 4096)})
    if (!s.ok()) return s;
  for (size_t i = 0; i < children; ++i) {
    ChildNumbers c;
    uint16_t bits = 0;
    int flag = 0;
    for (absl::Status s :
         {w.next("a child's move", bits, 0, UINT16_MAX),
          w.next("a child's proof number", c.proof, 0, kProofInfinite),
          w.next("a child's disproof number", c.disproof, 0, kProofInfinite),
          w.next("a child's plies", c.plies, 0, UINT16_MAX), w.next("a child's flag", flag, 0, 1)})
      if (!s.ok()) return s;
    c.move = Move::from_bits(bits);
    c.path_dependent = flag;
    r.children.push_back(c);
  }
  if (absl::Status s = w.done(); !s.ok()) return s;
  r.proof = Proof(proof);
  r.path_dependent = dependent;
  return r;
}

absl::StatusOr<ProofJobResult> run_proof_job(Solver& solver, const ProofProblem& problem,
                                             const ProofJob& job, const std::atomic<bool>& stop) {
  Position p = problem.root;
  GameContext game = problem.game;
  for (Move m : job.moves) {
    std::optional<Position> next = play(problem.rules, p, m);
    if (!next)
      return absl::InvalidArgumentError(
          fmt::format("a proof job: move {} is not legal in {}", m.raw(), position_string(p)));
    // Any distance: the path's positions are draws below the job's top, as on the single
    // process's path. A depth-limited game has no cycles and keeps only the game's history.
    if (job.max_moves == 0) game.history.push_back(p.key());
    p = *next;
    ++game.plies;
  }
  const SolveResult s = solver.prove_more(p, job.attacker, game, job.max_moves, job.nodes, stop);
  ProofJobResult r;
  r.run = job.run;
  r.proof = s.proof;
  r.proof_number = s.info.proof;
  r.disproof_number = s.info.disproof;
  r.plies = s.plies;
  r.path_dependent = s.path_dependent;
  r.nodes = s.info.nodes;
  r.entries = s.info.entries;
  if (s.proof == Proof::kProven) r.pv = s.pv;
  if (s.proof == Proof::kUnknown)
    r.children = solver.children(p, job.attacker, game, job.max_moves);
  return r;
}

// ThreadWorkers: one slot per worker for its next job, and the results in the order they
// end; the worker threads sleep until a job comes.
struct ThreadWorkers::Shared {
  ProofProblem problem;
  SolveLimits limits;
  std::mutex mutex;
  std::condition_variable work_cv, done_cv;
  std::vector<std::optional<ProofJob>> jobs;
  std::deque<std::pair<int, ProofJobResult>> results;
  int in_flight = 0;  // started and not yet taken by wait()
  bool quit = false;
  std::atomic<bool> stop{false};
  std::vector<std::thread> threads;

  void work(int worker) {
    std::unique_ptr<Solver> solver;
    int run = -1;
    for (;;) {
      std::unique_lock lock(mutex);
      work_cv.wait(lock, [&] { return quit || jobs[size_t(worker)]; });
      if (quit) return;
      const ProofJob job = *std::move(jobs[size_t(worker)]);
      jobs[size_t(worker)].reset();
      lock.unlock();
      if (run != job.run) {
        solver.reset();  // its table's memory first
        solver = std::make_unique<Solver>(problem.rules, limits);
        run = job.run;
      }
      absl::StatusOr<ProofJobResult> r = run_proof_job(*solver, problem, job, stop);
      // The master builds its jobs from legal moves: an error here is a bug.
      assert(r.ok());
      lock.lock();
      results.emplace_back(worker, r.ok() ? *std::move(r) : ProofJobResult{});
      done_cv.notify_all();
    }
  }
};

ThreadWorkers::ThreadWorkers(const ProofProblem& problem, const SolveLimits& limits, int threads)
    : shared_(std::make_unique<Shared>()) {
  shared_->problem = problem;
  shared_->limits = limits;
  // The table is shared out: the workers together stay within --hash.
  shared_->limits.hash_mb = std::max<size_t>(1, limits.hash_mb / size_t(threads));
  shared_->jobs.resize(size_t(threads));
  for (int i = 0; i < threads; ++i)
    shared_->threads.emplace_back([this, i] { shared_->work(i); });
}

ThreadWorkers::~ThreadWorkers() {
  {
    std::lock_guard lock(shared_->mutex);
    shared_->quit = true;
    shared_->stop = true;
  }
  shared_->work_cv.notify_all();
  for (std::thread& t : shared_->threads)
    t.join();
}

int ThreadWorkers::size() const {
  return int(shared_->threads.size());
}

void ThreadWorkers::start(int worker, const ProofJob& job) {
  {
    std::lock_guard lock(shared_->mutex);
    shared_->jobs[size_t(worker)] = job;
    ++shared_->in_flight;
  }
  shared_->work_cv.notify_all();
}

std::optional<std::pair<int, ProofJobResult>> ThreadWorkers::wait(
    std::chrono::milliseconds timeout) {
  std::unique_lock lock(shared_->mutex);
  if (!shared_->done_cv.wait_for(lock, timeout, [&] { return !shared_->results.empty(); }))
    return std::nullopt;
  std::pair<int, ProofJobResult> done = std::move(shared_->results.front());
  shared_->results.pop_front();
  --shared_->in_flight;
  return done;
}

void ThreadWorkers::cancel() {
  std::unique_lock lock(shared_->mutex);
  shared_->stop = true;
  shared_->done_cv.wait(lock, [&] { return int(shared_->results.size()) == shared_->in_flight; });
  shared_->results.clear();
  shared_->in_flight = 0;
  shared_->stop = false;
}

namespace {

// A node of the master's tree, attacker's view; a leaf is a job's top. What a checkpoint
// keeps is the JobLevelNode; the rest follows from it.
struct TopNode : JobLevelNode {
  Position position;
  int ply = 0;         // from the run's root
  int remaining = -1;  // the plies the attacker has left (depth-limited), else -1
  bool in_flight = false;
  int owner = -1;  // the worker whose table knows the node best
  std::vector<int> children;
};

// The first line of a state of the master's tree, and its version.
constexpr std::string_view kJobLevelStateMagic = "kete-solve job-level state 1";

// The moves of a node of the master's tree: the legal moves in the rules' order, at a
// root that leaves out its mirror images (leaves_out_mirror_images) only the first of
// each pair, as the single process's df-pn searches them.
MoveList tree_moves(const ProofProblem& problem, Side attacker, const Position& p, bool root) {
  const MoveList legal = legal_moves(problem.rules, p);
  if (!root || !leaves_out_mirror_images(problem.rules, p, attacker, problem.game)) return legal;
  std::vector<Position> children;
  for (Move m : legal)
    children.push_back(*play(problem.rules, p, m));
  const std::vector<int> twins = mirror_twins(children);
  MoveList kept;
  for (int i = 0; i < legal.size(); ++i)
    if (twins[size_t(i)] < 0) kept.push_back(legal[i]);
  return kept;
}

// The plies the attacker has left at the root of a depth-limited search, else -1.
int root_remaining(const ProofProblem& problem, Side attacker, int max_moves) {
  if (max_moves <= 0) return -1;
  return 2 * max_moves - (problem.root.side_to_move() == attacker ? 1 : 0);
}

// Polls of the limits and the stop flag while the workers work.
constexpr std::chrono::milliseconds kPollInterval{20};
// A job's budget grows with the run, so that the tree stays small and the workers search
// as one df-pn would: the nodes done so far over this times the workers (a round of jobs
// adds at most half the work done), and at least the job_nodes given. Over 512 times the
// workers' (2) it was, bao's South mate 6 took 49.9 million nodes on 2 threads against
// 15.2 million in one process; now 19.5 million (docs/solver.md "Threads and ranks").
constexpr uint64_t kBudgetShare = 2;

class Master {
 public:
  Master(const ProofProblem& problem, Side attacker, const SolveLimits& limits, uint64_t job_nodes,
         ProofWorkers& workers, const std::atomic<bool>& stop,
         const std::function<void(const SolveInfo&)>& on_info,
         const JobLevelCheckpoints* checkpoints)
      : problem_(problem),
        attacker_(attacker),
        limits_(limits),
        job_nodes_(job_nodes),
        workers_(workers),
        stop_(stop),
        on_info_(on_info),
        checkpoints_(checkpoints && checkpoints->save ? checkpoints : nullptr),
        history_(problem.game.history.begin(), problem.game.history.end()),
        idle_(size_t(workers.size()), true),
        leaf_of_(size_t(workers.size()), 0),
        entries_(size_t(workers.size()), 0) {}

  SolveResult run(const JobLevelState* resume) {
    run_ = workers_.begin_run();
    if (resume) {
      restore(*resume);
    } else {
      TopNode& root = nodes_.emplace_back();
      root.position = problem_.root;
      root.remaining = root_remaining(problem_, attacker_, limits_.max_moves);
      // As Solver::prove(): a root lost by the rules or without a move is decided.
      if (std::optional<Side> lost = loser(problem_.rules, root.position))
        set_decided(root, *lost != attacker_, 0, false);
      else
        expand(0, nullptr);
      // A checkpoint from the start, so that a job whose rank dies at once can resume.
      if (checkpoints_ && !decided(nodes_[0])) checkpoint();
    }
    if (checkpoints_ && checkpoints_->every_nodes)
      next_checkpoint_ = (nodes_done_ / checkpoints_->every_nodes + 1) * checkpoints_->every_nodes;
    while (!decided(nodes_[0]) && !over()) {
      give_jobs();
      // Nothing in progress and no leaf to give: numbers that saturated without a verdict.
      if (std::find(idle_.begin(), idle_.end(), false) == idle_.end()) break;
      std::optional<std::pair<int, ProofJobResult>> done = workers_.wait(kPollInterval);
      report(false);
      if (done) take(done->first, done->second);
      if (!decided(nodes_[0]) && checkpoint_due()) checkpoint();
    }
    workers_.cancel();
    // Stopped before a verdict: the tree is kept for --resume.
    if (!decided(nodes_[0]) && checkpoints_) checkpoint();
    if (nodes_[0].proof == 0) complete_line();
    report(true);
    return result();
  }

 private:
  bool decided(const TopNode& n) const { return n.proof == 0 || n.disproof == 0; }
  bool is_or(const TopNode& n) const { return n.position.side_to_move() == attacker_; }

  void set_decided(TopNode& n, bool won, int plies, bool dependent) {
    n.proof = won ? 0 : kProofInfinite;
    n.disproof = won ? kProofInfinite : 0;
    n.plies = won ? plies : 0;
    n.path_dependent = !won && dependent;
  }

  bool over() {
    if (stop_.load(std::memory_order_relaxed)) return true;
    if (limits_.nodes && nodes_done_ >= limits_.nodes) return true;
    return limits_.time_ms >= 0 && elapsed_ms() >= limits_.time_ms;
  }
  // The whole run's, a resumed one's time before it included.
  int64_t elapsed_ms() const {
    return time_before_ +
           std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
  }

  // The tree of a checkpoint: each node's position replayed from its parent's (the reader
  // checked every move), the numbers of the expanded nodes combined again from the leaves.
  void restore(const JobLevelState& state) {
    nodes_done_ = state.nodes;
    time_before_ = state.time_ms;
    nodes_.reserve(state.tree.size());
    for (const JobLevelNode& saved : state.tree) {
      TopNode& n = nodes_.emplace_back();
      static_cast<JobLevelNode&>(n) = saved;
      if (n.parent < 0) {
        n.position = problem_.root;
        n.remaining = root_remaining(problem_, attacker_, limits_.max_moves);
        continue;
      }
      TopNode& parent = nodes_[size_t(n.parent)];
      n.position = *play(problem_.rules, parent.position, n.move);
      n.ply = parent.ply + 1;
      n.remaining = parent.remaining < 0 ? -1 : parent.remaining - 1;
      parent.children.push_back(int(nodes_.size() - 1));
    }
    for (int i = int(nodes_.size()) - 1; i >= 0; --i)
      if (nodes_[size_t(i)].expanded) combine(i);
  }

  bool checkpoint_due() const {
    if (!checkpoints_) return false;
    if (checkpoints_->every_nodes && nodes_done_ >= next_checkpoint_) return true;
    return checkpoints_->every_ms >= 0 &&
           Clock::now() - last_checkpoint_ >= std::chrono::milliseconds(checkpoints_->every_ms);
  }

  void checkpoint() {
    if (checkpoints_->every_nodes)
      next_checkpoint_ = (nodes_done_ / checkpoints_->every_nodes + 1) * checkpoints_->every_nodes;
    last_checkpoint_ = Clock::now();
    checkpoints_->save(info(), nodes_.size(),
                       [&](const StateSink& sink) { return write_state(sink); });
  }

  // The state read_job_level_state reads: the root, the progress, then every node.
  absl::Status write_state(const StateSink& sink) const {
    std::string text = fmt::format("{}\nroot {} {} {}\nnodes {} {}\n", kJobLevelStateMagic,
                                   problem_.root.key(), attacker_ == Side::kSouth ? 'S' : 'N',
                                   limits_.max_moves, nodes_done_, elapsed_ms());
    constexpr size_t kChunk = size_t(1) << 20;
    for (const TopNode& n : nodes_) {
      fmt::format_to(std::back_inserter(text), "node {} {} {} {} {} {} {}", n.parent, n.move.raw(),
                     n.proof, n.disproof, n.plies, int(n.path_dependent), int(n.expanded));
      append_moves(text, n.pv);
      text += '\n';
      if (text.size() >= kChunk) {
        if (absl::Status s = sink(text); !s.ok()) return s;
        text.clear();
      }
    }
    text += fmt::format("end {}\n", nodes_.size());
    return sink(text);
  }

  // Whether `key` is a position of the path from the root to node `i`, i included.
  bool on_path(int i, uint64_t key) const {
    for (; i >= 0; i = nodes_[size_t(i)].parent)
      if (nodes_[size_t(i)].position.key() == key) return true;
    return false;
  }

  // The numbers of a new child, as the df-pn of one process sees it before searching it
  // (DfPn::evaluate): the rules, a draw, the depth limit, else what the worker's table
  // knows (`known`) or the guide's initial numbers.
  void evaluate(TopNode& c, const std::vector<ChildNumbers>* known) {
    const MoveList moves = legal_moves(problem_.rules, c.position);
    if (std::optional<Side> lost = loser(problem_.rules, c.position); lost && !moves.empty())
      return set_decided(c, *lost != attacker_, 0, false);
    // Positions of the game before the root, of the path and the move limit are draws.
    if (history_.contains(c.position.key()) ||
        problem_.game.plies + c.ply >= problem_.game.max_plies ||
        (c.remaining < 0 && on_path(c.parent, c.position.key())))
      return set_decided(c, false, 0, true);
    if (c.remaining == 0)
      return set_decided(c, c.position.side_to_move() != attacker_ && moves.empty(), 0, false);
    if (moves.empty()) return set_decided(c, !is_or(c), 0, false);
    if (known)
      for (const ChildNumbers& k : *known)
        if (k.move == c.move) {
          c.proof = k.proof;
          c.disproof = k.disproof;
          c.plies = k.plies;
          c.path_dependent = k.path_dependent;
          return;
        }
    // Only a child the worker's table does not know costs the guide's evaluation.
    const InitialNumbers initial =
        initial_numbers(problem_.rules, limits_.guide, c.position, attacker_);
    c.proof = initial.proof;
    c.disproof = initial.disproof;
  }

  void expand(int i, const std::vector<ChildNumbers>* known) {
    const Position p = nodes_[size_t(i)].position;
    for (Move m : tree_moves(problem_, attacker_, p, i == 0)) {
      TopNode c;
      c.position = *play(problem_.rules, p, m);
      c.move = m;
      c.parent = i;
      c.ply = nodes_[size_t(i)].ply + 1;
      c.remaining = nodes_[size_t(i)].remaining < 0 ? -1 : nodes_[size_t(i)].remaining - 1;
      c.owner = nodes_[size_t(i)].owner;
      evaluate(c, known);
      nodes_[size_t(i)].children.push_back(int(nodes_.size()));
      nodes_.push_back(std::move(c));
    }
    nodes_[size_t(i)].expanded = true;
    combine(i);
  }

  // A node's numbers from its children's, as DfPn::combine.
  void combine(int i) {
    TopNode& n = nodes_[size_t(i)];
    const bool or_node = is_or(n);
    uint32_t min_phi = kProofInfinite, sum_delta = 0;
    for (int c : n.children) {
      const TopNode& k = nodes_[size_t(c)];
      min_phi = std::min(min_phi, or_node ? k.proof : k.disproof);
      sum_delta = uint32_t(std::min<uint64_t>(
          uint64_t(sum_delta) + (or_node ? k.disproof : k.proof), kProofInfinite));
    }
    n.proof = or_node ? min_phi : sum_delta;
    n.disproof = or_node ? sum_delta : min_phi;
    n.plies = 0;
    n.path_dependent = false;
    if (n.proof == 0) {
      int plies = or_node ? INT32_MAX : 0;
      for (int c : n.children)
        if (nodes_[size_t(c)].proof == 0)
          plies = or_node ? std::min(plies, nodes_[size_t(c)].plies)
                          : std::max(plies, nodes_[size_t(c)].plies);
      n.plies = std::min(plies + 1, int(UINT16_MAX));
    } else if (n.disproof == 0) {
      // OR: every child disproved, dependent if any is; AND: one sound refutation is enough.
      n.path_dependent = !or_node;
      for (int c : n.children)
        if (nodes_[size_t(c)].disproof == 0) {
          if (or_node)
            n.path_dependent |= nodes_[size_t(c)].path_dependent;
          else
            n.path_dependent &= nodes_[size_t(c)].path_dependent;
        }
    }
  }

  // The most-proving leaf below `i` that no worker has: the children in the order of
  // their number to minimise, the first with such a leaf; -1 if none.
  int select(int i) const {
    const TopNode& n = nodes_[size_t(i)];
    if (!n.expanded) return n.in_flight || decided(n) ? -1 : i;
    std::vector<int> order;
    for (int c : n.children)
      if (!decided(nodes_[size_t(c)])) order.push_back(c);
    const bool or_node = is_or(n);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      const TopNode &x = nodes_[size_t(a)], &y = nodes_[size_t(b)];
      return or_node ? x.proof < y.proof : x.disproof < y.disproof;
    });
    for (int c : order)
      if (const int leaf = select(c); leaf >= 0) return leaf;
    return -1;
  }

  std::vector<Move> moves_to(int i) const {
    std::vector<Move> moves;
    for (; nodes_[size_t(i)].parent >= 0; i = nodes_[size_t(i)].parent)
      moves.push_back(nodes_[size_t(i)].move);
    std::reverse(moves.begin(), moves.end());
    return moves;
  }

  void give_jobs() {
    for (;;) {
      if (std::find(idle_.begin(), idle_.end(), true) == idle_.end()) return;
      const int leaf = select(0);
      if (leaf < 0) return;
      TopNode& n = nodes_[size_t(leaf)];
      // The worker whose table knows the leaf, if it is free, else the first free one.
      int worker = n.owner >= 0 && idle_[size_t(n.owner)]
                       ? n.owner
                       : int(std::find(idle_.begin(), idle_.end(), true) - idle_.begin());
      ProofJob job = job_for(leaf);
      if (limits_.nodes)
        job.nodes = std::max<uint64_t>(1, std::min(job.nodes, limits_.nodes - nodes_done_));
      n.in_flight = true;
      n.owner = worker;
      idle_[size_t(worker)] = false;
      leaf_of_[size_t(worker)] = leaf;
      workers_.start(worker, job);
    }
  }

  // A job's result: the leaf decided, or its numbers and its children from the worker's
  // table; then the numbers of the path to the root.
  void take(int worker, const ProofJobResult& r) {
    idle_[size_t(worker)] = true;
    if (r.run != run_) return;
    nodes_done_ += r.nodes;
    entries_[size_t(worker)] = r.entries;
    const int leaf = leaf_of_[size_t(worker)];
    TopNode& n = nodes_[size_t(leaf)];
    n.in_flight = false;
    if (r.proof == Proof::kProven) {
      set_decided(n, true, r.plies, false);
      n.pv = r.pv;
    } else if (r.proof == Proof::kDisproven) {
      set_decided(n, false, 0, r.path_dependent);
    } else {
      expand(leaf, &r.children);
    }
    for (int i = nodes_[size_t(leaf)].parent; i >= 0; i = nodes_[size_t(i)].parent)
      combine(i);
  }

  SolveInfo info() const {
    SolveInfo i;
    i.proof = nodes_[0].proof;
    i.disproof = nodes_[0].disproof;
    i.nodes = nodes_done_;
    i.time_ms = elapsed_ms();
    i.memory_bytes = limits_.hash_mb << 20;
    i.workers = workers_.size();
    for (uint64_t e : entries_)
      i.entries += e;
    return i;
  }

  void report(bool last) {
    if (!on_info_ || limits_.info_every_ms < 0 || last) return;
    const auto now = Clock::now();
    if (now - last_info_ < std::chrono::milliseconds(limits_.info_every_ms)) return;
    last_info_ = now;
    on_info_(info());
  }

  // The winner's shortest and the loser's longest line through the tree, then the line
  // the worker found below the leaf it proved.
  SolveResult result() const {
    SolveResult r;
    r.info = info();
    const TopNode& root = nodes_[0];
    if (root.disproof == 0) {
      r.proof = Proof::kDisproven;
      r.path_dependent = root.path_dependent;
    }
    if (root.proof != 0) return r;
    r.proof = Proof::kProven;
    r.plies = root.plies;
    const int end = line_end(r.pv);
    r.pv.insert(r.pv.end(), nodes_[size_t(end)].pv.begin(), nodes_[size_t(end)].pv.end());
    if (!r.pv.empty() && problem_.root.side_to_move() == attacker_) r.best = r.pv[0];
    return r;
  }

  // The proven tree's line from the root (into `moves`) and the node where it leaves the
  // tree.
  int line_end(std::vector<Move>& moves) const {
    int i = 0;
    while (nodes_[size_t(i)].expanded) {
      const TopNode& n = nodes_[size_t(i)];
      int pick = -1;
      for (int c : n.children) {
        const TopNode& k = nodes_[size_t(c)];
        if (k.proof != 0) continue;
        if (pick < 0 || (is_or(n) ? k.plies < nodes_[size_t(pick)].plies
                                  : k.plies > nodes_[size_t(pick)].plies))
          pick = c;
      }
      if (pick < 0) break;
      moves.push_back(nodes_[size_t(pick)].move);
      i = pick;
    }
    return i;
  }

  // A leaf proven by a worker's table when its parent was expanded has no line of its
  // own: the worker that knew it (or another) proves it again for its line.
  void complete_line() {
    std::vector<Move> moves;
    const int leaf = line_end(moves);
    TopNode& n = nodes_[size_t(leaf)];
    if (!n.pv.empty() || loser(problem_.rules, n.position)) return;
    const int worker = n.owner >= 0 ? n.owner : 0;
    workers_.start(worker, job_for(leaf));
    for (;;) {
      std::optional<std::pair<int, ProofJobResult>> done = workers_.wait(kPollInterval);
      if (done) {
        nodes_done_ += done->second.nodes;
        if (done->second.proof == Proof::kProven) n.pv = done->second.pv;
        return;
      }
      if (stop_.load(std::memory_order_relaxed)) return workers_.cancel();
    }
  }

  ProofJob job_for(int leaf) const {
    const TopNode& n = nodes_[size_t(leaf)];
    ProofJob job;
    job.run = run_;
    job.attacker = attacker_;
    job.moves = moves_to(leaf);
    job.max_moves = n.remaining < 0 ? 0 : (n.remaining + 1) / 2;
    job.nodes = std::max(job_nodes_, nodes_done_ / (kBudgetShare * uint64_t(workers_.size())));
    return job;
  }

  const ProofProblem& problem_;
  const Side attacker_;
  const SolveLimits& limits_;
  const uint64_t job_nodes_;
  ProofWorkers& workers_;
  const std::atomic<bool>& stop_;
  const std::function<void(const SolveInfo&)>& on_info_;
  const JobLevelCheckpoints* const checkpoints_;  // null: no checkpoints
  const std::unordered_set<uint64_t> history_;
  const Clock::time_point start_ = Clock::now();
  Clock::time_point last_info_ = start_;
  Clock::time_point last_checkpoint_ = start_;
  uint64_t next_checkpoint_ = 0;  // the next multiple of every_nodes
  int64_t time_before_ = 0;       // a resumed run's time before this process
  int run_ = 0;
  std::vector<TopNode> nodes_;
  std::vector<bool> idle_;
  std::vector<int> leaf_of_;       // per worker: the leaf of its job
  std::vector<uint64_t> entries_;  // per worker, at its last result
  uint64_t nodes_done_ = 0;
};

}  // namespace

SolveResult prove_job_level(const ProofProblem& problem, Side attacker, const SolveLimits& limits,
                            uint64_t job_nodes, ProofWorkers& workers,
                            const std::atomic<bool>& stop,
                            const std::function<void(const SolveInfo&)>& on_info,
                            const JobLevelCheckpoints* checkpoints, const JobLevelState* resume) {
  return Master(problem, attacker, limits, job_nodes, workers, stop, on_info, checkpoints)
      .run(resume);
}

absl::StatusOr<JobLevelState> read_job_level_state(std::istream& in, const ProofProblem& problem,
                                                   Side attacker, int max_moves) {
  std::string text;
  int number = 0;
  const auto next_line = [&]() {
    if (!std::getline(in, text)) text = "(the end of the state)";
    return Words(text, fmt::format("state line {}", ++number));
  };
  if (!std::getline(in, text) || text != kJobLevelStateMagic)
    return absl::InvalidArgumentError(fmt::format(
        "state line 1: not a state of the job-level search ('{}' expected)", kJobLevelStateMagic));
  ++number;

  // The root, attacker and depth limit must be this search's.
  Words line = next_line();
  uint64_t key = 0;
  int side = 0, moves = 0;
  for (absl::Status s : {line.keyword("root"), line.next("the root's key", key, 0, UINT64_MAX)})
    if (!s.ok()) return s;
  if (absl::Status s = line.side(side); !s.ok()) return s;
  for (absl::Status s : {line.next("the moves", moves, 0, INT32_MAX), line.done()})
    if (!s.ok()) return s;
  if (key != problem.root.key()) return line.error("the state is of another root position");
  if (side != (attacker == Side::kSouth ? 0 : 1))
    return line.error(fmt::format("the state proves a win for {}, not {}", side ? 'N' : 'S',
                                  attacker == Side::kSouth ? 'S' : 'N'));
  if (moves != max_moves)
    return line.error(fmt::format("the state is of mate {}, not {}", moves, max_moves));
  JobLevelState state;
  line = next_line();
  for (absl::Status s : {line.keyword("nodes"), line.next("the nodes", state.nodes, 0, UINT64_MAX),
                         line.next("the time", state.time_ms, 0, INT64_MAX), line.done()})
    if (!s.ok()) return s;

  // The nodes: each after its parent, reached by a legal move, the children of an
  // expanded node exactly its legal moves in the rules' order.
  std::vector<Position> positions;
  std::vector<MoveList> child_moves;  // per node: its children's moves, if it is expanded
  std::vector<size_t> next_child;     // per node: how many of its children came so far
  for (line = next_line(); line.at("node"); line = next_line()) {
    JobLevelNode n;
    uint16_t bits = 0;
    int dependent = 0, expanded = 0;
    for (absl::Status s :
         {line.keyword("node"), line.next("the parent", n.parent, -1, int(state.tree.size()) - 1),
          line.next("the move", bits, 0, UINT16_MAX),
          line.next("the proof number", n.proof, 0, kProofInfinite),
          line.next("the disproof number", n.disproof, 0, kProofInfinite),
          line.next("the plies", n.plies, 0, UINT16_MAX), line.next("the flag", dependent, 0, 1),
          line.next("the expanded flag", expanded, 0, 1), line.moves(n.pv), line.done()})
      if (!s.ok()) return s;
    n.move = Move::from_bits(bits);
    n.path_dependent = dependent;
    n.expanded = expanded;
    if (n.proof == 0 && n.disproof == 0) return line.error("proven and disproven at once");
    if (state.tree.empty() != (n.parent < 0))
      return line.error(state.tree.empty() ? "the first node is not the root"
                                           : "a second root (parent -1)");
    if (n.parent < 0) {
      positions.push_back(problem.root);
    } else {
      const JobLevelNode& parent = state.tree[size_t(n.parent)];
      const MoveList& legal = child_moves[size_t(n.parent)];
      const size_t k = next_child[size_t(n.parent)]++;
      if (!parent.expanded) return line.error(fmt::format("node {} has no children", n.parent));
      if (k >= size_t(legal.size()) || legal[int(k)] != n.move)
        return line.error(fmt::format("not child {} of node {} in the rules' order", k, n.parent));
      positions.push_back(*play(problem.rules, positions[size_t(n.parent)], n.move));
    }
    child_moves.push_back(n.expanded ? tree_moves(problem, attacker, positions.back(), n.parent < 0)
                                     : MoveList{});
    next_child.push_back(0);
    state.tree.push_back(std::move(n));
  }
  if (state.tree.empty()) return line.error("expected the root's 'node' line");
  size_t counted = 0;
  for (absl::Status s :
       {line.keyword("end"), line.next("the nodes", counted, 0, SIZE_MAX), line.done()})
    if (!s.ok()) return s;
  if (counted != state.tree.size())
    return line.error(
        fmt::format("the state counts {} nodes, it holds {}", counted, state.tree.size()));
  for (size_t i = 0; i < state.tree.size(); ++i)
    if (state.tree[i].expanded && next_child[i] != size_t(child_moves[i].size()))
      return absl::InvalidArgumentError(
          fmt::format("the state's node {} lacks children of its legal moves", i));
  if (std::getline(in, text)) return next_line().error("a line after the end");
  return state;
}

}  // namespace kete
