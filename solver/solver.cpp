#include "solver/solver.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <chrono>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>

#include "eval/evaluate.h"
#include "eval/weights.h"
#include "rules/key_path.h"
#include "rules/random.h"
#include "rules/rules.h"
#include "rules/text.h"
#include "rules/zero_pages.h"

namespace kete {

// The numbers of a node, from the attacker's view.
struct Numbers {
  uint32_t proof = 1, disproof = 1;
  uint16_t plies = 0;  // proven: the length of the win the proof found
  bool path_dependent = false;
};

// A table entry: the numbers of one node, from the attacker's view.
struct SolverEntry {
  uint64_t key = 0;
  Numbers numbers;
  uint32_t work = 0;  // nodes spent on the node: the replacement keeps the costliest
  Move move = Move::none();
  bool used = false;
};

// Buckets of four entries; a new entry replaces the same key, an empty slot, or the
// entry that cost the least work (Breuker's "small tree" replacement).
class SolverTable {
 public:
  // At most `mib` MiB: when the machine cannot give that much, half as much, and so on
  // (a solve must not end the process: the protocol starts one with the Hash size). Zero
  // pages (rules/zero_pages.h), all-zero entries unused: making or clearing the table
  // returns at once and its memory is what the solve touches (issue 29: `stop` after `go
  // mate` at Hash 4096 waited 35-47 s for two 4 GB fills per depth).
  SolverTable(size_t mib, ZeroPages::Pages kind)
      : count_(std::max<size_t>(1, (mib << 20) / sizeof(Bucket))) {
    for (;;) {
      try {
        pages_ = ZeroPages(count_ * sizeof(Bucket), kind);
        buckets_ = static_cast<Bucket*>(pages_.data());
        return;
      } catch (const std::bad_alloc&) {
        if (count_ == 1) throw;
        count_ /= 2;
      }
    }
  }

  void clear() {
    pages_.clear();
    used_ = 0;
  }
  size_t size_bytes() const { return count_ * sizeof(Bucket); }
  uint64_t used() const { return used_; }
  size_t buckets() const { return count_; }

  // Entry `index` of the buckets' entries in order: what a checkpoint saves, in place, so
  // that a restored table replaces as the saved one would have.
  size_t slots() const { return count_ * kWays; }
  SolverEntry slot(size_t index) const { return buckets_[index / kWays].entry(index % kWays); }
  void place(size_t index, const SolverEntry& entry) {
    Bucket& b = buckets_[index / kWays];
    if (!b.tail[index % kWays].used) ++used_;
    b.set(index % kWays, entry);
  }

  // Asks the memory for the keys and numbers of `key`'s bucket, so that a probe of it
  // soon after finds them in the cache: a node's children are prefetched as they are
  // sown, and their misses overlap instead of coming one after another.
  void prefetch(uint64_t key) const { __builtin_prefetch(&bucket(key).head); }
  // The same for the rest of the bucket, which a store reads.
  void prefetch_tail(uint64_t key) const { __builtin_prefetch(&bucket(key).tail); }

  // The numbers of `key`'s entry. A key not in the table, most of a search's probes, is told from
  // the first cache line alone (an unused way's key is 0, and a 0 key is checked).
  std::optional<Numbers> probe(uint64_t key) const {
    const Bucket& b = bucket(key);
    for (int i = 0; i < kWays; ++i)
      if (b.head[i].key == key && b.tail[i].used) return b.numbers(i);
    return std::nullopt;
  }

  void store(const SolverEntry& entry) {
    Bucket& b = bucket(entry.key);
    int victim = 0;
    for (int i = 0; i < kWays; ++i) {
      const bool used = b.tail[i].used;
      if (used && b.head[i].key == entry.key) {
        victim = i;
        break;
      }
      if (!used || (b.tail[victim].used && b.tail[i].work < b.tail[victim].work)) victim = i;
    }
    if (!b.tail[victim].used) ++used_;
    b.set(victim, entry);
  }

 private:
  static constexpr int kWays = 4;
  // A bucket's entries in two cache lines: the first holds what a probe compares and
  // mostly needs (keys and numbers), the second the rest. A probe that finds nothing
  // touches one line, and one line is prefetched (docs/solver.md "Speed").
  struct alignas(64) Bucket {
    struct Head {
      uint64_t key;
      uint32_t proof, disproof;
    };
    struct Tail {
      uint32_t work;
      Move move;
      uint16_t plies;
      bool path_dependent;
      bool used;
    };
    Head head[kWays];
    alignas(64) Tail tail[kWays];

    Numbers numbers(int i) const {
      return {head[i].proof, head[i].disproof, tail[i].plies, tail[i].path_dependent};
    }
    SolverEntry entry(int i) const {
      return {head[i].key, numbers(i), tail[i].work, tail[i].move, tail[i].used};
    }
    void set(int i, const SolverEntry& e) {
      head[i] = {e.key, e.numbers.proof, e.numbers.disproof};
      tail[i] = {e.work, e.move, e.numbers.plies, e.numbers.path_dependent, true};
    }
  };
  // The table's pages start as zeros: a bucket of zero bytes must be four unused ways.
  static_assert(std::is_trivially_copyable_v<Bucket> && std::is_trivially_destructible_v<Bucket>);
  static_assert(sizeof(Bucket) == 128 && sizeof(Bucket::Head) * kWays == 64);

  Bucket& bucket(uint64_t key) const {
    return buckets_[size_t((unsigned __int128)(key)*count_ >> 64)];
  }

  size_t count_;
  ZeroPages pages_;
  Bucket* buckets_ = nullptr;  // count_ buckets: pages_
  uint64_t used_ = 0;
};

namespace {

using Clock = std::chrono::steady_clock;

// The 1+epsilon trick: a child's second threshold is the sibling's number times
// 1 + 1/kEpsilonDivisor, so that df-pn does not switch between two close children at
// every step (Pawlewicz and Lew 2007 use epsilon = 1/4).
constexpr uint32_t kEpsilonDivisor = 4;
// Nodes between two looks at the clock, the stop flag and the limits.
constexpr uint64_t kPollNodes = 1024;

uint32_t saturating_add(uint32_t a, uint32_t b) {
  return uint32_t(std::min<uint64_t>(uint64_t(a) + b, kProofInfinite));
}

// The guide's weights: the variant's built-in ones without the threat terms, which would
// look at every capture of both sides at every child the solver makes.
Weights guide_weights(Variant v) {
  Weights w = default_weights(v);
  for (Stage s : {Stage::kMtaji, Stage::kNamua})
    for (Feature f : {Feature::kThreatUs, Feature::kThreatThem})
      w[size_t(weight_index(s, f))] = 0;
  return w;
}

// The numbers of a node never searched: 1 and 1, or those of its evaluation (df-pn+).
template <Rules R>
InitialNumbers initial_numbers(SolveGuide guide, const Position& p, Side attacker,
                               const Weights& w) {
  if (guide == SolveGuide::kNone) return {};
  const Value v = evaluate<R>(p, w);
  return guided_numbers(p.side_to_move() == attacker ? v : -v);
}

// The df-pn stack of a checkpoint (SolveCheckpoints): per ply from the root, the children's
// numbers as the node held them (they may differ from the table's: "siblings keep their
// numbers" in mid) and the node count when the node began, for the work it stores.
struct StackFrame {
  uint64_t work_from = 0;
  std::vector<Numbers> children;
};

}  // namespace

struct SolverStack {
  uint64_t nodes = 0;
  int64_t time_ms = 0;
  std::vector<StackFrame> frames;
};

namespace {

// Version 2: a root that is its own mirror image leaves out its children's mirror images
// (mirror_symmetric_root), so its frame has fewer children than version 1's.
constexpr std::string_view kStateMagic = "kete-solve state 2";

constexpr Numbers kWon{0, kProofInfinite, 0, false};
constexpr Numbers kLost{kProofInfinite, 0, 0, false};
constexpr Numbers kDrawn{kProofInfinite, 0, 0, true};

// One child of a node under search: the move, the position, the table key and numbers.
// Built in place in its frame (Children::add): a temporary Slot copied in cost about a
// tenth of bao's solver time.
struct Slot {
  Slot() = default;
  Slot(Move m, const Position& p) : move(m), position(p) {}

  Move move;
  Position position;
  uint64_t key = 0;
  Numbers numbers;
  bool fixed = false;  // decided without the table: by the rules, a draw or the depth
};

// The children of one node under search: room for the most moves a position can have,
// taken when the ply is first reached, each child built in place. (A std::vector's
// emplace_back, a call GCC did not inline into mid(), was 7% of bao's solver
// instructions.)
class Children {
 public:
  // Empties the list, first making its room.
  void reset() {
    if (!slots_) slots_ = std::make_unique<Slot[]>(kMaxMoves);
    size_ = 0;
  }
  Slot& add(Move m, const Position& p) {
    assert(size_ < size_t(kMaxMoves));
    return *std::construct_at(&slots_[size_++], m, p);
  }
  // Keeps the first n children.
  void truncate(size_t n) {
    assert(n <= size_);
    size_ = n;
  }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Slot& operator[](size_t i) { return slots_[i]; }
  Slot* begin() { return slots_.get(); }
  Slot* end() { return slots_.get() + size_; }
  std::span<const Slot> all() const { return {slots_.get(), size_}; }

 private:
  std::unique_ptr<Slot[]> slots_;
  size_t size_ = 0;
};

// R::generate's moves in its order (the tiers in rank order, a tier's candidates in bit
// order, a later tier only when no earlier one has a legal move), until emit(move, child)
// returns true: the tests that need one move need not sow all of them.
template <Rules R, class Emit>
void generate_until(const Position& p, Emit&& emit) {
  const Candidates c = R::candidates(p);
  bool legal = false, done = false;
  for (int t = 0; t < c.tiers && !legal && !done; ++t)
    for (uint64_t bits = c.tier[t]; bits && !done; bits &= bits - 1)
      R::play_candidate(p, c, t, candidate_at(std::countr_zero(bits)),
                        [&](Move m, const Position& child, int) {
                          if (done) return;          // a candidate with several moves
                          assert_consistent(child);  // as R::generate (debug builds)
                          legal = true;
                          done = emit(m, child);
                        });
}

// Whether the side to move has a legal move: the first one found ends the test.
template <Rules R>
bool has_legal_move(const Position& p) {
  bool any = false;
  generate_until<R>(p, [&](Move, const Position&) { return any = true; });
  return any;
}

// splitmix64 of 0, 1, 2, ...: the depth part of a node's key in `go mate` mode (the
// protocol's and the tool's --mate go up to 500 moves, 1000 plies).
constexpr std::array<uint64_t, 1024> kSalts = [] {
  std::array<uint64_t, 1024> salts{};
  for (size_t i = 0; i < salts.size(); ++i) {
    uint64_t state = i;
    salts[i] = splitmix64(state);
  }
  return salts;
}();

// Whether the attacker, to move at `root`, may leave out the mirror images of his moves
// there: the rules are left-right symmetric (bao, kujifunza: tests/contract_test.cpp),
// the root is its own mirror image and no earlier position of the game can make a draw
// of one line that its mirror image would not be. The children of a twin pair are mirror
// images with mirror subtrees: one wins if and only if the other does, so the OR node's
// verdict is that of the children kept (docs/solver.md "Mirror images").
template <Rules R>
bool mirror_symmetric_root(const Position& root, Side attacker, const GameContext& game) {
  return (R::kVariant == Variant::kBao || R::kVariant == Variant::kKujifunza) &&
         root.side_to_move() == attacker && game.history.empty() && root == root.mirrored();
}

template <Rules R>
class DfPn {
 public:
  DfPn(SolverTable& table, const SolveLimits& limits, Side attacker, const GameContext& game,
       const std::atomic<bool>& stop, const std::function<void(const SolveInfo&)>& on_info,
       const SolverStack* resume = nullptr, const SolveCheckpoints* checkpoints = nullptr)
      : table_(table),
        limits_(limits),
        attacker_(attacker),
        game_(game),
        history_(game.history.begin(), game.history.end()),
        plies_left_(game.max_plies - game.plies),
        stop_(stop),
        on_info_(on_info),
        // One frame per ply the game can still last: frames_ never grows, so a reference
        // to a frame stays valid while deeper plies are searched.
        frames_(size_t(std::max(game.max_plies - game.plies, 0) + 2)),
        work_from_(frames_.size()),
        resume_(resume),
        checkpoints_(checkpoints),
        guide_weights_(guide_weights(R::kVariant)) {}

  // The plies the attacker has left at the root: N own moves end on his N-th move.
  int root_remaining(const Position& root) const {
    if (limits_.max_moves <= 0) return -1;
    return 2 * limits_.max_moves - (root.side_to_move() == attacker_ ? 1 : 0);
  }

  // The table key of a node: in `go mate` mode the plies left are part of the node, mixed
  // in as splitmix64 of their number (looked up for the first kSalts).
  static uint64_t node_key(const Position& p, int remaining) {
    if (remaining < 0) return p.key();
    if (remaining < int(kSalts.size())) return p.key() ^ kSalts[size_t(remaining)];
    uint64_t state = uint64_t(remaining);
    return p.key() ^ splitmix64(state);
  }

  Numbers prove_root(const Position& root) {
    start_ = Clock::now();
    last_info_ = start_;
    if (resume_) {
      // The stopped search's count and clock go on; mid() rebuilds its stack.
      nodes_ = resume_->nodes;
      start_ -= std::chrono::milliseconds(resume_->time_ms);
    }
    last_checkpoint_ = Clock::now();
    root_key_ = root.key();
    if (checkpoints_ && checkpoints_->every_nodes)
      next_checkpoint_ = (nodes_ / checkpoints_->every_nodes + 1) * checkpoints_->every_nodes;
    const int remaining = root_remaining(root);
    if (std::optional<Side> lost = R::loser(root)) return *lost == attacker_ ? kLost : kWon;
    mirror_root_ = mirror_symmetric_root<R>(root, attacker_, game_);
    return mid(root, node_key(root, remaining), 0, remaining, kProofInfinite, kProofInfinite);
  }

  // Rebuilds the winning strategy below a proven root into `lines`.
  bool extract_root(const Position& root, std::vector<StrategyLine>& lines) {
    start_ = Clock::now();
    last_info_ = start_;
    lines_ = &lines;
    return extract(root, 0, root_remaining(root));
  }

  std::vector<Move> principal_line(const Position& root) {
    std::vector<Move> line;
    Position p = root;
    int remaining = root_remaining(root);
    constexpr int kMaxLine = 1000;
    while (int(line.size()) < kMaxLine && !R::loser(p)) {
      std::vector<Slot> children = expand(p, int(line.size()), remaining);
      const bool or_node = p.side_to_move() == attacker_;
      const Slot* pick = nullptr;
      for (const Slot& s : children) {
        if (s.numbers.proof != 0) {
          if (!or_node) return line;  // a defence not proven: the line ends here
          continue;
        }
        if (!pick || (or_node ? s.numbers.plies < pick->numbers.plies
                              : s.numbers.plies > pick->numbers.plies))
          pick = &s;
      }
      if (!pick) break;
      line.push_back(pick->move);
      p = pick->position;
      if (remaining > 0) --remaining;
    }
    return line;
  }

  // The root's children and their numbers, as mid() would see them first; a mirror image
  // the search left out has its twin's.
  std::vector<std::pair<Move, Numbers>> children(const Position& root) const {
    std::vector<std::pair<Move, Numbers>> out;
    const std::vector<Slot> slots = expand(root, 0, root_remaining(root));
    const std::vector<int> twins = mirror_symmetric_root<R>(root, attacker_, game_)
                                       ? mirror_twins(positions_of(slots))
                                       : std::vector<int>(slots.size(), -1);
    for (size_t i = 0; i < slots.size(); ++i)
      out.emplace_back(slots[i].move, slots[size_t(twins[i] < 0 ? int(i) : twins[i])].numbers);
    return out;
  }

  std::vector<DepthCensus> census(const Position& root, int max_depth) const {
    std::vector<DepthCensus> out;
    std::vector<Position> level{root};
    for (int depth = 0; depth <= max_depth && !level.empty(); ++depth) {
      DepthCensus c;
      c.depth = depth;
      std::vector<Position> next;
      std::unordered_set<uint64_t> seen;
      for (const Position& p : level) {
        ++c.positions;
        if (std::optional<Side> lost = R::loser(p)) {
          ++(*lost == attacker_ ? c.lost : c.won);
          continue;
        }
        const std::optional<Numbers> e = table_.probe(p.key());
        if (!e)
          ++c.unseen;
        else if (e->proof == 0)
          ++c.won;
        else if (e->disproof == 0)
          ++(e->path_dependent ? c.lost_on_path : c.lost);
        else
          ++c.open;
        if (depth == max_depth) continue;
        R::generate(p, [&](Move, const Position& child, int) {
          if (seen.insert(child.key()).second) next.push_back(child);
        });
      }
      out.push_back(c);
      level = std::move(next);
    }
    return out;
  }

  SolveInfo info(const Numbers& root) const {
    SolveInfo i;
    i.proof = root.proof;
    i.disproof = root.disproof;
    i.nodes = nodes_;
    i.time_ms = elapsed_ms();
    i.memory_bytes = table_.size_bytes();
    i.entries = table_.used();
    return i;
  }
  bool aborted() const { return aborted_; }

 private:
  int64_t elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
  }

  // `ply`: of the node mid() counted last, whose children are not generated yet, so that
  // the stack above it is what a checkpoint saves; -1 outside prove_root().
  void poll(int ply) {
    if (stop_.load(std::memory_order_relaxed) || (limits_.nodes && nodes_ >= limits_.nodes) ||
        (limits_.time_ms >= 0 && elapsed_ms() >= limits_.time_ms))
      aborted_ = true;
    const auto now = Clock::now();
    if (checkpoints_ && ply >= 0 &&
        (aborted_ || (next_checkpoint_ && nodes_ >= next_checkpoint_) ||
         (checkpoints_->every_ms >= 0 &&
          now - last_checkpoint_ >= std::chrono::milliseconds(checkpoints_->every_ms)))) {
      last_checkpoint_ = now;
      if (next_checkpoint_)
        next_checkpoint_ = (nodes_ / checkpoints_->every_nodes + 1) * checkpoints_->every_nodes;
      checkpoints_->save(info(root_numbers_),
                         [&](const StateSink& sink) { return write_state(sink, ply); });
    }
    if (on_info_ && limits_.info_every_ms >= 0 &&
        now - last_info_ >= std::chrono::milliseconds(limits_.info_every_ms)) {
      last_info_ = now;
      on_info_(info(root_numbers_));
    }
  }

  // The numbers of a child before it is searched: the rules' verdict, a draw, the depth
  // limit, the table, or 1 and 1 for a node never seen.
  void evaluate(Slot& s, int ply, int remaining) const {
    if (decide(s, ply, remaining)) return;
    s.key = node_key(s.position, remaining);
    lookup(s);
  }

  // Whether the child is decided without the table (the rules, a draw or the depth): then
  // its numbers are set and it is fixed.
  bool decide(Slot& s, int ply, int remaining) const {
    s.fixed = true;
    if (std::optional<Side> lost = R::loser(s.position)) {
      s.numbers = *lost == attacker_ ? kLost : kWon;
      return true;
    }
    // Positions of the game before the root, positions on the path and the move limit
    // are draws: a loss for the attacker, valid only along this path (docs/solver.md).
    if ((!history_.empty() && history_.count(s.position.key())) || ply >= plies_left_ ||
        (remaining < 0 && path_.contains(s.position.key()))) {
      s.numbers = kDrawn;
      return true;
    }
    if (remaining == 0) {
      // The attacker's moves are used up: only a defender without a legal move has lost.
      s.numbers =
          s.position.side_to_move() == attacker_ || has_legal_move<R>(s.position) ? kLost : kWon;
      return true;
    }
    s.fixed = false;
    return false;
  }

  // The numbers of s.key's entry, or a new node's: 1 and 1 unguided, else the guide's.
  // (initial_numbers tests the guide too; tested here, the unguided search, the common
  // one, makes no call, and the inlined second test folds away.)
  void lookup(Slot& s) const {
    if (const std::optional<Numbers> e = table_.probe(s.key)) {
      s.numbers = *e;
    } else if (limits_.guide == SolveGuide::kNone) {
      s.numbers = {};
    } else {
      const InitialNumbers n =
          initial_numbers<R>(limits_.guide, s.position, attacker_, guide_weights_);
      s.numbers = {n.proof, n.disproof, 0, false};
    }
  }

  std::vector<Slot> expand(const Position& p, int ply, int remaining) const {
    std::vector<Slot> children;
    R::generate(p, [&](Move m, const Position& c, int) { children.emplace_back(m, c); });
    for (Slot& s : children)
      evaluate(s, ply + 1, remaining < 0 ? -1 : remaining - 1);
    return children;
  }

  Children& frame(int ply) {
    assert(ply < int(frames_.size()));
    return frames_[size_t(ply)];
  }

  bool is_or(const Position& p) const { return p.side_to_move() == attacker_; }
  // phi and delta: the node's own number to minimise and the sum it hands up.
  uint32_t phi(const Slot& s) const {
    return is_or(s.position) ? s.numbers.proof : s.numbers.disproof;
  }
  uint32_t delta(const Slot& s) const {
    return is_or(s.position) ? s.numbers.disproof : s.numbers.proof;
  }

  // The multiple-iterative-deepening step of df-pn: searches p until its phi reaches
  // th_phi or its delta reaches th_delta, and stores its numbers.
  Numbers mid(const Position& p, uint64_t key, int ply, int remaining, uint32_t th_phi,
              uint32_t th_delta) {
    // Step 1. Count the node; keep the limits. A resumed search rebuilds the saved stack
    // down to the node it was stopped at, which was counted then.
    const bool restoring = resume_ && ply <= int(resume_->frames.size());
    if (!restoring && (++nodes_ % kPollNodes) == 0) poll(ply);
    const bool or_node = is_or(p);
    table_.prefetch_tail(key);  // for the store at the end

    // Step 2. Generate the children; a side without a legal move has lost (rules.md 2).
    // With the attacker's last move to play, every child is decided without the table
    // (evaluate: the rules, a draw or the depth), and the first win decides the node as
    // all its moves would: proof 0, a win of 1 ply, the first winning move stored, no work.
    // The moves after it are not played (in bao they are most of such a node's cost).
    Children& slots = frame(ply);
    slots.reset();
    const int child_remaining = remaining < 0 ? -1 : remaining - 1;
    const bool last_move = remaining == 1 && or_node;
    generate_until<R>(p, [&](Move m, const Position& c) {
      Slot& s = slots.add(m, c);
      if (!last_move) {
        // The key now, for the prefetch; a child at depth 0 is decided without the table.
        if (child_remaining != 0) table_.prefetch(s.key = node_key(c, child_remaining));
        return false;
      }
      evaluate(s, ply + 1, child_remaining);
      return delta(s) == 0;
    });
    if (slots.empty()) {
      const Numbers n = or_node ? kLost : kWon;
      store(key, n, Move::none(), 0);
      return n;
    }
    if (ply == 0 && mirror_root_) drop_mirror_images(slots);
    path_.push(p.key());
    if (!last_move)
      for (Slot& s : slots)
        if (!decide(s, ply + 1, child_remaining)) lookup(s);

    // Step 3. Search the most proving child until the node's thresholds are reached.
    work_from_[size_t(ply)] = nodes_;
    if (restoring) restore_frame(slots, ply);
    Numbers n;
    int best = 0;
    for (;;) {
      uint32_t min_delta = kProofInfinite, second_delta = kProofInfinite;
      uint64_t sum = 0;  // at most kMaxMoves numbers below 2^32: saturated once, after
      best = 0;
      for (int i = 0; i < int(slots.size()); ++i) {
        const uint32_t d = delta(slots[size_t(i)]);
        sum += phi(slots[size_t(i)]);
        if (d < min_delta) {
          second_delta = min_delta;
          min_delta = d;
          best = i;
        } else if (d < second_delta) {
          second_delta = d;
        }
      }
      const uint32_t sum_phi = uint32_t(std::min<uint64_t>(sum, kProofInfinite));
      n = combine(slots.all(), or_node, min_delta, sum_phi);
      if (ply == 0) root_numbers_ = n;
      if (min_delta >= th_phi || sum_phi >= th_delta || aborted_) break;

      Slot& c = slots[size_t(best)];
      const uint32_t child_th_phi =
          saturating_add(th_delta - sum_phi, phi(c));  // sum_phi < th_delta here
      const uint32_t child_th_delta =
          std::min(th_phi, std::max(saturating_add(second_delta, 1),
                                    saturating_add(second_delta, second_delta / kEpsilonDivisor)));
      const Numbers result =
          mid(c.position, c.key, ply + 1, child_remaining, child_th_phi, child_th_delta);
      // Only the child searched changes: re-reading its siblings from the table, which
      // the child's search may have rewritten with numbers that rest on draws along
      // another path, can make them fall, and df-pn can then cycle between children for
      // ever (seen on bao: 340 million nodes without one new entry). With the siblings'
      // numbers fixed, each step raises the searched child above its threshold, so the
      // node's minimum or sum grows and the loop ends.
      slots[size_t(best)].numbers = result;
    }
    path_.pop();

    // Step 4. Store the numbers, with the work they cost.
    store(key, n, slots[size_t(best)].move, nodes_ - work_from_[size_t(ply)]);
    return n;
  }

  // A root that is its own mirror image (mirror_symmetric_root): a child whose mirror
  // image is an earlier child's is the same problem mirrored, and is left out.
  static void drop_mirror_images(Children& slots) {
    const std::vector<int> twins = mirror_twins(positions_of(slots.all()));
    size_t kept = 0;
    for (size_t i = 0; i < slots.size(); ++i)
      if (twins[i] < 0) slots[kept++] = slots[i];
    slots.truncate(kept);
  }

  static std::vector<Position> positions_of(std::span<const Slot> slots) {
    std::vector<Position> positions;
    for (const Slot& s : slots)
      positions.push_back(s.position);
    return positions;
  }

  // The children's numbers and the work count of a frame of the stopped search's stack;
  // the last frame's node is where the search goes on as it would have.
  void restore_frame(Children& slots, int ply) {
    if (ply == int(resume_->frames.size())) {
      resume_ = nullptr;
      return;
    }
    const StackFrame& f = resume_->frames[size_t(ply)];
    assert(f.children.size() == slots.size());  // restore() checked the root and the rules
    work_from_[size_t(ply)] = f.work_from;
    for (size_t i = 0; i < slots.size() && i < f.children.size(); ++i)
      slots[i].numbers = f.children[i];
  }

  // The state as restore() reads it: the stack above the node at `ply`, then the table.
  absl::Status write_state(const StateSink& sink, int ply) const {
    std::string text =
        fmt::format("{}\nroot {} {} {} {}\n", kStateMagic, root_key_,
                    attacker_ == Side::kSouth ? 'S' : 'N', limits_.max_moves, table_.buckets());
    // No line for SolveGuide::kNone: the states written before the guide are its states.
    if (limits_.guide != SolveGuide::kNone)
      text += fmt::format("guide {}\n", to_string(limits_.guide));
    text += fmt::format("nodes {} {}\n", nodes_, elapsed_ms());
    for (int i = 0; i < ply; ++i) {
      const std::span<const Slot> slots = frames_[size_t(i)].all();
      text += fmt::format("frame {} {}", work_from_[size_t(i)], slots.size());
      for (const Slot& c : slots)
        text += fmt::format(" {} {} {} {}", c.numbers.proof, c.numbers.disproof, c.numbers.plies,
                            int(c.numbers.path_dependent));
      text += '\n';
    }
    constexpr size_t kChunk = size_t(1) << 20;
    uint64_t entries = 0;
    for (size_t i = 0; i < table_.slots(); ++i) {
      const SolverEntry e = table_.slot(i);
      if (!e.used) continue;
      ++entries;
      const Numbers& n = e.numbers;
      fmt::format_to(std::back_inserter(text), "entry {} {} {} {} {} {} {} {}\n", i, e.key, n.proof,
                     n.disproof, n.plies, int(n.path_dependent), e.work, e.move.raw());
      if (text.size() >= kChunk) {
        if (absl::Status s = sink(text); !s.ok()) return s;
        text.clear();
      }
    }
    text += fmt::format("end {} {}\n", ply, entries);
    return sink(text);
  }

  // The node's numbers from its children's: OR takes the minimum proof number and the sum
  // of disproof numbers, AND the reverse; the flags say how long the win is and whether
  // a disproof rests on a draw along the path.
  Numbers combine(std::span<const Slot> slots, bool or_node, uint32_t min_delta,
                  uint32_t sum_phi) const {
    Numbers n;
    n.proof = or_node ? min_delta : sum_phi;
    n.disproof = or_node ? sum_phi : min_delta;
    if (n.proof == 0) {
      int plies = or_node ? INT32_MAX : 0;
      for (const Slot& s : slots)
        if (s.numbers.proof == 0)
          plies = or_node ? std::min<int>(plies, s.numbers.plies)
                          : std::max<int>(plies, s.numbers.plies);
      n.plies = uint16_t(std::min(plies + 1, int(UINT16_MAX)));
    } else if (n.disproof == 0) {
      // OR: every child disproved, dependent if any is; AND: one sound refutation is enough.
      n.path_dependent = !or_node;
      for (const Slot& s : slots)
        if (s.numbers.disproof == 0) {
          if (or_node)
            n.path_dependent |= s.numbers.path_dependent;
          else
            n.path_dependent &= s.numbers.path_dependent;
        }
    }
    return n;
  }

  void store(uint64_t key, const Numbers& n, Move move, uint64_t work) {
    table_.store({key, n, uint32_t(std::min<uint64_t>(work, UINT32_MAX)), move});
  }

  // Step 5 (after a proof). The strategy, depth first: a winner's position is done when
  // one move leads to a done or terminal win, a loser's when every move does. A move into
  // a position on the current path is never taken, so no line repeats a position.
  bool extract(const Position& p, int ply, int remaining) {
    if (aborted_) return false;
    const uint64_t key = p.key();
    const bool or_node = is_or(p);
    if (or_node ? line_of_.count(key) > 0 : defended_.count(key) > 0) return true;
    if (path_.contains(key)) return false;
    if ((++nodes_ % kPollNodes) == 0) poll(-1);
    path_.push(key);
    const bool ok = or_node ? extract_or(p, ply, remaining) : extract_and(p, ply, remaining);
    path_.pop();
    return ok;
  }

  bool extract_or(const Position& p, int ply, int remaining) {
    for (int attempt = 0; attempt < 2 && !aborted_; ++attempt) {
      std::vector<Slot> children = expand(p, ply, remaining);
      std::sort(children.begin(), children.end(),
                [](const Slot& a, const Slot& b) { return a.numbers.plies < b.numbers.plies; });
      for (const Slot& s : children) {
        if (s.numbers.proof != 0) continue;
        if (s.fixed || extract(s.position, ply + 1, remaining < 0 ? -1 : remaining - 1)) {
          line_of_[p.key()] = lines_->size();
          lines_->push_back({p, s.move});
          return true;
        }
      }
      // The table lost this node's proof, or its proof runs through the path: prove it
      // again from here, with the path's positions as draws.
      if (attempt == 0) reprove(p, ply, remaining);
    }
    return false;
  }

  bool extract_and(const Position& p, int ply, int remaining) {
    const int child_remaining = remaining < 0 ? -1 : remaining - 1;
    for (const Slot& s : expand(p, ply, remaining)) {
      if (s.fixed) {
        if (s.numbers.proof != 0) return false;
        continue;
      }
      if (extract(s.position, ply + 1, child_remaining)) continue;
      if (aborted_) return false;
      if (reprove(s.position, ply + 1, child_remaining).proof != 0 ||
          !extract(s.position, ply + 1, child_remaining))
        return false;
    }
    defended_.insert(p.key());
    return true;
  }

  Numbers reprove(const Position& p, int ply, int remaining) {
    if (std::optional<Side> lost = R::loser(p)) return *lost == attacker_ ? kLost : kWon;
    // mid pushes p itself on the path; the path is popped around the call so that a node
    // does not see itself as a repetition.
    const bool on_path = path_.contains(p.key());
    if (on_path) path_.pop();
    const Numbers n =
        mid(p, node_key(p, remaining), ply, remaining, kProofInfinite, kProofInfinite);
    if (on_path) path_.push(p.key());
    return n;
  }

  SolverTable& table_;
  const SolveLimits& limits_;
  const Side attacker_;
  const GameContext& game_;
  const std::unordered_set<uint64_t> history_;
  const int plies_left_;  // before the game's move limit, from the root
  const std::atomic<bool>& stop_;
  const std::function<void(const SolveInfo&)>& on_info_;
  Clock::time_point start_ = Clock::now();
  Clock::time_point last_info_ = start_;
  uint64_t nodes_ = 0;
  bool aborted_ = false;
  Numbers root_numbers_;
  // A filter of 2^12 counts (16 KiB) stays in the first-level cache, where 2^16 cost some
  // 2% of bao's solver time; a line of a few hundred plies seldom passes it.
  KeyPath path_{{}, 0, 12};
  std::vector<Children> frames_;     // the children of each ply, reused
  std::vector<uint64_t> work_from_;  // per ply: the node count when its node began
  const SolverStack* resume_;        // until mid() has rebuilt its stack
  bool mirror_root_ = false;         // the root's mirror images are left out (prove_root)
  const SolveCheckpoints* checkpoints_;
  const Weights guide_weights_;   // SolveGuide::kEval
  uint64_t next_checkpoint_ = 0;  // nodes
  Clock::time_point last_checkpoint_ = start_;
  uint64_t root_key_ = 0;
  std::vector<StrategyLine>* lines_ = nullptr;
  std::unordered_map<uint64_t, size_t> line_of_;  // winner's positions done
  std::unordered_set<uint64_t> defended_;         // loser's positions done
};

}  // namespace

InitialNumbers guided_numbers(Value value) {
  const Value steps =
      std::clamp<Value>(value / kGuideStep, -Value(kGuideCap - 1), Value(kGuideCap - 1));
  return {uint32_t(1 + std::max(-steps, 0)), uint32_t(1 + std::max(steps, 0))};
}

InitialNumbers initial_numbers(RuleSet rules, SolveGuide guide, const Position& p, Side attacker) {
  if (guide == SolveGuide::kNone) return {};
  return with_rules(rules, [&]<class R>(R) {
    return initial_numbers<R>(guide, p, attacker, guide_weights(R::kVariant));
  });
}

std::vector<int> mirror_twins(const std::vector<Position>& children) {
  std::vector<int> twins(children.size(), -1);
  for (size_t i = 0; i < children.size(); ++i) {
    const Position image = children[i].mirrored();
    for (size_t j = 0; j < i && twins[i] < 0; ++j)
      if (twins[j] < 0 && children[j] == image) twins[i] = int(j);
  }
  return twins;
}

bool leaves_out_mirror_images(RuleSet rules, const Position& root, Side attacker,
                              const GameContext& game) {
  return with_rules(rules,
                    [&]<class R>(R) { return mirror_symmetric_root<R>(root, attacker, game); });
}

Solver::Solver(RuleSet rules, const SolveLimits& limits)
    : rules_(rules),
      limits_(limits),
      table_(std::make_unique<SolverTable>(
          limits.hash_mb, limits.huge_pages ? ZeroPages::Pages::kHuge : ZeroPages::Pages::kSmall)) {
}

Solver::~Solver() = default;

SolveResult Solver::prove(const Position& root, Side attacker, const GameContext& game,
                          const std::atomic<bool>& stop,
                          const std::function<void(const SolveInfo&)>& on_info,
                          const SolveCheckpoints* checkpoints) {
  if (!resume_) table_->clear();
  return run(root, attacker, game, limits_, stop, on_info, checkpoints);
}

SolveResult Solver::prove_more(const Position& root, Side attacker, const GameContext& game,
                               int max_moves, uint64_t nodes, const std::atomic<bool>& stop) {
  resume_.reset();
  SolveLimits limits = limits_;
  limits.max_moves = max_moves;
  limits.nodes = nodes;
  limits.time_ms = -1;
  limits.info_every_ms = -1;
  return run(root, attacker, game, limits, stop, nullptr, nullptr);
}

SolveResult Solver::run(const Position& root, Side attacker, const GameContext& game,
                        const SolveLimits& limits, const std::atomic<bool>& stop,
                        const std::function<void(const SolveInfo&)>& on_info,
                        const SolveCheckpoints* checkpoints) {
  const std::unique_ptr<SolverStack> resume = std::move(resume_);
  return with_rules(rules_, [&]<class R>(R) {
    DfPn<R> dfpn(*table_, limits, attacker, game, stop, on_info, resume.get(), checkpoints);
    const Numbers n = dfpn.prove_root(root);
    SolveResult r;
    r.info = dfpn.info(n);
    if (n.proof == 0) {
      r.proof = Proof::kProven;
      r.plies = n.plies;
      r.pv = dfpn.principal_line(root);
      if (!r.pv.empty() && root.side_to_move() == attacker) r.best = r.pv[0];
    } else if (n.disproof == 0) {
      r.proof = Proof::kDisproven;
      r.path_dependent = n.path_dependent;
    }
    return r;
  });
}

std::vector<ChildNumbers> Solver::children(const Position& root, Side attacker,
                                           const GameContext& game, int max_moves) {
  SolveLimits limits = limits_;
  limits.max_moves = max_moves;
  return with_rules(rules_, [&]<class R>(R) {
    const std::atomic<bool> stop{false};
    const std::function<void(const SolveInfo&)> no_info;
    DfPn<R> dfpn(*table_, limits, attacker, game, stop, no_info);
    std::vector<ChildNumbers> out;
    for (const auto& [move, n] : dfpn.children(root))
      out.push_back({move, n.proof, n.disproof, n.plies, n.path_dependent});
    return out;
  });
}

namespace {

// One line of a state: its words, each a number of the line's fields in turn.
class StateLine {
 public:
  StateLine(std::string_view text, int number) : words_(split_words(text)), number_(number) {}

  std::string_view keyword() const { return words_.empty() ? "" : words_[0]; }
  size_t size() const { return words_.size(); }
  absl::Status error(std::string_view what) const {
    return absl::InvalidArgumentError(fmt::format("state line {}: {}", number_, what));
  }
  // The next word as a number in min..max.
  template <class T>
  absl::Status next(std::string_view what, T& out, std::type_identity_t<T> min,
                    std::type_identity_t<T> max) {
    if (at_ >= words_.size()) return error(fmt::format("no {}", what));
    absl::StatusOr<T> n = parse_number<T>(what, words_[at_++], min, max);
    if (!n.ok()) return error(std::string(n.status().message()));
    out = *n;
    return absl::OkStatus();
  }
  absl::Status numbers(Numbers& n) {
    int dependent = 0;
    for (absl::Status s : {next("proof", n.proof, 0, kProofInfinite),
                           next("disproof", n.disproof, 0, kProofInfinite),
                           next("plies", n.plies, 0, UINT16_MAX), next("flag", dependent, 0, 1)})
      if (!s.ok()) return s;
    n.path_dependent = dependent;
    return absl::OkStatus();
  }
  absl::Status word(std::string_view what, std::string_view& out) {
    if (at_ >= words_.size()) return error(fmt::format("no {}", what));
    out = words_[at_++];
    return absl::OkStatus();
  }
  absl::Status done() const {
    return at_ == words_.size() ? absl::OkStatus() : error("more words than the line has fields");
  }

 private:
  std::vector<std::string_view> words_;
  size_t at_ = 1;
  int number_;
};

}  // namespace

absl::Status Solver::restore(std::istream& in, const Position& root, Side attacker) {
  table_->clear();
  resume_.reset();
  auto stack = std::make_unique<SolverStack>();
  std::string text;
  int number = 0;
  const auto next_line = [&]() {
    if (!std::getline(in, text)) text = "(the end of the state)";
    return StateLine(text, ++number);
  };
  if (!std::getline(in, text) || text != kStateMagic)
    return absl::InvalidArgumentError(
        text == "kete-solve state 1"
            ? std::string("state line 1: a state of an older kete-solve (version 1, before the "
                          "root's mirror images were left out): start the run again")
            : fmt::format("state line 1: not a state of kete-solve ('{}' expected)", kStateMagic));
  ++number;

  // The root, attacker, depth limit and table size must be this solver's.
  StateLine line = next_line();
  uint64_t key = 0;
  int moves = 0;
  size_t buckets = 0;
  std::string_view side;
  if (line.keyword() != "root") return line.error("expected 'root KEY S|N MOVES BUCKETS'");
  if (absl::Status s = line.next("the root's key", key, 0, UINT64_MAX); !s.ok()) return s;
  if (absl::Status s = line.word("the attacker", side); !s.ok()) return s;
  if (absl::Status s = line.next("the moves", moves, 0, INT32_MAX); !s.ok()) return s;
  if (absl::Status s = line.next("the buckets", buckets, 1, SIZE_MAX); !s.ok()) return s;
  if (absl::Status s = line.done(); !s.ok()) return s;
  if (key != root.key()) return line.error("the state is of another root position");
  if (side != (attacker == Side::kSouth ? "S" : "N"))
    return line.error(fmt::format("the state proves a win for {}, not {}", side,
                                  attacker == Side::kSouth ? "S" : "N"));
  if (moves != limits_.max_moves)
    return line.error(fmt::format("the state is of mate {}, not {}", moves, limits_.max_moves));
  if (buckets != table_->buckets())
    return line.error(fmt::format("the state's table has {} buckets, this one {} (another --hash?)",
                                  buckets, table_->buckets()));

  // The guide's line, which a state of SolveGuide::kNone does not have.
  line = next_line();
  std::string_view guide = to_string(SolveGuide::kNone);
  const bool guide_line = line.keyword() == "guide";
  if (guide_line)
    for (absl::Status s : {line.word("the guide", guide), line.done()})
      if (!s.ok()) return s;
  if (guide != to_string(limits_.guide))
    return line.error(
        fmt::format("the state is of --guide {}, not {}", guide, to_string(limits_.guide)));
  if (guide_line) line = next_line();
  if (line.keyword() != "nodes") return line.error("expected 'nodes NODES MS'");
  for (absl::Status s : {line.next("the nodes", stack->nodes, 0, UINT64_MAX),
                         line.next("the time", stack->time_ms, 0, INT64_MAX), line.done()})
    if (!s.ok()) return s;

  // The stack, root first, then the table's entries, then the counts of both.
  for (line = next_line(); line.keyword() == "frame"; line = next_line()) {
    StackFrame& f = stack->frames.emplace_back();
    size_t children = 0;
    for (absl::Status s : {line.next("the work count", f.work_from, 0, stack->nodes),
                           line.next("the children", children, 1, 4096)})
      if (!s.ok()) return s;
    f.children.resize(children);
    for (Numbers& n : f.children)
      if (absl::Status s = line.numbers(n); !s.ok()) return s;
    if (absl::Status s = line.done(); !s.ok()) return s;
  }
  std::vector<bool> taken(table_->slots());
  uint64_t entries = 0;
  for (; line.keyword() == "entry"; line = next_line()) {
    size_t index = 0;
    SolverEntry e;
    uint16_t move = 0;
    for (absl::Status s : {line.next("the slot", index, 0, table_->slots() - 1),
                           line.next("the key", e.key, 0, UINT64_MAX)})
      if (!s.ok()) return s;
    for (absl::Status s : {line.numbers(e.numbers), line.next("the work", e.work, 0, UINT32_MAX),
                           line.next("the move", move, 0, UINT16_MAX), line.done()})
      if (!s.ok()) return s;
    if (taken[index]) return line.error(fmt::format("slot {} given twice", index));
    taken[index] = true;
    e.move = Move::from_bits(move);
    table_->place(index, e);
    ++entries;
  }
  size_t frames = 0;
  uint64_t counted = 0;
  if (line.keyword() != "end") return line.error("expected 'frame', 'entry' or 'end'");
  for (absl::Status s : {line.next("the frames", frames, 0, SIZE_MAX),
                         line.next("the entries", counted, 0, UINT64_MAX), line.done()})
    if (!s.ok()) return s;
  if (frames != stack->frames.size() || counted != entries)
    return line.error(fmt::format("the state counts {} frames and {} entries, it holds {} and {}",
                                  frames, counted, stack->frames.size(), entries));
  if (std::getline(in, text)) return next_line().error("a line after the end");
  resume_ = std::move(stack);
  return absl::OkStatus();
}

std::vector<DepthCensus> Solver::census(const Position& root, Side attacker,
                                        const GameContext& game, int max_depth) {
  return with_rules(rules_, [&]<class R>(R) {
    const std::atomic<bool> stop{false};
    const std::function<void(const SolveInfo&)> no_info;
    return DfPn<R>(*table_, limits_, attacker, game, stop, no_info).census(root, max_depth);
  });
}

std::optional<std::vector<StrategyLine>> Solver::strategy(const Position& root, Side attacker,
                                                          const GameContext& game,
                                                          const std::atomic<bool>& stop) {
  return with_rules(rules_, [&]<class R>(R) -> std::optional<std::vector<StrategyLine>> {
    const std::function<void(const SolveInfo&)> no_info;
    DfPn<R> dfpn(*table_, limits_, attacker, game, stop, no_info);
    std::vector<StrategyLine> lines;
    if (!dfpn.extract_root(root, lines)) return std::nullopt;
    return lines;
  });
}

}  // namespace kete
