// The command line of kete-match (docs/arena.md): parsed into a match configuration with
// an error message that names the bad argument; nothing here starts a process or reads a
// file.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "arena/match.h"

namespace kete::arena {

struct CommandLine {
  MatchConfig match;          // everything but the openings
  std::string openings_file;  // empty: random openings
  int random_plies = 8;
  uint64_t seed = 1;
  std::string pgn_file;         // where to write the records; empty: nowhere
  std::string replay_file;      // --replay: summarize a record file instead of playing
  bool quiet = false;           // no line per game
  std::string checkpoint_file;  // where the finished pairs are kept; empty: nowhere
  bool resume = false;          // continue the run the checkpoint holds
  int checkpoint_seconds = 30;  // at most one checkpoint write in this many seconds
  bool help = false;
};

// `args` without the program name.
absl::StatusOr<CommandLine> parse_command_line(const std::vector<std::string>& args);
std::string usage();

}  // namespace kete::arena
