// Why a move token is not legal, in a player's words, derived from the rules (issue #31
// "Why not"): the answer of `query why` (docs/protocol.md).
#pragma once

#include <string>
#include <string_view>

#include "rules/game.h"
#include "rules/name_table.h"
#include "rules/position.h"

namespace kete {

// The kinds of reason, each from a clause of rules.md (the section is cited where the
// reason is derived, rules/why_not.cpp).
enum class WhyNot : uint8_t {
  kLegal,                    // the token names a legal move
  kGameOver,                 // the game is over (2: finished positions, no legal move)
  kNoSuchPit,                // the token names no pit of the board (1)
  kMalformed,                // a pit, but not a move token of the variant
  kDirectionFixed,           // kigogo: anticlockwise only, no L/R (4)
  kNotYours,                 // the opponent's pit (1)
  kEmpty,                    // an empty pit
  kNamuaFrontRow,            // namua: a back pit (6.2)
  kFewerThanTwo,             // bao, kujifunza, mtaji: a singleton (3, 5, 6.4)
  kLoneSeed,                 // kigogo: a singleton while a pit of 2+ can move (4)
  kLoneSeedStep,             // kigogo: a singleton whose next pit is occupied (4)
  kMustCapture,              // a capture is possible (5, 6.2, 6.4)
  kMustCaptureTarget,        // takasia: the blocker must capture the blocked pit (6.6)
  kBlocked,                  // takasia: the blocked pit (6.6)
  kBackRow,                  // a front pit can move, so no back pit (5, 6.4)
  kHouseNotAlone,            // namua: the working house with other occupied front pits (6.2)
  kDestroyedHouseSingleton,  // namua: a singleton once the house is destroyed (6.2)
  kKichwaFixed,              // a capture at a kimbi enters its own kichwa (6.3, 5)
  kKichwaLetters,            // kujifunza choose: the ':' letters do not fit the move (5)
  kNoKichwaLetters,          // kujifunza follow: no ':' letters (5)
  kNoSafari,                 // a '+' on a move without a safari (6.5)
  kNeverEnding,              // the twelve-rounds rule (2)
  kFrontRowEmptied,          // the first lift empties the own front row (5, 6.5)
  kNeverEndingOrFrontRow,    // one of the two, later in the move (2, 5, 6.5)
  kNoSuchMove,               // no legal move starts there with that direction
};

template <>
inline constexpr NameTable<WhyNot, 25> kNames<WhyNot>{{"legal",
                                                       "game over",
                                                       "no such pit",
                                                       "malformed",
                                                       "direction fixed",
                                                       "not yours",
                                                       "empty",
                                                       "namua front row",
                                                       "fewer than two",
                                                       "lone seed",
                                                       "lone seed step",
                                                       "must capture",
                                                       "must capture target",
                                                       "blocked",
                                                       "back row",
                                                       "house not alone",
                                                       "destroyed house singleton",
                                                       "kichwa fixed",
                                                       "kichwa letters",
                                                       "no kichwa letters",
                                                       "no safari",
                                                       "never ending",
                                                       "front row emptied",
                                                       "never ending or front row",
                                                       "no such move"}};

// The sentence of kGameOver: also `query why`'s answer with no position, which every
// query answers as for a game that is over (docs/protocol.md).
inline constexpr std::string_view kGameOverText = "the game is over";

// The reason and its sentence, "legal" for a legal move.
struct Reason {
  WhyNot kind = WhyNot::kLegal;
  std::string text;
};

// Why `token` is not a legal move of p under `rules`. The token is matched as parse_move
// matches it (ignoring case) for legality; an illegal token's pit letter names its owner
// by its case (A/B South, a/b North). Every sentence is true of p: where no specific
// clause explains the token, the reason is the generic kNoSuchMove.
Reason why_not(RuleSet rules, const Position& p, std::string_view token);

// As above for the game's position; a game that is over (a draw by repetition or the
// move limit too) answers kGameOver.
Reason why_not(const Game& game, std::string_view token);

}  // namespace kete
