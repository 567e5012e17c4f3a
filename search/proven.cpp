#include "search/proven.h"

#include <algorithm>
#include <bit>
#include <sstream>
#include <string>
#include <unordered_set>

#include <fmt/format.h>

#include "rules/notation.h"
#include "rules/option_file.h"
#include "rules/random.h"
#include "rules/rules.h"

namespace kete {
namespace {

// A proof file is a line of about 70 bytes per position of the winner's strategy: the
// committed kujifunza proof is 38 KB; this bounds what an option can make the engine read.
// The checker and the retrograde pass recurse once or twice per ply on the protocol's
// thread: lines deeper than the default MaxPlies are refused rather than risk its stack
// (kete-solve --check follows any depth).
constexpr int kDeepestProofFileLine = Game::kDefaultMaxPlies;
constexpr OptionFileKind kProofFileKind{"a proof file", "a proof file kete reads",
                                        size_t(256) << 20};

std::string rules_name(RuleSet rules) {
  return rules.variant == Variant::kKujifunza
             ? fmt::format("{} (KichwaRule {})", to_string(rules.variant), to_string(rules.kichwa))
             : std::string(to_string(rules.variant));
}

// The retrograde pass over one strategy: the plies to the win of every position the
// strategy reaches from its root, winner's and loser's, each computed once from its
// children (the graph is acyclic, which the walk checks).
class StrategyWalk {
 public:
  StrategyWalk(RuleSet rules, Side winner, std::span<const StrategyLine> lines, int max_plies)
      : rules_(rules), winner_(winner), max_plies_(max_plies) {
    for (const StrategyLine& l : lines)
      move_of_.emplace(l.position.key(), l.move);
  }

  absl::StatusOr<int> plies(const Position& p, int depth) {
    if (const auto it = plies_.find(p.key()); it != plies_.end()) return it->second.plies;
    if (depth > max_plies_)
      return absl::FailedPreconditionError(fmt::format(
          "position {}: a line runs beyond MaxPlies {}", position_string(p), max_plies_));
    if (!on_path_.insert(p.key()).second)
      return absl::FailedPreconditionError(
          fmt::format("position {} repeats along a line", position_string(p)));
    absl::StatusOr<int> n =
        p.side_to_move() == winner_ ? winner_plies(p, depth) : loser_plies(p, depth);
    on_path_.erase(p.key());
    if (n.ok()) plies_.emplace(p.key(), Walked{*n, p.side_to_move() == winner_});
    return n;
  }

  // The positions walked, with their moves (Move::none() at the loser's).
  std::vector<ProvenEntry> entries(uint64_t salt) const {
    std::vector<ProvenEntry> out;
    out.reserve(plies_.size());
    for (const auto& [key, w] : plies_)
      if (w.plies > 0)
        out.push_back({key ^ salt, w.wins ? move_of_.at(key) : Move::none(), w.wins, w.plies});
    return out;
  }

 private:
  // Plies after a move into `child`: 1 if it ends the game for the loser.
  absl::StatusOr<int> after(const Position& parent, Move m, const Position& child, int depth) {
    if (const std::optional<Side> lost = loser(rules_, child)) {
      if (*lost == winner_)
        return absl::FailedPreconditionError(fmt::format("position {}: {} loses for the winner",
                                                         position_string(parent),
                                                         move_token(parent, m)));
      return 1;
    }
    absl::StatusOr<int> rest = plies(child, depth + 1);
    if (!rest.ok()) return rest.status();
    return 1 + *rest;
  }

  absl::StatusOr<int> winner_plies(const Position& p, int depth) {
    const auto it = move_of_.find(p.key());
    if (it == move_of_.end())
      return absl::NotFoundError(
          fmt::format("position {}: the winner is to move and the proof has no line for it",
                      position_string(p)));
    const std::optional<Position> child = play(rules_, p, it->second);
    if (!child)
      return absl::InvalidArgumentError(
          fmt::format("position {}: an illegal move", position_string(p)));
    return after(p, it->second, *child, depth);
  }

  absl::StatusOr<int> loser_plies(const Position& p, int depth) {
    int longest = 0;
    for (Move m : legal_moves(rules_, p)) {
      absl::StatusOr<int> n = after(p, m, *play(rules_, p, m), depth);
      if (!n.ok()) return n.status();
      longest = std::max(longest, *n);
    }
    return longest;  // 0: the loser has no move, and so has lost (rules.md section 2)
  }

  RuleSet rules_;
  Side winner_;
  int max_plies_;
  std::unordered_map<uint64_t, Move> move_of_;
  struct Walked {
    int plies;
    bool wins;  // the winner is to move
  };
  std::unordered_map<uint64_t, Walked> plies_;
  std::unordered_set<uint64_t> on_path_;
};

}  // namespace

uint64_t ProvenValues::salt(RuleSet rules) {
  uint64_t state = uint64_t(rules.variant) * 2 + uint64_t(rules.kichwa);
  return splitmix64(state);
}

absl::Status ProvenValues::add_strategy(RuleSet rules, const Position& root, Side winner,
                                        std::span<const StrategyLine> lines, int max_plies) {
  if (loser(rules, root))
    return absl::InvalidArgumentError(
        fmt::format("root {}: the game is over", position_string(root)));
  StrategyWalk walk(rules, winner, lines, max_plies);
  if (absl::StatusOr<int> n = walk.plies(root, 0); !n.ok()) return n.status();
  for (const ProvenEntry& e : walk.entries(salt(rules)))
    insert(e);
  rebuild_slots();
  return absl::OkStatus();
}

void ProvenValues::merge(const ProvenValues& other) {
  for (const auto& [key, e] : other.entries_)
    insert(e);
  rebuild_slots();
}

void ProvenValues::insert(const ProvenEntry& e) {
  const auto [it, added] = entries_.emplace(e.key, e);
  if (!added && e.plies < it->second.plies) it->second = e;
}

void ProvenValues::rebuild_slots() {
  const size_t capacity = std::bit_ceil(std::max<size_t>(2 * entries_.size(), 2));
  slots_.assign(capacity, ProvenEntry{});
  mask_ = capacity - 1;
  for (const auto& [key, e] : entries_) {
    size_t i = key & mask_;
    while (slots_[i].plies != 0)
      i = (i + 1) & mask_;
    slots_[i] = e;
  }
}

absl::StatusOr<ProvenValues> read_proven_values(std::string_view path, RuleSet rules) {
  const std::string file(path);
  absl::StatusOr<std::string> bytes = read_option_file(path, kProofFileKind);
  if (!bytes.ok())
    return absl::Status(bytes.status().code(), "ProofFile: " + error_text(bytes.status()));
  std::istringstream in(*std::move(bytes));
  absl::StatusOr<ProofReport> report = check_proof(in, kDeepestProofFileLine);
  if (!report.ok())
    return absl::Status(report.status().code(), fmt::format("ProofFile: '{}': proof invalid: {}",
                                                            file, error_text(report.status())));
  const ProofHeader& h = report->header;
  const RuleSet proven =
      h.rules.variant == Variant::kKujifunza ? h.rules : RuleSet{h.rules.variant, rules.kichwa};
  if (proven.variant != rules.variant || proven.kichwa != rules.kichwa)
    return absl::FailedPreconditionError(
        fmt::format("ProofFile: '{}' is a proof for {}, the engine plays {}: set UCI_Variant "
                    "and KichwaRule first",
                    file, rules_name(h.rules), rules_name(rules)));
  ProvenValues values;
  if (absl::Status s = values.add_strategy(rules, h.root, h.winner, report->lines,
                                           std::min(h.max_plies, kDeepestProofFileLine));
      !s.ok())
    return absl::Status(s.code(), fmt::format("ProofFile: '{}': {}", file, error_text(s)));
  return values;
}

std::optional<ProvenMove> proven_root_move(const ProvenValues& store, RuleSet rules,
                                           const Position& root, const GameContext& game) {
  const uint64_t salt = ProvenValues::salt(rules);
  const ProvenEntry* e = store.probe(root.key() ^ salt);
  if (!e || !e->side_to_move_wins || game.plies + e->plies > game.max_plies) return std::nullopt;
  // Every position the strategy reaches from the root has fewer plies to the win than the
  // root; one of the game before the root with fewer plies might be met again.
  for (uint64_t key : game.history)
    if (const ProvenEntry* h = store.probe(key ^ salt); h && h->plies < e->plies)
      return std::nullopt;
  return ProvenMove{e->move, e->plies};
}

}  // namespace kete
