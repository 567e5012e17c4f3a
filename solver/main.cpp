// kete-solve: proves who wins a position with df-pn (solver/solver.h), writes the proof,
// and checks proofs with the rules library alone (proof/proof.h). docs/solver.md.
//
//   kete-solve --variant kujifunza --kichwa follow --distance 1 --proof follow.proof
//   kete-solve --check follow.proof
//   kete-solve --variant bao --mate 6 --checkpoint bao6.ckpt     (then, after a stop:)
//   kete-solve --variant bao --mate 6 --checkpoint bao6.ckpt --resume
//   kete-solve --variant bao --winner S --mate 5 --threads 2
//   kete-solve --variant bao --winner N --mate 4 --guide eval       (df-pn+)
//   mpirun -np 3 kete-solve --variant bao --winner S --mate 5    (rank 0 and two workers)
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <deque>
#include <fstream>
#include <memory>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>

#include "proof/proof.h"
#include "rules/notation.h"
#include "rules/option_file.h"
#include "rules/rules.h"
#include "rules/text.h"
#include "solver/job_level.h"
#include "solver/solver.h"
#include "tools/arg_cursor.h"
#include "tools/interrupt.h"
#include "tools/output_file.h"
#include "tools/run_checkpoint.h"
#include "tools/standard_streams.h"
#include "tools/work_farm.h"

namespace kete {
namespace {

constexpr std::string_view kUsage =
    "usage: kete-solve [--variant V] [--kichwa choose|follow] [--position POS]\n"
    "                  [--moves \"M1 M2 ...\"] [--winner S|N|auto] [--mate N] [--distance 0|1]\n"
    "                  [--hash MB] [--nodes N] [--time-s S] [--max-plies M] [--proof FILE]\n"
    "                  [--census DEPTH] [--threads N] [--job-nodes N] [--guide none|eval]\n"
    "                  [--checkpoint FILE [--resume] [--checkpoint-nodes N]\n"
    "                   [--checkpoint-seconds S]]\n"
    "       kete-solve --check FILE\n";

constexpr std::string_view kTool = "kete-solve";

struct Options {
  RuleSet rules{Variant::kKujifunza, KichwaRule::kChoose};
  std::string position;  // empty: the start position
  std::string moves;
  std::optional<Side> winner;  // nullopt: try the side to move, then the other
  int mate = 0;
  int distance = 0;
  int census = 0;  // plies from the root to report after an unfinished proof
  SolveLimits limits;
  int max_plies = Game::kDefaultMaxPlies;
  std::string proof;
  std::string check;
  // Resumable runs (docs/solver.md): the run's state at intervals and when it stops.
  std::string checkpoint;
  bool resume = false;
  uint64_t checkpoint_nodes = 0;     // 0: no node interval
  int64_t checkpoint_seconds = 600;  // 0: no clock interval
  // The job-level search (docs/solver.md "Threads and ranks"): its worker threads (1: the
  // single-process df-pn) and the smallest node budget of a job.
  int threads = 1;
  uint64_t job_nodes = kJobNodes;
};

absl::Status parse_winner(tools::ArgCursor& args, std::optional<Side>& winner) {
  absl::StatusOr<std::string> v = args.value("--winner");
  if (!v.ok()) return v.status();
  if (*v == "S" || *v == "N")
    winner = *v == "S" ? Side::kSouth : Side::kNorth;
  else if (*v != "auto")
    return tools::bad_argument(fmt::format("--winner: expected S, N or auto, got '{}'", *v));
  return absl::OkStatus();
}

absl::Status parse_guide(tools::ArgCursor& args, SolveGuide& guide) {
  absl::StatusOr<std::string> v = args.value("--guide");
  if (!v.ok()) return v.status();
  const std::optional<SolveGuide> named = kNames<SolveGuide>.value_named(*v);
  if (!named)
    return tools::bad_argument(fmt::format("--guide: expected none or eval, got '{}'", *v));
  guide = *named;
  return absl::OkStatus();
}

absl::Status parse_flag(const std::string& flag, tools::ArgCursor& args, Options& o) {
  if (flag == "--variant") return args.variant(flag, o.rules.variant);
  if (flag == "--kichwa") return args.kichwa(flag, o.rules.kichwa);
  if (flag == "--position") return args.text(flag, o.position);
  if (flag == "--moves") return args.text(flag, o.moves);
  if (flag == "--winner") return parse_winner(args, o.winner);
  if (flag == "--mate") return args.number(flag, o.mate, 1, 500);
  if (flag == "--distance") return args.number(flag, o.distance, 0, 1);
  if (flag == "--census") return args.number(flag, o.census, 0, 6);
  if (flag == "--hash") return args.number(flag, o.limits.hash_mb, 1, size_t(1) << 20);
  if (flag == "--nodes") return args.number(flag, o.limits.nodes, 0, UINT64_MAX);
  if (flag == "--time-s") {
    int64_t seconds = 0;
    absl::Status s = args.number(flag, seconds, 1, int64_t(1) << 30);
    o.limits.time_ms = seconds * 1000;
    return s;
  }
  if (flag == "--max-plies") return args.number(flag, o.max_plies, 1, 100'000);
  if (flag == "--proof") return args.text(flag, o.proof);
  if (flag == "--check") return args.text(flag, o.check);
  if (flag == "--checkpoint") return args.text(flag, o.checkpoint);
  if (flag == "--checkpoint-nodes") return args.number(flag, o.checkpoint_nodes, 0, UINT64_MAX);
  if (flag == "--checkpoint-seconds")
    return args.number(flag, o.checkpoint_seconds, 0, int64_t(1) << 30);
  if (flag == "--threads") return args.number(flag, o.threads, 1, 256);
  if (flag == "--job-nodes") return args.number(flag, o.job_nodes, 1, uint64_t(1) << 40);
  if (flag == "--guide") return parse_guide(args, o.limits.guide);
  if (flag == "--resume") {
    o.resume = true;
    return absl::OkStatus();
  }
  return tools::unknown_argument(flag);
}

absl::StatusOr<Options> parse_options(const std::vector<std::string>& argv) {
  Options o;
  o.limits.hash_mb = 256;
  o.limits.huge_pages = true;  // a run of the tool fills its table
  if (absl::Status s = tools::read_flags(argv, o, parse_flag); !s.ok()) return s;
  if (o.resume && o.checkpoint.empty())
    return tools::bad_argument("--resume needs --checkpoint FILE");
  if (!o.checkpoint.empty() && o.distance)
    return tools::bad_argument("--checkpoint: the distance search (--distance 1) is not resumable");
  if (o.threads > 1 && o.census)
    return tools::bad_argument("--census: the job-level search (--threads) has no one table");
  return o;
}

// The proof files --check reads: a regular file of at most 1 GiB (some 15 million lines of
// 70 bytes; the committed kujifunza-follow.proof has 534 in 38 KB). A file that cannot be
// read is exit 2.
constexpr OptionFileKind kProofFileKind{"a proof file", "a proof file kete-solve checks",
                                        size_t(1) << 30};

int check(const std::string& path) {
  absl::StatusOr<std::string> text = read_option_file(path, kProofFileKind);
  if (!text.ok()) {
    tools::note("kete-solve: {}\n", error_text(text.status()));
    return 2;
  }
  std::istringstream in(*std::move(text));
  const auto t0 = std::chrono::steady_clock::now();
  absl::StatusOr<ProofReport> r = check_proof(in);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!r.ok()) {
    tools::print("proof INVALID: {}\n", error_text(r.status()));
    return 1;
  }
  tools::print(
      "proof OK: {} wins ({} KichwaRule {}, MaxPlies {}) from {}\n"
      "positions {} (winner to move, one line each), loser positions {}, longest line {} "
      "plies, checked in {:.1f} s\n",
      to_string(r->header.winner), to_string(r->header.rules.variant),
      to_string(r->header.rules.kichwa), r->header.max_plies, position_string(r->header.root),
      r->positions, r->defences, r->longest_line, s);
  return 0;
}

void print_census(const std::vector<DepthCensus>& census) {
  tools::print("census: depth positions won lost lost-on-path open unseen (attacker's view)\n");
  for (const DepthCensus& c : census)
    tools::print("census {} {} {} {} {} {} {}\n", c.depth, c.positions, c.won, c.lost,
                 c.lost_on_path, c.open, c.unseen);
}

// The root's moves and their numbers in the table (attacker's view): won (proof 0), lost
// (disproof 0; "lost-on-path" when the disproof rests on a draw by the path) or open.
void print_first_moves(RuleSet rules, const Position& root,
                       const std::vector<ChildNumbers>& children) {
  tools::print("first moves: move proof disproof state (attacker's view)\n");
  for (const ChildNumbers& c : children) {
    const std::string_view state = c.proof == 0       ? "won"
                                   : c.disproof != 0  ? "open"
                                   : c.path_dependent ? "lost-on-path"
                                                      : "lost";
    tools::print("first move {} {} {} {}\n", line_text(rules, root, std::span(&c.move, 1)), c.proof,
                 c.disproof, state);
  }
}

void print_info(const SolveInfo& i) {
  tools::print("info proof {} disproof {} nodes {} time {} memory {} entries {}\n", i.proof,
               i.disproof, i.nodes, i.time_ms, i.memory_bytes, i.entries);
  std::fflush(stdout);
}

// The strategy lines reached from the root, in the order a walk from the root meets them.
std::vector<StrategyLine> reachable(RuleSet rules, const Position& root, Side winner,
                                    const std::vector<StrategyLine>& lines) {
  std::unordered_map<uint64_t, const StrategyLine*> by_key;
  for (const StrategyLine& l : lines)
    by_key[l.position.key()] = &l;
  std::vector<StrategyLine> out;
  std::unordered_set<uint64_t> seen{root.key()};
  std::deque<Position> queue{root};
  auto visit = [&](const Position& p) {
    if (!loser(rules, p) && seen.insert(p.key()).second) queue.push_back(p);
  };
  while (!queue.empty()) {
    const Position p = queue.front();
    queue.pop_front();
    if (p.side_to_move() == winner) {
      const auto it = by_key.find(p.key());
      if (it == by_key.end()) continue;  // the checker will say so
      out.push_back(*it->second);
      visit(*play(rules, p, it->second->move));
    } else {
      for (Move m : legal_moves(rules, p))
        visit(*play(rules, p, m));
    }
  }
  return out;
}

std::string side_letter(Side side) {
  return side == Side::kSouth ? "S" : "N";
}

void print_disproof(Side attacker, bool path_dependent) {
  tools::print("result: {} has no forced win{}\n", to_string(attacker),
               path_dependent ? " found (the disproof rests on draws by repetition or "
                                "MaxPlies along its path: not a proof)"
                              : "");
}

// A checkpoint's identity: what decides the run's search. The limits (--nodes, --time-s)
// are not in it: a resumed run may go further. `--guide none` is not named, so that the
// checkpoints written before the flag resume.
std::string identity(const Options& o, const Position& start, const Game& game) {
  const std::string moves = line_text(o.rules, start, game.moves());
  std::string id = fmt::format(
      "variant={} kichwa={} position={} moves={} winner={} mate={} max-plies={} hash={}",
      to_string(o.rules.variant), to_string(o.rules.kichwa), position_string(start),
      moves.empty() ? "-" : moves, o.winner ? side_letter(*o.winner) : "auto", o.mate, o.max_plies,
      o.limits.hash_mb);
  if (o.limits.guide != SolveGuide::kNone)
    id += fmt::format(" guide={}", to_string(o.limits.guide));
  return id;
}

bool write_proof(const Options& o, const Position& root, Side winner,
                 const std::vector<StrategyLine>& lines) {
  std::ofstream out(o.proof);
  out << proof_header_text({o.rules, o.max_plies, root, winner});
  for (const StrategyLine& l : lines)
    out << proof_line_text(l.position, l.move);
  out.close();
  if (!out) {
    tools::note("kete-solve: cannot write '{}'\n", o.proof);
    return false;
  }
  tools::print("proof written: {} ({} positions)\n", o.proof, lines.size());
  return true;
}

// The checkpoint of a run (--checkpoint FILE): FILE is a run checkpoint of the tools
// (tools/run_checkpoint.h) naming the run, the attacker being proven, and the file that
// holds the solver's state (FILE.state-0 or FILE.state-1 beside it), with its length and
// seal. A new state goes to the file FILE does not name, then FILE is replaced (a temporary
// file renamed over it): a run stopped at any moment leaves FILE and the state it names whole.
class RunCheckpoint {
 public:
  RunCheckpoint(const Options& o, std::string identity) : o_(o), identity_(std::move(identity)) {}

  // The attacker a resumed run goes on with, and a disproof found before it (auto mode).
  struct Resumed {
    Side attacker = Side::kSouth;
    std::string disproven;   // "", or "S" / "N", with " path-dependent"
    std::string nodes;       // the count it was saved at
    bool job_level = false;  // the master's tree (--threads, mpirun), not one df-pn's state
  };

  absl::Status check_new() const { return tools::check_no_checkpoint(o_.checkpoint); }

  absl::StatusOr<Resumed> load() {
    absl::StatusOr<tools::CheckpointFields> f =
        tools::load_run_checkpoint(o_.checkpoint, kTool, identity_);
    if (!f.ok()) return f.status();
    fields_ = *std::move(f);
    for (const char* key : {"attacker", "entries", "bytes", "seal", "state"})
      if (!fields_.contains(key))
        return absl::InvalidArgumentError(fmt::format("{}: no '{}:' line", o_.checkpoint, key));
    Resumed r;
    const std::string& side = fields_["attacker"];
    if (side != "S" && side != "N")
      return absl::InvalidArgumentError(
          fmt::format("{}: 'attacker:' is '{}', not S or N", o_.checkpoint, side));
    r.attacker = side == "S" ? Side::kSouth : Side::kNorth;
    r.disproven = fields_["disproven"];
    r.nodes = fields_["nodes"];
    // `search: job-level` marks the master's tree; the single process's state has no line.
    if (const auto it = fields_.find("search"); it != fields_.end()) {
      if (it->second != kJobLevel)
        return absl::InvalidArgumentError(
            fmt::format("{}: 'search:' is '{}', not {}", o_.checkpoint, it->second, kJobLevel));
      r.job_level = true;
    }
    state_ = fields_["state"];
    if (state_ != state_name(0) && state_ != state_name(1))
      return absl::InvalidArgumentError(fmt::format("{}: 'state:' is '{}', not {} or {}",
                                                    o_.checkpoint, state_, state_name(0),
                                                    state_name(1)));
    return r;
  }

  // Restores the state the loaded checkpoint names into `solver`: the file must hold what
  // the checkpoint counts and seals.
  absl::Status restore(Solver& solver, const Position& root, Side attacker) const {
    absl::StatusOr<std::string> path = sealed_state("table entries");
    if (!path.ok()) return path.status();
    std::ifstream in(*path);
    if (absl::Status s = solver.restore(in, root, attacker); !s.ok())
      return absl::InvalidArgumentError(fmt::format("{}: {}", *path, std::string(s.message())));
    return absl::OkStatus();
  }

  // The master's tree the loaded checkpoint names (the job-level search), checked as above.
  absl::StatusOr<JobLevelState> restore_tree(const ProofProblem& problem, Side attacker,
                                             int max_moves) const {
    absl::StatusOr<std::string> path = sealed_state("tree nodes");
    if (!path.ok()) return path.status();
    std::ifstream in(*path);
    absl::StatusOr<JobLevelState> tree = read_job_level_state(in, problem, attacker, max_moves);
    if (!tree.ok())
      return absl::InvalidArgumentError(
          fmt::format("{}: {}", *path, std::string(tree.status().message())));
    return tree;
  }

  // Writes the search's state (`units` table entries, or the master's tree nodes with
  // `job_level`) and then the checkpoint that names it.
  absl::Status save(Side attacker, const std::string& disproven, uint64_t nodes, uint64_t units,
                    bool job_level, const StateWriter& write) {
    const std::string next = state_ == state_name(0) ? state_name(1) : state_name(0);
    absl::StatusOr<tools::OutputFile> out = tools::OutputFile::create(beside(next));
    if (!out.ok()) return out.status();
    tools::FileSeal seal;
    uint64_t bytes = 0;
    absl::Status s = write([&](std::string_view text) {
      seal.add(text);
      bytes += text.size();
      return out->write(text);
    });
    // What the checkpoint counts must be on the disk first.
    if (s.ok()) s = out->sync();
    if (s.ok()) s = out->close();
    tools::CheckpointFields fields{{"attacker", side_letter(attacker)},
                                   {"nodes", std::to_string(nodes)},
                                   {"state", next},
                                   {"entries", std::to_string(units)},
                                   {"bytes", std::to_string(bytes)},
                                   {"seal", seal.seal(units, bytes)}};
    if (!disproven.empty()) fields["disproven"] = disproven;
    if (job_level) fields["search"] = kJobLevel;
    if (s.ok()) s = tools::save_run_checkpoint(o_.checkpoint, kTool, identity_, fields);
    if (!s.ok()) return s;
    if (!state_.empty()) ::unlink(beside(state_).c_str());
    state_ = next;
    return absl::OkStatus();
  }

 private:
  static constexpr std::string_view kJobLevel = "job-level";

  // The path of the state the loaded checkpoint names, once it holds what the checkpoint
  // counts (`counted`) and seals.
  absl::StatusOr<std::string> sealed_state(std::string_view counted) const {
    const auto field = [&](const char* key) {
      return parse_number<uint64_t>(key, fields_.at(key), 0, UINT64_MAX);
    };
    absl::StatusOr<uint64_t> entries = field("entries"), bytes = field("bytes");
    if (!entries.ok()) return entries.status();
    if (!bytes.ok()) return bytes.status();
    const std::string path = beside(state_);
    absl::StatusOr<tools::FileSeal> sealed =
        tools::check_sealed_prefix(path, *entries, *bytes, fields_.at("seal"), counted);
    if (!sealed.ok()) return sealed.status();
    return path;
  }

  std::string state_name(int which) const {
    const size_t slash = o_.checkpoint.rfind('/');
    return fmt::format("{}.state-{}",
                       o_.checkpoint.substr(slash == std::string::npos ? 0 : slash + 1), which);
  }
  // A file beside the checkpoint, so that the two move to another machine together.
  std::string beside(const std::string& name) const {
    const size_t slash = o_.checkpoint.rfind('/');
    return slash == std::string::npos ? name : o_.checkpoint.substr(0, slash + 1) + name;
  }

  const Options& o_;
  std::string identity_;
  tools::CheckpointFields fields_;
  std::string state_;  // the state file the checkpoint names now; empty before the first
};

// The shortest win: mate 1, 2, ... until one is proven (each "none" is a disproof of the
// depth-limited game, which has no cycles and so no repetition to depend on).
std::optional<int> shortest_win(const Options& o, const Position& root, Side attacker,
                                const GameContext& game, int most, ProofWorkers* workers) {
  for (int n = 1; n <= most && !tools::interrupted(); ++n) {
    SolveLimits limits = o.limits;
    limits.max_moves = n;
    limits.info_every_ms = -1;
    const SolveResult r =
        workers
            ? prove_job_level({o.rules, root, game}, attacker, limits, o.job_nodes, *workers,
                              tools::interrupted(), nullptr)
            : Solver(o.rules, limits).prove(root, attacker, game, tools::interrupted(), nullptr);
    tools::print("mate {}: {} (nodes {}, {} ms)\n", n,
                 r.proof == Proof::kProven      ? "proven"
                 : r.proof == Proof::kDisproven ? "none"
                                                : "unknown (limits)",
                 r.info.nodes, r.info.time_ms);
    std::fflush(stdout);
    if (r.proof == Proof::kProven) {
      tools::print("shortest win: {} wins in {} own moves, line {}\n", to_string(attacker), n,
                   line_text(o.rules, root, r.pv));
      return n;
    }
    if (r.proof == Proof::kUnknown) return std::nullopt;
  }
  return std::nullopt;
}

// The ranks of an MPI job (docs/distributed.md) as the job-level search's workers: rank 0
// hands the jobs out through the work farm, ranks 1.. run them (serve_proofs).
class RankWorkers : public ProofWorkers {
 public:
  explicit RankWorkers(tools::Cluster& cluster) : cluster_(cluster), farm_(cluster) {
    farm_.gather();
  }
  ~RankWorkers() override { farm_.finish(); }
  int size() const override { return cluster_.size() - 1; }
  void start(int worker, const ProofJob& job) override {
    farm_.give(worker + 1, jobs_++, job_text(job));
    ++in_flight_;
  }
  std::optional<std::pair<int, ProofJobResult>> wait(std::chrono::milliseconds timeout) override {
    std::optional<tools::WorkFarm::Result> r = farm_.next_result(timeout);
    if (!r) return std::nullopt;
    --in_flight_;
    absl::StatusOr<ProofJobResult> result = parse_result(r->text);
    if (!result.ok()) {
      tools::note("kete-solve: rank {}: {}\n", r->rank,
                  r->text.starts_with("error ") ? r->text.substr(6) : error_text(result.status()));
      cluster_.abort(2);
    }
    return std::pair{r->rank - 1, *std::move(result)};
  }
  // A rank's job cannot be stopped without stopping the rank: its end is waited for (a
  // job's budget bounds it).
  void cancel() override {
    for (; in_flight_ > 0;)
      if (farm_.next_result(std::chrono::seconds(1))) --in_flight_;
  }

 private:
  tools::Cluster& cluster_;
  tools::WorkFarm farm_;
  size_t jobs_ = 0;
  int in_flight_ = 0;
};

// Ranks 1.. of an MPI job: the jobs rank 0 gives, each run on a table kept from one job to
// the next of the same proof search. Each rank has the whole --hash.
int serve_proofs(const Options& o, const ProofProblem& problem, tools::Cluster& cluster) {
  std::unique_ptr<Solver> solver;
  int run = -1;
  const absl::Status s = tools::serve_jobs(
      cluster,
      [&](const std::string& text, const std::atomic<bool>& stop) -> std::optional<std::string> {
        absl::StatusOr<ProofJob> job = parse_job(text);
        if (!job.ok()) return "error " + error_text(job.status());
        if (job->run != run) {
          solver.reset();
          solver = std::make_unique<Solver>(o.rules, o.limits);
          run = job->run;
        }
        absl::StatusOr<ProofJobResult> r = run_proof_job(*solver, problem, *job, stop);
        if (!r.ok()) return "error " + error_text(r.status());
        return result_text(*r);
      });
  if (!s.ok()) {
    tools::note("kete-solve: {}\n", error_text(s));
    return 2;
  }
  return 0;
}

int solve(const Options& o, tools::Cluster& cluster) {
  Position root = Position::start(o.rules.variant);
  if (!o.position.empty()) {
    absl::StatusOr<Position> p = parse_position(o.rules.variant, o.position);
    if (!p.ok()) {
      tools::note("kete-solve: --position: {}\n", error_text(p.status()));
      return 2;
    }
    root = *p;
  }
  const Position start = root;
  Game game(o.rules, root, o.max_plies);
  for (std::string_view token : split_words(o.moves)) {
    absl::StatusOr<Move> m = parse_move(o.rules, game.position(), token);
    if (!m.ok() || !game.play(*m)) {
      tools::note("kete-solve: --moves: {}\n", m.ok()
                                                   ? fmt::format("'{}' after the game ended", token)
                                                   : error_text(m.status()));
      return 2;
    }
  }
  const GameContext context = context_of(game);
  root = game.position();
  const ProofProblem problem{o.rules, root, context};
  if (cluster.distributed() && o.census) {
    tools::note("kete-solve: --census under mpirun: the job-level search has no one table\n");
    return 2;
  }
  if (cluster.rank() != 0) return serve_proofs(o, problem, cluster);
  // The job-level search (docs/solver.md "Threads and ranks"), or the single process's df-pn.
  std::unique_ptr<ProofWorkers> workers;
  if (cluster.distributed())
    workers = std::make_unique<RankWorkers>(cluster);
  else if (o.threads > 1)
    workers = std::make_unique<ThreadWorkers>(problem, o.limits, o.threads);
  tools::print("solving {} (KichwaRule {}) {}\n", to_string(o.rules.variant),
               to_string(o.rules.kichwa), position_string(root));

  if (workers)
    tools::print("job-level search: {} {} of {} MiB each\n", workers->size(),
                 cluster.distributed() ? "ranks" : "threads",
                 cluster.distributed() ? o.limits.hash_mb
                                       : std::max<size_t>(1, o.limits.hash_mb / size_t(o.threads)));
  const Side to_move = root.side_to_move();
  std::vector<Side> attackers;
  if (o.winner)
    attackers = {*o.winner};
  else
    attackers = {to_move, ~to_move};
  const auto t0 = std::chrono::steady_clock::now();

  std::optional<RunCheckpoint> checkpoint;
  std::optional<RunCheckpoint::Resumed> resumed;
  std::string disproven;  // the first attacker's disproof (auto mode), for the checkpoint
  absl::Status saved = absl::OkStatus();
  if (!o.checkpoint.empty()) {
    checkpoint.emplace(o, identity(o, start, game));
    absl::Status s = absl::OkStatus();
    if (o.resume) {
      absl::StatusOr<RunCheckpoint::Resumed> r = checkpoint->load();
      if (r.ok())
        resumed = *r;
      else
        s = r.status();
      // The master's tree resumes only as a job-level search, one df-pn's state only alone.
      if (s.ok() && resumed->job_level != bool(workers))
        s = absl::InvalidArgumentError(fmt::format(
            "{} holds {}: resume it {}", o.checkpoint,
            resumed->job_level ? "a job-level search's tree" : "one process's df-pn state",
            resumed->job_level ? "with --threads N (above 1) or under mpirun"
                               : "without --threads and without mpirun"));
    } else {
      s = checkpoint->check_new();
    }
    if (!s.ok()) {
      tools::note("kete-solve: {}\n", error_text(s));
      return 2;
    }
  }

  for (Side attacker : attackers) {
    if (resumed && attacker != resumed->attacker) {
      // Auto mode, resumed at the second attacker: the first was disproven before.
      const bool dependent = resumed->disproven.ends_with(" path-dependent");
      tools::print("proving that {} wins{}: disproven before the checkpoint\n", to_string(attacker),
                   o.mate ? fmt::format(" within {} moves", o.mate) : "");
      print_disproof(attacker, dependent);
      disproven = resumed->disproven;
      continue;
    }
    SolveLimits limits = o.limits;
    limits.max_moves = o.mate;
    auto solver = std::make_unique<Solver>(o.rules, limits);
    tools::print("proving that {} wins{}\n", to_string(attacker),
                 o.mate ? fmt::format(" within {} moves", o.mate) : "");
    // A checkpoint: a failed save stops the search, whose state could not be kept.
    const auto keep = [&](uint64_t nodes, uint64_t units, bool job_level,
                          const StateWriter& write) {
      if (saved.ok()) saved = checkpoint->save(attacker, disproven, nodes, units, job_level, write);
      if (!saved.ok()) tools::interrupted() = true;
      return saved.ok();
    };
    SolveCheckpoints checkpoints;
    JobLevelCheckpoints tree_checkpoints;  // the job-level search's
    std::optional<JobLevelState> tree;     // a resumed job-level search's
    if (checkpoint) {
      if (resumed) {
        absl::Status s = absl::OkStatus();
        if (workers) {
          absl::StatusOr<JobLevelState> t = checkpoint->restore_tree(problem, attacker, o.mate);
          if (t.ok())
            tree = *std::move(t);
          else
            s = t.status();
        } else {
          s = checkpoint->restore(*solver, root, attacker);
        }
        if (!s.ok()) {
          tools::note("kete-solve: {}\n", error_text(s));
          return 2;
        }
        tools::print("resumed from {} at {} nodes\n", o.checkpoint, resumed->nodes);
        resumed.reset();
      }
      checkpoints.every_nodes = tree_checkpoints.every_nodes = o.checkpoint_nodes;
      checkpoints.every_ms = tree_checkpoints.every_ms =
          o.checkpoint_seconds ? o.checkpoint_seconds * 1000 : -1;
      checkpoints.save = [&](const SolveInfo& info, const StateWriter& write) {
        if (keep(info.nodes, info.entries, false, write))
          tools::print("checkpoint nodes {} entries {}\n", info.nodes, info.entries);
      };
      tree_checkpoints.save = [&](const SolveInfo& info, uint64_t tree_nodes,
                                  const StateWriter& write) {
        if (keep(info.nodes, tree_nodes, true, write))
          tools::print("checkpoint nodes {} tree {}\n", info.nodes, tree_nodes);
      };
    }
    const SolveResult r =
        workers ? prove_job_level(problem, attacker, limits, o.job_nodes, *workers,
                                  tools::interrupted(), print_info,
                                  checkpoint ? &tree_checkpoints : nullptr, tree ? &*tree : nullptr)
                : solver->prove(root, attacker, context, tools::interrupted(), print_info,
                                checkpoint ? &checkpoints : nullptr);
    print_info(r.info);
    if (!saved.ok()) {
      tools::note("kete-solve: {}: {}\n", o.checkpoint, error_text(saved));
      return 2;
    }
    if (r.proof == Proof::kDisproven) {
      print_disproof(attacker, r.path_dependent);
      disproven = side_letter(attacker) + (r.path_dependent ? " path-dependent" : "");
      continue;
    }
    if (r.proof == Proof::kUnknown) {
      tools::print("result: not proven within the limits\n");
      if (checkpoint)
        tools::note("kete-solve: stopped at {} nodes; {} holds the run: --resume continues it\n",
                    r.info.nodes, o.checkpoint);
      if (o.census > 0 && !o.mate) {
        print_census(solver->census(root, attacker, context, o.census));
        print_first_moves(o.rules, root, solver->children(root, attacker, context, 0));
      }
      return 3;
    }
    tools::print("result: {} wins, line {}\n", to_string(attacker), line_text(o.rules, root, r.pv));
    if (!o.proof.empty() && workers) {
      // The proof is spread over the workers' tables: one process proves the win again,
      // with the whole table, and writes its strategy.
      tools::print("proof: proving again in one process to write the strategy\n");
      if (solver->prove(root, attacker, context, tools::interrupted(), nullptr).proof !=
          Proof::kProven) {
        tools::note("kete-solve: the proof could not be found again within the limits\n");
        return 3;
      }
    }
    if (!o.proof.empty()) {
      std::optional<std::vector<StrategyLine>> lines =
          solver->strategy(root, attacker, context, tools::interrupted());
      if (!lines) {
        tools::note("kete-solve: the strategy could not be rebuilt within the limits\n");
        return 3;
      }
      if (!write_proof(o, root, attacker, reachable(o.rules, root, attacker, *lines))) return 2;
    }
    tools::print("time {:.1f} s\n",
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    solver.reset();  // its table's memory, before the distance search takes as much
    if (o.distance) {
      constexpr int kMostMoves = 200;
      if (!shortest_win(o, root, attacker, context, o.mate ? o.mate : kMostMoves, workers.get()))
        return 3;
    }
    return 0;
  }
  return 1;
}

}  // namespace
}  // namespace kete

int main(int argc, char** argv) {
  kete::tools::open_standard_streams();
  int exit_code = 0;
  if (absl::Status s = kete::tools::Cluster::join(argc, argv); !s.ok()) {
    kete::tools::note("kete-solve: {}\n", kete::error_text(s));
    return 2;
  }
  kete::tools::Cluster& cluster = kete::tools::Cluster::instance();
  kete::tools::stop_on_interrupt();
  const std::optional<kete::Options> o = kete::tools::options_or_usage(
      "kete-solve", kete::kUsage, argc, argv, kete::parse_options, exit_code);
  if (!o) return exit_code;
  if (!o->check.empty() && cluster.rank() != 0) return 0;  // rank 0 checks the proof
  const int code = o->check.empty() ? kete::solve(*o, cluster) : kete::check(o->check);
  // A result that did not arrive is a failure, whatever it was (issue 29).
  if (absl::Status s = kete::tools::flush_stdout(); !s.ok()) {
    kete::tools::note("kete-solve: {}\n", kete::error_text(s));
    return 2;
  }
  return code;
}
