// kete-micro: Google Benchmark micro-benchmarks of the rules library and the table, per
// rules set, on fixed positions: the start and the positions of tests/data/perft.
//
//   sow/<rules>/small|large    one lap of sow<W> (4 seeds; 40 seeds, whole rounds)
//   generate/<rules>           R::generate with children; counter seeds/s = seeds sown
//   legal_moves/<rules>        the moves only (generation still plays them out)
//   play/<rules>               play(RuleSet, p, m) of one given legal move
//   key_scratch/<rules>        Position::compute_key()
//   key_incremental/<rules>    one pit's incremental key update (set_seeds)
//   evaluate/<rules>           evaluate()
//   net_leaves/<rules>/refresh|incremental
//                              the net's evaluation of every child of a position, as the
//                              search's leaves: each refreshed, or each updated from the
//                              parent's accumulator (nnue::Evaluator); items are leaves
//   playout/<rules>            one random game from the start (to its end or 1000 plies),
//                              one move played per ply (rules/playout.h)
//   playout_all_moves/<rules>  the same, every move of a ply played out and one picked
//   tt_store|tt_probe/<MiB>    the transposition table on random keys
//
// Items are operations: one per position of the set (the set is cycled as a whole), one
// per pit update, one per playout, one per table access.
#include <array>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "eval/evaluate.h"
#include "eval/nnue.h"
#include "eval/weights.h"
#include "rules/notation.h"
#include "rules/perft.h"
#include "rules/playout.h"
#include "rules/random.h"
#include "rules/rules.h"
#include "search/tt.h"
#include "tools/standard_streams.h"

#ifndef KETE_PERFT_DIR
#error "KETE_PERFT_DIR must name tests/data/perft"
#endif

namespace kete {
namespace {

// The start of `variant` and the positions of its perft table.
std::vector<Position> load_positions(Variant variant, const std::string& file) {
  std::vector<Position> positions{Position::start(variant)};
  const std::string path = std::string(KETE_PERFT_DIR) + "/" + file;
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  const absl::StatusOr<std::vector<PerftTableLine>> table = parse_perft_table(text.str(), path);
  if (!table.ok()) {
    tools::note("{}\n", error_text(table.status()));
    std::exit(1);
  }
  for (const PerftTableLine& line : *table) {
    auto p = parse_position(variant, line.position);
    if (!p.ok()) {
      tools::note("{}: {}\n", path, error_text(p.status()));
      std::exit(1);
    }
    if (*p != positions.front()) positions.push_back(*p);
  }
  if (positions.size() < 2) {
    tools::note("no positions read from {}/{}\n", KETE_PERFT_DIR, file);
    std::exit(1);
  }
  return positions;
}

// One lap of n seeds from front pit 2 of the side to move of the start position, on a
// fresh copy each time (the copy, a 64-byte move, is part of the figure).
template <Rules R>
void bm_sow(benchmark::State& state, int n) {
  constexpr int W = width(R::kVariant);
  const Position start = Position::start(R::kVariant);
  const Side us = start.side_to_move();
  int end = 0;
  for (auto _ : state) {
    Position p = start;
    benchmark::DoNotOptimize(p);
    end = sow<W>(p, us, 1, Dir::kClockwise, n);
    benchmark::DoNotOptimize(end);
    benchmark::DoNotOptimize(p);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["seeds/s"] =
      benchmark::Counter(double(state.iterations()) * n, benchmark::Counter::kIsRate);
}

template <Rules R>
void bm_generate(benchmark::State& state, const std::vector<Position>& positions) {
  uint64_t seeds = 0, moves = 0;
  for (auto _ : state) {
    for (const Position& p : positions) {
      R::generate(p, [&](Move m, const Position& child, int sown) {
        benchmark::DoNotOptimize(m);
        benchmark::DoNotOptimize(child);
        seeds += uint64_t(sown);
        ++moves;
      });
    }
  }
  state.SetItemsProcessed(state.iterations() * int64_t(positions.size()));
  state.counters["seeds/s"] = benchmark::Counter(double(seeds), benchmark::Counter::kIsRate);
  state.counters["moves/s"] = benchmark::Counter(double(moves), benchmark::Counter::kIsRate);
}

template <Rules R>
void bm_legal_moves(benchmark::State& state, const std::vector<Position>& positions) {
  for (auto _ : state) {
    for (const Position& p : positions) {
      MoveList list = legal_moves<R>(p);
      benchmark::DoNotOptimize(list);
    }
  }
  state.SetItemsProcessed(state.iterations() * int64_t(positions.size()));
}

// Plays the middle legal move of each position through the runtime-dispatched `play`.
void bm_play(benchmark::State& state, RuleSet rules, const std::vector<Position>& positions) {
  std::vector<Move> moves;
  for (const Position& p : positions) {
    const MoveList list = legal_moves(rules, p);
    moves.push_back(list.empty() ? Move::none() : list[list.size() / 2]);
  }
  for (auto _ : state) {
    for (size_t i = 0; i < positions.size(); ++i) {
      auto child = play(rules, positions[i], moves[i]);
      benchmark::DoNotOptimize(child);
    }
  }
  state.SetItemsProcessed(state.iterations() * int64_t(positions.size()));
}

void bm_key_scratch(benchmark::State& state, const std::vector<Position>& positions) {
  for (auto _ : state) {
    for (const Position& p : positions) {
      benchmark::DoNotOptimize(p);
      uint64_t key = p.compute_key();
      benchmark::DoNotOptimize(key);
    }
  }
  state.SetItemsProcessed(state.iterations() * int64_t(positions.size()));
}

// Toggles the lowest bit of one pit's count, walking over the ring: one incremental key
// update (two table loads) per item, as every drop of a lap does.
void bm_key_incremental(benchmark::State& state, const std::vector<Position>& positions) {
  Position p = positions.back();
  const Side us = p.side_to_move();
  const int ring = p.ring_size();
  int i = 0;
  for (auto _ : state) {
    p.set_seeds(us, i, p.seeds(us, i) ^ 1);
    benchmark::DoNotOptimize(p);
    if (++i == ring) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}

template <Rules R>
void bm_evaluate(benchmark::State& state, const std::vector<Position>& positions) {
  const Weights& weights = default_weights(R::kVariant);
  for (auto _ : state) {
    for (const Position& p : positions) {
      benchmark::DoNotOptimize(p);
      Value v = evaluate<R>(p, weights);
      benchmark::DoNotOptimize(v);
    }
  }
  state.SetItemsProcessed(state.iterations() * int64_t(positions.size()));
}

// A net of random weights: the cost of inference does not depend on their values.
nnue::Net random_net(Variant v) {
  nnue::Net net;
  net.variant = v;
  net.scale = 300;
  Random rng(1);
  auto w = [](Random& r) { return int(r.uniform_below(401)) - 200; };
  net.input_weights.resize(size_t(nnue::input_count(v)) * nnue::kHidden);
  for (int16_t& x : net.input_weights)
    x = int16_t(w(rng));
  for (int j = 0; j < nnue::kHidden; ++j) {
    net.input_bias[j] = int16_t(60 + w(rng) / 10);
    net.output_weights[j] = int16_t(w(rng) / 4);
  }
  return net;
}

template <Rules R>
void bm_net_leaves(benchmark::State& state, const std::vector<Position>& positions,
                   bool incremental) {
  const nnue::Net net = random_net(R::kVariant);
  nnue::Evaluator evaluator(net, incremental);
  std::vector<std::vector<Position>> children;
  int64_t leaves = 0;
  for (const Position& p : positions) {
    children.emplace_back();
    R::generate(p, [&](Move, const Position& c, int) { children.back().push_back(c); });
    leaves += int64_t(children.back().size());
  }
  for (auto _ : state) {
    for (size_t i = 0; i < positions.size(); ++i)
      for (const Position& c : children[i]) {
        Value v = evaluator.evaluate<R::W>(c, &positions[i]);
        benchmark::DoNotOptimize(v);
      }
  }
  state.SetItemsProcessed(state.iterations() * leaves);
}

// Random moves until the game is decided or 1000 plies, one move played per ply
// (rules/playout.h), as kete-throughput plays them.
template <Rules R>
void bm_playout(benchmark::State& state) {
  const Position start = Position::start(R::kVariant);
  Random rng(1);
  uint64_t plies = 0;
  for (auto _ : state)
    plies += uint64_t(random_playout<R>(start, rng, 1000));
  state.SetItemsProcessed(state.iterations());
  state.counters["plies/s"] = benchmark::Counter(double(plies), benchmark::Counter::kIsRate);
}

// The same with every move of a ply played out, every child copied into an array and one
// picked (uniform over moves).
template <Rules R>
void bm_playout_all_moves(benchmark::State& state) {
  const Position start = Position::start(R::kVariant);
  Random rng(1);
  std::array<Position, kMaxMoves> children;
  uint64_t plies = 0;
  for (auto _ : state) {
    Position p = start;
    for (int ply = 0; ply < 1000; ++ply, ++plies) {
      int n = 0;
      R::generate(p, [&](Move, const Position& child, int) { children[n++] = child; });
      if (n == 0) break;
      p = children[rng.uniform_below(uint64_t(n))];
    }
    benchmark::DoNotOptimize(p);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["plies/s"] = benchmark::Counter(double(plies), benchmark::Counter::kIsRate);
}

// 2^16 pseudo-random keys, the same for every table benchmark.
const std::vector<uint64_t>& random_keys() {
  static const std::vector<uint64_t> keys = [] {
    std::vector<uint64_t> k(1 << 16);
    uint64_t state = 0x7474ull;
    for (uint64_t& key : k)
      key = zobrist::splitmix64(state);
    return k;
  }();
  return keys;
}

TTEntry entry_for(uint64_t key) {
  return {Move::from_bits(uint16_t(key >> 20) & 0x3FFF), Value(key % 2000) - 1000,
          int(key >> 40) % 20, Bound::kExact};
}

void bm_tt_store(benchmark::State& state) {
  TranspositionTable tt(size_t(state.range(0)));
  const auto& keys = random_keys();
  size_t i = 0;
  for (auto _ : state) {
    tt.store(keys[i], entry_for(keys[i]));
    i = (i + 1) & (keys.size() - 1);
  }
  state.SetItemsProcessed(state.iterations());
}

// Probes keys that were stored (hits, unless replaced) on a table of the given size.
void bm_tt_probe(benchmark::State& state) {
  TranspositionTable tt(size_t(state.range(0)));
  const auto& keys = random_keys();
  for (uint64_t key : keys)
    tt.store(key, entry_for(key));
  size_t i = 0;
  int64_t hits = 0;
  for (auto _ : state) {
    TTEntry e;
    hits += tt.probe(keys[i], e);
    benchmark::DoNotOptimize(e);
    i = (i + 1) & (keys.size() - 1);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["hit rate"] = double(hits) / double(state.iterations());
}

// Registers every benchmark of one rules set under `name`.
template <Rules R>
void register_rules(const std::string& name, RuleSet rules, const std::string& perft_file) {
  // Leaked on purpose: the benchmarks refer to the positions until the process ends.
  const auto& positions = *new std::vector<Position>(load_positions(R::kVariant, perft_file));
  benchmark::RegisterBenchmark(("sow/" + name + "/small").c_str(), bm_sow<R>, 4);
  benchmark::RegisterBenchmark(("sow/" + name + "/large").c_str(), bm_sow<R>, 40);
  benchmark::RegisterBenchmark(("generate/" + name).c_str(), bm_generate<R>, positions);
  benchmark::RegisterBenchmark(("legal_moves/" + name).c_str(), bm_legal_moves<R>, positions);
  benchmark::RegisterBenchmark(("play/" + name).c_str(), bm_play, rules, positions);
  benchmark::RegisterBenchmark(("key_scratch/" + name).c_str(), bm_key_scratch, positions);
  benchmark::RegisterBenchmark(("key_incremental/" + name).c_str(), bm_key_incremental, positions);
  benchmark::RegisterBenchmark(("evaluate/" + name).c_str(), bm_evaluate<R>, positions);
  for (bool incremental : {false, true})
    benchmark::RegisterBenchmark(
        ("net_leaves/" + name + (incremental ? "/incremental" : "/refresh")).c_str(),
        bm_net_leaves<R>, positions, incremental);
  benchmark::RegisterBenchmark(("playout/" + name).c_str(), bm_playout<R>)
      ->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark(("playout_all_moves/" + name).c_str(), bm_playout_all_moves<R>)
      ->Unit(benchmark::kMicrosecond);
}

}  // namespace
}  // namespace kete

int main(int argc, char** argv) {
  kete::tools::open_standard_streams();
  using namespace kete;
  register_rules<BaoRules>("bao", {Variant::kBao}, "bao.txt");
  register_rules<KigogoRules>("kigogo", {Variant::kKigogo}, "kigogo.txt");
  register_rules<KujifunzaRules<KichwaRule::kChoose>>(
      "kujifunza_choose", {Variant::kKujifunza, KichwaRule::kChoose}, "kujifunza-choose.txt");
  register_rules<KujifunzaRules<KichwaRule::kFollow>>(
      "kujifunza_follow", {Variant::kKujifunza, KichwaRule::kFollow}, "kujifunza-follow.txt");
  register_rules<KiswahiliRules>("kiswahili", {Variant::kKiswahili}, "kiswahili.txt");
  for (const char* name : {"tt_store", "tt_probe"}) {
    auto* b = benchmark::RegisterBenchmark(name, name[3] == 's' ? bm_tt_store : bm_tt_probe);
    b->Arg(16)->Arg(256)->ArgName("MiB");
  }

  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
