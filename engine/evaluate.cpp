#include "engine/evaluate.h"

namespace kete {

namespace {

int controlled_seeds(const Position& p, Side s) {
  return p.ring_seeds(s) + p.hand(s);
}

}  // namespace

std::vector<EvalTerm> evaluation_terms(const Position& p) {
  const Side us = p.side_to_move();
  return {{"material", 100 * (controlled_seeds(p, us) - controlled_seeds(p, ~us))}};
}

Value evaluate(const Position& p) {
  const Side us = p.side_to_move();
  return 100 * (controlled_seeds(p, us) - controlled_seeds(p, ~us));
}

}  // namespace kete
