// One game between two engine processes, refereed by the rules library: the runner keeps
// its own kete::Game, accepts a bestmove only if parse_move finds it among the legal moves,
// keeps the clocks, and decides the result itself. At the end it asks both engines
// `query gameover` and `query result` and records where they disagree with it.
#pragma once

#include <array>
#include <atomic>

#include "arena/game_record.h"
#include "arena/openings.h"
#include "arena/time_control.h"
#include "arena/uci_client.h"

namespace kete::arena {

struct GameSetup {
  MatchRules rules;
  TimeControl time_control;
  Opening opening;
  int round = 1;
  int game = 1;
};

// Plays a game, players indexed by Side (South first). An engine that is not running, or
// does not answer `uginewgame`, is restarted first; one that cannot be loses the game. An
// engine that crashes, hangs or runs out of time is killed (the next game restarts it) and
// loses; so does one that plays a malformed or illegal move. When `stop` becomes true the
// game is abandoned between moves (Termination::kAborted).
GameRecord play_game(const GameSetup& setup, std::array<UciClient*, 2> players,
                     const std::atomic<bool>& stop);

}  // namespace kete::arena
