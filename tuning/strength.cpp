// kete-strength: an in-process match loop between two players, for strength evidence
// before a change lands (docs/strength.md). Players:
//   random            a uniformly random legal move
//   greedy            the move with the best static evaluation after it (1 ply)
//   alphabeta:D       the engine's search to depth D without its table, killers, history
//                     and aspiration windows (seed-winning moves still first, and the
//                     variant's horizon search and extensions still on)
//   kete:nodes=N | kete:depth=D | kete:movetime=MS   the engine's search
//   plain:movetime=MS  the search of alphabeta:D on a clock instead of a depth
// Every opening (random plies from the start, undecided) is played twice, sides swapped.
#include <string>
#include <vector>

#include <fmt/format.h>

#include "arena/openings.h"
#include "arena/stats.h"
#include "eval/evaluate.h"
#include "eval/weights.h"
#include "rules/game.h"
#include "rules/notation.h"
#include "rules/random.h"
#include "rules/rules.h"
#include "rules/text.h"
#include "search/search.h"
#include "search/tt.h"
#include "tools/arg_cursor.h"
#include "tools/standard_streams.h"
#include "tuning/selfplay.h"

namespace kete {
namespace {

struct Player {
  std::string name;
  enum class Kind { kRandom, kGreedy, kAlphaBeta, kKete } kind;
  Limits limits;
  SearchSettings settings;
  std::unique_ptr<TranspositionTable> tt;
};

constexpr std::string_view kPlayers =
    "random | greedy | alphabeta:D | kete:nodes=N | kete:depth=D | kete:movetime=MS | "
    "plain:movetime=MS";

std::optional<Player> parse_player(std::string_view text) {
  Player p;
  p.name = std::string(text);
  auto number_after = [&](std::string_view prefix) -> std::optional<int64_t> {
    if (!text.starts_with(prefix)) return std::nullopt;
    const absl::StatusOr<int64_t> n =
        parse_number<int64_t>(prefix, text.substr(prefix.size()), 1, INT64_MAX);
    return n.ok() ? std::optional<int64_t>(*n) : std::nullopt;
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

Move choose(Player& player, const Game& game, Random& rng) {
  const Position& p = game.position();
  const MoveList moves = legal_moves(game.rules(), p);
  switch (player.kind) {
    case Player::Kind::kRandom:
      return moves[int(rng.uniform_below(moves.size()))];
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
      const std::atomic<bool> stop{false};
      const SearchResult r = search(game.rules(), p, context_of(game), player.limits,
                                    player.settings, *player.tt, stop, [](const SearchInfo&) {});
      return r.best ? *r.best : moves[0];
    }
  }
  return moves[0];
}

// Plays one game; returns A's score (1, 0.5, 0).
double play_game(Game game, Player& a, Player& b, bool a_is_south, Random& rng) {
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

constexpr std::string_view kUsage =
    "usage: kete-strength --a PLAYER --b PLAYER [--variant V] [--kichwa K] [--games N]\n"
    "                     [--plies K] [--seed S] [--max-plies M]\n"
    "PLAYER: random | greedy | alphabeta:D | kete:nodes=N | kete:depth=D | kete:movetime=MS | "
    "plain:movetime=MS\n";

struct Options {
  RuleSet rules;
  std::optional<Player> a, b;
  int games = 100, plies = 4, max_plies = 400;
  uint64_t seed = 1;
};

absl::Status parse_player_flag(const std::string& flag, tools::ArgCursor& args,
                               std::optional<Player>& out) {
  absl::StatusOr<std::string> v = args.value(flag);
  if (!v.ok()) return v.status();
  out = parse_player(*v);
  if (!out)
    return tools::bad_argument(fmt::format("{}: unknown player '{}' ({})", flag, *v, kPlayers));
  return absl::OkStatus();
}

absl::Status parse_flag(const std::string& flag, tools::ArgCursor& args, Options& o) {
  if (flag == "--variant") return args.variant(flag, o.rules.variant);
  if (flag == "--kichwa") return args.kichwa(flag, o.rules.kichwa);
  if (flag == "--a") return parse_player_flag(flag, args, o.a);
  if (flag == "--b") return parse_player_flag(flag, args, o.b);
  if (flag == "--games") return args.number(flag, o.games, 2, 10'000'000);
  if (flag == "--plies") return args.number(flag, o.plies, 0, 1000);
  if (flag == "--max-plies") return args.number(flag, o.max_plies, 1, 100'000);
  if (flag == "--seed") return args.number(flag, o.seed, 0, UINT64_MAX);
  return tools::unknown_argument(flag);
}

absl::StatusOr<Options> parse_options(const std::vector<std::string>& argv) {
  Options o;
  if (absl::Status s = tools::read_flags(argv, o, parse_flag); !s.ok()) return s;
  if (!o.a || !o.b) return tools::bad_argument("give both players: --a PLAYER --b PLAYER");
  return o;
}

}  // namespace
}  // namespace kete

int main(int argc, char** argv) {
  kete::tools::open_standard_streams();
  int exit_code = 0;
  using namespace kete;
  std::optional<Options> options =
      tools::options_or_usage("kete-strength", kUsage, argc, argv, parse_options, exit_code);
  if (!options) return exit_code;
  Options& o = *options;
  const RuleSet rules = o.rules;
  Player &a = *o.a, &b = *o.b;
  // One opening per pair of games, as kete-match makes them (arena/openings.h); fewer
  // distinct ones than pairs are used in turn.
  const std::vector<arena::Opening> openings =
      arena::random_openings(rules, (o.games + 1) / 2, o.plies, o.seed);
  if (openings.empty()) {
    tools::note("kete-strength: no undecided opening of {} plies\n", o.plies);
    return 1;
  }
  Random rng(o.seed);
  int wins = 0, draws = 0, losses = 0;
  for (int g = 0; g < o.games; g += 2) {
    const arena::Opening& opening = openings[size_t(g / 2) % openings.size()];
    for (bool a_south : {true, false}) {
      const double s =
          play_game(arena::play_opening(rules, opening, o.max_plies).value(), a, b, a_south, rng);
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
  tools::print(
      "{} vs {} ({}{}): {} games, +{} ={} -{}, score {:.3f}, Elo {:+.0f} [{:+.0f}, {:+.0f}], LOS "
      "{:.1f}%\n",
      a.name, b.name, to_string(rules.variant),
      rules.variant == Variant::kKujifunza ? fmt::format(" {}", to_string(rules.kichwa)) : "", n,
      wins, draws, losses, wdl.score(), e.elo, e.lower, e.upper, 100 * arena::los(wdl));
  return tools::finish_stdout("kete-strength");
}
