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

// The check walks the strategy from the root depth first on a stack of its own, not the
// machine's: a hostile proof may run any number of plies (issue 29: one call per ply ended
// in SIGSEGV at 10,000 plies).
class Checker {
 public:
  Checker(const ProofHeader& h, std::vector<Entry>& entries, int deepest)
      : h_(h), entries_(entries), deepest_(deepest) {
    for (size_t i = 0; i < entries_.size(); ++i)
      index_.emplace(entries_[i].position.key(), i);
  }

  // The plies from the root to the win along the loser's longest defence.
  absl::StatusOr<int> from_root() {
    absl::Status s =
        h_.root.side_to_move() == h_.winner ? enter_winner(h_.root, 0) : enter_loser(h_.root, 0);
    while (s.ok() && !frames_.empty())
      s = finished_ ? hand_up() : go_down();
    if (!s.ok()) return in_context(s);
    return plies_;
  }
  uint64_t defences() const { return defended_.size(); }

 private:
  // A position on the walk's path. The winner's (`entry` set) waits for the plies after his
  // move, which leads to `position`; the loser's, at `position`, goes through his legal
  // moves, moves_[first..end), `next` the one followed.
  struct Frame {
    Entry* entry;
    Position position;
    int depth;
    size_t first = 0, end = 0, next = 0;
    int longest = 0;
  };

  std::string name(const Position& p) const { return position_string(p); }

  Entry* find(const Position& p) {
    auto [first, last] = index_.equal_range(p.key());
    for (auto it = first; it != last; ++it)
      if (entries_[it->second].position == p) return &entries_[it->second];
    return nullptr;
  }

  void finish(int plies) {
    plies_ = plies;
    finished_ = true;
  }

  // p, the winner to move: its plies when they are known, else its frame.
  absl::Status enter_winner(const Position& p, int depth) {
    Entry* e = find(p);
    if (!e)
      return absl::NotFoundError(fmt::format(
          "position {}: the winner is to move and the proof has no line for it", name(p)));
    if (e->state == Entry::State::kDone) {
      finish(e->longest);
      return absl::OkStatus();
    }
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
    const std::optional<Position> child = play(h_.rules, p, e->move);  // checked legal
    if (std::optional<Side> lost = loser(h_.rules, *child)) {
      if (*lost == h_.winner)
        return absl::FailedPreconditionError(
            fmt::format("position {} (line {}): {} loses for the winner", name(p), e->line,
                        move_token(p, e->move)));
      e->state = Entry::State::kDone;
      e->longest = 1;
      finish(1);
      return absl::OkStatus();
    }
    e->state = Entry::State::kOnPath;
    frames_.push_back({e, *child, depth});
    finished_ = false;
    return absl::OkStatus();
  }

  // p, the loser to move: 0 plies when the game is over, else its frame.
  absl::Status enter_loser(const Position& p, int depth) {
    if (std::optional<Side> lost = loser(h_.rules, p)) {
      if (*lost != h_.winner) {
        finish(0);
        return absl::OkStatus();
      }
      return absl::FailedPreconditionError(
          fmt::format("position {}: the winner has lost here", name(p)));
    }
    defended_.insert(p.key());
    Frame f{nullptr, p, depth};
    f.first = f.next = moves_.size();
    for (Move m : legal_moves(h_.rules, p))
      moves_.push_back(m);
    f.end = moves_.size();
    frames_.push_back(f);
    finished_ = false;
    return absl::OkStatus();
  }

  // The top frame's next position: the loser's after the winner's move, or the position
  // after the loser's next legal move; the loser's frame ends after his last one.
  absl::Status go_down() {
    Frame& f = frames_.back();
    if (f.entry) return enter_loser(f.position, f.depth + 1);
    if (f.next == f.end) {
      moves_.resize(f.first);
      const int longest = f.longest;
      frames_.pop_back();
      finish(longest);
      return absl::OkStatus();
    }
    const Move m = moves_[f.next];
    const Position child = *play(h_.rules, f.position, m);
    if (std::optional<Side> lost = loser(h_.rules, child)) {
      if (*lost == h_.winner) {
        const absl::Status s = absl::FailedPreconditionError(fmt::format(
            "position {}: the loser wins with {}", name(f.position), move_token(f.position, m)));
        frames_.pop_back();  // the frames below say where this one was met
        return s;
      }
      finish(0);
      return absl::OkStatus();
    }
    return enter_winner(child, f.depth + 1);
  }

  // Hands the plies of the position just finished to the top frame, its parent.
  absl::Status hand_up() {
    Frame& f = frames_.back();
    if (f.entry) {
      f.entry->state = Entry::State::kDone;
      f.entry->longest = 1 + plies_;
      frames_.pop_back();
      finish(1 + plies_);
      return absl::OkStatus();
    }
    f.longest = std::max(f.longest, 1 + plies_);
    ++f.next;
    finished_ = false;
    return absl::OkStatus();
  }

  // An error met below loser's positions of the path names his move in each, outermost
  // first: "after <move> in <position>: after ...: <error>" (written front to back: one
  // copy of the text, however deep).
  absl::Status in_context(const absl::Status& s) const {
    std::string message;
    for (const Frame& f : frames_)
      if (!f.entry)
        message += fmt::format("after {} in {}: ", move_token(f.position, moves_[f.next]),
                               name(f.position));
    return absl::Status(s.code(), message + error_text(s));
  }

  const ProofHeader& h_;
  std::vector<Entry>& entries_;
  std::unordered_multimap<uint64_t, size_t> index_;
  std::unordered_set<uint64_t> defended_;
  std::vector<Frame> frames_;
  std::vector<Move> moves_;  // the legal moves of the loser's positions on the path
  int plies_ = 0;            // the plies of the position last finished
  bool finished_ = false;    // plies_ waits to be handed to the top frame
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
