// Proven values: positions whose game value a proof established, probed by the search as a
// chess engine probes its endgame tablebases (docs/solver.md, "Proven values in the
// search"). A proof file (`ProofFile`) or a `go solve` / `go mate` result fills the store;
// for every position of the winner's strategy it keeps the winner's move and the plies to
// the win when the loser defends longest, and for every position of the loser met on the
// way the plies of his longest defence.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "proof/proof.h"
#include "rules/move.h"
#include "rules/position.h"
#include "rules/score.h"
#include "rules/types.h"
#include "search/search.h"

namespace kete {

// One proven position. `plies` counts from it to the position the loser has lost, with
// the winner following his strategy and the loser defending longest.
struct ProvenEntry {
  uint64_t key = 0;          // the position's key mixed with its rules' salt
  Move move = Move::none();  // the winner's move; none at the loser's positions
  bool side_to_move_wins = false;
  int32_t plies = 0;  // 0: an empty slot

  // The search's value of the position `ply` plies from the root (rules/score.h).
  Value value(int ply) const {
    return side_to_move_wins ? mate_in(ply + plies) : mated_in(ply + plies);
  }
};

class ProvenValues {
 public:
  // The key the store files a position of `rules` under: Position::key() names no
  // KichwaRule, and one store holds the proofs of every rules set.
  static uint64_t salt(RuleSet rules);

  // Adds the winner's strategy from `root`: every line's plies come from a walk over the
  // strategy graph (acyclic: no position repeats along a line), the loser's longest defence
  // at every position of his. Refuses, adding nothing, when a line is missing, a move is
  // not legal or loses, a position repeats or a line exceeds `max_plies`. Where a position
  // is proven already the shorter win is kept: both strategies win, and keeping the
  // smaller plies everywhere still has them fall by at least one at every ply, so the
  // merged strategy never repeats a position either.
  absl::Status add_strategy(RuleSet rules, const Position& root, Side winner,
                            std::span<const StrategyLine> lines, int max_plies);
  void merge(const ProvenValues& other);

  bool empty() const { return entries_.empty(); }
  size_t size() const { return entries_.size(); }
  // The entry of p under `rules`, if the store proves it.
  const ProvenEntry* find(RuleSet rules, const Position& p) const {
    return probe(p.key() ^ salt(rules));
  }
  // The search's probe, by a key already salted: no allocation, a few reads.
  const ProvenEntry* probe(uint64_t salted_key) const {
    if (slots_.empty()) return nullptr;
    for (size_t i = salted_key & mask_;; i = (i + 1) & mask_) {
      const ProvenEntry& e = slots_[i];
      if (e.plies == 0) return nullptr;
      if (e.key == salted_key) return &e;
    }
  }

 private:
  void insert(const ProvenEntry& e);  // keeps the smaller plies
  void rebuild_slots();

  std::unordered_map<uint64_t, ProvenEntry> entries_;
  // Open addressing over the entries, at most half full, so a probe ends at an empty slot.
  std::vector<ProvenEntry> slots_;
  size_t mask_ = 0;
};

// Reads and checks a proof file (proof/proof.h's checker, the rules library only) and
// returns its proven values. The proof must be for `rules`: a proof of another variant or
// kichwa rule is refused, naming both. Errors name the file and what is wrong.
absl::StatusOr<ProvenValues> read_proven_values(std::string_view path, RuleSet rules);
// What read_proven_values would refuse before reading: a path that names no regular file of
// at most the proof files' size.
absl::Status check_proof_file_path(std::string_view path);
// The same from the bytes of a proof file, named `name` in the errors.
absl::StatusOr<ProvenValues> parse_proven_values(std::string_view bytes, std::string_view name,
                                                 RuleSet rules);

// The default proven values of `rules`: the proof embedded from tuning/proofs where the
// game is solved (Bao la Kujifunza under both kichwa rules), checked once on first use and
// shared; null where there is none. An embedded proof that fails its check is an error
// (a wrong build), which check_default_proofs() reports at start-up.
std::shared_ptr<const ProvenValues> default_proven_values(RuleSet rules);
absl::Status check_default_proofs();

// The winner's move at the root of a search, when the side to move there holds a proven
// win that this game can still realize.
struct ProvenMove {
  Move move;
  int plies = 0;
};
// nullopt unless the store proves a win for the side to move at `root` whose longest line
// ends within the game's MaxPlies, and no position of the game before the root could be
// one of that strategy's positions (a repetition the proof did not see; docs/solver.md).
std::optional<ProvenMove> proven_root_move(const ProvenValues& store, RuleSet rules,
                                           const Position& root, const GameContext& game);

}  // namespace kete
