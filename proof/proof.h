// Proof files: a winning strategy written as text (docs/solver.md), and the checker that
// verifies one with the rules library alone, trusting nothing of the search that made it.
#pragma once

#include <cstdint>
#include <istream>
#include <limits>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "rules/game.h"
#include "rules/move.h"
#include "rules/position.h"

namespace kete {

// The header: the rules, the position proven and the side that wins from it.
struct ProofHeader {
  RuleSet rules;
  int max_plies = Game::kDefaultMaxPlies;
  Position root;
  Side winner = Side::kSouth;
};

// One line of a proof: a position where the winner moves, and his move. The solver's
// strategy (solver/solver.h) and a checked proof file are lists of these.
struct StrategyLine {
  Position position;
  Move move;
};

// The header's lines, each ending in a newline.
std::string proof_header_text(const ProofHeader& h);
// One strategy line: the winner to move in p, his move m; ends in a newline.
std::string proof_line_text(const Position& p, Move m);

struct ProofReport {
  ProofHeader header;
  uint64_t positions = 0;           // strategy lines: the winner's positions
  uint64_t defences = 0;            // the loser's positions met, each counted once
  int longest_line = 0;             // plies from the root to the last win, the loser's longest
  std::vector<StrategyLine> lines;  // the strategy as checked, in the file's order
};

// Checks a whole proof: the header, every line's position and move, that every move of
// the loser is answered, that every line ends in a win by the rules, that no position
// repeats along a line, that the longest line stays within MaxPlies and that every
// strategy line is reached from the root. The error names the line or the position.
// The check walks every line depth first on a stack of its own, so any depth (issue 29):
// `deepest` bounds the plies it follows for a caller that then walks the proof recursively
// (the engine's ProofFile and its retrograde pass).
inline constexpr int kAnyDepth = std::numeric_limits<int>::max();
absl::StatusOr<ProofReport> check_proof(std::istream& in, int deepest = kAnyDepth);

}  // namespace kete
