// kete-strength: an in-process match loop between two players, for strength evidence
// before a change lands (docs/strength.md). Players:
//   random            a uniformly random legal move
//   greedy            the move with the best static evaluation after it (1 ply)
//   alphabeta:D       fixed-depth alpha-beta, no transposition table, no move ordering
//   kete:nodes=N | kete:depth=D | kete:movetime=MS   the engine's search
//   plain:movetime=MS  the engine's search without table, killers, history, aspiration
// Every opening (random plies from the start, undecided) is played twice, sides swapped.
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "arena/stats.h"
#include "engine/evaluate.h"
#include "engine/game.h"
#include "engine/notation.h"
#include "engine/rules.h"
#include "engine/weights.h"
#include "search/search.h"
#include "search/tt.h"

namespace kete {
namespace {

struct Player {
  std::string name;
  enum class Kind { kRandom, kGreedy, kAlphaBeta, kKete } kind;
  Limits limits;
  SearchSettings settings;
  std::unique_ptr<TranspositionTable> tt;
};

std::optional<Player> parse_player(std::string_view text) {
  Player p;
  p.name = std::string(text);
  auto number_after = [&](std::string_view prefix) -> std::optional<int64_t> {
    if (!text.starts_with(prefix)) return std::nullopt;
    char* end = nullptr;
    const std::string digits(text.substr(prefix.size()));
    const long long n = std::strtoll(digits.c_str(), &end, 10);
    if (digits.empty() || *end || n <= 0) return std::nullopt;
    return n;
  };
  if (text == "random") {
    p.kind = Player::Kind::kRandom;
  } else if (text == "greedy") {
    p.kind = Player::Kind::kGreedy;
  } else if (auto d = number_after("alphabeta:")) {
    p.kind = Player::Kind::kAlphaBeta;
    p.limits.depth = int(*d);
    p.settings.params.use_tt = p.settings.params.use_killers = p.settings.params.use_history = 0;
    p.settings.params.aspiration_min_depth = 64;
  } else if (auto n = number_after("kete:nodes=")) {
    p.kind = Player::Kind::kKete;
    p.limits.nodes = uint64_t(*n);
  } else if (auto d2 = number_after("kete:depth=")) {
    p.kind = Player::Kind::kKete;
    p.limits.depth = int(*d2);
  } else if (auto ms = number_after("kete:movetime=")) {
    p.kind = Player::Kind::kKete;
    p.limits.movetime_ms = *ms;
    p.settings.move_overhead_ms = 0;
  } else if (auto plain_ms = number_after("plain:movetime=")) {
    p.kind = Player::Kind::kKete;
    p.limits.movetime_ms = *plain_ms;
    p.settings.move_overhead_ms = 0;
    p.settings.params.use_tt = p.settings.params.use_killers = p.settings.params.use_history = 0;
    p.settings.params.aspiration_min_depth = 64;
  } else {
    return std::nullopt;
  }
  p.tt = std::make_unique<TranspositionTable>(p.kind == Player::Kind::kKete ? 16 : 1);
  return p;
}

Move choose(Player& player, const Game& game, std::mt19937_64& rng) {
  const Position& p = game.position();
  const MoveList moves = legal_moves(game.rules(), p);
  switch (player.kind) {
    case Player::Kind::kRandom:
      return moves[int(rng() % moves.size())];
    case Player::Kind::kGreedy: {
      Move best = moves[0];
      Value best_value = -kInfinite;
      for (Move m : moves) {
        const Position child = *play(game.rules(), p, m);
        const std::optional<Side> lost = loser(game.rules(), child);
        const Value v = lost ? (*lost == p.side_to_move() ? -kMate : kMate)
                             : -evaluate(child, default_weights(p.variant()));
        if (v > best_value) best_value = v, best = m;
      }
      return best;
    }
    case Player::Kind::kAlphaBeta:
    case Player::Kind::kKete: {
      GameContext context;
      for (size_t i = 0; i + 1 < game.history().size(); ++i)
        context.history.push_back(game.history()[i].key());
      context.plies = game.plies();
      context.max_plies = game.max_plies();
      const std::atomic<bool> stop{false};
      const SearchResult r = search(game.rules(), p, context, player.limits, player.settings,
                                    *player.tt, stop, [](const SearchInfo&) {});
      return r.best ? *r.best : moves[0];
    }
  }
  return moves[0];
}

Position opening(RuleSet rules, int plies, std::mt19937_64& rng) {
  for (;;) {
    Position p = Position::start(rules.variant);
    int k = 0;
    for (; k < plies && !loser(rules, p); ++k) {
      const MoveList moves = legal_moves(rules, p);
      p = *play(rules, p, moves[int(rng() % moves.size())]);
    }
    if (k == plies && !loser(rules, p)) return p;
  }
}

// Plays one game; returns A's score (1, 0.5, 0).
double play_game(RuleSet rules, const Position& start, Player& a, Player& b, bool a_is_south,
                 int max_plies, std::mt19937_64& rng) {
  Game game(rules, start, max_plies);
  a.tt->clear();
  b.tt->clear();
  while (game.outcome().result == Result::kNone) {
    const bool south = game.position().side_to_move() == Side::kSouth;
    Player& mover = south == a_is_south ? a : b;
    game.play(choose(mover, game, rng));
  }
  const Result r = game.outcome().result;
  if (r == Result::kDraw) return 0.5;
  return (r == Result::kSouthWins) == a_is_south ? 1.0 : 0.0;
}

int usage() {
  fmt::print(stderr,
             "usage: kete-strength --variant V --a PLAYER --b PLAYER [--games N] [--plies K] "
             "[--seed S] [--max-plies M]\n"
             "PLAYER: random | greedy | alphabeta:D | kete:nodes=N | kete:depth=D | "
             "kete:movetime=MS | plain:movetime=MS\n");
  return 2;
}

}  // namespace
}  // namespace kete

int main(int argc, char** argv) {
  using namespace kete;
  RuleSet rules;
  std::optional<Player> a, b;
  int games = 100, plies = 4, max_plies = 400;
  uint64_t seed = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view key = argv[i], value = argv[i + 1];
    if (key == "--variant") {
      const std::optional<Variant> v = parse_variant(value);
      if (!v) return usage();
      rules.variant = *v;
    } else if (key == "--kichwa") {
      const std::optional<KichwaRule> k = parse_kichwa_rule(value);
      if (!k) return usage();
      rules.kichwa = *k;
    } else if (key == "--a") {
      if (!(a = parse_player(value))) return usage();
    } else if (key == "--b") {
      if (!(b = parse_player(value))) return usage();
    } else if (key == "--games") {
      games = std::max(2, std::atoi(argv[i + 1]));
    } else if (key == "--plies") {
      plies = std::max(0, std::atoi(argv[i + 1]));
    } else if (key == "--max-plies") {
      max_plies = std::max(1, std::atoi(argv[i + 1]));
    } else if (key == "--seed") {
      seed = std::strtoull(argv[i + 1], nullptr, 10);
    } else {
      return usage();
    }
  }
  if (!a || !b) return usage();
  std::mt19937_64 rng(seed);
  int wins = 0, draws = 0, losses = 0;
  for (int g = 0; g + 1 < games + 1; g += 2) {
    const Position start = opening(rules, plies, rng);
    for (bool a_south : {true, false}) {
      const double s = play_game(rules, start, *a, *b, a_south, max_plies, rng);
      (s == 1.0 ? wins : s == 0.5 ? draws : losses)++;
    }
  }
  // Elo and LOS as the arena computes them (arena/stats.h). A perfect score has no spread:
  // its bound comes from the rule of three instead (95%: the true loss rate is below 3/n).
  const arena::Wdl wdl{wins, draws, losses};
  const int n = wdl.games();
  arena::EloInterval e = arena::elo_interval(wdl);
  if (wins == n) e.lower = arena::elo_from_score(1 - 3.0 / n);
  if (losses == n) e.upper = arena::elo_from_score(3.0 / n);
  fmt::print(
      "{} vs {} ({}{}): {} games, +{} ={} -{}, score {:.3f}, Elo {:+.0f} [{:+.0f}, {:+.0f}], LOS "
      "{:.1f}%\n",
      a->name, b->name, to_string(rules.variant),
      rules.variant == Variant::kKujifunza ? fmt::format(" {}", to_string(rules.kichwa)) : "", n,
      wins, draws, losses, wdl.score(), e.elo, e.lower, e.upper, 100 * arena::los(wdl));
}
