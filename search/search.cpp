#include "search/search.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>

#include "engine/evaluate.h"
#include "engine/rules.h"

namespace kete {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kMaxPly = 64;

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

// The time this move may use, or -1 for no limit (rules of thumb until the time
// management of the search issue: a share of the clock plus most of the increment).
int64_t time_budget_ms(const Limits& limits, const SearchSettings& settings, Side us) {
  if (limits.infinite) return -1;
  if (limits.movetime_ms >= 0)
    return std::max<int64_t>(1, limits.movetime_ms - settings.move_overhead_ms);
  const int64_t left = limits.time_ms[index(us)];
  if (left < 0) return -1;
  const int moves_to_go = limits.movestogo > 0 ? std::min(limits.movestogo, 40) : 30;
  const int64_t share = left / moves_to_go + limits.inc_ms[index(us)] * 3 / 4;
  const int64_t cap = left / 2 - settings.move_overhead_ms;
  return std::max<int64_t>(1, std::min(share, cap));
}

template <Rules R>
class Worker {
 public:
  Worker(const Limits& limits, const SearchSettings& settings, const std::atomic<bool>& stop,
         Side us)
      : limits_(limits), stop_(stop), budget_ms_(time_budget_ms(limits, settings, us)) {}

  SearchResult run(const Position& root, const std::function<void(const SearchInfo&)>& on_info) {
    SearchResult result;
    const MoveList moves = legal_moves<R>(root);
    if (moves.empty()) return result;
    result.best = moves[0];
    const int max_depth = limits_.depth > 0 ? std::min(limits_.depth, kMaxPly) : kMaxPly;
    for (int depth = 1; depth <= max_depth; ++depth) {
      Line line;
      seldepth_ = 0;
      const Value value = negamax(root, depth, 0, -kInfinite, kInfinite, line);
      if (aborted_ && depth > 1) break;  // an unfinished iteration is not trusted
      if (line.size) result.best = line.moves[0];
      pv_ = line;
      on_info(info(depth, value));
      if (aborted_ || std::abs(value) > kMateBound) break;
      // Another iteration costs more than all before it: do not start what cannot end.
      if (budget_ms_ >= 0 && elapsed_ms() * 2 > budget_ms_) break;
    }
    result.nodes = nodes_;
    return result;
  }

 private:
  Value negamax(const Position& p, int depth, int ply, Value alpha, Value beta, Line& line) {
    line.size = 0;
    ++nodes_;
    seldepth_ = std::max(seldepth_, ply);
    if ((nodes_ & 1023) == 0) check_limits();
    if (aborted_) return 0;
    if (std::optional<Side> lost = R::loser(p))
      return *lost == p.side_to_move() ? mated_in(ply) : mate_in(ply);
    if (depth <= 0 || ply >= kMaxPly - 1) return evaluate(p);

    FixedList<Child> children;
    R::generate(p, [&](Move m, const Position& c, int) { children.push_back({m, c}); });
    if (children.empty()) return mated_in(ply);  // no legal move loses (rules.md 2)

    std::array<int, kMaxMoves> order;
    const int n = order_moves(children, ply, order);
    Line child_line;
    for (int k = 0; k < n; ++k) {
      const Child& c = children[order[k]];
      const Value value = -negamax(c.position, depth - 1, ply + 1, -beta, -alpha, child_line);
      if (aborted_) return 0;
      if (value > alpha) {
        alpha = value;
        line.set(c.move, child_line);
        if (alpha >= beta) break;
      }
    }
    return alpha;
  }

  // The previous iteration's PV move first, then captures, then the rest.
  int order_moves(const FixedList<Child>& children, int ply, std::array<int, kMaxMoves>& order) {
    const int n = children.size();
    for (int i = 0; i < n; ++i)
      order[i] = i;
    const bool on_pv = ply < pv_.size;
    std::stable_sort(order.begin(), order.begin() + n, [&](int a, int b) {
      auto rank = [&](int i) {
        if (on_pv && children[i].move == pv_.moves[ply]) return 0;
        return children[i].move.capture() ? 1 : 2;
      };
      return rank(a) < rank(b);
    });
    return n;
  }

  void check_limits() {
    if (stop_.load(std::memory_order_relaxed) || (limits_.nodes && nodes_ >= limits_.nodes) ||
        (budget_ms_ >= 0 && elapsed_ms() >= budget_ms_))
      aborted_ = true;
  }

  int64_t elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
  }

  SearchInfo info(int depth, Value value) const {
    SearchInfo i;
    i.depth = depth;
    i.seldepth = seldepth_;
    i.score.value = value;
    i.nodes = nodes_;
    i.time_ms = elapsed_ms();
    i.pv.assign(pv_.moves.begin(), pv_.moves.begin() + pv_.size);
    return i;
  }

  const Limits& limits_;
  const std::atomic<bool>& stop_;
  const int64_t budget_ms_;
  const Clock::time_point start_ = Clock::now();
  uint64_t nodes_ = 0;
  int seldepth_ = 0;
  bool aborted_ = false;
  Line pv_;
};

}  // namespace

SearchResult search(RuleSet rules, const Position& p, const Limits& limits,
                    const SearchSettings& settings, const std::atomic<bool>& stop,
                    const std::function<void(const SearchInfo&)>& on_info) {
  return with_rules(rules, [&]<class R>(R) {
    return Worker<R>(limits, settings, stop, p.side_to_move()).run(p, on_info);
  });
}

}  // namespace kete
