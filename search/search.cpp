#include "search/search.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <memory>
#include <new>
#include <thread>
#include <type_traits>

#include "engine/evaluate.h"
#include "engine/net_file.h"
#include "engine/rules.h"
#include "search/key_path.h"
#include "search/proven.h"
#include "search/skill.h"
#include "search/timeman.h"
#include "search/tt.h"

namespace kete {
namespace {

using Clock = std::chrono::steady_clock;

// A principal variation, built bottom-up.
struct Line {
  std::array<Move, kMaxPly> moves;
  int size = 0;

  void set(Move first, const Line& rest) {
    moves[0] = first;
    std::copy_n(rest.moves.begin(), rest.size, moves.begin() + 1);
    size = rest.size + 1;
  }
};

struct Child {
  Move move;
  Position position;
};

// The children of one node. The slots are raw storage, constructed only as the generator
// fills them: a node fills a few dozen of the 512, and a list of constructed positions
// (FixedList<Child>) wrote 36 KB per node, about a fifth of the search's time
// (docs/performance.md).
class ChildList {
 public:
  void clear() { size_ = 0; }
  void push_back(Move m, const Position& p) {
    assert(size_ < kMaxMoves);
    std::construct_at(slot(size_++), Child{m, p});
  }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Child& operator[](int i) const {
    assert(i < size_);
    return *std::launder(reinterpret_cast<const Child*>(storage_) + i);
  }

 private:
  static_assert(std::is_trivially_destructible_v<Child>);
  Child* slot(int i) { return reinterpret_cast<Child*>(storage_) + i; }

  alignas(Child) std::byte storage_[kMaxMoves * sizeof(Child)];
  int size_ = 0;
};

// A sort key of the move ordering: the score, then the generation index, so that sorting
// the keys in descending order is a stable sort by score (earlier moves first on ties).
static_assert(std::has_single_bit(unsigned(kMaxMoves)));
constexpr int kIndexBits = std::countr_zero(unsigned(kMaxMoves));
constexpr int64_t order_key(int score, int index) {
  return int64_t(score) * kMaxMoves + (kMaxMoves - 1 - index);
}
constexpr int key_score(int64_t key) {
  return int(key >> kIndexBits);  // an arithmetic shift: floor, right for negative scores
}
constexpr int key_index(int64_t key) {
  return kMaxMoves - 1 - int(key & (kMaxMoves - 1));
}
static_assert(key_score(order_key(-5, 7)) == -5 && key_index(order_key(-5, 7)) == 7);

// What one ply of the search keeps (Stockfish's Stack): its children and their order. One
// frame per ply, allocated once per thread, so no node constructs or allocates anything.
struct Frame {
  ChildList children;
  std::array<int, kMaxMoves> order;
  std::array<int64_t, kMaxMoves> keys;  // the sort keys of order_moves (score * 512 + rank)
  std::array<int, kMaxMoves> gain;      // seeds each child wins for the mover
  bool null_move = false;               // this ply's position was reached by a null move
  Move excluded = Move::none();         // the move a singular test leaves out at this ply
  Line singular_line;  // the singular test's own PV (discarded): child_line is its children's
  Line child_line;     // the PV below the child being searched
};

// Seeds a side holds on its ring and in its hand, less the opponent's: Bao's material. A
// move that raises it has won seeds: an eat in bao (whose moves carry no capture flag), a
// capture in kiswahili and kujifunza (seeds change sides), a capture in kigogo (seeds
// leave the board).
int material(const Position& p, Side s) {
  return p.ring_seeds(s) + p.hand(s) - p.ring_seeds(~s) - p.hand(~s);
}

// Late move reductions by depth and move number: ln(d) ln(m), as in Stockfish.
double lmr_base(int depth, int move_number) {
  return std::log(double(depth)) * std::log(double(move_number));
}

// `go searchmoves`: the root moves the search may play.
bool searchmove(const Limits& limits, Move m) {
  const std::vector<Move>& only = limits.searchmoves;
  return only.empty() || std::find(only.begin(), only.end(), m) != only.end();
}

// Mate values are stored relative to the node, so they stay right wherever it recurs.
Value to_tt(Value v, int ply) {
  return v > kMateBound ? v + ply : v < -kMateBound ? v - ply : v;
}
Value from_tt(Value v, int ply) {
  return v > kMateBound ? v - ply : v < -kMateBound ? v + ply : v;
}

// What every thread of one search shares.
struct Shared {
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
  // The root's proven winning move: the only root move searched (search/proven.h).
  std::optional<Move> proven_move{};

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

template <Rules R>
class Worker {
 public:
  Worker(Shared& shared, int id)
      : s_(shared),
        params_(shared.settings.params),
        weights_(shared.settings.eval[R::kVariant]),
        net_(shared.settings.nets[size_t(R::kVariant)].get()),
        id_(id),
        history_keys_(shared.game.history, 1 + kMaxPly),
        stack_(std::make_unique_for_overwrite<Frame[]>(kMaxPly)),
        poll_mask_(node_poll_interval(shared.limits.nodes) - 1),
        quiescence_(in_variant(params_.quiescence_variants) && params_.quiescence_plies > 0),
        lmr_(in_variant(params_.lmr)),
        null_move_(in_variant(params_.null_move)),
        iir_(in_variant(params_.iir)),
        futility_(in_variant(params_.futility)),
        lmp_(in_variant(params_.lmp)),
        one_reply_(in_variant(params_.one_reply)),
        singular_(in_variant(params_.singular)),
        proven_(shared.settings.proven && !shared.settings.proven->empty()
                    ? shared.settings.proven.get()
                    : nullptr),
        proven_salt_(ProvenValues::salt(shared.rules)) {
    history_keys_.push(shared.root.key());
    excluded_.reserve(size_t(std::max(1, shared.settings.multipv)));
    report_.pv.reserve(kMaxPly);
    if (net_) net_eval_.emplace(*net_, nnue::incremental_by_default(R::kVariant));
  }

  // Iterative deepening. The main thread (id 0) reports, keeps the limits and returns the
  // result; helpers fill the shared table until the main thread is done.
  SearchResult iterate(const std::function<void(const SearchInfo&)>& on_info) {
    SearchResult result;
    MoveList root_moves;
    R::generate(s_.root, [&](Move m, const Position&, int) {
      if (root_allowed(m)) root_moves.push_back(m);
    });
    if (root_moves.empty()) return result;
    result.best = root_moves[0];
    const int level = s_.settings.skill_level;
    const int lines = std::min(skill_lines(level, s_.settings.multipv), root_moves.size());
    const int reported = std::min(s_.settings.multipv, lines);  // more only for the pick
    int max_depth = s_.limits.depth > 0 ? std::min(s_.limits.depth, kMaxPly - 1) : kMaxPly - 1;
    if (level <= 0) max_depth = 1;  // the random mover: any legal move
    std::vector<Value> values(size_t(lines), 0);
    std::vector<Line> pvs(static_cast<size_t>(lines), Line{});
    Move previous_best = Move::none();  // the last iteration's best move and value
    Value previous_value = 0;
    for (int depth = 1 + (id_ & kHelperDepthSkew); depth <= max_depth; ++depth) {
      excluded_.clear();
      for (int k = 0; k < lines; ++k) {
        root_pv_ = pvs[size_t(k)];
        Line line;
        root_depth_ = depth;
        const Value value = aspiration(depth, values[size_t(k)], line);
        if (aborted_ && (depth > 1 || id_)) break;
        values[size_t(k)] = value;
        pvs[size_t(k)] = line;
        if (line.size) excluded_.push_back(line.moves[0]);
      }
      if (aborted_ && (depth > 1 || id_)) break;
      if (id_ != 0) continue;
      if (pvs[0].size) result.best = pvs[0].moves[0];
      if (pvs[0].size)
        result.ponder = pvs[0].size > 1 ? std::optional(pvs[0].moves[1]) : std::nullopt;
      for (int k = 0; k < reported; ++k)
        on_info(info(k, depth, values[size_t(k)], pvs[size_t(k)]));
      if (aborted_ || std::abs(values[0]) > kMateBound) break;
      // An iteration costs more than all before it: do not start one that cannot end. More
      // time when the best move just changed or the score fell; none when forced.
      if (s_.budget.optimum_ms >= 0 && !pondering()) {
        if (params_.time_forced && root_moves.size() == 1) break;
        int64_t pct = params_.time_soft_pct;
        if (depth > 1 && pvs[0].size && pvs[0].moves[0] != previous_best)
          pct += params_.time_best_change_pct;
        if (depth > 1 && values[0] <= previous_value - params_.time_score_drop)
          pct += params_.time_score_drop_pct;
        if (s_.budget_elapsed_ms() * 100 > s_.budget.optimum_ms * pct) break;
      }
      if (pvs[0].size) previous_best = pvs[0].moves[0];
      previous_value = values[0];
    }
    publish_nodes();
    if (id_ == 0 && level < kMaxSkillLevel) pick_by_skill(result, root_moves, values, pvs);
    if (id_ == 0) {
      // `go infinite` gives its bestmove only after `stop`, `go ponder` after `ponderhit`.
      while ((s_.limits.infinite || pondering()) && !s_.stop.load())
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      s_.done = true;
    }
    result.nodes = nodes_;
    return result;
  }

 private:
  // Searches the root in a window around the previous value, widening it on failure.
  Value aspiration(int depth, Value previous, Line& line) {
    Value delta = params_.aspiration_delta;
    Value alpha = -kInfinite, beta = kInfinite;
    if (depth >= params_.aspiration_min_depth && std::abs(previous) < kMateBound) {
      alpha = std::max(previous - delta, -kInfinite);
      beta = std::min(previous + delta, kInfinite);
    }
    for (;;) {
      const Value value = search(s_.root, depth, 0, alpha, beta, line, true);
      if (aborted_) return value;
      if (value <= alpha && alpha > -kInfinite) {
        alpha = std::max(value - delta, -kInfinite);
      } else if (value >= beta && beta < kInfinite) {
        beta = std::min(value + delta, kInfinite);
      } else {
        return value;
      }
      delta *= 2;
    }
  }

  Value search(const Position& p, int depth, int ply, Value alpha, Value beta, Line& line,
               bool pv_node) {
    line.size = 0;
    // Step 1. Count the node; keep the limits.
    if ((++nodes_ & poll_mask_) == 0) poll();
    if (aborted_) return 0;
    seldepth_ = std::max(seldepth_, ply);

    // Step 2. Positions decided by the rules (rules.md section 2).
    if (std::optional<Side> lost = R::loser(p))
      return *lost == p.side_to_move() ? mated_in(ply) : mate_in(ply);
    if (ply > 0) {
      // A repetition scores as a draw already at its second occurrence (kigogo's rule;
      // in the other variants the engine avoids heading for the third).
      if (history_keys_.last_repeated()) return kDraw;
      if (s_.game.plies + ply >= s_.game.max_plies) return kDraw;
      // Step 3. Mate distance pruning: no line here beats a shorter mate found already.
      alpha = std::max(alpha, mated_in(ply));
      beta = std::min(beta, mate_in(ply + 1));
      if (alpha >= beta) return alpha;
      // Step 3a. Proven values, as a tablebase: the proof's mate distance, when the game
      // can still last that long (docs/solver.md, "Proven values in the search").
      if (proven_ && stack_[ply].excluded.is_none()) {
        const ProvenEntry* e = proven_->probe(p.key() ^ proven_salt_);
        if (e && s_.game.plies + ply + e->plies <= s_.game.max_plies &&
            ply + e->plies < kMate - kMateBound)
          return e->value(ply);
      }
    }

    // Step 4. The horizon: the evaluation, or first the moves that win seeds.
    path_[size_t(ply)] = &p;
    if (ply >= kMaxPly - 1) return evaluate(p, ply);
    if (depth <= 0)
      return quiescence_ ? quiesce(p, ply, alpha, beta, params_.quiescence_plies)
                         : evaluate(p, ply);

    // Step 5. Transposition table lookup.
    TTEntry tte;
    Frame& frame = stack_[ply];
    const bool excluding = !frame.excluded.is_none();  // a singular test of this node
    const bool hit = params_.use_tt && !excluding && s_.tt.probe(p.key(), tte);
    const Move tt_move = hit ? tte.move : Move::none();
    if (hit && !pv_node && tte.depth >= depth) {
      const Value v = from_tt(tte.value, ply);
      if (tte.bound == Bound::kExact || (tte.bound == Bound::kLower && v >= beta) ||
          (tte.bound == Bound::kUpper && v <= alpha))
        return v;
    }

    // Step 5a. Internal iterative reduction: a node the table knows nothing of is searched
    // a ply shallower (its ordering is a guess anyway).
    if (iir_ && tt_move.is_none() && depth >= params_.iir_min_depth) --depth;

    // Step 5b. Null move: if passing still holds beta with a reduced search, this node fails
    // high. Bao knows zugzwang (a side may have only losing moves), hence the switch.
    frame.null_move = false;
    if (null_move_ && !excluding && !pv_node && ply > 0 && depth >= params_.null_min_depth &&
        !stack_[ply - 1].null_move && std::abs(beta) < kMateBound && evaluate(p, ply) >= beta) {
      Position passed = p;
      passed.clear_takasia();
      passed.pass_turn();
      const int r = kNullReduction + depth / kNullDepthDivisor;
      stack_[ply].null_move = true;
      history_keys_.push(passed.key());
      const Value v =
          -search(passed, depth - 1 - r, ply + 1, -beta, -beta + 1, frame.child_line, false);
      history_keys_.pop();
      stack_[ply].null_move = false;
      if (aborted_) return 0;
      if (v >= beta && v < kMateBound) return v;
    }

    // Step 5c. Reverse futility: a shallow node whose evaluation beats beta by a margin per
    // ply of depth fails high without a search.
    if (futility_ && !excluding && !pv_node && ply > 0 && depth <= params_.futility_depth &&
        std::abs(beta) < kMateBound) {
      const Value e = evaluate(p, ply);
      if (e - params_.futility_margin * depth >= beta) return e;
    }

    // Step 5d. Singular extension: when every move but the table's fails low against a
    // margin below the table's value in a half-depth search, the table move is as good
    // as forced and is searched a ply deeper (Stockfish). Done before this node's moves
    // are generated, since the test reuses this ply's frame.
    bool singular = false;
    if (singular_ && !excluding && ply > 0 && depth >= params_.singular_depth && may_extend(ply) &&
        !tt_move.is_none() && tte.bound != Bound::kUpper && tte.depth >= depth - 3 &&
        std::abs(tte.value) < kMateBound) {
      const Value singular_beta = from_tt(tte.value, ply) - params_.singular_margin * depth;
      frame.excluded = tt_move;
      const Value v = search(p, (depth - 1) / 2, ply, singular_beta - 1, singular_beta,
                             frame.singular_line, false);
      frame.excluded = Move::none();
      if (aborted_) return 0;
      singular = v < singular_beta;
    }

    // Step 6. Generate the moves; no legal move loses (rules.md section 2).
    ChildList& children = frame.children;
    children.clear();
    R::generate(p, [&](Move m, const Position& c, int) { children.push_back(m, c); });
    if (children.empty()) return mated_in(ply);
    // Step 6a. A forced move costs no width: search it a ply deeper.
    if (one_reply_ && children.size() == 1 && may_extend(ply)) ++depth;

    // Step 7. Order: root PV move, TT move, captures, killers, history.
    order_moves(frame, p, ply, tt_move);
    const std::array<int, kMaxMoves>& order = frame.order;

    // Step 8. Principal variation search over the moves.
    const Value original_alpha = alpha;
    Value best = -kInfinite;
    Move best_move = Move::none();
    Line& child_line = frame.child_line;
    int searched = 0;
    for (int k = 0; k < children.size(); ++k) {
      const Child& c = children[order[k]];
      if (ply == 0 && std::find(excluded_.begin(), excluded_.end(), c.move) != excluded_.end())
        continue;
      if (ply == 0 && !root_allowed(c.move)) continue;
      if (excluding && c.move == frame.excluded) continue;
      if (ply == 0) report_currmove(c.move, searched + 1, depth);
      // A move that wins no seeds and is no killer: the one that pruning and reductions skip.
      const int score = key_score(frame.keys[size_t(k)]);
      const bool wins_seeds = frame.gain[size_t(order[k])] > 0;
      const bool quiet = !wins_seeds && score < kOrderKiller - 1;
      // Step 8a. Late move pruning: at a shallow node, late quiet moves are not searched.
      if (lmp_ && quiet && !pv_node && ply > 0 && depth <= params_.lmp_depth &&
          searched >= params_.lmp_base + depth * depth && best > -kMateBound)
        continue;
      history_keys_.push(c.position.key());
      const int new_depth = depth - 1 + (singular && c.move == tt_move);
      Value v;
      if (searched++ == 0) {
        v = -search(c.position, new_depth, ply + 1, -beta, -alpha, child_line, pv_node);
      } else {
        // Step 8b. Late move reductions: a quiet move late in the order is searched
        // shallower, less so with a good history, and again in full if it beats alpha.
        int r = 0;
        const bool late_capture = params_.lmr_captures && wins_seeds && score < kOrderTtMove;
        if (lmr_ && depth >= params_.lmr_min_depth && searched > params_.lmr_min_moves &&
            (quiet || late_capture)) {
          r = int(lmr_base(depth, searched) * 100 / params_.lmr_divisor);
          if (wins_seeds)
            --r;
          else
            r -= score / params_.lmr_history;
          if (pv_node) --r;
          r = std::clamp(r, 0, depth - 2);
        }
        v = -search(c.position, new_depth - r, ply + 1, -alpha - 1, -alpha, child_line, false);
        if (r > 0 && v > alpha && !aborted_)
          v = -search(c.position, new_depth, ply + 1, -alpha - 1, -alpha, child_line, false);
        if (v > alpha && v < beta && !aborted_)
          v = -search(c.position, new_depth, ply + 1, -beta, -alpha, child_line, true);
      }
      history_keys_.pop();
      if (aborted_) return 0;
      if (v > best) {
        best = v;
        best_move = c.move;
        if (v > alpha) {
          alpha = v;
          line.set(c.move, child_line);
          if (alpha >= beta) {
            // Step 9. A quiet move that refutes: remember it at this ply and for this side.
            if (!c.move.capture() && !(params_.gain_order && frame.gain[size_t(order[k])] > 0))
              reward_quiet(c.move, p.side_to_move(), ply, depth);
            break;
          }
        }
      }
    }
    if (searched == 0) return mated_in(ply);  // every root move excluded: cannot happen

    // Step 10. Store the result (not a singular test's: one move was left out).
    if (params_.use_tt && !excluding) {
      const Bound bound = best >= beta            ? Bound::kLower
                          : best > original_alpha ? Bound::kExact
                                                  : Bound::kUpper;
      s_.tt.store(p.key(), {best_move, to_tt(best, ply), depth, bound});
    }
    return best;
  }

  // The static evaluation: the network if the variant has one (a residual net on top of
  // the weights), else the weights. The network's accumulator is updated from the
  // parent's (path_) where that pays.
  Value evaluate(const Position& p, int ply) {
    if (!net_eval_) return kete::evaluate<R>(p, weights_);
    const Value out =
        net_eval_->template evaluate<R::W>(p, ply > 0 ? path_[size_t(ply - 1)] : nullptr);
    if (net_->form == nnue::Form::kPlain) return out;
    return nnue::combine(*net_, kete::evaluate<R>(p, weights_), out);
  }

  // Sorts by score, ties in generation order. The key holds both, so that std::sort (which
  // never allocates, unlike std::stable_sort) gives exactly the stable order.
  void order_moves(Frame& frame, const Position& p, int ply, Move tt_move) const {
    const Side us = p.side_to_move();
    const Move pv_move = ply < root_pv_.size && ply == 0 ? root_pv_.moves[0] : Move::none();
    const int n = frame.children.size();
    const int before = material(p, us);
    for (int i = 0; i < n; ++i) {
      const Move m = frame.children[i].move;
      const int gain = material(frame.children[i].position, us) - before;
      frame.gain[size_t(i)] = gain;
      int score;
      if (m == pv_move)
        score = kOrderPvMove;
      else if (m == tt_move)
        score = kOrderTtMove;
      else if (params_.gain_order && gain > 0)
        score = kOrderCapture + gain;
      else if (m.capture())
        score = kOrderCapture;
      else if (params_.use_killers && m == killers_[ply][0])
        score = kOrderKiller;
      else if (params_.use_killers && m == killers_[ply][1])
        score = kOrderKiller - 1;
      else
        score = params_.use_history ? history_[index(us)][history_index(m)] : 0;
      frame.keys[size_t(i)] = order_key(score, i);
    }
    std::sort(frame.keys.begin(), frame.keys.begin() + n, std::greater<>());
    for (int i = 0; i < n; ++i)
      frame.order[size_t(i)] = key_index(frame.keys[size_t(i)]);
  }

  // Extensions stop at twice the iteration's depth, so that chains of them stay bounded.
  bool may_extend(int ply) const { return ply < 2 * root_depth_; }

  static bool in_variant(int mask) { return (mask >> int(R::kVariant)) & 1; }

  // The horizon's search: the side to move may stand on the evaluation when it has a move
  // that wins no seeds (a quiet move), and otherwise must play one of its captures (Bao's
  // captures are compulsory when they exist); either way only seed-winning moves are
  // followed, for at most `plies` more plies. A Bao turn is already a whole move with all
  // its captures, so "quiet" is the next turn's question: can the mover win seeds?
  Value quiesce(const Position& p, int ply, Value alpha, Value beta, int plies) {
    path_[size_t(ply)] = &p;
    if (plies <= 0 || ply >= kMaxPly - 1) return evaluate(p, ply);
    Frame& frame = stack_[ply];
    ChildList& children = frame.children;
    children.clear();
    R::generate(p, [&](Move m, const Position& c, int) { children.push_back(m, c); });
    if (children.empty()) return mated_in(ply);
    const Side us = p.side_to_move();
    const int before = material(p, us);
    int captures = 0;
    for (int i = 0; i < children.size(); ++i) {
      const int gain = material(children[i].position, us) - before;
      if (gain > 0) frame.keys[size_t(captures++)] = order_key(gain, i);
    }
    Value best = -kInfinite;
    if (captures < children.size() || params_.quiescence_stand_pat) {
      best = evaluate(p, ply);
      if (best >= beta) return best;
      alpha = std::max(alpha, best);
    }
    std::sort(frame.keys.begin(), frame.keys.begin() + captures, std::greater<>());
    for (int k = 0; k < captures; ++k) {
      const Child& c = children[key_index(frame.keys[size_t(k)])];
      const Value v = -quiesce_node(c.position, ply + 1, -beta, -alpha, plies - 1);
      if (aborted_) return 0;
      if (v > best) {
        best = v;
        if (v > alpha) {
          alpha = v;
          if (alpha >= beta) break;
        }
      }
    }
    return best;
  }

  // A node of the horizon's search: counted, and decided by the rules where they decide.
  Value quiesce_node(const Position& p, int ply, Value alpha, Value beta, int plies) {
    if ((++nodes_ & poll_mask_) == 0) poll();
    if (aborted_) return 0;
    seldepth_ = std::max(seldepth_, ply);
    if (std::optional<Side> lost = R::loser(p))
      return *lost == p.side_to_move() ? mated_in(ply) : mate_in(ply);
    history_keys_.push(p.key());
    const bool repeated = history_keys_.last_repeated();
    const Value v = repeated ? kDraw : quiesce(p, ply, alpha, beta, plies);
    history_keys_.pop();
    return v;
  }

  void reward_quiet(Move m, Side us, int ply, int depth) {
    if (killers_[ply][0] != m) {
      killers_[ply][1] = killers_[ply][0];
      killers_[ply][0] = m;
    }
    int& h = history_[index(us)][history_index(m)];
    const int bonus = history_bonus(depth, params_.history_max);
    h += bonus - h * bonus / params_.history_max;  // gravity keeps |h| below history_max
  }

  static int history_index(Move m) { return m.raw() & (kHistorySize - 1); }

  void poll() {
    publish_nodes();
    if (s_.stop.load(std::memory_order_relaxed) || s_.done.load(std::memory_order_relaxed)) {
      aborted_ = true;
      return;
    }
    if (id_ != 0) return;
    if ((s_.limits.nodes && s_.total_nodes() >= s_.limits.nodes) ||
        (s_.budget.maximum_ms >= 0 && !pondering() &&
         s_.budget_elapsed_ms() >= s_.budget.maximum_ms))
      aborted_ = true;
  }

  // Below full strength the move is picked among the root lines (search/skill.h).
  void pick_by_skill(SearchResult& result, const MoveList& root_moves,
                     const std::vector<Value>& values, const std::vector<Line>& pvs) const {
    std::vector<Move> moves, all;
    std::vector<Value> line_values;
    for (size_t k = 0; k < pvs.size(); ++k)
      if (pvs[k].size) {
        moves.push_back(pvs[k].moves[0]);
        line_values.push_back(values[k]);
      }
    for (int i = 0; i < root_moves.size(); ++i)
      all.push_back(root_moves[i]);
    if (moves.empty()) return;
    Random random(s_.settings.skill_seed);
    const Move pick = pick_skill_move(s_.settings.skill_level, moves, line_values, all, random);
    result.best = pick;
    result.ponder.reset();
    for (const Line& line : pvs)
      if (line.size > 1 && line.moves[0] == pick) result.ponder = line.moves[1];
  }

  // The root moves the search may play: those of `go searchmoves`, or at a proven win
  // only the proof's move (search() checked that searchmoves allow it).
  bool root_allowed(Move m) const {
    if (s_.proven_move) return m == *s_.proven_move;
    return searchmove(s_.limits, m);
  }

  // While pondering no time limit applies; at `ponderhit` the time budget starts.
  bool pondering() {
    if (!pondering_) return false;
    if (s_.limits.pondering->load(std::memory_order_relaxed)) return true;
    pondering_ = false;
    if (id_ == 0) s_.budget_start = Clock::now();
    return false;
  }

  // `info currmove`, as GUIs show it, once the search has run a while (main thread).
  void report_currmove(Move m, int number, int depth) const {
    if (id_ != 0 || !s_.on_currmove || !*s_.on_currmove) return;
    if (s_.elapsed_ms() >= kCurrMoveAfterMs) (*s_.on_currmove)({m, number, depth});
  }

  void publish_nodes() { s_.nodes[size_t(id_)]->store(nodes_, std::memory_order_relaxed); }

  // The report reuses one SearchInfo, whose PV has room for kMaxPly moves: reporting an
  // iteration allocates nothing either.
  const SearchInfo& info(int k, int depth, Value value, const Line& line) {
    SearchInfo& i = report_;
    i.multipv = k + 1;
    i.depth = depth;
    i.seldepth = seldepth_;
    i.score.value = value;
    i.nodes = std::max(s_.total_nodes(), nodes_);
    i.time_ms = s_.elapsed_ms();
    i.hashfull = s_.tt.hashfull();
    i.pv.assign(line.moves.begin(), line.moves.begin() + line.size);
    return i;
  }

  Shared& s_;
  const SearchParams& params_;
  const Weights& weights_;  // this variant's evaluation weights
  const nnue::Net* net_;    // or its network
  std::optional<nnue::Evaluator> net_eval_;
  std::array<const Position*, kMaxPly> path_{};  // the positions from the root to a node
  const int id_;
  KeyPath history_keys_;
  uint64_t nodes_ = 0;
  int seldepth_ = 0;
  int root_depth_ = 1;  // the depth of the iteration being searched
  bool aborted_ = false;
  bool pondering_ = s_.limits.pondering && s_.limits.pondering->load();
  Line root_pv_;
  std::vector<Move> excluded_;  // root moves of earlier MultiPV lines in this iteration
  std::array<std::array<Move, 2>, kMaxPly> killers_{};
  std::array<std::array<int, kHistorySize>, 2> history_{};
  std::unique_ptr<Frame[]> stack_;  // indexed by ply
  const uint64_t poll_mask_;        // poll the limits when the node count & this is 0
  const bool quiescence_, lmr_, null_move_, iir_, futility_, lmp_, one_reply_,
      singular_;                // on for this variant
  const ProvenValues* proven_;  // null when there is nothing to probe
  const uint64_t proven_salt_;
  SearchInfo report_;
};

}  // namespace

uint64_t node_poll_interval(uint64_t node_limit) {
  if (node_limit == 0) return kPollInterval;
  return std::clamp<uint64_t>(std::bit_floor(node_limit / kNodeLimitSlack), 1, kPollInterval);
}

std::array<std::shared_ptr<const nnue::Net>, kVariantCount> SearchSettings::default_nets() {
  const auto& embedded = nnue::embedded_nets();
  return embedded.ok() ? *embedded : nnue::Nets{};
}

GameContext context_of(const Game& game) {
  GameContext c;
  for (size_t i = 0; i + 1 < game.history().size(); ++i)
    c.history.push_back(game.history()[i].key());
  c.plies = game.plies();
  c.max_plies = game.max_plies();
  return c;
}

SearchResult search(RuleSet rules, const Position& root, const GameContext& game,
                    const Limits& limits, const SearchSettings& settings, TranspositionTable& tt,
                    const std::atomic<bool>& stop,
                    const std::function<void(const SearchInfo&)>& on_info,
                    const std::function<void(const CurrMove&)>& on_currmove) {
  Shared shared{rules,
                root,
                game,
                limits,
                settings,
                tt,
                stop,
                {},
                plan_time(limits, settings.move_overhead_ms, root.side_to_move(),
                          planned_moves(settings.params, rules.variant)),
                Clock::now(),
                {}};
  shared.on_currmove = &on_currmove;
  if (settings.proven && !settings.proven->empty())
    if (const std::optional<ProvenMove> proven =
            proven_root_move(*settings.proven, rules, root, game);
        proven && searchmove(limits, proven->move))
      shared.proven_move = proven->move;
  const int threads = std::max(1, settings.threads);
  for (int i = 0; i < threads; ++i)
    shared.nodes.push_back(std::make_unique<std::atomic<uint64_t>>(0));
  tt.new_search();
  return with_rules(rules, [&]<class R>(R) {
    std::vector<std::thread> helpers;
    for (int id = 1; id < threads; ++id)
      helpers.emplace_back(
          [&shared, id] { Worker<R>(shared, id).iterate([](const SearchInfo&) {}); });
    SearchResult result = Worker<R>(shared, 0).iterate(on_info);
    shared.done = true;
    for (std::thread& t : helpers)
      t.join();
    result.nodes = shared.total_nodes();
    return result;
  });
}

}  // namespace kete
