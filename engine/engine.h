// The engine facade: one game, its options and a search thread. The protocol, the arena
// and the tools drive kete through this class; it knows no text protocol.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "rules/game.h"
#include "search/proven.h"
#include "search/search.h"
#include "search/skill.h"
#include "search/tt.h"
#include "solver/solve_job.h"

namespace kete {

// The evaluation of the game's position term by term, as `eval` shows it: a net's inputs
// and output where the variant evaluates with a net, else the weights' terms.
struct EvalReport {
  bool net = false;
  std::vector<std::string> net_inputs;
  Value net_output = 0;
  // A residual net: the evaluation, and the weights' part of it.
  std::optional<std::pair<Value, Value>> residual;
  std::vector<EvalTerm> terms;
  Value total = 0;
};

class Engine {
 public:
  // The transposition table's size until the Hash option changes it.
  static constexpr int kDefaultHashMb = 16;
  // The ProofFile option's values that name no file: the embedded proofs of the rules
  // being played (the default), or none.
  static constexpr std::string_view kDefaultProofFile = "<default>";
  static constexpr std::string_view kNoProofFile = "<empty>";

  using InfoCallback = std::function<void(const SearchInfo&)>;
  using BestMoveCallback = std::function<void(const SearchResult&)>;
  using CurrMoveCallback = std::function<void(const CurrMove&)>;
  using SolveInfoCallback = SolveJob::InfoCallback;
  // The solver's outcome, and whether its proof joined the proven values (add_solved).
  using SolveDoneCallback = std::function<void(const SolveJob::Outcome&, const absl::Status& kept)>;

  Engine();
  ~Engine();
  // The embedded default weights and nets read back and checked: an error names the file
  // a build embedded wrongly.
  static absl::Status check_defaults();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // The rules and the game. Changing the variant starts a new game from its start.
  RuleSet rules() const { return game_.rules(); }
  void set_variant(Variant v);
  void set_kichwa_rule(KichwaRule k);
  void set_max_plies(int n) { game_.set_max_plies(n); }
  const Game& game() const { return game_; }
  const Position& position() const { return game_.position(); }

  void new_game();
  // `position` is a position string, or empty for the start position. All or nothing:
  // on error the game stays as it was. Extending the current game by new moves replays
  // only those.
  absl::Status set_position(std::string_view position, const std::vector<std::string_view>& moves);

  // Options that the search will use. The table is resized only between searches; a
  // size the machine cannot hold is refused and the old table kept.
  absl::Status set_hash_mb(int mb);
  void clear_hash() { tt_.clear(); }
  void set_threads(int n) { settings_.threads = n; }
  void set_multipv(int n) { settings_.multipv = n; }
  void set_move_overhead_ms(int ms) { settings_.move_overhead_ms = ms; }
  SearchParams& params() { return settings_.params; }
  // Loads a weights file (eval/weights.h) or a net (eval/net_file.h) for the variant
  // it names and returns that variant: a net evaluates that variant from then on, weights
  // make it evaluate with them (dropping its net). "<default>" (or empty) restores the
  // built-in weights and nets of every variant. On error the evaluation stays as it was.
  absl::StatusOr<Variant> set_eval_file(std::string_view path);
  // Options the protocol reads: UCI's `Ponder` (it may name a move to ponder on) and
  // `UCI_ShowWDL` (win/draw/loss estimates on info lines).
  void set_ponder(bool on) { ponder_ = on; }
  bool ponder() const { return ponder_; }
  void set_show_wdl(bool on) { show_wdl_ = on; }
  // Playing strength (search/skill.h): `Skill Level` 0..20, or with UCI_LimitStrength the
  // level UCI_Elo names.
  void set_skill_level(int level) { skill_level_ = level; }
  void set_limit_strength(bool on) { limit_strength_ = on; }
  void set_elo(int elo) { elo_ = elo; }
  int skill_level() const;
  // The Elo of each level, 0 to kMaxSkillLevel, on the current variant's scale.
  std::vector<int> elo_scale() const;
  bool show_wdl() const { return show_wdl_; }
  int hash_mb() const { return hash_mb_; }
  // Proven values (search/proven.h). `ProofFile`: a proof file of the current rules, read
  // and checked, replaces the file's values; "<default>" (the default) gives the embedded
  // proof of the rules being played, following UCI_Variant and KichwaRule (Bao la
  // Kujifunza is solved: kete plays it perfectly); empty (or "<empty>") drops them. On
  // error the values stay as they were. A `ucinewgame` keeps them, as a tablebase path.
  //
  // A file is read and checked on a thread of its own (issue 29: a 250 MB proof held the
  // command loop for 26 s): set_proof_file returns at once with the errors found without
  // reading (no such file, not a regular file, too big), and the load's end is reported to
  // the ProofLoadCallback. Until then the old values answer; a search started meanwhile
  // waits for the load (or its stop()) before it begins, so that it plays the new proof. A
  // later ProofFile supersedes a load still running: its result is dropped unreported.
  absl::Status set_proof_file(std::string_view path);
  // Waits for the file load under way, if any: the status of the last load that ended.
  absl::Status wait_proof_file();
  // How a file load ended: the values' positions, or the error; called from the loader's
  // thread, which holds a lock of the engine: it must not call the engine.
  using ProofLoadCallback =
      std::function<void(std::string_view path, const absl::StatusOr<size_t>& positions)>;
  void set_proof_load_callback(ProofLoadCallback callback);
  // What reads and checks a file on the loader's thread: read_proven_values, or a test's
  // (one that waits for the test's word, to see the engine answer during a long load).
  using ProofReader = std::function<absl::StatusOr<ProvenValues>(std::string_view, RuleSet)>;
  void set_proof_reader(ProofReader reader);
  // A `go solve` / `go mate` proof (of a game with `max_plies`), added to the values until
  // the next new game. Called from the solver's thread.
  absl::Status add_solved(RuleSet rules, const Position& root, Side winner,
                          std::span<const StrategyLine> lines, int max_plies);
  // What the next search probes (null: nothing).
  std::shared_ptr<const ProvenValues> proven() const;
  const SearchSettings& settings() const { return settings_; }
  EvalReport evaluation() const;

  // Starts a search on its own thread with copies of the position, rules and settings;
  // on_bestmove is called from that thread when it ends (at once when the game is over).
  // Only one search runs at a time. With limits.ponder the search ignores the time limits
  // until ponderhit() (or ends at stop()).
  void go(const Limits& limits, InfoCallback on_info, BestMoveCallback on_bestmove,
          CurrMoveCallback on_currmove = {});
  // The df-pn solver from the game's position on its own thread (docs/solver.md): `go
  // mate N` with mate_moves N, `go solve` with 0, in a table of the Hash option's size, on
  // the Threads option's threads (the job-level search when more than 1). A proof joins the proven
  // values (add_solved) before on_done is called from that thread.
  void solve(int mate_moves, SolveLimits limits, SolveInfoCallback on_info,
             SolveDoneCallback on_done);
  // Ends the running search or solve: its result is reported as usual.
  void stop();
  // The pondered move was played: the running `go ponder` search goes on as a normal one,
  // its time budget counting from now. Nothing happens without one.
  void ponderhit() { pondering_ = false; }
  bool pondering() const { return searching_ && pondering_; }
  // Waits for the running search or solve to end.
  void wait();
  bool searching() const { return searching_; }
  // A search or a solve runs: one at a time.
  bool busy() const { return searching_ || solve_job_.running(); }

 private:
  void join_search();  // the search thread's last run
  void set_file_values(std::shared_ptr<const ProvenValues> values);
  void load_proofs();  // the loader thread's loop
  // The proven values a search starting now probes: after the file load under way, unless
  // stop() comes first (then the values as they are).
  std::shared_ptr<const ProvenValues> proven_for_search();
  void rules_changed();  // the variant or the kichwa rule: the default proofs follow
  // A proof of a position of game number `game` (games_ then): refused if a new game has
  // started since (issue 29: `ucinewgame` during `go solve` kept the old game's mate).
  absl::Status add_solved_in_game(uint64_t game, RuleSet rules, const Position& root, Side winner,
                                  std::span<const StrategyLine> lines, int max_plies);
  uint64_t current_game() const;

  Game game_;
  std::string start_text_;  // the position string the game started from, "" = start
  SearchSettings settings_;
  int hash_mb_ = kDefaultHashMb;
  bool default_proofs_ = true;  // ProofFile <default>: file_values_ follow the rules (load_mutex_)
  bool ponder_ = false;
  bool show_wdl_ = false;
  int skill_level_ = 20;
  bool limit_strength_ = false;
  int elo_ = 0;
  uint64_t searches_ = 0;  // seeds the random pick of a limited strength
  TranspositionTable tt_{kDefaultHashMb};
  // Written by the protocol's thread and by a solve job's (add_solved), read at `go`.
  mutable std::mutex proven_mutex_;
  std::shared_ptr<const ProvenValues> file_values_, solved_values_, proven_;
  uint64_t games_ = 0;  // new games started, under proven_mutex_
  // ProofFile loads, under load_mutex_: the one waiting (a newer one replaces it) and
  // whether the loader works on one; started with the first file.
  struct ProofLoad {
    std::string path;
    RuleSet rules;
  };
  std::mutex load_mutex_;
  std::condition_variable load_changed_;
  std::optional<ProofLoad> load_waiting_;
  bool loading_ = false;
  bool quit_loader_ = false;
  uint64_t loads_ = 0;  // ProofFile settings: a load installs its values only if the last
  absl::Status last_load_;
  ProofLoadCallback on_proof_loaded_;
  ProofReader read_proofs_ = read_proven_values;
  std::thread loader_;
  std::thread thread_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> searching_{false};
  std::atomic<bool> pondering_{false};
  SolveJob solve_job_;  // declared last: destroyed (stopped, joined) first
};

}  // namespace kete
