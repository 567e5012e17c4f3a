// The scheduler: every opening played twice with the engines swapping sides, N games at
// once on worker threads (each with its own two engine processes), totals after every
// game, and a stop when the SPRT decides or the caller asks.
#pragma once

#include <array>
#include <atomic>
#include <functional>
#include <optional>
#include <vector>

#include "arena/game_record.h"
#include "arena/openings.h"
#include "arena/tally.h"
#include "arena/time_control.h"
#include "arena/uci_client.h"

namespace kete::arena {

struct MatchConfig {
  std::array<EngineConfig, 2> engines;  // the first is the one the statistics speak for
  MatchRules rules;
  TimeControl time_control;
  std::vector<Opening> openings;  // round r uses openings[(r - 1) % size]; never empty
  int games = 2;                  // rounded up to whole pairs
  int concurrency = 1;
  std::optional<SprtConfig> sprt;
  bool inherit_stderr = false;  // let the engines write to the runner's stderr
  // Whole pairs already played (a resumed run, arena/checkpoint.h): counted first and not
  // played again.
  std::vector<GameRecord> finished;
};

// The number of games the match plays: whole pairs.
int planned_games(const MatchConfig& config);

// Plays game g (from 0) of the match: round g / 2 + 1 on the round's opening, the first
// engine South in the round's first game. A game depends on its index alone, so every
// scheduler (threads, ranks) plays the same games.
GameRecord play_match_game(const MatchConfig& config, int g, UciClient& first, UciClient& second,
                           const std::atomic<bool>& stop);

// The finished games of a resumed run checked against the match's plan (issue 29: a
// checkpoint's record with an illegal move was copied to the PGN; a repeated or
// out-of-range [Game] was counted): every record replays under the rules (verify), and
// is the game its number plans: in range, once, its round, players, rules, time control
// and opening. The error names the game.
absl::Status check_finished(const MatchConfig& config);

// The totals of the finished games of a resumed run, and the games still to play.
Tally finished_tally(const MatchConfig& config);
std::vector<int> games_to_play(const MatchConfig& config);

// Called after each counted game, one call at a time, with the totals including it.
using GameCallback = std::function<void(const GameRecord&, const Tally&)>;

// Plays the match and returns the totals. Sets `stop` when the SPRT decides; setting it
// from outside (an interrupt) abandons the games in progress between moves.
Tally run_match(const MatchConfig& config, const GameCallback& on_game, std::atomic<bool>& stop);

}  // namespace kete::arena
