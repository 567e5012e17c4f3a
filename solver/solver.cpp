#include "solver/solver.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <new>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>

#include "rules/key_path.h"
#include "rules/random.h"
#include "rules/rules.h"
#include "rules/zero_pages.h"

namespace kete {

// A table entry: the numbers of one node, from the attacker's view. 32 bytes.
struct SolverEntry {
  uint64_t key = 0;
  uint32_t proof = 1, disproof = 1;
  uint32_t work = 0;  // nodes spent on the node: the replacement keeps the costliest
  Move move = Move::none();
  uint16_t plies = 0;  // proven: the length of the win the proof found
  bool path_dependent = false;
  bool used = false;
};
// The table's pages start as zeros: an entry of zero bytes must be an unused one.
static_assert(std::is_trivially_copyable_v<SolverEntry> &&
              std::is_trivially_destructible_v<SolverEntry>);

// Buckets of four entries; a new entry replaces the same key, an empty slot, or the
// entry that cost the least work (Breuker's "small tree" replacement).
class SolverTable {
 public:
  // At most `mib` MiB: when the machine cannot give that much, half as much, and so on
  // (a solve must not end the process: the protocol starts one with the Hash size). Zero
  // pages (rules/zero_pages.h), all-zero entries unused: making or clearing the table
  // returns at once and its memory is what the solve touches (issue 29: `stop` after `go
  // mate` at Hash 4096 waited 35-47 s for two 4 GB fills per depth).
  explicit SolverTable(size_t mib) : count_(std::max<size_t>(1, (mib << 20) / sizeof(Bucket))) {
    for (;;) {
      try {
        pages_ = ZeroPages(count_ * sizeof(Bucket));
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

  const SolverEntry* probe(uint64_t key) const {
    for (const SolverEntry& e : bucket(key).entries)
      if (e.used && e.key == key) return &e;
    return nullptr;
  }

  void store(const SolverEntry& entry) {
    Bucket& b = bucket(entry.key);
    SolverEntry* victim = &b.entries[0];
    for (SolverEntry& e : b.entries) {
      if (e.used && e.key == entry.key) {
        victim = &e;
        break;
      }
      if (!e.used || (victim->used && e.work < victim->work)) victim = &e;
    }
    if (!victim->used) ++used_;
    *victim = entry;
    victim->used = true;
  }

 private:
  static constexpr int kWays = 4;
  struct Bucket {
    SolverEntry entries[kWays];
  };
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

// The numbers of a node, from the attacker's view.
struct Numbers {
  uint32_t proof = 1, disproof = 1;
  uint16_t plies = 0;
  bool path_dependent = false;
};

constexpr Numbers kWon{0, kProofInfinite, 0, false};
constexpr Numbers kLost{kProofInfinite, 0, 0, false};
constexpr Numbers kDrawn{kProofInfinite, 0, 0, true};

// One child of a node under search: the move, the position, the table key and numbers.
struct Slot {
  Move move;
  Position position;
  uint64_t key = 0;
  Numbers numbers;
  bool fixed = false;  // decided without the table: by the rules, a draw or the depth
};

template <Rules R>
class DfPn {
 public:
  DfPn(SolverTable& table, const SolveLimits& limits, Side attacker, const GameContext& game,
       const std::atomic<bool>& stop, const std::function<void(const SolveInfo&)>& on_info)
      : table_(table),
        limits_(limits),
        attacker_(attacker),
        game_(game),
        history_(game.history.begin(), game.history.end()),
        stop_(stop),
        on_info_(on_info),
        // One frame per ply the game can still last: frames_ never grows, so a reference
        // to a frame stays valid while deeper plies are searched.
        frames_(size_t(std::max(game.max_plies - game.plies, 0) + 2)) {}

  // The plies the attacker has left at the root: N own moves end on his N-th move.
  int root_remaining(const Position& root) const {
    if (limits_.max_moves <= 0) return -1;
    return 2 * limits_.max_moves - (root.side_to_move() == attacker_ ? 1 : 0);
  }

  // The table key of a node: in `go mate` mode the plies left are part of the node.
  static uint64_t node_key(const Position& p, int remaining) {
    if (remaining < 0) return p.key();
    uint64_t state = uint64_t(remaining);
    return p.key() ^ splitmix64(state);
  }

  Numbers prove_root(const Position& root) {
    start_ = Clock::now();
    last_info_ = start_;
    const int remaining = root_remaining(root);
    if (std::optional<Side> lost = R::loser(root)) return *lost == attacker_ ? kLost : kWon;
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
        const SolverEntry* e = table_.probe(p.key());
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

  void poll() {
    if (stop_.load(std::memory_order_relaxed) || (limits_.nodes && nodes_ >= limits_.nodes) ||
        (limits_.time_ms >= 0 && elapsed_ms() >= limits_.time_ms))
      aborted_ = true;
    const auto now = Clock::now();
    if (on_info_ && limits_.info_every_ms >= 0 &&
        now - last_info_ >= std::chrono::milliseconds(limits_.info_every_ms)) {
      last_info_ = now;
      on_info_(info(root_numbers_));
    }
  }

  // The numbers of a child before it is searched: the rules' verdict, a draw, the depth
  // limit, the table, or 1 and 1 for a node never seen.
  void evaluate(Slot& s, int ply, int remaining) const {
    s.fixed = true;
    if (std::optional<Side> lost = R::loser(s.position)) {
      s.numbers = *lost == attacker_ ? kLost : kWon;
      return;
    }
    // Positions of the game before the root, positions on the path and the move limit
    // are draws: a loss for the attacker, valid only along this path (docs/solver.md).
    if (history_.count(s.position.key()) || game_.plies + ply >= game_.max_plies ||
        (remaining < 0 && path_.contains(s.position.key()))) {
      s.numbers = kDrawn;
      return;
    }
    if (remaining == 0) {
      // The attacker's moves are used up: only a defender without a legal move has lost.
      bool any_move = false;
      if (s.position.side_to_move() != attacker_)
        R::generate(s.position, [&](Move, const Position&, int) { any_move = true; });
      s.numbers = any_move || s.position.side_to_move() == attacker_ ? kLost : kWon;
      return;
    }
    s.fixed = false;
    s.key = node_key(s.position, remaining);
    lookup(s);
  }

  void lookup(Slot& s) const {
    if (const SolverEntry* e = table_.probe(s.key))
      s.numbers = {e->proof, e->disproof, e->plies, e->path_dependent};
    else
      s.numbers = Numbers{};
  }

  std::vector<Slot> expand(const Position& p, int ply, int remaining) const {
    std::vector<Slot> children;
    R::generate(p, [&](Move m, const Position& c, int) {
      children.push_back(Slot{m, c, 0, Numbers{}, false});
    });
    for (Slot& s : children)
      evaluate(s, ply + 1, remaining < 0 ? -1 : remaining - 1);
    return children;
  }

  std::vector<Slot>& frame(int ply) {
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
    // Step 1. Count the node; keep the limits.
    if ((++nodes_ % kPollNodes) == 0) poll();
    const bool or_node = is_or(p);

    // Step 2. Generate the children; a side without a legal move has lost (rules.md 2).
    std::vector<Slot>& slots = frame(ply);
    slots.clear();
    R::generate(p, [&](Move m, const Position& c, int) {
      slots.push_back(Slot{m, c, 0, Numbers{}, false});
    });
    if (slots.empty()) {
      const Numbers n = or_node ? kLost : kWon;
      store(key, n, Move::none(), 0);
      return n;
    }
    path_.push(p.key());
    const int child_remaining = remaining < 0 ? -1 : remaining - 1;
    for (Slot& s : slots)
      evaluate(s, ply + 1, child_remaining);

    // Step 3. Search the most proving child until the node's thresholds are reached.
    const uint64_t nodes_before = nodes_;
    Numbers n;
    int best = 0;
    for (;;) {
      uint32_t min_delta = kProofInfinite, second_delta = kProofInfinite, sum_phi = 0;
      best = 0;
      for (int i = 0; i < int(slots.size()); ++i) {
        const uint32_t d = delta(slots[size_t(i)]);
        sum_phi = saturating_add(sum_phi, phi(slots[size_t(i)]));
        if (d < min_delta) {
          second_delta = min_delta;
          min_delta = d;
          best = i;
        } else if (d < second_delta) {
          second_delta = d;
        }
      }
      n = combine(slots, or_node, min_delta, sum_phi);
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
    store(key, n, slots[size_t(best)].move, nodes_ - nodes_before);
    return n;
  }

  // The node's numbers from its children's: OR takes the minimum proof number and the sum
  // of disproof numbers, AND the reverse; the flags say how long the win is and whether
  // a disproof rests on a draw along the path.
  Numbers combine(const std::vector<Slot>& slots, bool or_node, uint32_t min_delta,
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
    SolverEntry e;
    e.key = key;
    e.proof = n.proof;
    e.disproof = n.disproof;
    e.work = uint32_t(std::min<uint64_t>(work, UINT32_MAX));
    e.move = move;
    e.plies = n.plies;
    e.path_dependent = n.path_dependent;
    table_.store(e);
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
    if ((++nodes_ % kPollNodes) == 0) poll();
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
  const std::atomic<bool>& stop_;
  const std::function<void(const SolveInfo&)>& on_info_;
  Clock::time_point start_ = Clock::now();
  Clock::time_point last_info_ = start_;
  uint64_t nodes_ = 0;
  bool aborted_ = false;
  Numbers root_numbers_;
  KeyPath path_;
  std::vector<std::vector<Slot>> frames_;  // the children of each ply, reused
  std::vector<StrategyLine>* lines_ = nullptr;
  std::unordered_map<uint64_t, size_t> line_of_;  // winner's positions done
  std::unordered_set<uint64_t> defended_;         // loser's positions done
};

}  // namespace

Solver::Solver(RuleSet rules, const SolveLimits& limits)
    : rules_(rules), limits_(limits), table_(std::make_unique<SolverTable>(limits.hash_mb)) {}

Solver::~Solver() = default;

SolveResult Solver::prove(const Position& root, Side attacker, const GameContext& game,
                          const std::atomic<bool>& stop,
                          const std::function<void(const SolveInfo&)>& on_info) {
  table_->clear();
  return with_rules(rules_, [&]<class R>(R) {
    DfPn<R> dfpn(*table_, limits_, attacker, game, stop, on_info);
    const Numbers n = dfpn.prove_root(root);
    SolveResult r;
    r.info = dfpn.info(n);
    if (n.proof == 0) {
      r.proof = Proof::kProven;
      r.pv = dfpn.principal_line(root);
      if (!r.pv.empty() && root.side_to_move() == attacker) r.best = r.pv[0];
    } else if (n.disproof == 0) {
      r.proof = Proof::kDisproven;
      r.path_dependent = n.path_dependent;
    }
    return r;
  });
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
