// Random playouts that play one move per ply: a random candidate of the first tier that
// has a legal move is played out alone, instead of every move of the position.
#pragma once

#include <bit>
#include <cassert>
#include <cstdint>

#include "rules/random.h"
#include "rules/rules.h"

namespace kete {

// The k-th set bit of `bits` (k = 0 is the lowest).
inline int nth_bit(uint64_t bits, int k) {
  for (; k > 0; --k)
    bits &= bits - 1;
  return std::countr_zero(bits);
}

// Sets `child` (not p itself) to the position after a random legal move of p and returns
// true, or returns false if p has no legal move. The candidate (start pit and direction) is drawn
// uniformly among those of the first tier with a legal move, redrawing when a draw turns
// out illegal; its choices (kichwa, safari) uniformly among its moves. Moves are thus
// uniform where each candidate is one move (bao, kigogo, kujifunza under `follow`,
// kiswahili's mtaji), and otherwise drawn as a player who decides step by step would.
template <Rules R>
bool random_child(const Position& p, Random& rng, Position& child) {
  assert(&child != &p);
  const Candidates c = R::candidates(p);
  int moves = 0;  // of the drawn candidate, for reservoir sampling
  auto keep = [&](Move, const Position& next, int) {
    assert_consistent(next);
    if (++moves == 1 || rng.uniform_below(uint64_t(moves)) == 0) child = next;
  };
  for (int t = 0; t < c.tiers; ++t)
    for (uint64_t bits = c.tier[t]; bits;) {
      const int drawn = nth_bit(bits, int(rng.uniform_below(uint64_t(std::popcount(bits)))));
      R::play_candidate(p, c, t, candidate_at(drawn), keep);
      if (moves) return true;
      bits &= ~(uint64_t(1) << drawn);
    }
  return false;
}

// Plays random moves (random_child) from p until the game is decided or `max_plies`
// plies; returns the plies played.
template <Rules R>
int random_playout(Position p, Random& rng, int max_plies) {
  Position next;
  for (int ply = 0; ply < max_plies; ++ply, p = next)
    if (!random_child<R>(p, rng, next)) return ply;
  return max_plies;
}

}  // namespace kete
