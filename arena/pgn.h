// Game records as PGN-like text (docs/arena.md, "Game records"): a block of tags, a blank
// line, the move tokens with move numbers, and the result; a blank line between games.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "arena/game_record.h"

namespace kete::arena {

// The text of one game, ending in a blank line.
std::string write_pgn(const GameRecord& record);

// The most a record file (--replay) or a match checkpoint is read at: 1 GiB, about a
// million games (docs/distributed.md: 100,000 games take some 100 MB).
inline constexpr size_t kRecordFileBytes = size_t(1) << 30;

// Every game of a record file's text. Errors name `source` and the line.
absl::StatusOr<std::vector<GameRecord>> read_pgn(std::string_view text, std::string_view source);
// The games of the record file at `path`: a regular file of at most kRecordFileBytes.
absl::StatusOr<std::vector<GameRecord>> load_pgn(const std::string& path);

}  // namespace kete::arena
