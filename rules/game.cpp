#include "rules/game.h"

#include <algorithm>

#include "rules/rules.h"

namespace kete {

Game::Game(RuleSet rules, const Position& start, int max_plies)
    : rules_(rules), max_plies_(max_plies), history_{start} {}

bool Game::play(Move m) {
  if (outcome().result != Result::kNone) return false;
  std::optional<Position> next = kete::play(rules_, position(), m);
  if (!next) return false;
  history_.push_back(*next);
  moves_.push_back(m);
  return true;
}

int Game::occurrences_of_current() const {
  return int(std::count(history_.begin(), history_.end(), position()));
}

Outcome Game::outcome() const {
  const Position& p = position();
  const bool finished = with_rules(rules_, [&]<class R>(R) { return R::loser(p).has_value(); });
  if (std::optional<Side> lost = loser(rules_, p))
    return {*lost == Side::kSouth ? Result::kNorthWins : Result::kSouthWins,
            finished ? EndReason::kFinished : EndReason::kNoLegalMove};
  const int repeats = rules_.variant == Variant::kKigogo ? 2 : 3;
  if (occurrences_of_current() >= repeats) return {Result::kDraw, EndReason::kRepetition};
  if (plies() >= max_plies_) return {Result::kDraw, EndReason::kMaxPlies};
  return {};
}

GameContext context_of(const Game& game) {
  GameContext c;
  for (size_t i = 0; i + 1 < game.history().size(); ++i)
    c.history.push_back(game.history()[i].key());
  c.plies = game.plies();
  c.max_plies = game.max_plies();
  return c;
}

}  // namespace kete
