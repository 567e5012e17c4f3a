#include "arena/game_runner.h"

#include <fmt/format.h>

#include "rules/notation.h"

namespace kete::arena {
namespace {

// The game is lost by `loser` for the given fault.
void forfeit(GameRecord& record, Side loser, Termination how, std::string reason) {
  record.result = loser == Side::kSouth ? Result::kNorthWins : Result::kSouthWins;
  record.termination = how;
  record.reason = std::move(reason);
}

// A running engine that has acknowledged `uginewgame`, restarting it if needed.
absl::Status make_ready(UciClient& engine) {
  if (engine.running() && engine.new_game().ok()) return absl::OkStatus();
  if (absl::Status s = engine.start(); !s.ok()) return s;
  return engine.new_game();
}

// Asks an engine whether the finished game is over and how, and notes any disagreement
// with the referee's result.
void cross_check(UciClient& engine, const GameSetup& setup, GameRecord& record) {
  if (!engine.running() || !engine.set_position(setup.opening.start_text(), record.moves).ok())
    return;
  const std::string expected(to_string(record.result));
  for (const auto& [query, want] :
       {std::pair<std::string, std::string>{"gameover", "true"}, {"result", expected}}) {
    const std::optional<std::string> answer = engine.query(query);
    if (!answer)
      record.disagreements.push_back(
          fmt::format("{}: no answer to query {}", engine.name(), query));
    else if (*answer != want)
      record.disagreements.push_back(
          fmt::format("{}: query {} answered '{}', the referee says '{}'", engine.name(), query,
                      *answer, want));
  }
}

// Plays the engines' moves until the referee ends the game, a fault does, or `stop`.
void play_moves(const GameSetup& setup, std::array<UciClient*, 2> players, Game& referee,
                GameRecord& record, const std::atomic<bool>& stop) {
  GameClock clock(setup.time_control);
  while (referee.outcome().result == Result::kNone) {
    if (stop) {
      record.termination = Termination::kAborted;
      record.reason = "the match stopped";
      return;
    }
    const Position& p = referee.position();
    const Side mover = p.side_to_move();
    UciClient& engine = *players[index(mover)];
    const int64_t allowed = clock.allowed_ms(mover);
    UciClient::Reply reply;
    reply.kind = UciClient::Reply::Kind::kCrash;
    if (engine.set_position(setup.opening.start_text(), record.moves).ok())
      reply = engine.go(clock.go_arguments(), allowed);
    if (reply.kind == UciClient::Reply::Kind::kCrash) {
      const std::string how = reply.detail.empty() ? engine.crash_description() : reply.detail;
      return forfeit(record, mover, Termination::kCrash,
                     fmt::format("{}: crashed ({})", engine.name(), how));
    }
    if (reply.kind == UciClient::Reply::Kind::kTimeout || !clock.charge(mover, reply.elapsed_ms)) {
      engine.kill();  // a late bestmove must not reach the next game
      return forfeit(record, mover, Termination::kTimeForfeit,
                     fmt::format("{}: no bestmove within {} ms", engine.name(), allowed));
    }
    const absl::StatusOr<Move> m = parse_move(setup.rules.rules, p, reply.token);
    if (!m.ok())
      return forfeit(
          record, mover, Termination::kIllegalMove,
          fmt::format("{}: {}", engine.name(),
                      reply.token.empty() ? "bestmove without a move" : error_text(m.status())));
    record.moves.push_back(move_token(p, *m));
    record.move_ms.push_back(reply.elapsed_ms);
    referee.play(*m);
  }
  const Outcome end = referee.outcome();
  record.result = end.result;
  record.termination = Termination::kRules;
  record.reason = std::string(to_string(end.reason));
}

}  // namespace

GameRecord play_game(const GameSetup& setup, std::array<UciClient*, 2> players,
                     const std::atomic<bool>& stop) {
  GameRecord record;
  record.round = setup.round;
  record.game = setup.game;
  record.players = {players[0]->name(), players[1]->name()};
  record.rules = setup.rules.rules;
  record.max_plies = setup.rules.max_plies;
  record.time_control = setup.time_control.text();
  record.start = position_string(setup.opening.start);
  record.opening_plies = int(setup.opening.moves.size());
  record.moves = setup.opening.moves;

  for (Side s : {Side::kSouth, Side::kNorth}) {
    if (absl::Status ready = make_ready(*players[index(s)]); !ready.ok()) {
      forfeit(record, s, Termination::kStartFailure, error_text(ready));
      return record;
    }
  }
  absl::StatusOr<Game> referee =
      play_opening(setup.rules.rules, setup.opening, setup.rules.max_plies);
  if (!referee.ok()) {
    // The openings are checked as they are read: a bad one here is no engine's fault.
    record.termination = Termination::kAborted;
    record.reason = error_text(referee.status());
    return record;
  }
  play_moves(setup, players, *referee, record, stop);
  if (record.termination == Termination::kRules)
    for (UciClient* engine : players)
      cross_check(*engine, setup, record);
  return record;
}

}  // namespace kete::arena
