#include "search/search.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <memory>
#include <thread>

#include "eval/evaluate.h"
#include "eval/net_file.h"
#include "rules/key_path.h"
#include "rules/rules.h"
#include "search/move_order.h"
#include "search/proven.h"
#include "search/skill.h"
#include "search/stack.h"
#include "search/threads.h"

namespace kete {
namespace {

// Mate values are stored relative to the node, so they stay right wherever it recurs.
Value to_tt(Value v, int ply) {
  return v > kMateBound ? v + ply : v < -kMateBound ? v - ply : v;
}
Value from_tt(Value v, int ply) {
  return v > kMateBound ? v - ply : v < -kMateBound ? v + ply : v;
}

// The late move reductions by depth and moves searched (Worker::lmr_reduction).
const auto kLmrTable = [] {
  std::array<std::array<int8_t, 64>, kMaxPly> t{};
  for (int d = 1; d < kMaxPly; ++d)
    for (int m = 1; m < 64; ++m)
      t[size_t(d)][size_t(m)] =
          int8_t(std::max(1, int(std::log(double(d)) * std::log(double(m + 1)) / 2.25)));
  return t;
}();

template <Rules R>
class Worker {
 public:
  Worker(SearchShared& shared, int id)
      : s_(shared),
        params_(shared.settings.params),
        weights_(shared.settings.eval[R::kVariant]),
        net_(shared.settings.nets[size_t(R::kVariant)].get()),
        id_(id),
        history_keys_(shared.game.history, 1 + kMaxPly),
        order_(params_),
        // Default-initialised, as make_unique_for_overwrite (not in emscripten's libc++ 14).
        stack_(new Frame[kMaxPly]),
        poll_mask_(node_poll_interval(shared.limits.nodes) - 1),
        quiescence_(in_variant(params_.quiescence_variants) && params_.quiescence_plies > 0),
        futility_(in_variant(params_.futility)),
        lmr_(in_variant(params_.lmr)),
        one_reply_(in_variant(params_.one_reply)),
        singular_(in_variant(params_.singular)),
        multi_cut_(in_variant(params_.multi_cut)),
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
    Value settled = kInfinite;  // the mate value settle_mate last proved exact, if any
    for (int depth = 1; depth <= max_depth; ++depth) {
      excluded_.clear();
      for (int k = 0; k < lines; ++k) {
        root_pv_ = pvs[size_t(k)];
        Line line;
        root_depth_ = depth;
        Value value = aspiration(depth, values[size_t(k)], line);
        if (aborted_ && (depth > 1 || id_ || k > 0)) break;
        if (aborted_) value = unfinished_first_iteration(root_moves[0], line);
        values[size_t(k)] = value;
        pvs[size_t(k)] = line;
        if (line.size) excluded_.push_back(line.moves[0]);
      }
      if (aborted_ && (depth > 1 || id_)) break;
      if (id_ != 0) continue;
      // A mate ends the search once it is exact (settle_mate), except that `go depth N`
      // searches to N.
      bool exact_mate = false;
      if (!aborted_ && lines == 1 && std::abs(values[0]) > kMateBound) {
        exact_mate = values[0] == settled || settle_mate(depth, values[0], pvs[0]);
        if (exact_mate) settled = values[0];
      }
      if (pvs[0].size) result.best = pvs[0].moves[0];
      if (pvs[0].size)
        result.ponder = pvs[0].size > 1 ? std::optional(pvs[0].moves[1]) : std::nullopt;
      for (int k = 0; k < reported; ++k)
        if (pvs[size_t(k)].size) on_info(info(k, depth, values[size_t(k)], pvs[size_t(k)]));
      if (aborted_ || (exact_mate && s_.limits.depth == 0)) break;
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
  // A mate found by an iteration may not be the shortest: the reverse futility pruning,
  // the late move reductions and the table's cutoffs, all taken at non-mate bounds, can
  // hide a shorter one (issue 30: mate 4 reported at depth 4 where mate 3 existed).
  // Searched again without them, and bounded by mate distance pruning to the mate's own
  // plies, the root either fails low (the mate was the shortest, or for the side being
  // mated the longest defence) or returns the exact mate and its line. Only a mate whose
  // plies lie within the nominal depth is settled, so the check costs at most one such
  // search; false when it cannot be.
  bool settle_mate(int depth, Value& value, Line& line) {
    const bool winning = value > 0;
    const int plies = winning ? kMate - value : kMate + value;
    if (winning && plies <= 1) return true;
    // A win in `plies` is exact unless one in fewer plies exists (a side can lose by its
    // own move, so a win may take an even number of plies); a loss in `plies` found by the
    // search is sure (its mates are real), only perhaps not the longest defence.
    const int settle_depth = winning ? plies - 1 : plies;
    if (settle_depth > depth) return false;
    const Value alpha = winning ? mate_in(plies - 1) - 1 : -kInfinite;
    const Value beta = winning ? kInfinite : mated_in(plies) + 1;
    excluded_.clear();
    root_pv_ = line;
    root_depth_ = settle_depth;
    exact_ = true;
    Line exact_line;
    const Value v = search(s_.root, settle_depth, 0, alpha, beta, exact_line, true);
    exact_ = false;
    if (aborted_) return false;
    if (v > alpha && v < beta && exact_line.size) {
      value = v;
      line = exact_line;
    }
    return true;
  }

  static bool has_move(const Position& p) {
    bool any = false;
    R::generate(p, [&](Move, const Position&, int) { any = true; });
    return any;
  }

  // `go nodes 1` can end the first iteration before its root moves have values (its
  // line may even be empty). Its line is then the one found so far, else the first legal
  // move, and its value the proof's mate for the proof's move, else the root's evaluation.
  Value unfinished_first_iteration(Move first, Line& line) {
    if (!line.size) {
      line.size = 1;
      line.moves[0] = s_.proven_root ? s_.proven_root->move : first;
    }
    if (s_.proven_root) return mate_in(s_.proven_root->plies);
    return evaluate(s_.root, 0);
  }

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
    if (depth <= 0) {
      // settle_mate's horizon knows the rules' last word too: no legal move loses.
      if (exact_ && !has_move(p)) return mated_in(ply);
      return quiescence_ ? quiesce(p, ply, alpha, beta, params_.quiescence_plies)
                         : evaluate(p, ply);
    }

    // Step 5. Transposition table lookup.
    TTEntry tte;
    Frame& frame = stack_[ply];
    const bool excluding = !frame.excluded.is_none();  // a singular test of this node
    const bool hit = params_.use_tt && !excluding && s_.tt.probe(p.key(), tte);
    const Move tt_move = hit ? tte.move : Move::none();
    if (hit && !pv_node && !exact_ && tte.depth >= depth) {
      const Value v = from_tt(tte.value, ply);
      if (tte.bound == Bound::kExact || (tte.bound == Bound::kLower && v >= beta) ||
          (tte.bound == Bound::kUpper && v <= alpha))
        return v;
    }

    // Step 5a. Reverse futility: a shallow node whose evaluation beats beta by a margin per
    // ply of depth fails high without a search.
    if (futility_ && !exact_ && !excluding && !pv_node && ply > 0 &&
        depth <= params_.futility_depth && std::abs(beta) < kMateBound) {
      const Value e = evaluate(p, ply);
      if (e - params_.futility_margin * depth >= beta) return e;
    }

    // Step 5b. Singular extension: the table move, when no other move comes near it, is
    // searched a ply deeper. Tested before this node's moves are generated, since the test
    // reuses this ply's frame.
    int tt_extension = 0;
    if (singular_ && !excluding && ply > 0 && hit) {
      const Singular test = singular_test(p, depth, ply, tte);
      if (aborted_) return 0;
      // Step 5c. Multi-cut: another move beats a bound at or above beta as well, so the
      // node fails high without its own search.
      if (multi_cut_ && !pv_node && !exact_ && test.tested && !test.singular && test.beta >= beta)
        return test.beta;
      tt_extension = test.extension;
    }

    // What steps 6 to 10 share: the node's best so far, the search of one child (step 9),
    // the refutation's lesson (9a) and the table's store (10).
    ChildList& children = frame.children;
    children.clear();
    const Side us = p.side_to_move();
    const Value original_alpha = alpha;
    Value best = -kInfinite;
    Move best_move = Move::none();
    Line& child_line = frame.child_line;
    int searched = 0;
    // Moves another thread is searching are put off to the end (InFlight).
    const bool share = s_.in_flight.on() && depth >= kDeferDepth;
    // Searches child c; true when it refutes the node.
    auto visit = [&](const Child& c, int reduction = 0) {
      if (ply == 0) report_currmove(c.move, searched + 1, depth);
      if (share) s_.in_flight.enter(c.position.key());
      history_keys_.push(c.position.key());
      const int new_depth = depth - 1 + (c.move == tt_move ? tt_extension : 0);
      Value v;
      if (searched++ == 0) {
        v = -search(c.position, new_depth, ply + 1, -beta, -alpha, child_line, pv_node);
      } else {
        // A zero window first: a move that cannot beat alpha is refuted cheaply; a late
        // quiet move first at a reduced depth (step 9b), and again at full depth if it
        // beats alpha there.
        v = -search(c.position, new_depth - reduction, ply + 1, -alpha - 1, -alpha, child_line,
                    false);
        if (reduction > 0 && v > alpha && !aborted_)
          v = -search(c.position, new_depth, ply + 1, -alpha - 1, -alpha, child_line, false);
        if (v > alpha && v < beta && !aborted_)
          v = -search(c.position, new_depth, ply + 1, -beta, -alpha, child_line, true);
      }
      history_keys_.pop();
      if (share) s_.in_flight.leave(c.position.key());
      if (aborted_ || v <= best) return false;
      best = v;
      best_move = c.move;
      if (v <= alpha) return false;
      alpha = v;
      line.set(c.move, child_line);
      return alpha >= beta;
    };
    // Step 9a. A quiet move that refutes (gain: the seeds it wins): remember it at this ply
    // and for this side.
    auto refuted_by = [&](const Child& c, int gain) {
      if (!c.move.capture() && !(params_.gain_order && gain > 0))
        order_.reward_quiet(c.move, us, ply, depth);
    };
    // Step 10. Store the result (not a singular test's: one move was left out).
    auto store = [&] {
      if (params_.use_tt && !excluding) {
        const Bound bound = best >= beta            ? Bound::kLower
                            : best > original_alpha ? Bound::kExact
                                                    : Bound::kUpper;
        s_.tt.store(p.key(), {best_move, to_tt(best, ply), depth, bound});
      }
      return best;
    };

    // Step 6. The table's move first (Stockfish's staged move picker): in bao, below the
    // root, it is played and searched before the other moves are generated, and a cutoff
    // spares generating them. The search is the same tree either way: the table's move is
    // the first in the order below, and the others are ordered by the history from before
    // it. The other variants lost a little time with it, for fewer instructions
    // (docs/performance.md, "The table's move before the others").
    // (Step 6a. A forced move costs no width: it is searched a ply deeper.)
    const bool may_extend_reply = one_reply_ && may_extend(ply);
    bool tt_first = false;
    MoveOrder::History history_before;
    if (kTableMoveFirst && ply > 0 && !tt_move.is_none()) {
      bool sole = false;
      tt_first = play_first_tier_move<R>(
          p, tt_move, may_extend_reply ? &sole : nullptr,
          [&](Move m, const Position& c, int) { children.push_back(m, c); });
      if (tt_first) {
        if (sole) ++depth;
        if (params_.use_tt && depth > 1) s_.tt.prefetch(children[0].position.key());
        history_before = order_.history(us);
        const bool cutoff = visit(children[0]);
        if (aborted_) return 0;
        if (cutoff) {
          refuted_by(children[0], material(children[0].position, us) - material(p, us));
          return store();
        }
        children.clear();
      }
    }

    // Step 7. Generate the moves; no legal move loses (rules.md section 2).
    R::generate(p, [&](Move m, const Position& c, int) { children.push_back(m, c); });
    if (children.empty()) return mated_in(ply);
    // The children that search() will look up in the table (above the horizon): their
    // buckets are asked for together, so that the lookups' memory waits overlap.
    if (params_.use_tt && depth > 1)
      for (int i = 0; i < children.size(); ++i)
        s_.tt.prefetch(children[i].position.key());
    if (!tt_first && may_extend_reply && children.size() == 1) ++depth;

    // Step 8. Order: root PV move, TT move, captures, killers, history.
    order_.order(frame, p, ply, tt_move,
                 ply == 0 && root_pv_.size ? root_pv_.moves[0] : Move::none(),
                 tt_first ? history_before : order_.history(us));
    const std::array<int, kMaxMoves>& order = frame.order;

    // Step 9. Principal variation search over the moves.
    int deferred = 0;
    for (int k = 0; k < children.size() + deferred; ++k) {
      const bool first_pass = k < children.size();
      const int index = first_pass ? order[k] : frame.deferred[size_t(k - children.size())];
      const Child& c = children[index];
      if (tt_first && c.move == tt_move) continue;
      if (ply == 0 && std::find(excluded_.begin(), excluded_.end(), c.move) != excluded_.end())
        continue;
      if (ply == 0 && !root_allowed(c.move)) continue;
      if (excluding && c.move == frame.excluded) continue;
      if (share && first_pass && searched > 0 && s_.in_flight.busy(c.position.key())) {
        frame.deferred[size_t(deferred++)] = index;
        continue;
      }
      // Step 9b. Late move reductions: a quiet move late in the order is searched shallower
      // first. Not at the root, nor where the shortest mate is settled (exact_).
      int reduction = 0;
      if (lmr_ && first_pass && depth >= params_.lmr_depth && searched >= params_.lmr_moves &&
          ply > 0 && !exact_ && !excluding && frame.gain[size_t(index)] <= 0 && !c.move.capture() &&
          !order_.is_killer(c.move, ply))
        reduction = std::min(lmr_reduction(depth, searched), depth - 2);  // to depth 1 at least
      const bool cutoff = visit(c, reduction);
      if (aborted_) return 0;
      if (cutoff) {
        refuted_by(c, frame.gain[size_t(index)]);
        break;
      }
    }
    if (searched == 0) return mated_in(ply);  // every root move excluded: cannot happen
    return store();
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

  // The singular test (Ethereal's moveIsSingular): the table move is singular when every
  // other move fails low against a margin below the table's value, in a search of about
  // half the depth (Stockfish's singular extension), and then searched a ply deeper.
  // Only a table entry deep enough to trust, and not a mere upper bound, is tested.
  struct Singular {
    bool tested = false, singular = false;
    int extension = 0;
    Value beta = 0;  // the bound the other moves were tested against
  };
  Singular singular_test(const Position& p, int depth, int ply, const TTEntry& tte) {
    Singular result;
    if (depth < params_.singular_depth || !may_extend(ply) || tte.move.is_none() ||
        tte.bound == Bound::kUpper || tte.depth < depth - kSingularTableSlack ||
        std::abs(tte.value) >= kMateBound)
      return result;
    result.tested = true;
    result.beta = from_tt(tte.value, ply) - params_.singular_margin * depth;
    Frame& frame = stack_[ply];
    frame.excluded = tte.move;
    const Value v = search(p, singular_test_depth(depth), ply, result.beta - 1, result.beta,
                           frame.singular_line, false);
    frame.excluded = Move::none();
    if (aborted_ || v >= result.beta) return result;
    result.singular = true;
    result.extension = 1;
    return result;
  }

  // The late move reduction after `moves` moves searched: ln(depth) ln(moves + 1) / 2.25
  // plies, at least 1 (the form of kete 0.1's rejected LMR, docs/strength.md).
  static int lmr_reduction(int depth, int moves) {
    return kLmrTable[size_t(std::min(depth, kMaxPly - 1))][size_t(std::min(moves, 63))];
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
    const Side us = p.side_to_move();
    const int before = material(p, us);
    // In bao, where eating is optional, the side to move nearly always has a quiet move:
    // the evaluation comes first, and when it fails high one quiet move found is enough,
    // without generating the others (the value is the one the full generation gives).
    Value stand_pat = -kInfinite;
    if constexpr (kStandPatFirst) {
      stand_pat = evaluate(p, ply);
      if (stand_pat >= beta && any_legal_move<R>(p, [&](Move, const Position& c, int) {
            return material(c, us) <= before;
          }))
        return stand_pat;
    }
    Frame& frame = stack_[ply];
    ChildList& children = frame.children;
    children.clear();
    R::generate(p, [&](Move m, const Position& c, int) { children.push_back(m, c); });
    if (children.empty()) return mated_in(ply);
    int captures = 0;
    for (int i = 0; i < children.size(); ++i) {
      const int gain = material(children[i].position, us) - before;
      if (gain > 0) frame.keys[size_t(captures++)] = order_key(gain, i);
    }
    Value best = -kInfinite;
    if (captures < children.size()) {
      best = kStandPatFirst ? stand_pat : evaluate(p, ply);
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
    if (s_.proven_root) return m == s_.proven_root->move;
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

  SearchShared& s_;
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
  bool exact_ = false;  // settle_mate's search: no pruning that could hide a mate
  bool pondering_ = s_.limits.pondering && s_.limits.pondering->load();
  Line root_pv_;
  std::vector<Move> excluded_;  // root moves of earlier MultiPV lines in this iteration
  // The table's move is searched before the other moves are generated (step 6).
  static constexpr bool kTableMoveFirst = R::kVariant == Variant::kBao;
  // The horizon's evaluation comes before its moves are generated (quiesce).
  static constexpr bool kStandPatFirst = R::kVariant == Variant::kBao;

  MoveOrder order_;                 // killers and history
  std::unique_ptr<Frame[]> stack_;  // indexed by ply
  const uint64_t poll_mask_;        // poll the limits when the node count & this is 0
  const bool quiescence_, futility_, lmr_, one_reply_, singular_,
      multi_cut_;               // on for this variant
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

template <Rules R>
SearchResult search_thread(SearchShared& shared, int id,
                           const std::function<void(const SearchInfo&)>& on_info) {
  return Worker<R>(shared, id).iterate(on_info);
}

// The rules types of with_rules (rules/rules.h): one search per variant and kichwa rule.
template SearchResult search_thread<BaoRules>(SearchShared&, int,
                                              const std::function<void(const SearchInfo&)>&);
template SearchResult search_thread<KigogoRules>(SearchShared&, int,
                                                 const std::function<void(const SearchInfo&)>&);
template SearchResult search_thread<KiswahiliRules>(SearchShared&, int,
                                                    const std::function<void(const SearchInfo&)>&);
template SearchResult search_thread<KujifunzaRules<KichwaRule::kChoose>>(
    SearchShared&, int, const std::function<void(const SearchInfo&)>&);
template SearchResult search_thread<KujifunzaRules<KichwaRule::kFollow>>(
    SearchShared&, int, const std::function<void(const SearchInfo&)>&);

}  // namespace kete
