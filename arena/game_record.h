// One finished game as the runner saw it: who played which side, under which rules and
// time control, from which start, every move, the result and why. pgn.h writes and reads
// it; verify() replays it through the rules library.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "rules/game.h"

namespace kete::arena {

// How a game ended. Everything but kRules is an engine's fault and a loss for it.
enum class Termination : uint8_t {
  kRules,         // the referee's outcome: a win, a repetition draw or the MaxPlies draw
  kTimeForfeit,   // no bestmove within the time allowed plus the margin (also a hang)
  kCrash,         // the engine exited or closed its output
  kIllegalMove,   // a bestmove that is malformed or not legal in the referee's position
  kStartFailure,  // the engine could not be (re)started for the game
  kAborted,       // the match stopped during the game; the game does not count
};

std::string_view to_string(Termination t);
std::optional<Termination> parse_termination(std::string_view text);

// A result as PGN writes it, from South's side: "1-0", "0-1", "1/2-1/2", "*" (no result).
std::string_view result_text(Result r);
std::optional<Result> parse_result_text(std::string_view text);

struct GameRecord {
  int round = 0;  // the opening pair, from 1; both games of a round share the opening
  int game = 0;   // from 1, in the order the games were scheduled
  std::array<std::string, 2> players;  // engine names, indexed by Side (South, North)
  RuleSet rules;
  int max_plies = Game::kDefaultMaxPlies;
  std::string time_control;        // TimeControl::text()
  std::string start;               // position string of the start position
  int opening_plies = 0;           // the first moves came from the opening, not the engines
  std::vector<std::string> moves;  // canonical tokens, opening moves first
  // Think time of each engine move in ms, from `go` to `bestmove` (the opening's moves
  // have none): moves[opening_plies + i] took move_ms[i]. Written as {123ms} comments.
  std::vector<int64_t> move_ms;
  Result result = Result::kNone;
  Termination termination = Termination::kRules;
  std::string reason;  // for people: "front row emptied", "b: illegal move 'A1L'"
  // Where an engine's `query gameover`/`query result` contradicted the referee.
  std::vector<std::string> disagreements;

  // 1, 0.5 or 0 for the engine called `player`; nullopt if it did not play this game or
  // the game has no result.
  std::optional<double> score_of(std::string_view player) const;
};

// Replays the record through the rules library: the start parses, every move is legal in
// turn, and a game ended by the rules has the referee's result (a game ended by a fault
// must still have been running).
absl::Status verify(const GameRecord& record);

}  // namespace kete::arena
