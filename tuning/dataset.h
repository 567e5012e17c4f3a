// Training data for the evaluation tuner: positions from self-play with the search's score
// and the game's result, one a line (docs/tuning.md):
//
//   <position string> | <score> | <result> | <game>
//
// score: the search's score in centi-seeds from the side to move's view, a found win or
// loss written as +-kMateBound; result: the game's result for South, 1, 0.5 or 0; game:
// the game's number, unique across the shards of one run. Lines starting with '#' are
// comments. Files of the same variant concatenate.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "rules/position.h"
#include "rules/score.h"

namespace kete::tuning {

struct Sample {
  Position position;
  Value score = 0;
  double result = 0.5;  // for South
  uint64_t game = 0;
};

std::string format_sample(const Sample& s);
// Errors name what is wrong with the line (the caller adds file and line number).
absl::StatusOr<Sample> parse_sample(Variant v, std::string_view line);

// The result for the side to move of s's position: 1 won, 0.5 drawn, 0 lost.
double result_for_side_to_move(const Sample& s);

// The samples of every file at `paths`, data of variant v (kete-datagen's header line,
// when present, must name it: the 4x8 variants share a board, so another variant's data
// would parse). Positions whose search found a won or lost game are left out, since no
// static evaluation can see them. Errors name the file and line. Each file is a regular file
// of at most kDataFileBytes, read a line at a time, a line of at most kDataLineBytes.
inline constexpr size_t kDataFileBytes = size_t(16) << 30;  // some 160 million positions
inline constexpr size_t kDataLineBytes = size_t(64) << 10;  // a sample takes about 100 bytes
absl::StatusOr<std::vector<Sample>> read_dataset(const std::vector<std::string>& paths, Variant v);

}  // namespace kete::tuning
