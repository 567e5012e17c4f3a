// Static evaluation. For now material only: seeds a side controls (its ring and hand);
// the tunable feature evaluation is the evaluation issue's work.
#pragma once

#include <string>
#include <vector>

#include "engine/position.h"
#include "engine/score.h"

namespace kete {

struct EvalTerm {
  std::string name;
  Value value;  // from the side to move's point of view, centi-seeds
};

// The evaluation's terms and their sum, from the side to move's point of view.
std::vector<EvalTerm> evaluation_terms(const Position& p);
Value evaluate(const Position& p);

}  // namespace kete
