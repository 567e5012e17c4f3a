// The search: forced wins found with the right distance, determinism, stop, threads,
// MultiPV, draws by the move limit, time budgets that respect the clock.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <new>

#include <gtest/gtest.h>

#include "engine/bench.h"
#include "engine/engine.h"
#include "rules/option_file.h"
#include "rules/zero_pages.h"
#include "search/timeman.h"
#include "search/tt.h"
#include "tests/forced_wins.h"
#include "tests/test_util.h"

// Every heap allocation of this test binary is counted, so that a test can pin "the search
// never allocates" (docs/style.md): replacing the global operator new is the one hook that sees
// allocations made anywhere, std::stable_sort's buffer included.
// GCC sees the replaced operator delete's free() inlined after `new` and warns, wrongly:
// the replaced new allocates with malloc.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
namespace {
std::atomic<uint64_t> g_allocations{0};
std::atomic<uint64_t> g_allocated_bytes{0};
}  // namespace

void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  g_allocated_bytes.fetch_add(size, std::memory_order_relaxed);
  return std::malloc(size ? size : 1);
}
void* operator new(std::size_t size) {
  if (void* p = operator new(size, std::nothrow)) return p;
  throw std::bad_alloc();
}
// The nothrow form is replaced too: std::stable_sort's buffer comes from it, and
// AddressSanitizer's own nothrow new would otherwise be paired with the free() below.
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}

namespace kete::test {
namespace {

// An exhaustive solver, independent of the search: can the side to move force a win
// within n of its own moves?
bool wins_within(RuleSet rules, const Position& p, int n);

bool every_move_loses_within(RuleSet rules, const Position& p, int n) {
  if (std::optional<Side> lost = loser(rules, p)) return *lost == p.side_to_move();
  if (n <= 0) return false;
  for (Move m : legal_moves(rules, p))
    if (!wins_within(rules, *play(rules, p, m), n)) return false;
  return true;
}

bool wins_within(RuleSet rules, const Position& p, int n) {
  if (std::optional<Side> lost = loser(rules, p)) return *lost != p.side_to_move();
  if (n <= 0) return false;
  for (Move m : legal_moves(rules, p))
    if (every_move_loses_within(rules, *play(rules, p, m), n - 1)) return true;
  return false;
}

SearchResult search_depth(RuleSet rules, const Position& p, int depth, SearchInfo* last = nullptr,
                          SearchSettings settings = {}) {
  TranspositionTable tt(4);
  Limits limits;
  limits.depth = depth;
  const std::atomic<bool> stop{false};
  return search(rules, p, GameContext{}, limits, settings, tt, stop, [&](const SearchInfo& i) {
    if (last && i.multipv == 1) *last = i;
  });
}

class ForcedWins : public ::testing::TestWithParam<ForcedWin> {};

// The search of `threads` threads finds the win of `w` at its distance, and plays a move
// that keeps it.
void expect_found(const ForcedWin& w, int threads) {
  const Position p = parse_or_die(w.rules.variant, w.position);
  ASSERT_TRUE(wins_within(w.rules, p, w.moves)) << "the solver finds no win in " << w.moves;
  ASSERT_FALSE(wins_within(w.rules, p, w.moves - 1)) << "the solver finds a shorter win";
  SearchInfo info;
  SearchSettings settings;
  settings.threads = threads;
  const SearchResult r = search_depth(w.rules, p, 2 * w.moves + 1, &info, settings);
  ASSERT_TRUE(r.best.has_value());
  EXPECT_TRUE(info.score.is_mate()) << info.score.value;
  EXPECT_EQ(info.score.mate_moves(), w.moves);
  // The move chosen keeps the win: after it the opponent loses within moves - 1.
  EXPECT_TRUE(every_move_loses_within(w.rules, *play(w.rules, p, *r.best), w.moves - 1))
      << move_token(p, *r.best);
}

TEST_P(ForcedWins, FoundWithTheRightDistance) {
  expect_found(GetParam(), 1);
}

// Two threads share out the moves (a thread puts off those the other is searching): every
// move put off is still searched, so the same wins are found at the same distances.
TEST_P(ForcedWins, FoundWithTheRightDistanceOnTwoThreads) {
  expect_found(GetParam(), 2);
}

INSTANTIATE_TEST_SUITE_P(AllVariants, ForcedWins, ::testing::ValuesIn(kForcedWins));
INSTANTIATE_TEST_SUITE_P(LongerMateFirst, ForcedWins, ::testing::ValuesIn(kLongerMateFirst));

// Every iteration of a search of `p` within `limits`, in order.
std::vector<SearchInfo> iterations(RuleSet rules, const Position& p, const Limits& limits,
                                   SearchResult& result) {
  TranspositionTable tt(4);
  const std::atomic<bool> stop{false};
  std::vector<SearchInfo> infos;
  result = search(rules, p, GameContext{}, limits, SearchSettings{}, tt, stop,
                  [&](const SearchInfo& i) { infos.push_back(i); });
  return infos;
}

// A win is reported as the shortest once its plies but the last lie within the iteration's
// depth; `go depth N` searches to N all the same; a search with no depth
// limit ends on the mate once it is the shortest; the loser's score counts the longest
// defence (issue 30). Positions where the search used to report a longer mate first.
class ShortestMates : public ::testing::TestWithParam<ForcedWin> {};

TEST_P(ShortestMates, AreReportedAndPlayed) {
  const ForcedWin w = GetParam();
  const Position p = parse_or_die(w.rules.variant, w.position);
  ASSERT_TRUE(wins_within(w.rules, p, w.moves));
  ASSERT_FALSE(wins_within(w.rules, p, w.moves - 1));
  Limits limits;
  limits.depth = 10;
  SearchResult r;
  const std::vector<SearchInfo> deep = iterations(w.rules, p, limits, r);
  ASSERT_EQ(deep.size(), 10u);
  for (const SearchInfo& i : deep) {
    // No iteration has the winner mated. A shallow one may score the win as a small
    // disadvantage (kigogo's second net does at depths 1 and 2): only a mate is checked.
    if (!i.score.is_mate()) continue;
    EXPECT_GT(i.score.value, 0) << "depth " << i.depth;
    if (kMate - i.score.value - 1 <= i.depth) {
      EXPECT_EQ(i.score.mate_moves(), w.moves) << "depth " << i.depth;
    }
  }
  EXPECT_EQ(deep.back().depth, 10);
  EXPECT_TRUE(deep.back().score.is_mate());
  EXPECT_EQ(deep.back().score.mate_moves(), w.moves);
  ASSERT_TRUE(r.best.has_value());
  const Position next = *play(w.rules, p, *r.best);
  EXPECT_TRUE(every_move_loses_within(w.rules, next, w.moves - 1)) << move_token(p, *r.best);

  // No depth limit: the mate ends the search, long before the node limit.
  limits = Limits{};
  limits.nodes = 20'000'000;
  const std::vector<SearchInfo> open = iterations(w.rules, p, limits, r);
  ASSERT_FALSE(open.empty());
  EXPECT_EQ(open.back().score.mate_moves(), w.moves);
  EXPECT_LT(r.nodes, limits.nodes);
  // The loser, after the winner's move: lost in exactly w.moves - 1 of its moves.
  const std::vector<SearchInfo> lost = iterations(w.rules, next, limits, r);
  ASSERT_FALSE(lost.empty());
  EXPECT_EQ(lost.back().score.mate_moves(), -(w.moves - 1));
  EXPECT_LT(r.nodes, limits.nodes);
}

INSTANTIATE_TEST_SUITE_P(LongerMateFirst, ShortestMates, ::testing::ValuesIn(kLongerMateFirst));

TEST(Search, FixedDepthIsDeterministicWithOneThread) {
  for (Variant v : kAllVariants) {
    const RuleSet rules{v, KichwaRule::kChoose};
    const Position p = Position::start(v);
    const SearchResult a = search_depth(rules, p, 5), b = search_depth(rules, p, 5);
    ASSERT_TRUE(a.best && b.best);
    EXPECT_EQ(*a.best, *b.best) << to_string(v);
    EXPECT_EQ(a.nodes, b.nodes) << to_string(v);
  }
}

// Allocations of one single-threaded search to `depth`, the table made beforehand.
uint64_t allocations_of_search(RuleSet rules, const Position& p, int depth, uint64_t& nodes) {
  TranspositionTable tt(4);
  Limits limits;
  limits.depth = depth;
  const std::atomic<bool> stop{false};
  const std::function<void(const SearchInfo&)> on_info = [](const SearchInfo&) {};
  const uint64_t before = g_allocations.load();
  nodes = search(rules, p, GameContext{}, limits, SearchSettings{}, tt, stop, on_info).nodes;
  return g_allocations.load() - before;
}

// The search allocates only when it starts (its per-thread stack, the key history): a
// search of thousands of nodes and many iterations allocates exactly as often as one of
// depth 1, so no node and no iteration allocates.
TEST(Search, AllocatesNothingPerNodeOrIteration) {
  uint64_t nodes = 0;
  allocations_of_search(kBao, Position::start(Variant::kBao), 2, nodes);  // one-time statics
  uint64_t total_deep_nodes = 0;
  for (const BenchPosition& b : bench_positions()) {
    for (KichwaRule kichwa : {KichwaRule::kChoose, KichwaRule::kFollow}) {
      if (kichwa == KichwaRule::kFollow && b.variant != Variant::kKujifunza) continue;
      const RuleSet rules{b.variant, kichwa};
      const Position p = parse_or_die(b.variant, b.position);
      uint64_t shallow_nodes = 0, deep_nodes = 0;
      const uint64_t shallow = allocations_of_search(rules, p, 1, shallow_nodes);
      const uint64_t deep = allocations_of_search(rules, p, 6, deep_nodes);
      total_deep_nodes += deep_nodes;
      EXPECT_EQ(deep, shallow) << b.position << ": " << deep_nodes << " nodes";
      EXPECT_LE(shallow, 16u) << b.position;
    }
  }
  EXPECT_GT(total_deep_nodes, 20'000u);  // the deep searches did search
}

// A file that an option names is read into what it holds, not into its size limit: the
// 38 KB committed proof under ProofFile's 256 MiB limit zero-filled 257 MiB per load
// (issue 29). The file itself is counted twice at most (its bytes, one growth).
// The table's memory: zeros, on a 2 MiB boundary (huge pages), and every byte mapped
// around it handed back, whatever the size.
int64_t mapped_kib() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.starts_with("VmSize:")) return std::stoll(line.substr(7));
  return -1;
}

TEST(ZeroPages, AreAlignedZerosAndLeaveNothingMapped) {
  constexpr size_t kHuge = size_t{2} << 20;
  for (const size_t bytes : {size_t{4096}, kHuge, 3 * kHuge + 5, 17 * kHuge + 4096}) {
    SCOPED_TRACE(bytes);
    ZeroPages pages(bytes, ZeroPages::Pages::kHuge);
    ASSERT_EQ(pages.bytes(), bytes);
    auto* p = static_cast<unsigned char*>(pages.data());
    if (bytes >= kHuge) {
      EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % kHuge, 0u);
    }
    EXPECT_EQ(p[0], 0);
    EXPECT_EQ(p[bytes - 1], 0);
    p[0] = p[bytes / 2] = p[bytes - 1] = 7;
    pages.clear();
    EXPECT_EQ(p[0] + p[bytes / 2] + p[bytes - 1], 0);
  }
  // Mapped and dropped 50 times, the process's address space does not grow: the slack
  // around the aligned range (2 MiB each time) was unmapped with it.
  { ZeroPages warm(3 * kHuge + 5, ZeroPages::Pages::kHuge); }
  const int64_t before = mapped_kib();
  ASSERT_GT(before, 0) << "no VmSize in /proc/self/status";
  for (int i = 0; i < 50; ++i) {
    ZeroPages pages(3 * kHuge + 5, ZeroPages::Pages::kHuge);
    static_cast<unsigned char*>(pages.data())[0] = 1;
  }
  EXPECT_LT(mapped_kib() - before, 16 << 10);  // 100 MiB if the slack stayed
}

TEST(OptionFile, ReadsWhatTheFileHoldsNotItsLimit) {
  const std::string path = std::string(KETE_SOURCE_DIR) + "/tuning/proofs/kujifunza-follow.proof";
  const uint64_t before = g_allocated_bytes.load();
  const absl::StatusOr<std::string> bytes =
      read_option_file(path, {"a proof file", "a proof file", size_t(256) << 20});
  const uint64_t allocated = g_allocated_bytes.load() - before;
  ASSERT_TRUE(bytes.ok()) << bytes.status();
  EXPECT_EQ(bytes->size(), 38134u);
  EXPECT_LT(allocated, 4 * bytes->size());
}

// `go nodes N` means N: at least N nodes unless the search ended first (a forced result),
// fewer than N + node_poll_interval(N) on one thread. Every variant, small and large N.
TEST(Search, NodeLimitIsExact) {
  for (const BenchPosition& b : bench_positions()) {
    for (KichwaRule kichwa : {KichwaRule::kChoose, KichwaRule::kFollow}) {
      if (kichwa == KichwaRule::kFollow && b.variant != Variant::kKujifunza) continue;
      const RuleSet rules{b.variant, kichwa};
      const Position p = parse_or_die(b.variant, b.position);
      for (uint64_t n : {1, 2, 10, 100, 1000, 3000, 20000}) {
        TranspositionTable tt(4);
        Limits limits;
        limits.nodes = n;
        const std::atomic<bool> stop{false};
        bool mate = false;
        const SearchResult r = search(rules, p, GameContext{}, limits, SearchSettings{}, tt, stop,
                                      [&](const SearchInfo& i) { mate = i.score.is_mate(); });
        EXPECT_LT(r.nodes, n + node_poll_interval(n)) << b.position << " nodes " << n;
        if (!mate) {
          EXPECT_GE(r.nodes, n) << b.position << " nodes " << n;
        }
        EXPECT_TRUE(r.best.has_value()) << b.position << " nodes " << n;
      }
    }
  }
}

TEST(Search, MoveLimitDrawsEveryLine) {
  // One ply before MaxPlies, every move that does not win at once draws (rules.md 2).
  const Position p = Position::start(Variant::kKiswahili);
  TranspositionTable tt(1);
  GameContext game;
  game.plies = 99;
  game.max_plies = 100;
  Limits limits;
  limits.depth = 5;
  const std::atomic<bool> stop{false};
  SearchInfo last;
  search(kKiswahili, p, game, limits, SearchSettings{}, tt, stop,
         [&](const SearchInfo& i) { last = i; });
  EXPECT_EQ(last.score.value, kDraw);
}

TEST(Search, MultiPvReportsDistinctFirstMoves) {
  const Position p = Position::start(Variant::kBao);
  SearchSettings settings;
  settings.multipv = 3;
  TranspositionTable tt(4);
  Limits limits;
  limits.depth = 4;
  const std::atomic<bool> stop{false};
  std::vector<SearchInfo> last_iteration(3);
  search(kBao, p, GameContext{}, limits, settings, tt, stop,
         [&](const SearchInfo& i) { last_iteration[size_t(i.multipv - 1)] = i; });
  for (const SearchInfo& i : last_iteration)
    ASSERT_FALSE(i.pv.empty());
  EXPECT_NE(last_iteration[0].pv[0], last_iteration[1].pv[0]);
  EXPECT_NE(last_iteration[1].pv[0], last_iteration[2].pv[0]);
  EXPECT_GE(last_iteration[0].score.value, last_iteration[1].score.value);
  EXPECT_GE(last_iteration[1].score.value, last_iteration[2].score.value);
}

// Through the facade, as the protocol uses it: an infinite search with two threads ends
// at `stop` with a legal move, and not before: once it has reported 100 ms by its own
// clock it still runs.
TEST(Engine, StopEndsAnInfiniteSearchWithALegalMove) {
  Engine engine;
  engine.set_threads(2);
  std::atomic<bool> done{false};
  std::optional<Move> best;
  std::mutex mutex;
  std::condition_variable reported;
  int64_t reported_ms = -1;
  Limits limits;
  limits.infinite = true;
  engine.go(
      limits,
      [&](const SearchInfo& i) {
        const std::lock_guard lock(mutex);
        reported_ms = std::max(reported_ms, i.time_ms);
        reported.notify_all();
      },
      [&](const SearchResult& r) {
        const std::lock_guard lock(mutex);
        best = r.best;
        done = true;
        reported.notify_all();
      });
  {
    std::unique_lock lock(mutex);
    EXPECT_TRUE(reported.wait_for(lock, std::chrono::seconds(kSanitized ? 60 : 10), [&] {
      return reported_ms >= 100 || done.load();
    })) << "no report of 100 ms";
  }
  EXPECT_FALSE(done.load()) << "an infinite search ended before stop";
  EXPECT_TRUE(engine.searching());
  engine.stop();
  engine.wait();
  ASSERT_TRUE(done.load());
  ASSERT_TRUE(best.has_value());
  EXPECT_TRUE(play(engine.rules(), engine.position(), *best).has_value());
}

TEST(Engine, GameOverGivesNoMove) {
  Engine engine;
  engine.set_variant(Variant::kBao);
  ASSERT_TRUE(engine.set_position(kBaoWorkedExample, {"B7R"}).ok());
  bool called = false;
  engine.go(
      Limits{}, [](const SearchInfo&) {},
      [&](const SearchResult& r) {
        called = true;
        EXPECT_FALSE(r.best.has_value());
      });
  engine.wait();
  EXPECT_TRUE(called);
}

TEST(TimeManagement, NeverPlansBeyondTheClock) {
  for (int64_t left : {1, 10, 50, 100, 1000, 60000})
    for (int64_t inc : {0, 50, 1000})
      for (int mtg : {0, 1, 5, 40}) {
        Limits limits;
        limits.time_ms = {left, left};
        limits.inc_ms = {inc, inc};
        limits.movestogo = mtg;
        const TimeBudget b = plan_time(limits, 10, Side::kSouth);
        EXPECT_GE(b.optimum_ms, 1);
        EXPECT_LE(b.optimum_ms, b.maximum_ms);
        EXPECT_LE(b.maximum_ms, std::max<int64_t>(1, left - 10))
            << left << " " << inc << " " << mtg;
      }
  Limits huge;  // GUIs may send anything: no overflow (UBSan checks), still a sane plan
  huge.time_ms = {INT64_MAX, INT64_MAX};
  huge.inc_ms = {INT64_MAX, INT64_MAX};
  const TimeBudget h = plan_time(huge, 10, Side::kSouth);
  EXPECT_GT(h.optimum_ms, 0);
  EXPECT_LE(h.optimum_ms, h.maximum_ms);
  Limits movetime;
  movetime.movetime_ms = 500;
  EXPECT_EQ(plan_time(movetime, 10, Side::kNorth).maximum_ms, 490);
  // A fixed time is used in full: no optimum stops the iterations early.
  EXPECT_EQ(plan_time(movetime, 10, Side::kNorth).optimum_ms, -1);
  Limits infinite;
  infinite.infinite = true;
  EXPECT_EQ(plan_time(infinite, 10, Side::kNorth).maximum_ms, -1);
}

}  // namespace
}  // namespace kete::test
