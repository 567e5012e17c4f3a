// Search constants, named in one place with a line each on why. Every one is an engine
// option too (protocol/options.cpp), so SPSA can tune it through the arena.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "rules/types.h"

namespace kete {

// ---- Fixed constants: the search's shape, not tuned. ----

// Plies from the root that a line can reach: the PV and killer tables are this long.
inline constexpr int kMaxPly = 64;

// With several threads a node of at least this depth puts off the moves another thread is
// searching (InFlight, search/threads.h); below it the marks would cost more than the
// subtrees they share out.
inline constexpr int kDeferDepth = 3;

// Nodes between two polls of `stop`, the node limit and the clock when there is no node
// limit (node_poll_interval in search.h scales it down to the limit): a power of two (the
// test is a mask), small enough that `stop` is answered within a millisecond (issue 20
// measured a median of 0.6 ms) and large enough that polling costs nothing measurable.
inline constexpr uint64_t kPollInterval = 1024;
static_assert((kPollInterval & (kPollInterval - 1)) == 0);

// Move ordering bands, highest first: the root's previous best move, the table's move,
// captures (they change the material), the two killers of the ply (the second one below
// the first). Quiet moves follow by their history score, which stays below
// kOrderKiller - 1 because the largest HistoryMax is 1 << 20.
inline constexpr int kOrderPvMove = 1 << 30;
inline constexpr int kOrderTtMove = 1 << 29;
inline constexpr int kOrderCapture = 1 << 28;
inline constexpr int kOrderKiller = 1 << 27;

// History is indexed by a move's start pit and direction, its low six bits (rules/move.h):
// the choices of a move do not change which quiet move it is.
inline constexpr int kHistoryIndexBits = 6;
inline constexpr int kHistorySize = 1 << kHistoryIndexBits;
// A refuting quiet move's history bonus is depth squared, capped at HistoryMax: deep
// refutations count for much more than shallow ones, as in Stockfish.
constexpr int history_bonus(int depth, int history_max) {
  return depth * depth < history_max ? depth * depth : history_max;
}

// The time plan (search/timeman.cpp). A `movestogo` above this is read as this many: the
// plan never spends less than 1/kMaxMovesToGo of the clock on a move.
inline constexpr int kMaxMovesToGo = 50;
// Of the increment, three quarters are spent on this move; the rest stays as a reserve.
inline constexpr int kIncrementSpentNum = 3, kIncrementSpentDen = 4;
// The optimum never exceeds a quarter of the clock, whatever the increment.
inline constexpr int kOptimumClockDen = 4;
// The hard limit: up to four times the optimum (a hard position deserves it), but never
// more than two fifths of the clock, so that one move never decides the game on time.
inline constexpr int kMaximumOptimumFactor = 4;
inline constexpr int kMaximumClockNum = 2, kMaximumClockDen = 5;

// The singular test (search/search.cpp, singular_test): the table's entry may be this many
// plies shallower than the node and still be trusted, and the other moves are searched at
// about half the node's depth.
inline constexpr int kSingularTableSlack = 3;
constexpr int singular_test_depth(int depth) {
  return (depth - 1) / 2;
}

// The transposition table's replacement (search/tt.cpp). An entry of the current search
// deeper than the new bound by more than this many plies is kept: a shallow bound must not
// wipe a deep result that the next iteration will probe again.
inline constexpr int kTtKeepDeeperBy = 2;
// The victim in a full bucket is the entry with the least depth - kTtAgeWeight * age
// (searches since it was stored): an entry two searches old counts as 16 plies shallower.
inline constexpr int kTtAgeWeight = 8;
// Buckets sampled for `hashfull`: 250 x 4 ways = 1000 entries, so the count is per mille.
inline constexpr int kTtHashfullBuckets = 250;

// ---- Tunable parameters: engine options, tuned by SPSA. ----

// A per-variant switch is a mask of these bits (SearchParams below); every variant's bit
// is its largest value.
constexpr int variant_bit(Variant v) {
  return 1 << int(v);
}
inline constexpr int kEveryVariantMask = (1 << kVariantCount) - 1;

// Own moves the clock is planned for when the GUI gives no movestogo, by variant (bao,
// kigogo, kiswahili, kujifunza). Bao's games from the books last some 26-29 own moves,
// and planning for 12 won +52 +/- 30 against 30 at 2 s + 0.02 s (docs/strength.md, "Time
// use").
inline constexpr std::array<int, kVariantCount> kMovesToGo = {12, 30, 30, 30};

struct SearchParams {
  int aspiration_delta = 60;     // first aspiration half-window, centi-seeds
  int aspiration_min_depth = 4;  // shallower iterations search the full window
  int history_max = 16384;       // history scores saturate here (gravity keeps them bounded)
  int time_moves_to_go = 0;      // own moves the clock is planned for when the GUI gives none;
                                 // 0: the variant's kMovesToGo
  // Switches for measuring what each part is worth (docs/performance.md); on in play.
  bool use_tt = true;
  bool use_killers = true;
  bool use_history = true;

  // Selectivity (issue 14), each kept only with a match result (docs/strength.md).
  bool gain_order = true;  // order moves that win seeds by the seeds won (eats in bao)
  // A switch per variant is a mask: bit 0 bao, 1 kigogo, 2 kiswahili, 3 kujifunza (the
  // order of Variant), since the variants answered differently.
  // At the horizon, follow seed-winning moves this many plies, in these variants (mask).
  int quiescence_plies = 4;
  int quiescence_variants = variant_bit(Variant::kBao);
  // Reverse futility: a shallow node far above beta fails high (mask).
  int futility = variant_bit(Variant::kBao);
  int futility_depth = 3;     // ... at this depth and shallower
  int futility_margin = 120;  // ... when its evaluation beats beta by this per ply (centi-seeds)
  // Late move reductions: a quiet move (it wins no seeds and is not a killer) searched
  // after the node's first `lmr_moves`, at `lmr_depth` or deeper, is searched lmr_reduction
  // plies shallower first, and again at full depth when it beats alpha (mask; bao won
  // +20.9 +/- 19.7 with it at 2 s + 0.02 s, docs/strength.md "Late move reductions in
  // bao: kept"). Below depth 3 the reduction, capped at depth - 2, would be 0.
  int lmr = variant_bit(Variant::kBao);
  int lmr_moves = 3;  // ... after this many moves searched
  int lmr_depth = 3;  // ... at this depth and deeper
  // Extensions (docs/strength.md, "Extensions"): a node with one legal move is searched a
  // ply deeper (bao never has one; kujifunza's games did not change) ...
  int one_reply = kEveryVariantMask;
  // ... and so is the table move when no other move comes near it (bao lost with it).
  int singular = variant_bit(Variant::kKigogo) | variant_bit(Variant::kKiswahili);
  int singular_depth = 6;   // ... tested at this depth and deeper
  int singular_margin = 8;  // ... "near": within this many centi-seeds per ply of depth
  // Multi-cut: when the singular test finds another move that reaches a bound at or above
  // beta, the node fails high (mask; kiswahili won +27.9 with it at 2 s + 0.02 s,
  // docs/strength.md "Multi-cut in kiswahili").
  int multi_cut = variant_bit(Variant::kKiswahili);

  // Time use (issue 14): when to start no new iteration, in percent of the optimum time.
  int time_soft_pct = 50;        // an iteration costs more than all before it
  int time_best_change_pct = 0;  // more when the best move changed in the last iteration
  int time_score_drop_pct = 0;   // more when the score fell by time_score_drop or more
  int time_score_drop = 30;      // centi-seeds
  bool time_forced = false;      // one legal move: play it after depth 1
};

// The own moves the clock is planned for: the option's, or with 0 the variant's.
constexpr int planned_moves(const SearchParams& p, Variant v) {
  return p.time_moves_to_go ? p.time_moves_to_go : kMovesToGo[size_t(v)];
}

struct ParamSpec {
  std::string_view name;
  int SearchParams::*field;
  int min, max;
};

// A per-variant switch: a mask of variant bits, 0 (off everywhere) to every variant.
constexpr ParamSpec variant_mask(std::string_view name, int SearchParams::*field) {
  return {name, field, 0, kEveryVariantMask};
}

inline constexpr ParamSpec kSearchParams[] = {
    {"AspirationDelta", &SearchParams::aspiration_delta, 5, 1000},
    {"AspirationMinDepth", &SearchParams::aspiration_min_depth, 1, 64},
    {"HistoryMax", &SearchParams::history_max, 256, 1 << 20},
    {"TimeMovesToGo", &SearchParams::time_moves_to_go, 0, 100},

    {"QuiescencePlies", &SearchParams::quiescence_plies, 0, 16},
    variant_mask("QuiescenceVariants", &SearchParams::quiescence_variants),
    variant_mask("Futility", &SearchParams::futility),
    {"FutilityDepth", &SearchParams::futility_depth, 1, 16},
    {"FutilityMargin", &SearchParams::futility_margin, 1, 5000},
    variant_mask("LMR", &SearchParams::lmr),
    {"LMRMoves", &SearchParams::lmr_moves, 1, 64},
    {"LMRDepth", &SearchParams::lmr_depth, 3, 64},
    variant_mask("OneReply", &SearchParams::one_reply),
    variant_mask("Singular", &SearchParams::singular),
    {"SingularDepth", &SearchParams::singular_depth, 2, 64},
    {"SingularMargin", &SearchParams::singular_margin, 0, 1000},
    variant_mask("MultiCut", &SearchParams::multi_cut),

    {"TimeSoftPct", &SearchParams::time_soft_pct, 10, 100},
    {"TimeBestChangePct", &SearchParams::time_best_change_pct, 0, 300},
    {"TimeScoreDropPct", &SearchParams::time_score_drop_pct, 0, 300},
    {"TimeScoreDrop", &SearchParams::time_score_drop, 1, 1000},
};

// The switches are UCI check options, not tuned.
struct SwitchSpec {
  std::string_view name;
  bool SearchParams::*field;
};

inline constexpr SwitchSpec kSearchSwitches[] = {
    {"UseTT", &SearchParams::use_tt},           {"UseKillers", &SearchParams::use_killers},
    {"UseHistory", &SearchParams::use_history}, {"GainOrder", &SearchParams::gain_order},
    {"TimeForced", &SearchParams::time_forced},
};

}  // namespace kete
