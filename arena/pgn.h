// Game records as PGN-like text (docs/arena.md, "Game records"): a block of tags, a blank
// line, the move tokens with move numbers, and the result; a blank line between games.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "arena/game_record.h"

namespace kete::arena {

// The text of one game, ending in a blank line.
std::string write_pgn(const GameRecord& record);

// Every game of a record file's text. Errors name `source` and the line.
absl::StatusOr<std::vector<GameRecord>> read_pgn(std::string_view text, std::string_view source);
absl::StatusOr<std::vector<GameRecord>> load_pgn(const std::string& path);

}  // namespace kete::arena
