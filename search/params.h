// Search constants, named in one place with a line each on why. Every one is an engine
// option too (protocol/options.cpp), so SPSA can tune it through the arena.
#pragma once

#include <string_view>

namespace kete {

struct SearchParams {
  int aspiration_delta = 60;     // first aspiration half-window, centi-seeds
  int aspiration_min_depth = 4;  // shallower iterations search the full window
  int history_max = 16384;       // history scores saturate here (gravity keeps them bounded)
  int time_moves_to_go = 30;     // own moves the clock is planned for when the GUI gives none
  // Switches for measuring what each part is worth (docs/performance.md); on in play.
  int use_tt = 1;
  int use_killers = 1;
  int use_history = 1;

  // Selectivity (issue 14), each kept only with a match result (docs/strength.md).
  int gain_order = 1;  // order moves that win seeds by the seeds won (eats in bao)
  // A switch per variant is a mask: bit 0 bao, 1 kigogo, 2 kiswahili, 3 kujifunza (the
  // order of Variant), since the variants answered differently.
  int quiescence_plies = 4;      // at the horizon, follow seed-winning moves this many plies
  int quiescence_variants = 1;   // ... in these variants (mask)
  int quiescence_stand_pat = 0;  // 1: stand pat even when every move captures
  int lmr = 0;                   // late move reductions of quiet moves (mask)
  int lmr_min_depth = 3;         // reduce only at this depth and deeper
  int lmr_min_moves = 3;         // never reduce the first moves searched
  int lmr_divisor = 225;         // reduction = ln(depth) ln(move number) * 100 / this
  int lmr_history = 8192;        // a quiet move's history / this is subtracted from its reduction
  int null_move = 0;             // null-move pruning (mask; Bao has zugzwang: measured)
  int null_min_depth = 3;        // try a null move at this depth and deeper
  int lmr_captures = 0;          // 1: late seed-winning moves are reduced too, one ply less
  int iir = 0;                   // internal iterative reduction without a table move (mask)
  int iir_min_depth = 4;         // ... at this depth and deeper

  // Time use (issue 14): when to start no new iteration, in percent of the optimum time.
  int time_soft_pct = 50;        // an iteration costs more than all before it
  int time_best_change_pct = 0;  // more when the best move changed in the last iteration
  int time_score_drop_pct = 0;   // more when the score fell by time_score_drop or more
  int time_score_drop = 30;      // centi-seeds
  int time_forced = 0;           // one legal move: play it after depth 1
};

struct ParamSpec {
  std::string_view name;
  int SearchParams::*field;
  int min, max;
};

inline constexpr ParamSpec kSearchParams[] = {
    {"AspirationDelta", &SearchParams::aspiration_delta, 5, 1000},
    {"AspirationMinDepth", &SearchParams::aspiration_min_depth, 1, 64},
    {"HistoryMax", &SearchParams::history_max, 256, 1 << 20},
    {"TimeMovesToGo", &SearchParams::time_moves_to_go, 5, 100},
    {"UseTT", &SearchParams::use_tt, 0, 1},
    {"UseKillers", &SearchParams::use_killers, 0, 1},
    {"UseHistory", &SearchParams::use_history, 0, 1},

    {"GainOrder", &SearchParams::gain_order, 0, 1},
    {"QuiescencePlies", &SearchParams::quiescence_plies, 0, 16},
    {"QuiescenceVariants", &SearchParams::quiescence_variants, 0, 15},
    {"QuiescenceStandPat", &SearchParams::quiescence_stand_pat, 0, 1},
    {"LMR", &SearchParams::lmr, 0, 15},
    {"LMRMinDepth", &SearchParams::lmr_min_depth, 2, 16},
    {"LMRMinMoves", &SearchParams::lmr_min_moves, 1, 64},
    {"LMRDivisor", &SearchParams::lmr_divisor, 50, 1000},
    {"LMRHistory", &SearchParams::lmr_history, 256, 1 << 20},
    {"NullMove", &SearchParams::null_move, 0, 15},
    {"NullMinDepth", &SearchParams::null_min_depth, 2, 16},
    {"LMRCaptures", &SearchParams::lmr_captures, 0, 1},
    {"IIR", &SearchParams::iir, 0, 15},
    {"IIRMinDepth", &SearchParams::iir_min_depth, 2, 16},

    {"TimeSoftPct", &SearchParams::time_soft_pct, 10, 100},
    {"TimeBestChangePct", &SearchParams::time_best_change_pct, 0, 300},
    {"TimeScoreDropPct", &SearchParams::time_score_drop_pct, 0, 300},
    {"TimeScoreDrop", &SearchParams::time_score_drop, 1, 1000},
    {"TimeForced", &SearchParams::time_forced, 0, 1},
};

}  // namespace kete
