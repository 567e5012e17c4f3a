// Move ordering (search/search.cpp, step 8): the root's previous best move, the table's
// move, the moves that win seeds (by the seeds won), the two killers of the ply, then quiet
// moves by their history; and the killers and the history that refuting quiet moves teach.
#pragma once

#include <algorithm>
#include <array>
#include <functional>

#include "rules/move.h"
#include "rules/position.h"
#include "search/params.h"
#include "search/stack.h"

namespace kete {

// Seeds a side holds on its ring and in its hand, less the opponent's: Bao's material. A
// move that raises it has won seeds: an eat in bao (whose moves carry no capture flag), a
// capture in kiswahili and kujifunza (seeds change sides), a capture in kigogo (seeds
// leave the board).
inline int material(const Position& p, Side s) {
  return p.ring_seeds(s) + p.hand(s) - p.ring_seeds(~s) - p.hand(~s);
}

class MoveOrder {
 public:
  using History = std::array<int, kHistorySize>;

  explicit MoveOrder(const SearchParams& params) : params_(params) {}

  // A side's history as it stands: a node that searches its table move before generating
  // its other moves keeps a copy, to order them as if none had been searched yet.
  const History& history(Side us) const { return history_[index(us)]; }

  // Scores the frame's children (their seeds won into frame.gain, their sort keys into
  // frame.keys) and sorts them into frame.order, ties in generation order. The key holds
  // both, so that std::sort (which never allocates, unlike std::stable_sort) gives exactly
  // the stable order. Quiet moves are ranked by `history`, the mover's.
  void order(Frame& frame, const Position& p, int ply, Move tt_move, Move pv_move,
             const History& history) const {
    const Side us = p.side_to_move();
    const int n = frame.children.size();
    const int before = material(p, us);
    for (int i = 0; i < n; ++i) {
      const Move m = frame.children[i].move;
      const int gain = material(frame.children[i].position, us) - before;
      frame.gain[size_t(i)] = gain;
      frame.keys[size_t(i)] = order_key(score(m, gain, ply, tt_move, pv_move, history), i);
    }
    std::sort(frame.keys.begin(), frame.keys.begin() + n, std::greater<>());
    for (int i = 0; i < n; ++i)
      frame.order[size_t(i)] = key_index(frame.keys[size_t(i)]);
  }

  // A quiet move that refuted at `ply`: the ply's first killer, and a history bonus for
  // its side, larger the deeper the refutation.
  void reward_quiet(Move m, Side us, int ply, int depth) {
    if (killers_[ply][0] != m) {
      killers_[ply][1] = killers_[ply][0];
      killers_[ply][0] = m;
    }
    int& h = history_[index(us)][history_index(m)];
    const int bonus = history_bonus(depth, params_.history_max);
    h += bonus - h * bonus / params_.history_max;  // gravity keeps |h| below history_max
  }

  // One of the ply's two killers (late move reductions leave them unreduced).
  bool is_killer(Move m, int ply) const { return killer_slot(m, ply) >= 0; }

 private:
  // The bands of search/params.h, highest first.
  int score(Move m, int gain, int ply, Move tt_move, Move pv_move, const History& history) const {
    if (m == pv_move) return kOrderPvMove;
    if (m == tt_move) return kOrderTtMove;
    if (params_.gain_order && gain > 0) return kOrderCapture + gain;
    if (m.capture()) return kOrderCapture;
    if (const int slot = killer_slot(m, ply); slot >= 0) return kOrderKiller - slot;
    return params_.use_history ? history[history_index(m)] : 0;
  }

  // Which of the ply's killers `m` is: 0 the first, 1 the second, -1 neither.
  int killer_slot(Move m, int ply) const {
    if (!params_.use_killers) return -1;
    if (m == killers_[ply][0]) return 0;
    if (m == killers_[ply][1]) return 1;
    return -1;
  }

  static int history_index(Move m) { return m.raw() & (kHistorySize - 1); }

  const SearchParams& params_;
  std::array<std::array<Move, 2>, kMaxPly> killers_{};
  std::array<History, 2> history_{};
};

}  // namespace kete
