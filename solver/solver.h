// The solver: depth-first proof-number search (df-pn, Nagai 2002) with the 1+epsilon
// threshold trick (Pawlewicz and Lew 2007), proving that one side (the attacker) can
// force a win. docs/solver.md explains the method and its treatment of repetitions.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "absl/status/status.h"

#include "proof/proof.h"
#include "rules/game.h"
#include "rules/move.h"
#include "rules/name_table.h"
#include "rules/position.h"
#include "rules/score.h"

namespace kete {

// Proof and disproof numbers saturate here: a value this large means "proven impossible".
inline constexpr uint32_t kProofInfinite = 0x7FFFFFFF;

// The numbers a node gets before it is searched (kete-solve --guide, docs/solver.md
// "Guidance (df-pn+)"): 1 and 1, or df-pn+ numbers from the static evaluation.
enum class SolveGuide : uint8_t { kNone, kEval };
template <>
inline constexpr NameTable<SolveGuide, 2> kNames<SolveGuide>{{"none", "eval"}};

struct SolveLimits {
  uint64_t nodes = 0;    // 0: no node limit
  int64_t time_ms = -1;  // -1: no time limit
  size_t hash_mb = 64;   // the solver's table; its memory use stays within it
  // The table on huge pages (rules/zero_pages.h): for long runs that fill it (kete-solve);
  // a short `go mate` with a big Hash keeps small pages, so costs only what it touches.
  bool huge_pages = false;
  int max_moves = 0;  // 0: any distance; N: a win within N own moves (`go mate N`)
  int64_t info_every_ms = 1000;
  SolveGuide guide = SolveGuide::kNone;
};

// df-pn+ (Nagai 2002) with SolveGuide::kEval: the proof and disproof numbers of a node not
// yet searched, from its static evaluation `value` in the attacker's view (centi-seeds; the
// variant's weights without the threat terms). Every kGuideStep of the attacker's advantage
// adds one to the disproof number, every kGuideStep of his disadvantage one to the proof
// number: 1 and 1 at an even position, each at most kGuideCap and never 0 (the node is not
// decided). One per centi-seed up to 1024: the best of the scales tried (docs/solver.md,
// "Guidance (df-pn+)": 10 a step up to 128 took 26% more nodes on bao's South mate 5).
inline constexpr Value kGuideStep = 1;
inline constexpr uint32_t kGuideCap = 1024;
struct InitialNumbers {
  uint32_t proof = 1, disproof = 1;
};
InitialNumbers guided_numbers(Value value);
// The numbers a solver with `guide` gives `p`, a node not decided and never searched.
InitialNumbers initial_numbers(RuleSet rules, SolveGuide guide, const Position& p, Side attacker);

// Whether a proof search of `attacker`'s win from `root` leaves out the mirror images of
// the root's moves: the rules are left-right symmetric (bao, kujifunza), the attacker is
// to move at a root that is its own mirror image, and the game has no earlier position
// (docs/solver.md "Mirror images at the root").
bool leaves_out_mirror_images(RuleSet rules, const Position& root, Side attacker,
                              const GameContext& game);
// At such a root, for each child in the rules' order: the index of the earlier child
// kept whose mirror image it is (the child is left out), or -1 (the child is kept).
std::vector<int> mirror_twins(const std::vector<Position>& children);

enum class Proof : uint8_t { kUnknown, kProven, kDisproven };

// Progress, and at the end the result, of one proof search.
struct SolveInfo {
  uint32_t proof = 1, disproof = 1;  // the root's numbers, attacker's view
  uint64_t nodes = 0;
  int64_t time_ms = 0;
  size_t memory_bytes = 0;  // the table's size
  uint64_t entries = 0;     // table entries in use
  int workers = 1;          // the job-level search's threads or ranks (docs/solver.md), else 1
};

struct SolveResult {
  Proof proof = Proof::kUnknown;
  // A disproof that rests on a draw by repetition or MaxPlies along the path where it was
  // found: it says the attacker found no win, not that none exists (docs/solver.md).
  bool path_dependent = false;
  std::optional<Move> best;  // the attacker's winning move when proven at its turn
  int plies = 0;             // proven: the length of the win the proof found, in plies
  // After a proof: a line where the winner takes the shortest win the table knows and the
  // loser the longest defence.
  std::vector<Move> pv;
  SolveInfo info;
};

// The positions at one distance from the root (each counted once) and what the table
// knows of them after a proof search: the work done towards a value not yet proven.
struct DepthCensus {
  int depth = 0;
  uint64_t positions = 0;
  uint64_t won = 0;           // the attacker wins (proven, or by the rules)
  uint64_t lost = 0;          // disproven soundly, or lost by the rules
  uint64_t lost_on_path = 0;  // disproven through a draw along the path only
  uint64_t open = 0;          // in the table, not decided
  uint64_t unseen = 0;        // not in the table
};

// Resumable runs (kete-solve --checkpoint, docs/solver.md): a proof search hands out its
// state at intervals and when it stops early, as text that a new Solver restores and then
// continues with the very nodes the stopped search would have searched.
using StateSink = std::function<absl::Status(std::string_view)>;
// Writes the whole state, chunk by chunk, to a sink; the first failed chunk ends it.
using StateWriter = std::function<absl::Status(const StateSink&)>;

struct SolveCheckpoints {
  // A checkpoint at the first look at the limits (every 1024 nodes) after each multiple of
  // every_nodes (0: none), and after every_ms of the clock (-1: none); and always when the
  // search stops before a verdict (the stop flag or a limit).
  uint64_t every_nodes = 0;
  int64_t every_ms = -1;
  std::function<void(const SolveInfo&, const StateWriter&)> save;
};

// A child of a position and what a solver's table knows of it (1 and 1 if nothing).
struct ChildNumbers {
  Move move = Move::none();
  uint32_t proof = 1, disproof = 1;
  int plies = 0;
  bool path_dependent = false;
};

class SolverTable;
struct SolverStack;

// A solver for one rules set; its table persists from one prove() to the next extraction.
class Solver {
 public:
  Solver(RuleSet rules, const SolveLimits& limits);
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  // Can `attacker` force a win from `root`? Positions of the game before the root (keys in
  // `game.history`) and the MaxPlies limit count as draws. Reports on_info every
  // limits.info_every_ms; stops early on `stop` or the limits.
  // With `checkpoints`, hands its state to checkpoints->save as they ask.
  SolveResult prove(const Position& root, Side attacker, const GameContext& game,
                    const std::atomic<bool>& stop,
                    const std::function<void(const SolveInfo&)>& on_info,
                    const SolveCheckpoints* checkpoints = nullptr);

  // One job of the job-level search (solver/job_level.h): prove() of `root` within `nodes`
  // (0: no limit) for a win within `max_moves` own moves (0: any distance), keeping what
  // the table knows from the jobs before it instead of starting afresh.
  SolveResult prove_more(const Position& root, Side attacker, const GameContext& game,
                         int max_moves, uint64_t nodes, const std::atomic<bool>& stop);
  // After prove_more(): root's children in the order of the move generator, with their
  // numbers in the table (those decided without it, by the rules or a draw, included).
  std::vector<ChildNumbers> children(const Position& root, Side attacker, const GameContext& game,
                                     int max_moves);

  // Reads a state that a checkpoint of prove() wrote, of the same root, attacker and
  // limits.max_moves and a table of the same size; the next prove() of that root continues
  // it instead of starting afresh. An error names the line and what is wrong with it.
  absl::Status restore(std::istream& in, const Position& root, Side attacker);

  // After a proof of `root`: the winner's move in every position of the proof where he is
  // to move, no position repeating along any line. Empty if the strategy could not be
  // rebuilt within the limits (entries lost to the bounded table may have to be proven
  // again).
  std::optional<std::vector<StrategyLine>> strategy(const Position& root, Side attacker,
                                                    const GameContext& game,
                                                    const std::atomic<bool>& stop);

  // After prove(): the positions 0..max_depth plies from the root and their state in the
  // table (any-distance mode only).
  std::vector<DepthCensus> census(const Position& root, Side attacker, const GameContext& game,
                                  int max_depth);

 private:
  SolveResult run(const Position& root, Side attacker, const GameContext& game,
                  const SolveLimits& limits, const std::atomic<bool>& stop,
                  const std::function<void(const SolveInfo&)>& on_info,
                  const SolveCheckpoints* checkpoints);

  RuleSet rules_;
  SolveLimits limits_;
  std::unique_ptr<SolverTable> table_;
  std::unique_ptr<SolverStack> resume_;  // after restore(), until the next prove()
};

}  // namespace kete
