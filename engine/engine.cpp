#include "engine/engine.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <new>

#include <fmt/format.h>

#include "eval/eval_file.h"
#include "eval/evaluate.h"
#include "eval/net_file.h"
#include "eval/nnue.h"
#include "eval/weights.h"
#include "rules/notation.h"
#include "rules/rules.h"
#include "search/skill.h"

namespace kete {

namespace {

// The store a search probes: one of the two, or both merged (a copy, made only when one
// of them changes).
std::shared_ptr<const ProvenValues> merged(const std::shared_ptr<const ProvenValues>& a,
                                           const std::shared_ptr<const ProvenValues>& b) {
  if (!a || a->empty()) return b;
  if (!b || b->empty()) return a;
  auto both = std::make_shared<ProvenValues>(*a);
  both->merge(*b);
  return both;
}

}  // namespace

Engine::Engine() : game_(RuleSet{}, Position::start(RuleSet{}.variant)) {
  rules_changed();
}

absl::Status Engine::check_defaults() {
  if (const auto& weights = embedded_weights(); !weights.ok()) return weights.status();
  if (const auto& nets = nnue::embedded_nets(); !nets.ok()) return nets.status();
  return check_default_proofs();
}

Engine::~Engine() {
  stop();
  wait();
  {
    const std::lock_guard lock(load_mutex_);
    quit_loader_ = true;
  }
  load_changed_.notify_all();
  if (loader_.joinable()) loader_.join();  // a load under way ends first
}

void Engine::stop() {
  {
    // Under the mutex, so that a search waiting for a proof file sees it (no lost wake-up).
    const std::lock_guard lock(load_mutex_);
    stop_ = true;
  }
  load_changed_.notify_all();
  solve_job_.stop();
}

void Engine::set_variant(Variant v) {
  RuleSet r = rules();
  r.variant = v;
  game_ = Game(r, Position::start(v), game_.max_plies());
  start_text_.clear();
  rules_changed();
}

void Engine::set_kichwa_rule(KichwaRule k) {
  RuleSet r = rules();
  r.kichwa = k;
  game_ = Game(r, Position::start(r.variant), game_.max_plies());
  start_text_.clear();
  rules_changed();
}

void Engine::new_game() {
  game_ = Game(rules(), Position::start(rules().variant), game_.max_plies());
  start_text_.clear();
  clear_hash();
  const std::lock_guard lock(proven_mutex_);
  ++games_;  // a solve still running proves a position of the old game: its proof is dropped
  solved_values_.reset();
  proven_ = file_values_;
}

absl::Status Engine::set_proof_file(std::string_view path) {
  const bool file = !path.empty() && path != kNoProofFile && path != kDefaultProofFile;
  if (file) {
    if (absl::Status s = check_proof_file_path(path); !s.ok()) return s;
  }
  {
    const std::lock_guard lock(load_mutex_);
    ++loads_;  // a load under way is superseded
    load_waiting_.reset();
    if (file) {
      load_waiting_ = ProofLoad{std::string(path), rules()};
      if (!loader_.joinable()) loader_ = std::thread([this] { load_proofs(); });
    } else {
      default_proofs_ = path == kDefaultProofFile;
      set_file_values(default_proofs_ ? default_proven_values(rules()) : nullptr);
    }
  }
  load_changed_.notify_all();
  return absl::OkStatus();
}

void Engine::set_proof_load_callback(ProofLoadCallback callback) {
  const std::lock_guard lock(load_mutex_);
  on_proof_loaded_ = std::move(callback);
}

void Engine::set_proof_reader(ProofReader reader) {
  const std::lock_guard lock(load_mutex_);
  read_proofs_ = std::move(reader);
}

void Engine::load_proofs() {
  std::unique_lock lock(load_mutex_);
  for (;;) {
    load_changed_.wait(lock, [&] { return quit_loader_ || load_waiting_; });
    if (quit_loader_) return;
    const ProofLoad load = *std::move(load_waiting_);
    load_waiting_.reset();
    const uint64_t number = loads_;
    loading_ = true;
    const ProofReader read_proofs = read_proofs_;
    lock.unlock();
    absl::StatusOr<ProvenValues> read = read_proofs(load.path, load.rules);
    absl::StatusOr<size_t> positions =
        read.ok() ? absl::StatusOr<size_t>(read->size()) : read.status();
    lock.lock();
    loading_ = false;
    if (number == loads_) {  // else superseded: its values and its news are dropped
      last_load_ = positions.status();
      if (read.ok()) {
        default_proofs_ = false;
        set_file_values(std::make_shared<const ProvenValues>(*std::move(read)));
      }
      if (on_proof_loaded_) on_proof_loaded_(load.path, positions);
    }
    load_changed_.notify_all();
  }
}

absl::Status Engine::wait_proof_file() {
  std::unique_lock lock(load_mutex_);
  load_changed_.wait(lock, [&] { return !load_waiting_ && !loading_; });
  return last_load_;
}

std::shared_ptr<const ProvenValues> Engine::proven_for_search() {
  {
    std::unique_lock lock(load_mutex_);
    load_changed_.wait(lock, [&] { return (!load_waiting_ && !loading_) || stop_; });
  }
  return proven();
}

void Engine::set_file_values(std::shared_ptr<const ProvenValues> values) {
  const std::lock_guard lock(proven_mutex_);
  file_values_ = std::move(values);
  proven_ = merged(file_values_, solved_values_);
}

void Engine::rules_changed() {
  const std::lock_guard lock(load_mutex_);
  if (default_proofs_) set_file_values(default_proven_values(rules()));
}

absl::Status Engine::add_solved(RuleSet rules, const Position& root, Side winner,
                                std::span<const StrategyLine> lines, int max_plies) {
  return add_solved_in_game(current_game(), rules, root, winner, lines, max_plies);
}

uint64_t Engine::current_game() const {
  const std::lock_guard lock(proven_mutex_);
  return games_;
}

absl::Status Engine::add_solved_in_game(uint64_t game, RuleSet rules, const Position& root,
                                        Side winner, std::span<const StrategyLine> lines,
                                        int max_plies) {
  ProvenValues values;
  if (absl::Status s = values.add_strategy(rules, root, winner, lines, max_plies); !s.ok())
    return s;
  const std::lock_guard lock(proven_mutex_);
  if (game != games_)
    return absl::FailedPreconditionError("a new game started during the solve: proof dropped");
  if (solved_values_) values.merge(*solved_values_);
  solved_values_ = std::make_shared<const ProvenValues>(std::move(values));
  proven_ = merged(file_values_, solved_values_);
  return absl::OkStatus();
}

std::shared_ptr<const ProvenValues> Engine::proven() const {
  const std::lock_guard lock(proven_mutex_);
  return proven_;
}

absl::Status Engine::set_hash_mb(int mb) {
  if (searching_) return absl::FailedPreconditionError("Hash: cannot resize during a search");
  join_search();
  try {
    TranspositionTable table{static_cast<size_t>(mb)};
    tt_ = std::move(table);
  } catch (const std::bad_alloc&) {
    return absl::ResourceExhaustedError(
        fmt::format("Hash: cannot allocate {} MiB, keeping {} MiB", mb, hash_mb_));
  }
  hash_mb_ = mb;
  return absl::OkStatus();
}

absl::Status Engine::set_position(std::string_view position,
                                  const std::vector<std::string_view>& moves) {
  // The usual case: the same start and the moves so far plus one or two new ones.
  const bool extends = position == start_text_ && moves.size() >= game_.moves().size();
  Game game = game_;
  size_t first_new = 0;
  if (extends) {
    Position p = game_.start();
    for (; first_new < game_.moves().size(); ++first_new) {
      const Move m = game_.moves()[first_new];
      if (!token_names(p, m, moves[first_new])) break;
      p = *play(rules(), p, m);
    }
  }
  if (!extends || first_new < game_.moves().size()) {
    Position start = Position::start(rules().variant);
    if (!position.empty()) {
      absl::StatusOr<Position> parsed = parse_position(rules().variant, position);
      if (!parsed.ok()) return parsed.status();
      start = *parsed;
    }
    game = Game(rules(), start, game_.max_plies());
    first_new = 0;
  }
  for (size_t i = first_new; i < moves.size(); ++i) {
    const Outcome o = game.outcome();
    if (o.result != Result::kNone)
      return absl::InvalidArgumentError(
          fmt::format("move '{}' after the game ended ({})", moves[i], to_string(o.reason)));
    absl::StatusOr<Move> m = parse_move(rules(), game.position(), moves[i]);
    if (!m.ok()) return m.status();
    game.play(*m);
  }
  game_ = std::move(game);
  start_text_ = std::string(position);
  return absl::OkStatus();
}

absl::StatusOr<Variant> Engine::set_eval_file(std::string_view path) {
  if (path.empty() || path == "<default>") {
    settings_.eval = EvalWeights{};
    settings_.nets = SearchSettings::default_nets();
    return rules().variant;
  }
  absl::StatusOr<EvalFile> file = read_eval_file(path);
  if (!file.ok())
    return absl::Status(file.status().code(), "EvalFile: " + error_text(file.status()));
  if (const auto* net = std::get_if<std::shared_ptr<const nnue::Net>>(&*file)) {
    settings_.nets[size_t((*net)->variant)] = *net;
    return (*net)->variant;
  }
  const WeightsFile& weights = std::get<WeightsFile>(*file);
  settings_.eval[weights.variant] = weights.weights;
  settings_.nets[size_t(weights.variant)] = nullptr;
  return weights.variant;
}

void Engine::go(const Limits& limits, InfoCallback on_info, BestMoveCallback on_bestmove,
                CurrMoveCallback on_currmove) {
  join_search();
  stop_ = false;
  pondering_ = limits.ponder;
  if (game_.outcome().result != Result::kNone) {
    on_bestmove(SearchResult{});
    return;
  }
  GameContext context = context_of(game_);
  searching_ = true;
  Limits search_limits = limits;
  search_limits.pondering = limits.ponder ? &pondering_ : nullptr;
  SearchSettings settings = settings_;
  settings.skill_level = skill_level();
  if (const uint64_t cap = skill_nodes(settings.skill_level))
    search_limits.nodes = search_limits.nodes ? std::min(search_limits.nodes, cap) : cap;
  // A different pick each move and each run (the clock), as a human opponent expects.
  uint64_t seed =
      uint64_t(std::chrono::steady_clock::now().time_since_epoch().count()) ^ (++searches_ << 32);
  settings.skill_seed = splitmix64(seed);
  thread_ = std::thread([this, limits = std::move(search_limits), on_info = std::move(on_info),
                         on_bestmove = std::move(on_bestmove), on_currmove = std::move(on_currmove),
                         p = game_.position(), rules = rules(), settings,
                         context = std::move(context)]() mutable {
    settings.proven = proven_for_search();
    const SearchResult result =
        search(rules, p, context, limits, settings, tt_, stop_, on_info, on_currmove);
    searching_ = false;
    pondering_ = false;
    on_bestmove(result);
  });
}

EvalReport Engine::evaluation() const {
  const Position& p = position();
  const Weights& weights = settings_.eval[p.variant()];
  EvalReport report;
  if (const auto& net = settings_.nets[size_t(p.variant())]) {
    report.net = true;
    report.net_inputs = nnue::input_summary(p, net->threats);
    report.net_output = nnue::evaluate(*net, p);
    if (net->form == nnue::Form::kResidual)
      report.residual = {nnue::evaluate(*net, p, weights), evaluate(p, weights)};
    return report;
  }
  report.terms = evaluation_terms(p, weights);
  report.total = evaluate(p, weights);
  return report;
}

int Engine::skill_level() const {
  return limit_strength_ ? level_for_elo(rules().variant, elo_) : skill_level_;
}

std::vector<int> Engine::elo_scale() const {
  std::vector<int> scale;
  for (int level = 0; level <= kMaxSkillLevel; ++level)
    scale.push_back(level_elo(rules().variant, level));
  return scale;
}

void Engine::solve(int mate_moves, SolveLimits limits, SolveInfoCallback on_info,
                   SolveDoneCallback on_done) {
  solve_job_.wait();
  SolveJob::Request request{.rules = rules(),
                            .root = game_.position(),
                            .game = context_of(game_),
                            .limits = limits,
                            .mate_moves = mate_moves,
                            .threads = settings_.threads};
  request.limits.hash_mb = size_t(hash_mb_);
  const RuleSet r = request.rules;
  const Position root = request.root;
  const int max_plies = request.game.max_plies;
  const uint64_t game = current_game();
  solve_job_.start(
      std::move(request), std::move(on_info),
      [this, r, root, max_plies, game, on_done = std::move(on_done)](const SolveJob::Outcome& o) {
        // The proof becomes proven values before the caller hears of it, so
        // that the next `go` plays it (docs/solver.md).
        absl::Status kept;
        if (!o.strategy.empty())
          kept = add_solved_in_game(game, r, root, o.winner, o.strategy, max_plies);
        on_done(o, kept);
      });
}

void Engine::join_search() {
  if (thread_.joinable()) thread_.join();
}

void Engine::wait() {
  join_search();
  solve_job_.wait();
}

}  // namespace kete
