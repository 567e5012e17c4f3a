// bench: a fixed set of positions per variant searched to a fixed depth with one thread
// and a fresh search state. The total node count is the search's signature: a change
// that claims no functional change leaves it untouched (tests/data/bench.txt).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "rules/types.h"
#include "search/search.h"

namespace kete {

struct BenchPosition {
  Variant variant;
  std::string position;  // a position string
  // Searched at the bench depth plus this: kujifunza's and kiswahili's trees are narrow,
  // bao's start is wide, and every variant should weigh about as much in the signature.
  int extra_depth = 0;
};

const std::vector<BenchPosition>& bench_positions();
inline constexpr int kBenchDepth = 7;
// The deepest bench the protocol accepts: beyond it a bench would run for hours.
inline constexpr int kMaxBenchDepth = 20;

struct BenchLine {
  BenchPosition position;
  uint64_t nodes;
};

// Searches every bench position with `settings` (the signature: the defaults, one
// thread); on_line is called after each.
std::vector<BenchLine> run_bench(int depth, const SearchSettings& settings,
                                 const std::function<void(const BenchLine&)>& on_line);

}  // namespace kete
