// Text forms of docs/interface.md sections 1-2: pit names, move tokens, position strings.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "rules/move.h"
#include "rules/position.h"

namespace kete {

// The text of an error status (Debian's Abseil has its own string_view type).
inline std::string error_text(const absl::Status& s) {
  return std::string(s.message());
}

// "A1".."AW", "B1".."BW" for South; lower case for North (rules.md section 1).
std::string pit_name(int width, Pit pit);
absl::StatusOr<Pit> parse_pit(int width, std::string_view name);

// The board as the position string and the `d` diagram lay it out (docs/interface.md section
// 2): rows 0..3 are North's back and front rows, then South's front and back rows; column
// j counts left to right as seen from South. The pit in row r, column j.
inline constexpr int kBoardRows = 4;
Pit pit_of_row(int width, int r, int j);

// The shape of a move token of variant v (pit name, L/R, kujifunza's ':' letters,
// kiswahili's '+'), checked before the token is matched against legal moves.
absl::Status check_token_shape(Variant v, int width, std::string_view token);

// The canonical token of a legal move of p (docs/interface.md section 1).
std::string move_token(const Position& p, Move m);

// The tokens of `moves` played one after another from `from`, separated by single spaces
// ("A6L a3R B2L"): a line as the protocol, the solver and the arena print it. It stops
// before the first move that is not legal where it stands.
std::string line_text(RuleSet rules, const Position& from, std::span<const Move> moves);

// Tokens, pit names and option names are matched ignoring ASCII case.
bool equals_ignore_case(std::string_view a, std::string_view b);

// True if `token` is m's token in p, compared case-insensitively (no move generation).
bool token_names(const Position& p, Move m, std::string_view token);

// Matches a token case-insensitively against the legal moves of p. The error names the
// token and says whether it is malformed or not legal here.
absl::StatusOr<Move> parse_move(RuleSet rules, const Position& p, std::string_view token);

// The canonical position string: two fields, or all five for kiswahili.
std::string position_string(const Position& p);
// Parses a position string of `variant`, naming the bad field on error.
absl::StatusOr<Position> parse_position(Variant variant, std::string_view text);

// The side to move named by a position string's second field, without parsing the rest
// (for records whose start string is checked elsewhere); South if the field is missing.
inline Side side_to_move_of(std::string_view position_string) {
  const size_t space = position_string.find(' ');
  return space != std::string_view::npos && position_string.substr(space + 1).starts_with('N')
             ? Side::kNorth
             : Side::kSouth;
}

}  // namespace kete
