// The positions games start from: read from a file, or made by random moves from the
// start. Every opening is played twice, the engines swapping sides (match.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "rules/game.h"
#include "rules/position.h"

namespace kete::arena {

struct Opening {
  Position start;                   // where the game starts
  std::vector<std::string> moves;   // canonical tokens played from `start` before the engines
  bool from_start_position = true;  // `start` is the variant's start (sent as `startpos`)

  // The position string to send, empty for the start position.
  std::string start_text() const;
};

// The opening file format, one opening a line; blank lines and lines starting with '#'
// are skipped:
//   <position string>                      a position (docs/interface.md section 2)
//   <position string> moves <m1> <m2> ...  moves played from that position
//   [startpos [moves]] <m1> <m2> ...       moves played from the variant's start
// Every move must be legal and the opening must leave a game that is not over. Errors name
// `source` and the line.
absl::StatusOr<std::vector<Opening>> parse_openings(RuleSet rules, std::string_view text,
                                                    std::string_view source);
// The openings of the file at `path`: a regular file of at most kOpeningsFileBytes, 64 MiB
// (over a million openings; the books of tuning/books/ hold 100 of about 40 bytes).
inline constexpr size_t kOpeningsFileBytes = size_t(64) << 20;
absl::StatusOr<std::vector<Opening>> load_openings(RuleSet rules, const std::string& path);

// The game an opening leaves: its moves played from its start, a draw at `max_plies`. A
// move that is not legal there is an error naming it.
absl::StatusOr<Game> play_opening(RuleSet rules, const Opening& opening, int max_plies);

// `count` distinct openings of `plies` random moves from the start (seeded, so a match can
// be repeated). A position is rejected when it is already decided: the game is over, the
// side to move has a move that wins at once or only moves that let the opponent win at
// once, or one side holds less than a third of the seeds. The moves are drawn uniformly
// from kete::Random (rules/random.h). Fewer than `count` come back
// only when that many distinct positions cannot be found.
std::vector<Opening> random_openings(RuleSet rules, int count, int plies, uint64_t seed);

}  // namespace kete::arena
