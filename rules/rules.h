// The closed family of rules types, the concept they satisfy, and the one runtime switch.
#pragma once

#include <concepts>
#include <optional>

#include "rules/move.h"
#include "rules/position.h"
#include "rules/rules_bao.h"
#include "rules/rules_kigogo.h"
#include "rules/rules_kiswahili.h"
#include "rules/rules_kujifunza.h"
#include "rules/tiers.h"

namespace kete {

// A rules type generates every legal move of a position with the position it leads to
// (copy-make), and tells who has lost a finished position. Generation goes by tiers of
// candidates (rules/tiers.h), which a random playout can play one at a time.
template <class R>
concept Rules = requires(const Position& p, void (&emit)(Move, const Position&, int)) {
  { R::kVariant } -> std::convertible_to<Variant>;
  { R::loser(p) } -> std::same_as<std::optional<Side>>;
  R::generate(p, [](Move, const Position&, int /*seeds_sown*/) {});
  { R::candidates(p) } -> std::same_as<Candidates>;
  R::play_candidate(p, Candidates{}, 0, Candidate{0, Dir::kClockwise}, emit);
};

static_assert(Rules<BaoRules>);
static_assert(Rules<KigogoRules>);
static_assert(Rules<KiswahiliRules>);
static_assert(Rules<KujifunzaRules<KichwaRule::kChoose>>);
static_assert(Rules<KujifunzaRules<KichwaRule::kFollow>>);

// Calls f with a value of the rules type of `rules`: the single runtime dispatch that
// perft, search and tools are templated below.
template <class F>
decltype(auto) with_rules(RuleSet rules, F&& f) {
  switch (rules.variant) {
    case Variant::kBao:
      return f(BaoRules{});
    case Variant::kKigogo:
      return f(KigogoRules{});
    case Variant::kKujifunza:
      if (rules.kichwa == KichwaRule::kFollow) return f(KujifunzaRules<KichwaRule::kFollow>{});
      return f(KujifunzaRules<KichwaRule::kChoose>{});
    case Variant::kKiswahili:
      break;
  }
  return f(KiswahiliRules{});
}

template <Rules R>
MoveList legal_moves(const Position& p) {
  MoveList list;
  R::generate(p, [&](Move m, const Position&, int) { list.push_back(m); });
  return list;
}

MoveList legal_moves(RuleSet rules, const Position& p);

// The position after a legal move, or nullopt if m is not legal in p.
std::optional<Position> play(RuleSet rules, const Position& p, Move m);

// The side that has lost: a finished position, or no legal move for the side to move.
std::optional<Side> loser(RuleSet rules, const Position& p);

}  // namespace kete
