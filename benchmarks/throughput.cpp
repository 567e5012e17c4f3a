// kete-throughput: single-thread rules throughput per variant, printed as a markdown table.
//
//   perft leaves/s   perft from the start to a fixed depth
//   playouts/s       random games from the start to their end (or 1000 plies)
//   seeds/move       seeds sown per generated move in that perft (every lap counted)
//   ns/seed          perft time divided by the seeds it sowed
//
// Each figure is the median of --runs runs (default 5).
#include <algorithm>
#include <chrono>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "engine/perft.h"

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

// Plays random moves until the game is decided or 1000 plies; returns the plies played.
template <Rules R>
int playout(Position p, std::mt19937_64& rng) {
  std::array<Position, kMaxMoves> children;
  for (int ply = 0; ply < 1000; ++ply) {
    int n = 0;
    R::generate(p, [&](Move, const Position& child, int) { children[n++] = child; });
    if (n == 0) return ply;
    p = children[rng() % n];
  }
  return 1000;
}

struct Row {
  std::string name;
  int depth;
  uint64_t leaves;
  double leaves_per_s;
  double playouts_per_s;
  double plies_per_playout;
  double seeds_per_move;
  double ns_per_seed;
};

template <Rules R>
Row measure(std::string name, int depth, int playouts, int runs) {
  const Position start = Position::start(R::kVariant);
  Row row{std::move(name), depth, 0, 0, 0, 0, 0, 0};
  std::vector<double> perft_times, playout_times;
  for (int r = 0; r < runs; ++r) {
    auto t0 = Clock::now();
    row.leaves = perft<R>(start, depth);
    perft_times.push_back(seconds_since(t0));

    std::mt19937_64 rng(r);
    uint64_t plies = 0;
    t0 = Clock::now();
    for (int g = 0; g < playouts; ++g)
      plies += playout<R>(start, rng);
    playout_times.push_back(seconds_since(t0));
    row.plies_per_playout = double(plies) / playouts;
  }
  SowStats stats;
  count_sowing<R>(start, depth, stats);
  const double perft_s = median(perft_times);
  row.leaves_per_s = row.leaves / perft_s;
  row.playouts_per_s = playouts / median(playout_times);
  row.seeds_per_move = double(stats.seeds) / stats.moves;
  row.ns_per_seed = perft_s * 1e9 / stats.seeds;
  return row;
}

}  // namespace
}  // namespace kete

int main(int argc, char** argv) {
  using namespace kete;
  int runs = 5;
  for (int i = 1; i + 1 < argc; ++i)
    if (!std::strcmp(argv[i], "--runs")) runs = std::max(1, std::atoi(argv[i + 1]));

  std::vector<Row> rows;
  rows.push_back(measure<BaoRules>("bao", 5, 2000, runs));
  rows.push_back(measure<KigogoRules>("kigogo", 6, 2000, runs));
  rows.push_back(measure<KujifunzaRules<KichwaRule::kChoose>>("kujifunza choose", 6, 2000, runs));
  rows.push_back(measure<KujifunzaRules<KichwaRule::kFollow>>("kujifunza follow", 8, 2000, runs));
  rows.push_back(measure<KiswahiliRules>("kiswahili", 10, 500, runs));

  fmt::print(
      "| rules | perft depth | leaves | leaves/s | playouts/s | plies/playout | "
      "seeds/move | ns/seed |\n|---|---|---|---|---|---|---|---|\n");
  for (const Row& r : rows)
    fmt::print("| {} | {} | {} | {:.2f} M | {:.0f} | {:.1f} | {:.1f} | {:.2f} |\n", r.name, r.depth,
               r.leaves, r.leaves_per_s / 1e6, r.playouts_per_s, r.plies_per_playout,
               r.seeds_per_move, r.ns_per_seed);
}
