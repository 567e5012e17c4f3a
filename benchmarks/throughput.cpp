// kete-throughput: single-thread rules throughput per rules set, printed as markdown tables.
//
// Table 1, from the start position:
//   perft leaves/s     perft to a fixed depth
//   playouts/s         random games to their end (or 1000 plies), one move played per ply
//                      (rules/playout.h)
//   all-moves po/s     the same games' rate when every move of a ply is played out and one
//                      child is picked (the old playout, uniform over moves)
//   seeds/move         seeds sown per generated move in that perft (every lap counted)
//   ns/seed            perft time divided by the seeds it sowed
// Table 2, how cost grows with depth: perft time per depth and its growth factor.
// Table 3, how cost grows with the seeds a move sows: the moves of a perft tree bucketed by
//   seeds sown per move, each bucket replayed alone (ns per move and per seed).
//
// Each time is the median of --runs runs (default 5). --quick skips tables 2 and 3.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "rules/notation.h"
#include "rules/perft.h"
#include "rules/playout.h"
#include "rules/random.h"
#include "tools/arg_cursor.h"
#include "tools/standard_streams.h"

namespace kete {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// The median over `runs` of the seconds f() takes.
template <class F>
double median_seconds(int runs, F&& f) {
  std::vector<double> times;
  for (int r = 0; r < runs; ++r) {
    const auto t0 = Clock::now();
    f(r);
    times.push_back(seconds_since(t0));
  }
  return median(times);
}

struct SowStats {
  uint64_t moves = 0;
  uint64_t seeds = 0;
};

template <Rules R>
void count_sowing(const Position& p, int depth, SowStats& stats) {
  R::generate(p, [&](Move, const Position& child, int sown) {
    ++stats.moves;
    stats.seeds += uint64_t(sown);
    if (depth > 1) count_sowing<R>(child, depth - 1, stats);
  });
}

// The old playout: every child of a ply copied into an array, one picked.
template <Rules R>
int playout_all_moves(Position p, Random& rng) {
  std::array<Position, kMaxMoves> children;
  for (int ply = 0; ply < 1000; ++ply) {
    int n = 0;
    R::generate(p, [&](Move, const Position& child, int) { children[n++] = child; });
    if (n == 0) return ply;
    p = children[rng.uniform_below(uint64_t(n))];
  }
  return 1000;
}

struct Row {
  std::string name;
  int depth;
  uint64_t leaves;
  double leaves_per_s;
  double playouts_per_s;
  double all_moves_playouts_per_s;
  double plies_per_playout;
  double seeds_per_move;
  double ns_per_seed;
};

template <Rules R>
Row measure(std::string name, int depth, int playouts, int runs) {
  const Position start = Position::start(R::kVariant);
  Row row{std::move(name), depth, 0, 0, 0, 0, 0, 0, 0};
  const double perft_s = median_seconds(runs, [&](int) { row.leaves = perft<R>(start, depth); });
  uint64_t plies = 0;
  const double playout_s = median_seconds(runs, [&](int r) {
    Random rng{uint64_t(r)};
    plies = 0;
    for (int g = 0; g < playouts; ++g)
      plies += random_playout<R>(start, rng, 1000);
  });
  const int all_moves_playouts = playouts / 10;
  const double all_moves_s = median_seconds(runs, [&](int r) {
    Random rng{uint64_t(r)};
    for (int g = 0; g < all_moves_playouts; ++g)
      playout_all_moves<R>(start, rng);
  });
  SowStats stats;
  count_sowing<R>(start, depth, stats);
  row.leaves_per_s = row.leaves / perft_s;
  row.playouts_per_s = playouts / playout_s;
  row.all_moves_playouts_per_s = all_moves_playouts / all_moves_s;
  row.plies_per_playout = double(plies) / playouts;
  row.seeds_per_move = double(stats.seeds) / stats.moves;
  row.ns_per_seed = perft_s * 1e9 / stats.seeds;
  return row;
}

// ---- Growth with depth ----

template <Rules R>
void print_depth_growth(const std::string& name, int max_depth, int runs) {
  const Position start = Position::start(R::kVariant);
  double previous = 0;
  for (int depth = 1; depth <= max_depth; ++depth) {
    uint64_t leaves = 0;
    const double s = median_seconds(runs, [&](int) { leaves = perft<R>(start, depth); });
    tools::print("| {} | {} | {} | {:.3f} ms | {:.1f} | {} |\n", name, depth, leaves, s * 1e3,
                 s * 1e9 / double(leaves),
                 previous > 0 ? fmt::format("{:.1f}x", s / previous) : std::string("-"));
    previous = s;
  }
}

// ---- Growth with seeds per move ----

// A candidate of a position of the perft tree, with what it sowed.
struct Sample {
  Position p;
  Candidates candidates;  // p's, which play_candidate takes
  int tier;
  Candidate candidate;
};

// Buckets of seeds sown per move: 1-3, 4-7, 8-15, 16-31, 32-63, 64+.
constexpr int kBuckets = 6;
constexpr const char* kBucketNames[kBuckets] = {"1-3", "4-7", "8-15", "16-31", "32-63", "64+"};
constexpr size_t kMaxSamples = 200000;

// Where replayed children's keys go, so that the replay is not optimised away.
volatile uint64_t g_sink = 0;

int bucket_of(double seeds_per_move) {
  int b = 0;
  for (int limit = 4; b < kBuckets - 1 && seeds_per_move >= limit; limit *= 2)
    ++b;
  return b;
}

struct Bucket {
  std::vector<Sample> samples;
  uint64_t moves = 0, seeds = 0;
};

// Walks the perft tree as generation plays it (tier by tier until one has a legal move)
// and files each candidate that has moves under its seeds per move.
template <Rules R>
void collect(const Position& p, int depth, std::array<Bucket, kBuckets>& buckets) {
  const Candidates c = R::candidates(p);
  bool legal = false;
  for (int t = 0; t < c.tiers && !legal; ++t)
    for (uint64_t bits = c.tier[t]; bits; bits &= bits - 1) {
      const Candidate cand = candidate_at(std::countr_zero(bits));
      uint64_t moves = 0, seeds = 0;
      R::play_candidate(p, c, t, cand, [&](Move, const Position& child, int sown) {
        ++moves;
        seeds += uint64_t(sown);
        if (depth > 1) collect<R>(child, depth - 1, buckets);
      });
      if (!moves) continue;
      legal = true;
      Bucket& b = buckets[bucket_of(double(seeds) / double(moves))];
      if (b.samples.size() == kMaxSamples) continue;
      b.samples.push_back({p, c, t, cand});
      b.moves += moves;
      b.seeds += seeds;
    }
}

template <Rules R>
void print_seed_growth(const std::string& name, int depth, int runs) {
  std::array<Bucket, kBuckets> buckets;
  collect<R>(Position::start(R::kVariant), depth, buckets);
  for (int b = 0; b < kBuckets; ++b) {
    const Bucket& bucket = buckets[b];
    if (bucket.samples.empty()) continue;
    uint64_t sink = 0;
    // Enough passes over the bucket for about 20 ms per run.
    const int passes = std::max<int>(1, int(2e5 / double(bucket.seeds + bucket.moves)));
    const double s = median_seconds(runs, [&](int) {
      for (int pass = 0; pass < passes; ++pass)
        for (const Sample& x : bucket.samples)
          R::play_candidate(x.p, x.candidates, x.tier, x.candidate,
                            [&](Move, const Position& child, int) { sink += child.key(); });
    });
    const double moves = double(bucket.moves) * passes, seeds = double(bucket.seeds) * passes;
    g_sink = sink;
    tools::print("| {} | {} | {} | {:.1f} | {:.1f} | {:.2f} |\n", name, kBucketNames[b],
                 bucket.moves, seeds / moves, s * 1e9 / moves, s * 1e9 / seeds);
  }
}

// Calls f<R>(name, perft depth) for every rules set.
template <class F>
void for_each_rules(F&& f) {
  f.template operator()<BaoRules>("bao", 5);
  f.template operator()<KigogoRules>("kigogo", 6);
  f.template operator()<KujifunzaRules<KichwaRule::kChoose>>("kujifunza choose", 6);
  f.template operator()<KujifunzaRules<KichwaRule::kFollow>>("kujifunza follow", 8);
  f.template operator()<KiswahiliRules>("kiswahili", 10);
}

}  // namespace
}  // namespace kete

constexpr std::string_view kUsage = "usage: kete-throughput [--runs N] [--quick]\n";

int main(int argc, char** argv) {
  kete::tools::open_standard_streams();
  using namespace kete;
  int runs = 5;
  bool quick = false;
  const std::vector<std::string> argv_ = tools::arguments(argc, argv);
  if (tools::wants_help(argv_)) return tools::print_help(kUsage);
  for (tools::ArgCursor args(argv_); !args.done();) {
    const std::string& flag = args.next();
    absl::Status s = absl::OkStatus();
    if (flag == "--runs")
      s = args.number(flag, runs, 1, 1000);
    else if (flag == "--quick")
      quick = true;
    else
      s = tools::unknown_argument(flag);
    if (!s.ok()) {
      tools::note("kete-throughput: {}\n{}", error_text(s), kUsage);
      return 2;
    }
  }

  tools::print(
      "| rules | perft depth | leaves | leaves/s | playouts/s | all-moves playouts/s | "
      "plies/playout | seeds/move | ns/seed |\n|---|---|---|---|---|---|---|---|---|\n");
  for_each_rules([&]<Rules R>(const char* name, int depth) {
    const Row r = measure<R>(name, depth, 20000, runs);
    tools::print("| {} | {} | {} | {:.2f} M | {:.0f} | {:.0f} | {:.1f} | {:.1f} | {:.2f} |\n",
                 r.name, r.depth, r.leaves, r.leaves_per_s / 1e6, r.playouts_per_s,
                 r.all_moves_playouts_per_s, r.plies_per_playout, r.seeds_per_move, r.ns_per_seed);
    std::fflush(stdout);
  });
  if (quick) return tools::finish_stdout("kete-throughput");

  tools::print(
      "\nPerft time per depth from the start:\n\n"
      "| rules | depth | leaves | time | ns/leaf | x previous |\n|---|---|---|---|---|---|\n");
  for_each_rules([&]<Rules R>(const char* name, int depth) {
    print_depth_growth<R>(name, depth, runs);
    std::fflush(stdout);
  });

  tools::print(
      "\nMoves of the perft tree one ply short of the depth above, by seeds sown per move, "
      "each bucket replayed alone:\n\n"
      "| rules | seeds/move | moves | mean seeds/move | ns/move | ns/seed |\n"
      "|---|---|---|---|---|---|\n");
  for_each_rules([&]<Rules R>(const char* name, int depth) {
    print_seed_growth<R>(name, depth - 1, runs);
    std::fflush(stdout);
  });
  return tools::finish_stdout("kete-throughput");
}
