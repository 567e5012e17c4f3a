#include "rules/rules.h"

namespace kete {

MoveList legal_moves(RuleSet rules, const Position& p) {
  return with_rules(rules, [&]<class R>(R) { return legal_moves<R>(p); });
}

std::optional<Position> play(RuleSet rules, const Position& p, Move m) {
  std::optional<Position> result;
  with_rules(rules, [&]<class R>(R) {
    R::generate(p, [&](Move legal, const Position& child, int) {
      if (legal == m) result = child;
    });
  });
  return result;
}

std::optional<Side> loser(RuleSet rules, const Position& p) {
  return with_rules(rules, [&]<class R>(R) -> std::optional<Side> {
    if (auto l = R::loser(p)) return l;
    if (legal_moves<R>(p).empty()) return p.side_to_move();
    return std::nullopt;
  });
}

}  // namespace kete
