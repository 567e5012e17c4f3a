#include "arena/game_record.h"

#include <fmt/format.h>

#include "rules/name_table.h"
#include "rules/notation.h"

namespace kete::arena {
namespace {

constexpr NameTable<Termination, 6> kTerminationNames{
    {"rules", "time forfeit", "crash", "illegal move", "start failure", "aborted"}};

// PGN's result tags, from South's side; "*" is a game without a result.
constexpr NameTable<Result, 4> kResultTexts{{"*", "1-0", "0-1", "1/2-1/2"}};

}  // namespace

std::string_view to_string(Termination t) {
  return kTerminationNames.name_of(t);
}

std::optional<Termination> parse_termination(std::string_view text) {
  return kTerminationNames.value_named(text);
}

std::string_view result_text(Result r) {
  return kResultTexts.name_of(r, "*");
}

std::optional<Result> parse_result_text(std::string_view text) {
  return kResultTexts.value_named(text);
}

std::optional<double> GameRecord::score_of(std::string_view player) const {
  const bool south = players[0] == player, north = players[1] == player;
  if (!south && !north) return std::nullopt;
  switch (result) {
    case Result::kSouthWins:
      return south ? 1.0 : 0.0;
    case Result::kNorthWins:
      return north ? 1.0 : 0.0;
    case Result::kDraw:
      return 0.5;
    case Result::kNone:
      break;
  }
  return std::nullopt;
}

absl::Status verify(const GameRecord& record) {
  absl::StatusOr<Position> start = parse_position(record.rules.variant, record.start);
  if (!start.ok()) return start.status();
  Game game(record.rules, *start, record.max_plies);
  for (size_t i = 0; i < record.moves.size(); ++i) {
    const std::string& token = record.moves[i];
    if (game.outcome().result != Result::kNone)
      return absl::InvalidArgumentError(
          fmt::format("ply {}: move '{}' after the game ended", i + 1, token));
    absl::StatusOr<Move> m = parse_move(record.rules, game.position(), token);
    if (!m.ok())
      return absl::InvalidArgumentError(fmt::format("ply {}: {}", i + 1, error_text(m.status())));
    game.play(*m);
  }
  const Outcome end = game.outcome();
  if (record.termination == Termination::kRules && end.result != record.result)
    return absl::InvalidArgumentError(fmt::format("result {} but the rules give {} ({})",
                                                  to_string(record.result), to_string(end.result),
                                                  to_string(end.reason)));
  if (record.termination != Termination::kRules && end.result != Result::kNone)
    return absl::InvalidArgumentError(fmt::format("ended by {} but the game was already over ({})",
                                                  to_string(record.termination),
                                                  to_string(end.reason)));
  return absl::OkStatus();
}

}  // namespace kete::arena
