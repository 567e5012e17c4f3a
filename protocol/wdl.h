// UCI_ShowWDL: the win/draw/loss estimate of a score, per mille, from the side to move's
// view (docs/protocol.md, "UCI_ShowWDL").
#pragma once

#include <string>

#include "rules/score.h"
#include "rules/types.h"

namespace kete {

struct Wdl {
  int win = 0, draw = 0, loss = 0;  // per mille, summing to 1000
};

// The expected score of a centi-seed score is Texel's logistic 1 / (1 + exp(-k * cp))
// with the k fitted for the variant's weights (tuning/weights/*.txt); mate scores are
// certain. Draws get no share: self-play games are almost never drawn (none of the 1800
// games of docs/strength.md's matches).
Wdl wdl(Variant v, const Score& s);

// "wdl W D L".
std::string wdl_text(Variant v, const Score& s);

}  // namespace kete
