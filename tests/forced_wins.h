// Forced wins with their exact distance, each proved by an exhaustive
// solver in search_test.cpp: the alpha-beta search and the df-pn solver must both find
// them.
#pragma once

#include "tests/test_util.h"

namespace kete::test {

struct ForcedWin {
  RuleSet rules;
  const char* position;
  int moves;  // the side to move wins in this many own moves, not fewer
};

inline constexpr ForcedWin kForcedWins[] = {
    // The example of rules.md section 3: B7R eats twice and empties North's front row.
    {kBao, kBaoWorkedExample, 1},
    // Positions of random games.
    {kBao, "1,4,1,4,0,1,4,4/1,0,3,3,3,1,0,1/1,1,4,1,4,1,0,1/0,4,0,5,2,1,4,4 N", 1},
    {kBao, "2,0,0,2,0,0,0,2/1,0,3,1,0,3,2,1/1,0,0,1,7,3,2,0/15,1,2,1,0,7,0,7 S", 2},
    {kBao, "1,5,0,5,1,2,5,0/0,1,1,1,4,4,0,2/0,1,0,4,0,6,0,2/0,0,3,3,1,4,4,4 N", 3},
    {kKigogo,
     "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,1,0,0,0,0,0,0/0,0,0,1,1,0,1,1,0,0,0,0/"
     "0,1,0,0,0,0,0,0,1,0,1,0 S",
     1},
    {kKigogo,
     "0,0,0,0,1,0,0,1,0,0,1,0/0,0,1,0,0,0,1,0,0,0,1,0/0,0,0,0,0,0,0,1,0,0,0,0/"
     "0,0,0,0,0,0,0,1,0,0,0,1 N",
     2},
    {kKigogo,
     "0,0,0,0,1,0,0,1,0,1,0,0/0,0,1,0,0,0,1,0,0,0,1,0/0,0,0,0,0,0,0,1,0,0,0,1/"
     "0,0,0,0,0,0,0,1,0,0,0,0 N",
     3},
    {kChoose, "1,0,3,3,0,3,1,4/7,0,5,8,1,4,1,1/2,0,3,1,0,0,0,2/2,2,2,2,2,2,2,0 S", 1},
    {kChoose, "1,2,0,0,1,4,2,1/2,3,1,1,1,1,1,1/1,0,3,2,5,0,3,0/2,10,7,2,4,2,0,1 S", 2},
    {kChoose, "1,0,3,3,0,3,1,0/0,3,8,1,2,4,1,0/0,4,7,0,0,6,0,0/4,4,1,0,4,1,2,1 S", 3},
    {kKiswahili, "0,6,0,1,3,2,1,7/1,2,3,8,0,4,1,0/0,1,1,0,7,0,0,0/1,0,1,3,0,2,0,3 S 3,3 - -", 1},
    {kKiswahili, "0,1,2,1,0,3,1,0/1,2,3,6,1,4,1,0/2,3,0,1,0,1,1,0/2,5,3,1,3,4,1,11 S 0,0 - -", 2},
    {kKiswahili, "0,5,1,0,1,0,0,0/0,1,0,0,7,1,13,2/2,13,0,3,3,3,0,1/1,1,0,1,0,2,1,2 S 0,0 - -", 3},
};

// Forced wins that the iterative deepening used to report longer than they are, since the
// reverse futility pruning or the table hid the shortest: each reported `score mate 4` at
// the depth given and stopped there (issue 30). Positions of random games.
inline constexpr ForcedWin kLongerMateFirst[] = {
    // mate 4 at depth 6
    {kBao, "8,6,1,2,8,5,3,1/2,1,2,5,0,1,0,1/1,0,1,3,1,2,0,1/1,2,1,1,1,0,1,2 N", 3},
    // mate 4 at depth 4
    {kKiswahili, "7,2,7,0,1,7,2,1/0,5,3,0,1,1,0,0/0,0,0,5,4,4,6,1/0,2,0,1,1,1,2,0 N 0,0 - -", 3},
    // mate 4 at depth 3
    {kKigogo,
     "0,0,0,0,0,0,0,0,0,0,0,0/1,0,0,1,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,1,0,0,0/"
     "0,0,0,0,0,0,0,0,0,0,0,0 N",
     3},
    // mate 4 at depth 4
    {kChoose, "3,0,2,2,2,2,2,1/1,1,1,1,3,5,4,1/0,4,4,2,0,9,0,0/2,2,2,2,2,2,0,2 S", 3},
    // mate 4 at depth 4
    {kFollow, "5,0,1,0,4,1,4,1/0,4,10,4,0,5,1,0/0,1,1,2,1,1,1,4/2,2,2,2,2,2,0,1 N", 3},
    // mate 3 at depth 3
    {kFollow, "1,1,1,0,2,0,0,1/0,0,0,0,0,0,1,0/0,1,2,7,1,13,7,1/5,3,0,2,3,1,0,11 S", 2},
};

}  // namespace kete::test
