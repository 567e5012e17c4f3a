// The job-level proof-number search (solver/job_level.h, docs/solver.md "Threads and
// ranks"): on threads it reaches the verdicts and the exact distances of the single
// process's df-pn, its winning lines are wins by the rules, draws by the game's history
// and the move limit are treated as one process treats them, and the jobs and results
// cross between ranks as text that is checked when read.
#include <atomic>
#include <chrono>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

#include "proof/proof.h"
#include "rules/rules.h"
#include "solver/job_level.h"
#include "solver/solve_job.h"
#include "solver/solver.h"
#include "tests/forced_wins.h"
#include "tests/test_util.h"

namespace kete::test {
namespace {

const std::atomic<bool> kNoStop{false};

SolveLimits limits_of(int max_moves) {
  SolveLimits limits;
  limits.hash_mb = 16;
  limits.max_moves = max_moves;
  limits.nodes = 20'000'000;
  limits.info_every_ms = -1;
  return limits;
}

SolveResult one_process(RuleSet rules, const Position& p, Side attacker, int max_moves,
                        const GameContext& game = {}) {
  return Solver(rules, limits_of(max_moves)).prove(p, attacker, game, kNoStop, nullptr);
}

// Small jobs by default, so that the master's tree grows deep and the split is exercised.
SolveResult on_threads(RuleSet rules, const Position& p, Side attacker, int max_moves,
                       const GameContext& game = {}, int threads = 2, uint64_t job_nodes = 200) {
  const ProofProblem problem{rules, p, game};
  ThreadWorkers workers(problem, limits_of(max_moves), threads);
  return prove_job_level(problem, attacker, limits_of(max_moves), job_nodes, workers, kNoStop,
                         nullptr);
}

// The attacker's win along `line` from p, by the rules alone: every move legal, and the
// defender lost (by the rules or without a move) where the line ends.
void expect_win_by_the_rules(RuleSet rules, Position p, Side attacker,
                             const std::vector<Move>& line) {
  for (Move m : line) {
    std::optional<Position> next = play(rules, p, m);
    ASSERT_TRUE(next.has_value()) << "an illegal move in the line";
    p = *next;
  }
  EXPECT_EQ(loser(rules, p), std::optional<Side>(~attacker));
}

TEST(JobLevel, BaoHasNoShortWinForEitherSide) {
  // docs/solver.md: South has no forced win within 3, 4 or 5 moves from the start.
  const Position start = Position::start(Variant::kBao);
  for (Side attacker : {Side::kSouth, Side::kNorth})
    for (int n : {3, 4}) {
      const SolveResult single = one_process(kBao, start, attacker, n);
      const SolveResult threads = on_threads(kBao, start, attacker, n, {}, 2, 2'000);
      EXPECT_EQ(single.proof, Proof::kDisproven) << n;
      EXPECT_EQ(threads.proof, Proof::kDisproven) << n;
      EXPECT_FALSE(threads.path_dependent);
    }
}

TEST(JobLevel, KujifunzaFollowIsWonInExactlyEleven) {
  // The alpha-beta search's `score mate 11` (docs/solver.md): none in 10, one in 11, a win
  // of 21 plies that North cannot make longer.
  const Position start = Position::start(Variant::kKujifunza);
  for (int threads : {2, 3}) {
    const SolveResult ten = on_threads(kFollow, start, Side::kSouth, 10, {}, threads);
    EXPECT_EQ(ten.proof, Proof::kDisproven);
    EXPECT_FALSE(ten.path_dependent);
    const SolveResult eleven = on_threads(kFollow, start, Side::kSouth, 11, {}, threads);
    ASSERT_EQ(eleven.proof, Proof::kProven);
    EXPECT_EQ(eleven.plies, 21);
    EXPECT_EQ(eleven.plies, one_process(kFollow, start, Side::kSouth, 11).plies);
    ASSERT_TRUE(eleven.best.has_value());
    EXPECT_EQ(eleven.pv.front(), *eleven.best);
    EXPECT_LE(eleven.pv.size(), 21u);
    expect_win_by_the_rules(kFollow, start, Side::kSouth, eleven.pv);
  }
}

TEST(JobLevel, KujifunzaFollowIsWonAtAnyDistance) {
  const Position start = Position::start(Variant::kKujifunza);
  for (uint64_t job_nodes : {50, 10'000}) {
    const SolveResult r = on_threads(kFollow, start, Side::kSouth, 0, {}, 2, job_nodes);
    ASSERT_EQ(r.proof, Proof::kProven) << job_nodes;
    expect_win_by_the_rules(kFollow, start, Side::kSouth, r.pv);
    EXPECT_EQ(on_threads(kFollow, start, Side::kNorth, 0, {}, 2, job_nodes).proof,
              Proof::kDisproven);
  }
}

// The shortest win by mate 1, 2, ... on threads, as kete-solve --distance 1 finds it.
int shortest_on_threads(RuleSet rules, const Position& p, int most) {
  for (int n = 1; n <= most; ++n) {
    const SolveResult r = on_threads(rules, p, p.side_to_move(), n);
    if (r.proof == Proof::kProven) {
      expect_win_by_the_rules(rules, p, p.side_to_move(), r.pv);
      return n;
    }
    EXPECT_EQ(r.proof, Proof::kDisproven) << "mate " << n;
  }
  return 0;
}

TEST(JobLevel, FindsTheExactDistances) {
  // Kujifunza `choose`: South wins in 2 (A1R:RLL, docs/solver.md); the forced wins of
  // tests/forced_wins.h, each proved by an exhaustive solver.
  EXPECT_EQ(shortest_on_threads(kChoose, Position::start(Variant::kKujifunza), 3), 2);
  for (const ForcedWin& w : kForcedWins) {
    const Position p = parse_or_die(w.rules.variant, w.position);
    EXPECT_EQ(shortest_on_threads(w.rules, p, w.moves), w.moves) << w.position;
  }
  // The kigogo win in 3 that the search used to call longer.
  const ForcedWin kigogo = kLongerMateFirst[2];
  EXPECT_EQ(shortest_on_threads(kigogo.rules, parse_or_die(kigogo.rules.variant, kigogo.position),
                                kigogo.moves),
            kigogo.moves);
}

TEST(JobLevel, PositionsOfTheGameBeforeTheRootAreDraws) {
  // A win in two whose every first move leads back to a position of the game (as in
  // solver_test.cpp): no win at all then, and the disproof rests on the history.
  const ForcedWin w = kForcedWins[2];
  const Position p = parse_or_die(w.rules.variant, w.position);
  GameContext game;
  for (Move m : legal_moves(w.rules, p))
    game.history.push_back(play(w.rules, p, m)->key());
  EXPECT_EQ(on_threads(w.rules, p, p.side_to_move(), 2).proof, Proof::kProven);
  EXPECT_EQ(on_threads(w.rules, p, p.side_to_move(), 2, game).proof, Proof::kDisproven);
  const SolveResult any = on_threads(w.rules, p, p.side_to_move(), 0, game);
  EXPECT_EQ(any.proof, Proof::kDisproven);
  EXPECT_TRUE(any.path_dependent);
}

TEST(JobLevel, TheMoveLimitDraws) {
  const ForcedWin w = kForcedWins[3];  // bao, a win in three moves: five plies
  const Position p = parse_or_die(w.rules.variant, w.position);
  for (uint64_t job_nodes : {1, 1'000}) {
    GameContext game;
    game.max_plies = 4;
    const SolveResult r = on_threads(w.rules, p, p.side_to_move(), 0, game, 2, job_nodes);
    EXPECT_EQ(r.proof, Proof::kDisproven);
    EXPECT_TRUE(r.path_dependent);
    game.max_plies = 5;
    EXPECT_EQ(on_threads(w.rules, p, p.side_to_move(), 0, game, 2, job_nodes).proof,
              Proof::kProven);
  }
}

// One worker that searches nothing: every job comes back undecided after one node and
// with no numbers for the children, so the master's own tree must decide.
class IdleWorker : public ProofWorkers {
 public:
  int size() const override { return 1; }
  void start(int, const ProofJob& job) override {
    job_ = job;
    jobs.push_back(job);
  }
  std::optional<std::pair<int, ProofJobResult>> wait(std::chrono::milliseconds) override {
    if (!job_) return std::nullopt;
    ProofJobResult r;
    r.run = job_->run;
    r.nodes = 1;
    job_.reset();
    return std::pair{0, r};
  }
  void cancel() override { job_.reset(); }

  std::vector<ProofJob> jobs;  // every job given, in order

 private:
  std::optional<ProofJob> job_;
};

SolveResult on_the_master(RuleSet rules, const Position& p, Side attacker, int max_moves,
                          IdleWorker& worker, uint64_t nodes = 200'000) {
  SolveLimits limits = limits_of(max_moves);
  limits.nodes = nodes;
  return prove_job_level({rules, p, {}}, attacker, limits, 1, worker, kNoStop, nullptr);
}
SolveResult on_the_master(RuleSet rules, const Position& p, Side attacker, int max_moves) {
  IdleWorker worker;
  return on_the_master(rules, p, attacker, max_moves, worker);
}

// `--mate N` across the split: the attacker moves at the root's even plies when he is to
// move there, else at its odd plies, so after p plies he has made (p + 1) / 2 or p / 2 of
// his N moves, and a job p plies down is a mate of the rest.
TEST(JobLevel, AJobIsAMateOfTheAttackersMovesLeft) {
  const Position start = Position::start(Variant::kBao);
  for (Side attacker : {Side::kSouth, Side::kNorth}) {
    IdleWorker worker;
    on_the_master(kBao, start, attacker, 3, worker, 2'000);
    std::set<size_t> plies;
    for (const ProofJob& job : worker.jobs) {
      const int p = int(job.moves.size());
      const int made = attacker == start.side_to_move() ? (p + 1) / 2 : p / 2;
      EXPECT_EQ(job.max_moves, 3 - made) << p << " plies";
      plies.insert(job.moves.size());
    }
    EXPECT_GE(plies.size(), 3u);  // jobs at the attacker's turn and at the defender's
  }
}

// The kigogo cycle of solver_test.cpp (ProofChecker.RefusesAStrategyThatRepeatsAPosition):
// every position of its 32 plies has one legal move and none is lost, so from its root
// the game goes round and round: no win for either side, a disproof that rests on the
// repetition. The master meets the root again as the child of its 31st job.
TEST(JobLevel, TheMasterDrawsARepetitionOnItsPath) {
  const Position root = parse_or_die(Variant::kKigogo,
                                     "0,0,1,0,0,0,0,0,1,2,0,0/0,1,0,1,0,0,1,0,0,0,0,0/"
                                     "0,1,0,1,0,0,1,0,0,0,0,1/1,0,0,0,0,0,0,0,0,0,0,2 S");
  for (Side attacker : {Side::kSouth, Side::kNorth}) {
    const SolveResult r = on_the_master(kKigogo, root, attacker, 0);
    EXPECT_EQ(r.proof, Proof::kDisproven);
    EXPECT_TRUE(r.path_dependent);
    EXPECT_EQ(r.info.nodes, 31u);
  }
  // A worker given the 30th position of the cycle, with the 30 before it as the path,
  // meets the root after two plies: a draw there, two nodes.
  ProofJob job;
  Position p = root;
  for (int i = 0; i < 30; ++i) {
    job.moves.push_back(legal_moves(kKigogo, p)[0]);
    p = *play(kKigogo, p, job.moves.back());
  }
  job.nodes = 100'000;
  Solver solver(kKigogo, limits_of(0));
  absl::StatusOr<ProofJobResult> r = run_proof_job(solver, {kKigogo, root, {}}, job, kNoStop);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->proof, Proof::kDisproven);
  EXPECT_TRUE(r->path_dependent);
  EXPECT_EQ(r->nodes, 2u);
}

// With --mate the master counts the attacker's moves left itself: alone it finds the
// exact distances of the small forced wins.
TEST(JobLevel, TheMasterAloneFindsTheExactDistances) {
  for (const ForcedWin& w : kForcedWins) {
    if (w.rules.variant != Variant::kKigogo && w.moves > 1) continue;
    const Position p = parse_or_die(w.rules.variant, w.position);
    for (int n = 1; n <= w.moves; ++n) {
      const SolveResult r = on_the_master(w.rules, p, p.side_to_move(), n);
      EXPECT_EQ(r.proof, n == w.moves ? Proof::kProven : Proof::kDisproven)
          << w.position << " mate " << n;
      if (n == w.moves) {
        EXPECT_EQ(r.plies, 2 * n - 1) << w.position;
      }
    }
  }
}

TEST(JobLevel, StopsAtItsNodeLimitAndOnStop) {
  const Position start = Position::start(Variant::kBao);
  const ProofProblem problem{kBao, start, {}};
  SolveLimits limits = limits_of(0);
  limits.nodes = 30'000;
  ThreadWorkers workers(problem, limits, 2);
  const SolveResult r =
      prove_job_level(problem, Side::kSouth, limits, 1'000, workers, kNoStop, nullptr);
  EXPECT_EQ(r.proof, Proof::kUnknown);
  EXPECT_GE(r.info.nodes, limits.nodes);
  const std::atomic<bool> stop{true};
  EXPECT_EQ(prove_job_level(problem, Side::kSouth, limits, 1'000, workers, stop, nullptr).proof,
            Proof::kUnknown);
}

// A checkpoint of the master's tree (kete-solve --checkpoint with --threads or on ranks):
// the state a search stopped by its node limit saves, and the same search resumed from it.
struct StoppedTree {
  SolveResult result;
  std::string state;  // the last one saved
  int saves = 0;
};

StoppedTree stop_on_threads(const ProofProblem& problem, Side attacker, const SolveLimits& limits,
                            const JobLevelState* resume = nullptr, int threads = 2,
                            const std::atomic<bool>& stop = kNoStop) {
  StoppedTree t;
  JobLevelCheckpoints checkpoints;
  checkpoints.every_nodes = 1'000;
  checkpoints.save = [&](const SolveInfo&, uint64_t tree_nodes, const StateWriter& write) {
    t.state.clear();
    ASSERT_TRUE(write([&](std::string_view text) {
                  t.state += text;
                  return absl::OkStatus();
                }).ok());
    EXPECT_NE(t.state.find(fmt::format("\nend {}\n", tree_nodes)), std::string::npos);
    ++t.saves;
  };
  ThreadWorkers workers(problem, limits, threads);
  t.result =
      prove_job_level(problem, attacker, limits, 200, workers, stop, nullptr, &checkpoints, resume);
  return t;
}

JobLevelState read_tree(const std::string& text, const ProofProblem& problem, Side attacker,
                        int max_moves) {
  std::istringstream in(text);
  absl::StatusOr<JobLevelState> state = read_job_level_state(in, problem, attacker, max_moves);
  EXPECT_TRUE(state.ok()) << state.status();
  return state.ok() ? *std::move(state) : JobLevelState{};
}

// Stopped at node limits (once and twice) and resumed, on 2 threads and then on 3 (another
// machine's), the search ends with the single process's verdict, and goes on from the
// nodes it had: kujifunza `follow` won in 11, bao without a win in 4 for South.
TEST(JobLevel, AStoppedSearchResumesFromItsTree) {
  struct Case {
    RuleSet rules;
    int mate;
    Proof verdict;
  };
  for (const Case& c : {Case{kFollow, 11, Proof::kProven}, Case{kBao, 4, Proof::kDisproven}}) {
    const ProofProblem problem{c.rules, Position::start(c.rules.variant), {}};
    SCOPED_TRACE(to_string(c.rules.variant));
    ASSERT_EQ(one_process(c.rules, problem.root, Side::kSouth, c.mate).proof, c.verdict);
    SolveLimits limits = limits_of(c.mate);
    limits.nodes = 3'000;
    const StoppedTree first = stop_on_threads(problem, Side::kSouth, limits);
    ASSERT_EQ(first.result.proof, Proof::kUnknown);
    ASSERT_GE(first.saves, 2);  // at 1,000 and 2,000 nodes, and at the stop
    const JobLevelState at_first = read_tree(first.state, problem, Side::kSouth, c.mate);
    EXPECT_EQ(at_first.nodes, first.result.info.nodes);
    EXPECT_GT(at_first.tree.size(), 1u);
    limits.nodes = 6'000;
    const StoppedTree second = stop_on_threads(problem, Side::kSouth, limits, &at_first);
    ASSERT_EQ(second.result.proof, Proof::kUnknown);
    const JobLevelState at_second = read_tree(second.state, problem, Side::kSouth, c.mate);
    EXPECT_GT(at_second.nodes, at_first.nodes);
    EXPECT_GE(at_second.tree.size(), at_first.tree.size());
    limits.nodes = 20'000'000;
    const StoppedTree last = stop_on_threads(problem, Side::kSouth, limits, &at_second, 3);
    EXPECT_EQ(last.result.proof, c.verdict);
    EXPECT_GT(last.result.info.nodes, at_second.nodes);
    if (c.verdict == Proof::kProven) {
      EXPECT_EQ(last.result.plies, 21);
      expect_win_by_the_rules(c.rules, problem.root, Side::kSouth, last.result.pv);
    }
  }
}

// A tree read back and saved again at once (the stop flag set: no job is given) is the
// same text but for the time: every node, number, flag and line is kept.
TEST(JobLevel, ATreeIsSavedAsItWasRead) {
  const ProofProblem problem{kBao, Position::start(Variant::kBao), {}};
  SolveLimits limits = limits_of(4);
  limits.nodes = 5'000;
  const StoppedTree first = stop_on_threads(problem, Side::kNorth, limits);
  ASSERT_EQ(first.result.proof, Proof::kUnknown);
  const JobLevelState state = read_tree(first.state, problem, Side::kNorth, 4);
  const std::atomic<bool> stop{true};
  const StoppedTree again = stop_on_threads(problem, Side::kNorth, limits, &state, 2, stop);
  ASSERT_EQ(again.saves, 1);
  // The third line is "nodes N MS": the time goes on.
  const auto without_time = [](std::string text) {
    const size_t nodes = text.find("\nnodes ");
    const size_t time = text.find(' ', nodes + 7);
    return text.erase(time, text.find('\n', time) - time);
  };
  EXPECT_EQ(without_time(again.state), without_time(first.state));
}

// What is wrong with a damaged state, named with its line; a state of another search is
// refused.
TEST(JobLevel, AStateIsCheckedWhenRead) {
  const ProofProblem problem{kBao, Position::start(Variant::kBao), {}};
  SolveLimits limits = limits_of(3);
  limits.nodes = 3'000;
  const std::string good = stop_on_threads(problem, Side::kSouth, limits).state;
  ASSERT_FALSE(good.empty());
  {
    std::istringstream in(good);
    ASSERT_TRUE(read_job_level_state(in, problem, Side::kSouth, 3).ok());
  }
  const std::vector<std::string> lines = absl::StrSplit(good, '\n');
  ASSERT_GT(lines.size(), 6u);
  const auto with_line = [&](size_t i, const std::string& text) {
    std::vector<std::string> l = lines;
    l[i] = text;
    return absl::StrJoin(l, "\n");
  };
  const std::string root_line = lines[3];  // "node -1 65535 ..."
  // The first child's line, its move replaced by the second child's.
  const std::vector<std::string> child = absl::StrSplit(lines[4], ' ');
  const std::vector<std::string> sibling = absl::StrSplit(lines[5], ' ');
  std::vector<std::string> swapped = child;
  swapped[2] = sibling[2];
  std::vector<std::string> leaf = absl::StrSplit(lines[lines.size() - 3], ' ');
  leaf[7] = "1";
  const std::string expanded_leaf = absl::StrJoin(leaf, " ");
  struct Bad {
    std::string text;
    Side attacker;
    int mate;
    std::string message;
  };
  const Bad bad[] = {
      {"kete-solve state 2\n" + good.substr(good.find('\n') + 1), Side::kSouth, 3,
       "state line 1: not a state of the job-level search"},
      {good, Side::kNorth, 3, "state line 2: the state proves a win for S, not N"},
      {good, Side::kSouth, 4, "state line 2: the state is of mate 3, not 4"},
      {with_line(1, "root 12345 S 3"), Side::kSouth, 3, "another root position"},
      {with_line(2, "nodes x 0"), Side::kSouth, 3, "state line 3: the nodes"},
      {with_line(4, absl::StrJoin(swapped, " ")), Side::kSouth, 3,
       "state line 5: not child 0 of node 0 in the rules' order"},
      {with_line(4, "node 0 0 0 0 0 0 0 0"), Side::kSouth, 3, "state line 5: proven and disproven"},
      {with_line(4, "node 5 0 1 1 0 0 0 0"), Side::kSouth, 3, "state line 5: the parent"},
      {with_line(4, root_line), Side::kSouth, 3, "state line 5: a second root"},
      {with_line(3, lines[4]), Side::kSouth, 3, "state line 4: the parent"},
      {with_line(lines.size() - 2, "end 1"), Side::kSouth, 3, "the state counts 1 nodes"},
      {good + "node 0 0 1 1 0 0 0 0\n", Side::kSouth, 3, "a line after the end"},
      {good.substr(0, good.find("\nend ") + 1), Side::kSouth, 3, "expected 'end'"},
      // The last node (a leaf: no node comes after it) marked expanded, without children.
      {with_line(lines.size() - 3, expanded_leaf), Side::kSouth, 3,
       fmt::format("the state's node {} lacks children", lines.size() - 6)},
  };
  for (const Bad& b : bad) {
    std::istringstream in(b.text);
    const absl::Status s = read_job_level_state(in, problem, b.attacker, b.mate).status();
    EXPECT_FALSE(s.ok()) << b.message;
    EXPECT_NE(s.message().find(b.message), std::string_view::npos) << b.message << ": " << s;
  }
}

TEST(JobLevel, JobsAndResultsCrossAsText) {
  const ProofJob job{7, Side::kNorth, {Move::from_bits(3), Move::from_bits(40000)}, 5, 123};
  absl::StatusOr<ProofJob> back = parse_job(job_text(job));
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->run, 7);
  EXPECT_EQ(back->attacker, Side::kNorth);
  EXPECT_EQ(back->moves, job.moves);
  EXPECT_EQ(back->max_moves, 5);
  EXPECT_EQ(back->nodes, 123u);

  ProofJobResult r;
  r.run = 2;
  r.proof = Proof::kDisproven;
  r.proof_number = kProofInfinite;
  r.disproof_number = 0;
  r.path_dependent = true;
  r.nodes = 99;
  r.children = {{Move::from_bits(5), 3, 4, 0, false}, {Move::from_bits(6), 0, kProofInfinite, 9}};
  absl::StatusOr<ProofJobResult> read = parse_result(result_text(r));
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->proof, Proof::kDisproven);
  EXPECT_TRUE(read->path_dependent);
  EXPECT_EQ(read->nodes, 99u);
  ASSERT_EQ(read->children.size(), 2u);
  EXPECT_EQ(read->children[1].plies, 9);
  EXPECT_EQ(read->children[0].disproof, 4u);

  for (const auto& [text, message] : std::vector<std::pair<std::string, std::string>>{
           {"job 1 2 0 10 0", "the attacker"},
           {"job 1 0 0 10 2 5", "no a move"},
           {"job 1 0 0 0 0", "the nodes"},
           {"work 1 0 0 10 0", "expected 'job'"},
           {"job 1 0 0 10 0 extra", "more words"},
           {"result 1 3 0 0 0 0 0 0 pv 0 children 0", "the verdict"},
           {"result 1 0 1 1 0 0 5 5 pv 0 children 1 4 1", "a child's disproof number"}}) {
    const absl::Status s = text.starts_with("job") || text.starts_with("work")
                               ? parse_job(text).status()
                               : parse_result(text).status();
    EXPECT_FALSE(s.ok()) << text;
    EXPECT_NE(s.message().find(message), std::string_view::npos) << text << ": " << s.message();
  }
}

TEST(JobLevel, AJobWithAnIllegalMoveIsRefused) {
  const ProofProblem problem{kBao, Position::start(Variant::kBao), {}};
  Solver solver(kBao, limits_of(0));
  ProofJob job;
  job.moves = {Move::none()};
  job.nodes = 10;
  absl::StatusOr<ProofJobResult> r = run_proof_job(solver, problem, job, kNoStop);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("is not legal"), std::string_view::npos) << r.status();
}

// `go mate` and `go solve` with the engine's Threads above 1 (SolveJob::Request::threads):
// the job-level search finds the single process's verdicts and exact distances, and the
// strategy of a win, proven again on one thread for the engine's proven values, is a proof
// that the checker accepts.
SolveJob::Outcome solve_job(RuleSet rules, const Position& p, int mate_moves, int threads) {
  SolveJob::Request request{.rules = rules,
                            .root = p,
                            .game = {},
                            .limits = limits_of(0),
                            .mate_moves = mate_moves,
                            .threads = threads};
  return run_solve(request, kNoStop, nullptr);
}

void expect_a_checked_proof(RuleSet rules, const Position& p, const SolveJob::Outcome& o) {
  ASSERT_FALSE(o.strategy.empty());
  std::string text = proof_header_text({rules, Game::kDefaultMaxPlies, p, o.winner});
  for (const StrategyLine& l : o.strategy)
    text += proof_line_text(l.position, l.move);
  std::istringstream in(text);
  const absl::StatusOr<ProofReport> report = check_proof(in);
  EXPECT_TRUE(report.ok()) << report.status();
}

TEST(JobLevel, GoMateAndGoSolveRunOnTheEnginesThreads) {
  for (const ForcedWin& w : kForcedWins) {
    const Position p = parse_or_die(w.rules.variant, w.position);
    const SolveJob::Outcome win = solve_job(w.rules, p, w.moves, 2);
    EXPECT_EQ(win.info.workers, 2) << w.position;
    ASSERT_EQ(win.verdict, SolveJob::Verdict::kWin) << w.position;
    EXPECT_EQ(win.mate_moves, w.moves) << w.position;
    EXPECT_EQ(win.winner, p.side_to_move());
    expect_win_by_the_rules(w.rules, p, p.side_to_move(), win.pv);
    expect_a_checked_proof(w.rules, p, win);
    if (w.moves > 1) {
      const SolveJob::Outcome none = solve_job(w.rules, p, w.moves - 1, 2);
      EXPECT_EQ(none.verdict, SolveJob::Verdict::kNoMate) << w.position;
      EXPECT_EQ(none.info.workers, 2);
    }
  }
  // Kujifunza `follow` from the start: South wins in exactly 11, on 2 and 3 threads; `go
  // solve` finds a win. One thread is the single process.
  const Position start = Position::start(Variant::kKujifunza);
  for (int threads : {2, 3}) {
    const SolveJob::Outcome mate = solve_job(kFollow, start, 11, threads);
    EXPECT_EQ(mate.info.workers, threads);
    ASSERT_EQ(mate.verdict, SolveJob::Verdict::kWin);
    EXPECT_EQ(mate.mate_moves, 11);
    expect_a_checked_proof(kFollow, start, mate);
  }
  const SolveJob::Outcome solved = solve_job(kFollow, start, 0, 2);
  ASSERT_EQ(solved.verdict, SolveJob::Verdict::kWin);
  EXPECT_EQ(solved.winner, Side::kSouth);
  expect_a_checked_proof(kFollow, start, solved);
  EXPECT_EQ(solve_job(kFollow, start, 11, 1).info.workers, 1);
}

}  // namespace
}  // namespace kete::test
