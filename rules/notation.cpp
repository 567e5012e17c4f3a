#include "rules/notation.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "rules/rules.h"

namespace kete {
namespace {

// Debian's Abseil has its own string_view type, so the text helpers here use std only.
std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> parts;
  for (size_t begin = 0;;) {
    const size_t end = text.find(sep, begin);
    parts.push_back(text.substr(begin, end - begin));
    if (end == std::string_view::npos) return parts;
    begin = end + 1;
  }
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
char to_lower(char c) {
  return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
}

// A decimal count of at most `max_digits` digits, nothing else.
std::optional<int> parse_count(std::string_view text, size_t max_digits) {
  if (text.empty() || text.size() > max_digits || !std::all_of(text.begin(), text.end(), is_digit))
    return std::nullopt;
  int n = 0;
  std::from_chars(text.data(), text.data() + text.size(), n);
  return n;
}

absl::Status field_error(std::string_view field, std::string_view what) {
  return absl::InvalidArgumentError(fmt::format("position string: {}: {}", field, what));
}

absl::Status parse_pits(std::string_view text, Position& p) {
  const int w = p.width();
  const std::vector<std::string_view> rows = split(text, '/');
  if (rows.size() != kBoardRows)
    return field_error(
        "pits", fmt::format("expected {} rows separated by '/', got {}", kBoardRows, rows.size()));
  for (int r = 0; r < kBoardRows; ++r) {
    const std::vector<std::string_view> counts = split(rows[r], ',');
    if (int(counts.size()) != w)
      return field_error("pits", fmt::format("row {} has {} pits, {} expects {}", r + 1,
                                             counts.size(), to_string(p.variant()), w));
    for (int j = 0; j < w; ++j) {
      const std::optional<int> count = parse_count(counts[j], 3);
      if (!count)
        return field_error("pits", fmt::format("row {} pit {}: '{}' is not a seed count", r + 1,
                                               j + 1, counts[j]));
      const int n = *count;
      if (n > initial_seeds(p.variant()))
        return field_error("pits", fmt::format("row {} pit {}: {} seeds is more than the game has",
                                               r + 1, j + 1, n));
      const Pit pit = pit_of_row(w, r, j);
      p.set_seeds(pit.side, pit.index, n);
    }
  }
  return absl::OkStatus();
}

absl::Status parse_hands(std::string_view text, Position& p) {
  if (text == "-") return absl::OkStatus();
  const std::vector<std::string_view> parts = split(text, ',');
  std::optional<int> south, north;
  if (parts.size() == 2) south = parse_count(parts[0], 2), north = parse_count(parts[1], 2);
  if (!south || !north || *south > kMaxHand || *north > kMaxHand)
    return field_error("hands",
                       fmt::format("'{}' is not <south>,<north> with 0..{} each", text, kMaxHand));
  const int hands[2] = {*south, *north};
  if (p.variant() != Variant::kKiswahili && (hands[0] || hands[1]))
    return field_error("hands", fmt::format("{} has no seeds in hand", to_string(p.variant())));
  const bool equal = hands[0] == hands[1];
  if (p.side_to_move() == Side::kSouth ? !equal
                                       : !(hands[1] == hands[0] + 1 || (!hands[0] && !hands[1])))
    return field_error("hands",
                       fmt::format("{},{} cannot occur with {} to move", hands[0], hands[1],
                                   p.side_to_move() == Side::kSouth ? "S" : "N"));
  p.set_hand(Side::kSouth, hands[0]);
  p.set_hand(Side::kNorth, hands[1]);
  return absl::OkStatus();
}

absl::Status parse_houses(std::string_view text, Position& p) {
  if (text == "-") return absl::OkStatus();
  if (p.variant() != Variant::kKiswahili)
    return field_error("houses", fmt::format("{} has no houses", to_string(p.variant())));
  if (text != "H" && text != "h" && text != "Hh")
    return field_error("houses", fmt::format("'{}' is not one of H h Hh -", text));
  for (Side s : {Side::kSouth, Side::kNorth}) {
    if (text.find(s == Side::kSouth ? 'H' : 'h') == std::string_view::npos) continue;
    if (p.seeds(s, kHouse) == 0)
      return field_error("houses", fmt::format("the house {} is intact but empty",
                                               s == Side::kSouth ? "A5" : "a5"));
    p.set_house(s, true);
  }
  return absl::OkStatus();
}

absl::Status parse_takasia(std::string_view text, Position& p) {
  if (text == "-") return absl::OkStatus();
  if (p.variant() != Variant::kKiswahili || p.hand(Side::kSouth) || p.hand(Side::kNorth))
    return field_error("takasia", "takasia exists only in kiswahili's mtaji stage");
  absl::StatusOr<Pit> pit = parse_pit(p.width(), text);
  if (!pit.ok()) return field_error("takasia", error_text(pit.status()));
  if (pit->index >= p.width())
    return field_error("takasia", fmt::format("{} is not a front pit", text));
  p.set_takasia(&*pit);
  return absl::OkStatus();
}

// A block (a takasia pit of the side to move) must be one rules.md 6.6 could have set:
// the side to move has no capture move, the opponent's captures (as if it were to move)
// take that pit first and no other, and no exception applies (docs/interface.md section 2).
absl::Status check_block(const Position& p) {
  if (!p.has_takasia() || p.takasia().side != p.side_to_move()) return absl::OkStatus();
  const std::string name = pit_name(p.width(), p.takasia());
  Position plain = p;
  plain.clear_takasia();
  for (Move m : legal_moves(RuleSet{Variant::kKiswahili}, plain))
    if (m.capture())
      return field_error("takasia", fmt::format("{} cannot be blocked: the side to move has "
                                                "a capture move ({})",
                                                name, move_token(plain, m)));
  if (KiswahiliRules::possible_block(plain) != p.takasia().index)
    return field_error("takasia",
                       fmt::format("{} cannot be blocked: the opponent's captures would not "
                                   "take it first and no other pit, or an exception of rules.md "
                                   "6.6 applies",
                                   name));
  return absl::OkStatus();
}

}  // namespace

Pit pit_of_row(int width, int r, int j) {
  switch (r) {
    case 0:
      return {Side::kNorth, width + j};  // bW..b1
    case 1:
      return {Side::kNorth, width - 1 - j};  // aW..a1
    case 2:
      return {Side::kSouth, j};  // A1..AW
    default:
      return {Side::kSouth, 2 * width - 1 - j};  // B1..BW
  }
}

std::string pit_name(int width, Pit pit) {
  const bool front = pit.index < width;
  char row = front ? 'A' : 'B';
  if (pit.side == Side::kNorth) row = to_lower(row);
  return fmt::format("{}{}", row, front ? pit.index + 1 : 2 * width - pit.index);
}

absl::StatusOr<Pit> parse_pit(int width, std::string_view name) {
  auto bad = [&] { return absl::InvalidArgumentError(fmt::format("unknown pit name '{}'", name)); };
  if (name.size() < 2 || name.size() > 3) return bad();
  const char row = name[0];
  const std::optional<int> number = parse_count(name.substr(1), 2);
  if (!number || name[1] == '0' || *number < 1 || *number > width) return bad();
  switch (row) {
    case 'A':
      return Pit{Side::kSouth, *number - 1};
    case 'a':
      return Pit{Side::kNorth, *number - 1};
    case 'B':
      return Pit{Side::kSouth, 2 * width - *number};
    case 'b':
      return Pit{Side::kNorth, 2 * width - *number};
  }
  return bad();
}

absl::Status check_token_shape(Variant v, int width, std::string_view token) {
  size_t end = 1;
  while (end < token.size() && is_digit(token[end]))
    ++end;
  absl::StatusOr<Pit> pit = parse_pit(width, token.substr(0, end));
  if (!pit.ok()) return pit.status();
  std::string_view rest = token.substr(end);
  auto is_lr = [](char c) { return c == 'L' || c == 'R' || c == 'l' || c == 'r'; };
  if (v == Variant::kKigogo) {
    if (!rest.empty()) return absl::InvalidArgumentError("kigogo moves name only the start pit");
    return absl::OkStatus();
  }
  if (rest.empty() || !is_lr(rest[0]))
    return absl::InvalidArgumentError("expected L or R after the pit name");
  rest.remove_prefix(1);
  if (v == Variant::kKujifunza && rest.starts_with(':')) {
    rest.remove_prefix(1);
    if (rest.empty() || rest.size() > size_t(Move::kMaxChoices) ||
        !std::all_of(rest.begin(), rest.end(), is_lr))
      return absl::InvalidArgumentError("expected 1 to 4 kichwa letters L/R after ':'");
    rest = {};
  }
  if (v == Variant::kKiswahili && rest.starts_with('+')) rest.remove_prefix(1);
  if (!rest.empty()) return absl::InvalidArgumentError(fmt::format("unexpected '{}'", rest));
  return absl::OkStatus();
}

std::string move_token(const Position& p, Move m) {
  const Side us = p.side_to_move();
  const int w = p.width();
  std::string token = pit_name(w, {us, m.pit()});
  if (p.variant() == Variant::kKigogo) return token;
  bool left;
  if (p.variant() == Variant::kKiswahili && m.capture() && p.hand(us) > 0)
    left = m.dir() == Dir::kClockwise;  // a namua capture names the kichwa (de Voogt)
  else if (m.pit() < w)
    left = m.dir() == Dir::kAnticlockwise;  // front row: L is anticlockwise
  else
    left = m.dir() == Dir::kClockwise;  // back row: L is clockwise
  token += left ? 'L' : 'R';
  if (m.choice_count()) {
    token += ':';
    for (int k = 0; k < m.choice_count(); ++k)
      token += m.choice_right(k) ? 'R' : 'L';
  }
  if (m.safari()) token += '+';
  return token;
}

bool equals_ignore_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return to_lower(x) == to_lower(y);
         });
}

bool token_names(const Position& p, Move m, std::string_view token) {
  return equals_ignore_case(move_token(p, m), token);
}

absl::StatusOr<Move> parse_move(RuleSet rules, const Position& p, std::string_view token) {
  if (absl::Status shape = check_token_shape(p.variant(), p.width(), token); !shape.ok())
    return absl::InvalidArgumentError(
        fmt::format("malformed move '{}': {}", token, error_text(shape)));
  for (Move m : legal_moves(rules, p))
    if (equals_ignore_case(move_token(p, m), token)) return m;
  return absl::InvalidArgumentError(fmt::format("illegal move '{}'", token));
}

std::string line_text(RuleSet rules, const Position& from, std::span<const Move> moves) {
  std::string text;
  Position p = from;
  for (Move m : moves) {
    const std::optional<Position> next = play(rules, p, m);
    if (!next) break;
    if (!text.empty()) text += ' ';
    text += move_token(p, m);
    p = *next;
  }
  return text;
}

std::string position_string(const Position& p) {
  const int w = p.width();
  std::string s;
  for (int r = 0; r < kBoardRows; ++r) {
    if (r) s += '/';
    for (int j = 0; j < w; ++j) {
      const Pit pit = pit_of_row(w, r, j);
      if (j) s += ',';
      s += std::to_string(p.seeds(pit));
    }
  }
  s += p.side_to_move() == Side::kSouth ? " S" : " N";
  if (p.variant() != Variant::kKiswahili) return s;
  s += fmt::format(" {},{} ", p.hand(Side::kSouth), p.hand(Side::kNorth));
  if (p.house_intact(Side::kSouth)) s += 'H';
  if (p.house_intact(Side::kNorth)) s += 'h';
  if (!p.houses()) s += '-';
  s += ' ';
  s += p.has_takasia() ? pit_name(w, p.takasia()) : "-";
  return s;
}

absl::StatusOr<Position> parse_position(Variant variant, std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
    text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
    text.remove_suffix(1);
  const std::vector<std::string_view> fields = split(text, ' ');
  if (fields.size() < 2 || fields.size() > 5)
    return absl::InvalidArgumentError(
        fmt::format("position string: expected 2 to 5 fields separated by single spaces, got {}",
                    fields.size()));
  Position p = Position::empty(variant);
  if (absl::Status s = parse_pits(fields[0], p); !s.ok()) return s;
  if (fields[1] != "S" && fields[1] != "N")
    return field_error("side to move", fmt::format("'{}' is not S or N", fields[1]));
  p.set_side_to_move(fields[1] == "S" ? Side::kSouth : Side::kNorth);
  auto field = [&](size_t i) { return i < fields.size() ? fields[i] : std::string_view("-"); };
  if (absl::Status s = parse_hands(field(2), p); !s.ok()) return s;
  const int total = p.total_seeds() + p.hand(Side::kSouth) + p.hand(Side::kNorth);
  if (variant == Variant::kKigogo ? total > initial_seeds(variant)
                                  : total != initial_seeds(variant))
    return field_error("pits", fmt::format("{} seeds in play, {} has {}", total, to_string(variant),
                                           variant == Variant::kKigogo ? "at most 92" : "64"));
  if (absl::Status s = parse_houses(field(3), p); !s.ok()) return s;
  if (absl::Status s = parse_takasia(field(4), p); !s.ok()) return s;
  if (absl::Status s = check_block(p); !s.ok()) return s;
  return p;
}

}  // namespace kete
