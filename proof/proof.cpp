#include "proof/proof.h"

#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <fmt/format.h>

#include "rules/notation.h"
#include "rules/rules.h"
#include "rules/text.h"

namespace kete {
namespace {

constexpr std::string_view kMagic = "kete-proof 1";

char side_letter(Side s) {
  return s == Side::kSouth ? 'S' : 'N';
}

absl::Status line_error(uint64_t line, std::string_view what) {
  return absl::InvalidArgumentError(fmt::format("line {}: {}", line, what));
}

// Reads the header: the magic line, then `key value` lines, up to the first strategy
// line (which has a tab). Returns the header and leaves `pending` holding that line.
struct Reader {
  std::istream& in;
  uint64_t number = 0;
  bool next(std::string& line) {
    if (!std::getline(in, line)) return false;
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return true;
  }
};

absl::StatusOr<ProofHeader> read_header(Reader& r, std::string& pending, bool& has_pending) {
  std::string line;
  if (!r.next(line) || line != kMagic)
    return line_error(r.number, fmt::format("expected the first line '{}'", kMagic));
  std::optional<Variant> variant;
  std::optional<KichwaRule> kichwa;
  std::optional<int> max_plies;
  std::optional<std::string> root;
  std::optional<Side> winner;
  has_pending = false;
  while (r.next(line)) {
    if (line.find('\t') != std::string::npos) {
      pending = line;
      has_pending = true;
      break;
    }
    const size_t space = line.find(' ');
    const std::string key = line.substr(0, space);
    const std::string value = space == std::string::npos ? "" : line.substr(space + 1);
    auto once = [&](bool seen) {
      return seen ? line_error(r.number, fmt::format("'{}' given twice", key)) : absl::OkStatus();
    };
    if (key == "variant") {
      if (absl::Status s = once(variant.has_value()); !s.ok()) return s;
      variant = parse_variant(value);
      if (!variant) return line_error(r.number, fmt::format("unknown variant '{}'", value));
    } else if (key == "KichwaRule") {
      if (absl::Status s = once(kichwa.has_value()); !s.ok()) return s;
      kichwa = parse_kichwa_rule(value);
      if (!kichwa) return line_error(r.number, fmt::format("unknown KichwaRule '{}'", value));
    } else if (key == "MaxPlies") {
      if (absl::Status s = once(max_plies.has_value()); !s.ok()) return s;
      absl::StatusOr<int> n = parse_number<int>("MaxPlies", value, 1, 100'000);
      if (!n.ok()) return line_error(r.number, error_text(n.status()));
      max_plies = *n;
    } else if (key == "root") {
      if (absl::Status s = once(root.has_value()); !s.ok()) return s;
      root = value;
    } else if (key == "winner") {
      if (absl::Status s = once(winner.has_value()); !s.ok()) return s;
      if (value != "S" && value != "N")
        return line_error(r.number, fmt::format("winner: expected S or N, got '{}'", value));
      winner = value == "S" ? Side::kSouth : Side::kNorth;
    } else {
      return line_error(r.number, fmt::format("unknown header line '{}'", line.substr(0, 60)));
    }
  }
  for (const auto& [missing, name] : {std::pair{!variant, "variant"},
                                      {!max_plies, "MaxPlies"},
                                      {!root, "root"},
                                      {!winner, "winner"}})
    if (missing) return absl::InvalidArgumentError(fmt::format("header: no '{}' line", name));
  if (*variant == Variant::kKujifunza && !kichwa)
    return absl::InvalidArgumentError("header: kujifunza needs a 'KichwaRule' line");
  if (*variant != Variant::kKujifunza && kichwa)
    return absl::InvalidArgumentError("header: 'KichwaRule' applies to kujifunza only");
  absl::StatusOr<Position> p = parse_position(*variant, *root);
  if (!p.ok()) return absl::InvalidArgumentError("header: root: " + error_text(p.status()));
  ProofHeader h;
  h.rules = {*variant, kichwa.value_or(KichwaRule::kChoose)};
  h.max_plies = *max_plies;
  h.root = *p;
  h.winner = *winner;
  return h;
}

// One winner's position of the proof and the state of its check.
struct Entry {
  Position position;
  Move move;
  uint64_t line = 0;
  enum class State : uint8_t { kNew, kOnPath, kDone } state = State::kNew;
  int longest = 0;  // plies to the win under the strategy, the loser's longest
};

class Checker {
 public:
  Checker(const ProofHeader& h, std::vector<Entry>& entries, int deepest)
      : h_(h), entries_(entries), deepest_(deepest) {
    for (size_t i = 0; i < entries_.size(); ++i)
      index_.emplace(entries_[i].position.key(), i);
  }

  absl::StatusOr<int> from_root() {
    return h_.root.side_to_move() == h_.winner ? winner_moves(h_.root, 0) : loser_moves(h_.root, 0);
  }
  uint64_t defences() const { return defended_.size(); }

 private:
  std::string name(const Position& p) const { return position_string(p); }

  Entry* find(const Position& p) {
    auto [first, last] = index_.equal_range(p.key());
    for (auto it = first; it != last; ++it)
      if (entries_[it->second].position == p) return &entries_[it->second];
    return nullptr;
  }

  // The plies from p (the winner to move) to the win along the loser's longest defence.
  absl::StatusOr<int> winner_moves(const Position& p, int depth) {
    Entry* e = find(p);
    if (!e)
      return absl::NotFoundError(fmt::format(
          "position {}: the winner is to move and the proof has no line for it", name(p)));
    if (e->state == Entry::State::kDone) return e->longest;
    if (e->state == Entry::State::kOnPath)
      return absl::FailedPreconditionError(
          fmt::format("position {} (line {}) repeats along a line", name(p), e->line));
    if (depth > h_.max_plies)
      return absl::FailedPreconditionError(
          fmt::format("position {}: a line runs beyond MaxPlies {}", name(p), h_.max_plies));
    if (depth > deepest_)
      return absl::FailedPreconditionError(
          fmt::format("position {}: a line runs beyond {} plies, the deepest this reader follows",
                      name(p), deepest_));
    e->state = Entry::State::kOnPath;
    const std::optional<Position> child = play(h_.rules, p, e->move);  // checked legal
    int longest = 1;
    if (std::optional<Side> lost = loser(h_.rules, *child)) {
      if (*lost == h_.winner)
        return absl::FailedPreconditionError(
            fmt::format("position {} (line {}): {} loses for the winner", name(p), e->line,
                        move_token(p, e->move)));
    } else {
      absl::StatusOr<int> rest = loser_moves(*child, depth + 1);
      if (!rest.ok()) return rest.status();
      longest += *rest;
    }
    e->state = Entry::State::kDone;
    e->longest = longest;
    return longest;
  }

  // The plies from p (the loser to move) to the win along his longest defence.
  absl::StatusOr<int> loser_moves(const Position& p, int depth) {
    if (std::optional<Side> lost = loser(h_.rules, p)) {
      if (*lost != h_.winner) return 0;
      return absl::FailedPreconditionError(
          fmt::format("position {}: the winner has lost here", name(p)));
    }
    defended_.insert(p.key());
    int longest = 0;
    for (Move m : legal_moves(h_.rules, p)) {
      const Position child = *play(h_.rules, p, m);
      int plies = 1;
      if (std::optional<Side> lost = loser(h_.rules, child)) {
        if (*lost == h_.winner)
          return absl::FailedPreconditionError(
              fmt::format("position {}: the loser wins with {}", name(p), move_token(p, m)));
      } else {
        absl::StatusOr<int> rest = winner_moves(child, depth + 1);
        if (!rest.ok())
          return absl::Status(rest.status().code(),
                              fmt::format("after {} in {}: {}", move_token(p, m), name(p),
                                          error_text(rest.status())));
        plies += *rest;
      }
      longest = std::max(longest, plies);
    }
    return longest;
  }

  const ProofHeader& h_;
  std::vector<Entry>& entries_;
  std::unordered_multimap<uint64_t, size_t> index_;
  std::unordered_set<uint64_t> defended_;
  int deepest_;
};

}  // namespace

std::string proof_header_text(const ProofHeader& h) {
  std::string text = fmt::format("{}\nvariant {}\n", kMagic, to_string(h.rules.variant));
  if (h.rules.variant == Variant::kKujifunza)
    text += fmt::format("KichwaRule {}\n", to_string(h.rules.kichwa));
  text += fmt::format("MaxPlies {}\nroot {}\nwinner {}\n", h.max_plies, position_string(h.root),
                      side_letter(h.winner));
  return text;
}

std::string proof_line_text(const Position& p, Move m) {
  return fmt::format("{}\t{}\n", position_string(p), move_token(p, m));
}

absl::StatusOr<ProofReport> check_proof(std::istream& in, int deepest) {
  Reader r{in};
  std::string line;
  bool has_pending = false;
  absl::StatusOr<ProofHeader> header = read_header(r, line, has_pending);
  if (!header.ok()) return header.status();
  const ProofHeader& h = *header;

  // Every strategy line: a canonical position of the winner to move and a legal move.
  std::vector<Entry> entries;
  std::unordered_multimap<uint64_t, size_t> seen;
  for (bool more = has_pending; more; more = r.next(line)) {
    const size_t tab = line.find('\t');
    if (tab == std::string::npos || line.find('\t', tab + 1) != std::string::npos)
      return line_error(r.number, "expected <position string><TAB><move token>");
    const std::string_view text = std::string_view(line).substr(0, tab);
    const std::string_view token = std::string_view(line).substr(tab + 1);
    absl::StatusOr<Position> p = parse_position(h.rules.variant, text);
    if (!p.ok()) return line_error(r.number, error_text(p.status()));
    if (position_string(*p) != text)
      return line_error(r.number, fmt::format("'{}' is not the canonical position string '{}'",
                                              text, position_string(*p)));
    if (p->side_to_move() != h.winner)
      return line_error(r.number, fmt::format("position {}: the loser is to move", text));
    if (std::optional<Side> lost = loser(h.rules, *p))
      return line_error(r.number, fmt::format("position {}: the game is over", text));
    absl::StatusOr<Move> m = parse_move(h.rules, *p, token);
    if (!m.ok())
      return line_error(r.number, fmt::format("position {}: {}", text, error_text(m.status())));
    auto [first, last] = seen.equal_range(p->key());
    for (auto it = first; it != last; ++it)
      if (entries[it->second].position == *p)
        return line_error(r.number, fmt::format("position {} has a line already (line {})", text,
                                                entries[it->second].line));
    seen.emplace(p->key(), entries.size());
    entries.push_back({*p, *m, r.number});
  }

  Checker checker(h, entries, deepest);
  absl::StatusOr<int> longest = checker.from_root();
  if (!longest.ok()) return longest.status();
  if (*longest > h.max_plies)
    return absl::FailedPreconditionError(
        fmt::format("the longest line, {} plies, runs beyond MaxPlies {}", *longest, h.max_plies));
  for (const Entry& e : entries)
    if (e.state != Entry::State::kDone)
      return line_error(e.line, fmt::format("position {} is not reached from the root",
                                            position_string(e.position)));
  ProofReport report;
  report.header = h;
  report.positions = entries.size();
  report.defences = checker.defences();
  report.longest_line = *longest;
  report.lines.reserve(entries.size());
  for (const Entry& e : entries)
    report.lines.push_back({e.position, e.move});
  return report;
}

}  // namespace kete
