// A game: the moves played from a start position and the outcome, with the spec's draws.
#pragma once

#include <string_view>
#include <vector>

#include "rules/move.h"
#include "rules/name_table.h"
#include "rules/position.h"

namespace kete {

enum class Result : uint8_t { kNone, kSouthWins, kNorthWins, kDraw };

enum class EndReason : uint8_t {
  kNone,
  kFinished,     // a front row emptied (kigogo: a side without seeds), rules.md section 2
  kNoLegalMove,  // the side to move cannot move (or has only never-ending moves)
  kRepetition,   // third occurrence; kigogo: second occurrence (rules.md 2 and 4)
  kMaxPlies,     // adjudicated a draw at the MaxPlies limit (rules.md 2)
};

struct Outcome {
  Result result = Result::kNone;
  EndReason reason = EndReason::kNone;
  friend bool operator==(const Outcome&, const Outcome&) = default;
};

// The names that to_string gives and the parsers read, in the order of the values.
template <>
inline constexpr NameTable<Result, 4> kNames<Result>{{"none", "p1win", "p2win", "draw"}};
template <>
inline constexpr NameTable<EndReason, 5> kNames<EndReason>{
    {"none", "front row emptied", "no legal move", "repetition", "move limit"}};

class Game {
 public:
  static constexpr int kDefaultMaxPlies = 1000;

  Game(RuleSet rules, const Position& start, int max_plies = kDefaultMaxPlies);

  RuleSet rules() const { return rules_; }
  const Position& position() const { return history_.back(); }
  const Position& start() const { return history_.front(); }
  // Every position of the game, the current one last.
  const std::vector<Position>& history() const { return history_; }
  const std::vector<Move>& moves() const { return moves_; }
  int plies() const { return int(moves_.size()); }
  int max_plies() const { return max_plies_; }
  void set_max_plies(int n) { max_plies_ = n; }

  // Plays a move; false (and nothing changes) if it is not legal here or the game is over.
  bool play(Move m);
  Outcome outcome() const;

 private:
  int occurrences_of_current() const;

  RuleSet rules_;
  int max_plies_;
  std::vector<Position> history_;
  std::vector<Move> moves_;
};

// The game around the root: what the draw rules need (rules.md section 2).
struct GameContext {
  std::vector<uint64_t> history;           // keys of the game's positions before the root
  int plies = 0;                           // plies played before the root
  int max_plies = Game::kDefaultMaxPlies;  // MaxPlies: a draw when the game reaches it
};

// What a search from the game's position needs to know of the game before it.
GameContext context_of(const Game& game);

}  // namespace kete
