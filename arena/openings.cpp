#include "arena/openings.h"

#include <algorithm>
#include <sstream>
#include <unordered_set>

#include <fmt/format.h>

#include "rules/game.h"
#include "rules/notation.h"
#include "rules/option_file.h"
#include "rules/random.h"
#include "rules/rules.h"
#include "rules/text.h"

namespace kete::arena {
namespace {

// True if the side to move has a move after which the opponent has lost.
bool wins_at_once(RuleSet rules, const Position& p) {
  for (Move m : legal_moves(rules, p)) {
    const std::optional<Position> next = play(rules, p, m);
    if (next && loser(rules, *next) == ~p.side_to_move()) return true;
  }
  return false;
}

// True if every move of the side to move lets the opponent win at once.
bool loses_at_once(RuleSet rules, const Position& p) {
  for (Move m : legal_moves(rules, p)) {
    const std::optional<Position> next = play(rules, p, m);
    if (next && !loser(rules, *next) && !wins_at_once(rules, *next)) return false;
  }
  return true;
}

// Seeds are a Bao player's material: a side holding less than this share of them (on its
// ring and in its hand) has as good as lost. Random plies in kujifunza reach such
// positions often, and the engines then end the game within a few moves.
constexpr double kMinSeedShare = 1.0 / 3;

bool lopsided(const Position& p) {
  const int south = p.ring_seeds(Side::kSouth) + p.hand(Side::kSouth);
  const int north = p.ring_seeds(Side::kNorth) + p.hand(Side::kNorth);
  return std::min(south, north) < kMinSeedShare * (south + north);
}

// An opening is decided when the game is over or nearly so: see random_openings.
bool decided(RuleSet rules, const Game& game) {
  const Position& p = game.position();
  return game.outcome().result != Result::kNone || lopsided(p) || wins_at_once(rules, p) ||
         loses_at_once(rules, p);
}

absl::StatusOr<Opening> parse_line(RuleSet rules, const std::vector<std::string_view>& words) {
  Opening o{Position::start(rules.variant), {}, true};
  size_t first_move = 0;
  if (words[0] == "startpos") {
    first_move = words.size() > 1 && words[1] == "moves" ? 2 : 1;
  } else if (words[0].find('/') != std::string::npos) {
    size_t moves_at = 0;
    while (moves_at < words.size() && words[moves_at] != "moves")
      ++moves_at;
    std::string text;
    for (size_t i = 0; i < moves_at; ++i)
      text += fmt::format("{}{}", i ? " " : "", words[i]);
    absl::StatusOr<Position> p = parse_position(rules.variant, text);
    if (!p.ok()) return p.status();
    o.start = *p;
    o.from_start_position = *p == Position::start(rules.variant);
    first_move = moves_at + 1;
  }
  Game game(rules, o.start);
  for (size_t i = first_move; i < words.size(); ++i) {
    if (game.outcome().result != Result::kNone)
      return absl::InvalidArgumentError(fmt::format("move '{}' after the game ended", words[i]));
    absl::StatusOr<Move> m = parse_move(rules, game.position(), words[i]);
    if (!m.ok()) return m.status();
    o.moves.push_back(move_token(game.position(), *m));
    game.play(*m);
  }
  if (const Outcome end = game.outcome(); end.result != Result::kNone)
    return absl::InvalidArgumentError(
        fmt::format("the game is already over ({})", to_string(end.reason)));
  return o;
}

}  // namespace

std::string Opening::start_text() const {
  return from_start_position ? std::string() : position_string(start);
}

absl::StatusOr<std::vector<Opening>> parse_openings(RuleSet rules, std::string_view text,
                                                    std::string_view source) {
  std::vector<Opening> openings;
  std::istringstream in{std::string(text)};
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    const std::vector<std::string_view> words = split_words(line);
    if (words.empty() || words[0][0] == '#') continue;
    absl::StatusOr<Opening> o = parse_line(rules, words);
    if (!o.ok())
      return absl::InvalidArgumentError(
          fmt::format("{}:{}: {}", source, number, error_text(o.status())));
    openings.push_back(std::move(*o));
  }
  if (openings.empty())
    return absl::InvalidArgumentError(fmt::format("{}: no openings in it", source));
  return openings;
}

absl::StatusOr<std::vector<Opening>> load_openings(RuleSet rules, const std::string& path) {
  absl::StatusOr<std::string> text = read_option_file(
      path, {"an openings file", "an openings file kete-match reads", kOpeningsFileBytes});
  if (!text.ok()) return text.status();
  return parse_openings(rules, *text, path);
}

absl::StatusOr<Game> play_opening(RuleSet rules, const Opening& opening, int max_plies) {
  Game game(rules, opening.start, max_plies);
  for (const std::string& token : opening.moves) {
    absl::StatusOr<Move> m = parse_move(rules, game.position(), token);
    if (!m.ok())
      return absl::InvalidArgumentError(
          fmt::format("opening move '{}': {}", token, error_text(m.status())));
    game.play(*m);
  }
  return game;
}

std::vector<Opening> random_openings(RuleSet rules, int count, int plies, uint64_t seed) {
  Random rng(seed);
  std::vector<Opening> openings;
  std::unordered_set<uint64_t> seen;
  const Position start = Position::start(rules.variant);
  for (int attempt = 0; attempt < 100 * count + 100 && int(openings.size()) < count; ++attempt) {
    Game game(rules, start);
    Opening o{start, {}, true};
    for (int ply = 0; ply < plies && game.outcome().result == Result::kNone; ++ply) {
      const MoveList moves = legal_moves(rules, game.position());
      const Move m = moves[int(rng.uniform_below(uint64_t(moves.size())))];
      o.moves.push_back(move_token(game.position(), m));
      game.play(m);
    }
    const Position& p = game.position();
    if (decided(rules, game)) continue;
    if (!seen.insert(p.key()).second) continue;
    openings.push_back(std::move(o));
  }
  return openings;
}

}  // namespace kete::arena
