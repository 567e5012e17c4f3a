// What one ply of the search keeps (Stockfish's Stack): its children, their order and the
// line below it. One frame per ply, allocated once per thread, so that no node constructs
// or allocates anything.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>

#include "rules/move.h"
#include "rules/position.h"
#include "search/params.h"

namespace kete {

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
inline constexpr int kIndexBits = std::countr_zero(unsigned(kMaxMoves));
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

struct Frame {
  ChildList children;
  std::array<int, kMaxMoves> order;
  std::array<int64_t, kMaxMoves> keys;  // the sort keys of the ordering (score * 512 + rank)
  std::array<int, kMaxMoves> gain;      // seeds each child wins for the mover
  std::array<int, kMaxMoves> deferred;  // children put off while another thread searched them
  Move excluded = Move::none();         // the move a singular test leaves out at this ply
  Line singular_line;  // the singular test's own PV (discarded): child_line is its children's
  Line child_line;     // the PV below the child being searched
};

}  // namespace kete
