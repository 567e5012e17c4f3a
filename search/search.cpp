#include "search/search.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <thread>

#include "engine/evaluate.h"
#include "engine/rules.h"
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

// Keys of the positions from the game's start to the current node. A 16-bit count filter
// lets the repetition test skip the scan when the key cannot be present.
class KeyHistory {
 public:
  explicit KeyHistory(const std::vector<uint64_t>& game) : filter_(1 << 16) {
    for (uint64_t k : game)
      push(k);
  }
  void push(uint64_t k) {
    keys_.push_back(k);
    ++filter_[k & 0xFFFF];
  }
  void pop() {
    --filter_[keys_.back() & 0xFFFF];
    keys_.pop_back();
  }
  // True if the last key occurred before (the key includes the side to move).
  bool repeated() const {
    const uint64_t k = keys_.back();
    if (filter_[k & 0xFFFF] < 2) return false;
    return std::find(keys_.rbegin() + 1, keys_.rend(), k) != keys_.rend();
  }

 private:
  std::vector<uint64_t> keys_;
  std::vector<uint16_t> filter_;
};

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

  int64_t elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
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
        id_(id),
        history_keys_(shared.game.history) {
    history_keys_.push(shared.root.key());
  }

  // Iterative deepening. The main thread (id 0) reports, keeps the limits and returns the
  // result; helpers fill the shared table until the main thread is done.
  SearchResult iterate(const std::function<void(const SearchInfo&)>& on_info) {
    SearchResult result;
    FixedList<Child> root_children;
    R::generate(s_.root, [&](Move m, const Position& c, int) { root_children.push_back({m, c}); });
    if (root_children.empty()) return result;
    result.best = root_children[0].move;
    const int lines = std::min(s_.settings.multipv, root_children.size());
    const int max_depth =
        s_.limits.depth > 0 ? std::min(s_.limits.depth, kMaxPly - 1) : kMaxPly - 1;
    std::vector<Value> values(size_t(lines), 0);
    std::vector<Line> pvs(static_cast<size_t>(lines), Line{});
    for (int depth = 1 + (id_ & kHelperDepthSkew); depth <= max_depth; ++depth) {
      excluded_.clear();
      for (int k = 0; k < lines; ++k) {
        root_pv_ = pvs[size_t(k)];
        Line line;
        const Value value = aspiration(depth, values[size_t(k)], line);
        if (aborted_ && (depth > 1 || id_)) break;
        values[size_t(k)] = value;
        pvs[size_t(k)] = line;
        if (line.size) excluded_.push_back(line.moves[0]);
      }
      if (aborted_ && (depth > 1 || id_)) break;
      if (id_ != 0) continue;
      if (pvs[0].size) result.best = pvs[0].moves[0];
      for (int k = 0; k < lines; ++k)
        on_info(info(k, depth, values[size_t(k)], pvs[size_t(k)]));
      if (aborted_ || std::abs(values[0]) > kMateBound) break;
      // An iteration costs more than all before it: do not start one that cannot end.
      if (s_.budget.optimum_ms >= 0 && s_.elapsed_ms() > s_.budget.optimum_ms / kIterationStartDen)
        break;
    }
    publish_nodes();
    if (id_ == 0) {
      // `go infinite` gives its bestmove only after `stop`.
      while (s_.limits.infinite && !s_.stop.load())
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
    if ((++nodes_ & (kPollInterval - 1)) == 0) poll();
    if (aborted_) return 0;
    seldepth_ = std::max(seldepth_, ply);

    // Step 2. Positions decided by the rules (rules.md section 2).
    if (std::optional<Side> lost = R::loser(p))
      return *lost == p.side_to_move() ? mated_in(ply) : mate_in(ply);
    if (ply > 0) {
      // A repetition scores as a draw already at its second occurrence (kigogo's rule;
      // in the other variants the engine avoids heading for the third).
      if (history_keys_.repeated()) return kDraw;
      if (s_.game.plies + ply >= s_.game.max_plies) return kDraw;
      // Step 3. Mate distance pruning: no line here beats a shorter mate found already.
      alpha = std::max(alpha, mated_in(ply));
      beta = std::min(beta, mate_in(ply + 1));
      if (alpha >= beta) return alpha;
    }

    // Step 4. The horizon.
    if (depth <= 0 || ply >= kMaxPly - 1) return evaluate<R>(p, weights_);

    // Step 5. Transposition table lookup.
    TTEntry tte;
    const bool hit = params_.use_tt && s_.tt.probe(p.key(), tte);
    const Move tt_move = hit ? tte.move : Move::none();
    if (hit && !pv_node && tte.depth >= depth) {
      const Value v = from_tt(tte.value, ply);
      if (tte.bound == Bound::kExact || (tte.bound == Bound::kLower && v >= beta) ||
          (tte.bound == Bound::kUpper && v <= alpha))
        return v;
    }

    // Step 6. Generate the moves; no legal move loses (rules.md section 2).
    FixedList<Child> children;
    R::generate(p, [&](Move m, const Position& c, int) { children.push_back({m, c}); });
    if (children.empty()) return mated_in(ply);

    // Step 7. Order: root PV move, TT move, captures, killers, history.
    std::array<int, kMaxMoves> order;
    order_moves(children, p.side_to_move(), ply, tt_move, order);

    // Step 8. Principal variation search over the moves.
    const Value original_alpha = alpha;
    Value best = -kInfinite;
    Move best_move = Move::none();
    Line child_line;
    int searched = 0;
    for (int k = 0; k < children.size(); ++k) {
      const Child& c = children[order[k]];
      if (ply == 0 && std::find(excluded_.begin(), excluded_.end(), c.move) != excluded_.end())
        continue;
      history_keys_.push(c.position.key());
      Value v;
      if (searched++ == 0) {
        v = -search(c.position, depth - 1, ply + 1, -beta, -alpha, child_line, pv_node);
      } else {
        v = -search(c.position, depth - 1, ply + 1, -alpha - 1, -alpha, child_line, false);
        if (v > alpha && v < beta)
          v = -search(c.position, depth - 1, ply + 1, -beta, -alpha, child_line, true);
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
            if (!c.move.capture()) reward_quiet(c.move, p.side_to_move(), ply, depth);
            break;
          }
        }
      }
    }
    if (searched == 0) return mated_in(ply);  // every root move excluded: cannot happen

    // Step 10. Store the result.
    if (params_.use_tt) {
      const Bound bound = best >= beta            ? Bound::kLower
                          : best > original_alpha ? Bound::kExact
                                                  : Bound::kUpper;
      s_.tt.store(p.key(), {best_move, to_tt(best, ply), depth, bound});
    }
    return best;
  }

  void order_moves(const FixedList<Child>& children, Side us, int ply, Move tt_move,
                   std::array<int, kMaxMoves>& order) const {
    std::array<int, kMaxMoves> score;
    const Move pv_move = ply < root_pv_.size && ply == 0 ? root_pv_.moves[0] : Move::none();
    const int n = children.size();
    for (int i = 0; i < n; ++i) {
      const Move m = children[i].move;
      order[i] = i;
      if (m == pv_move)
        score[i] = kOrderPvMove;
      else if (m == tt_move)
        score[i] = kOrderTtMove;
      else if (m.capture())
        score[i] = kOrderCapture;
      else if (params_.use_killers && m == killers_[ply][0])
        score[i] = kOrderKiller;
      else if (params_.use_killers && m == killers_[ply][1])
        score[i] = kOrderKiller - 1;
      else
        score[i] = params_.use_history ? history_[index(us)][history_index(m)] : 0;
    }
    std::stable_sort(order.begin(), order.begin() + n,
                     [&](int a, int b) { return score[a] > score[b]; });
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
        (s_.budget.maximum_ms >= 0 && s_.elapsed_ms() >= s_.budget.maximum_ms))
      aborted_ = true;
  }

  void publish_nodes() { s_.nodes[size_t(id_)]->store(nodes_, std::memory_order_relaxed); }

  SearchInfo info(int k, int depth, Value value, const Line& line) const {
    SearchInfo i;
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
  const int id_;
  KeyHistory history_keys_;
  uint64_t nodes_ = 0;
  int seldepth_ = 0;
  bool aborted_ = false;
  Line root_pv_;
  std::vector<Move> excluded_;  // root moves of earlier MultiPV lines in this iteration
  std::array<std::array<Move, 2>, kMaxPly> killers_{};
  std::array<std::array<int, kHistorySize>, 2> history_{};
};

}  // namespace

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
                    const std::function<void(const SearchInfo&)>& on_info) {
  Shared shared{rules,
                root,
                game,
                limits,
                settings,
                tt,
                stop,
                {},
                plan_time(limits, settings.move_overhead_ms, root.side_to_move(),
                          settings.params.time_moves_to_go),
                Clock::now(),
                {}};
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
