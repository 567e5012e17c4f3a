#include "protocol/go_command.h"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "rules/notation.h"
#include "rules/text.h"

namespace kete {
namespace {

bool is_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// An integer saturated at +-kMaxGoNumber, also when it has too many digits for 64 bits.
std::optional<int64_t> go_number(std::string_view s) {
  if (absl::StatusOr<int64_t> n = parse_number<int64_t>("go", s, INT64_MIN, INT64_MAX); n.ok())
    return std::clamp<int64_t>(*n, -kMaxGoNumber, kMaxGoNumber);
  const bool negative = !s.empty() && s[0] == '-';
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) s.remove_prefix(1);
  if (!is_digits(s)) return std::nullopt;
  return negative ? -kMaxGoNumber : kMaxGoNumber;
}

constexpr std::string_view kNumberKeys[] = {"wtime",     "btime",    "winc",  "binc",
                                            "p1time",    "p2time",   "p1inc", "p2inc",
                                            "movestogo", "movetime", "depth", "nodes"};
constexpr std::string_view kFlagKeys[] = {"infinite", "ponder", "searchmoves"};

bool is_key(std::string_view w) {
  return std::find(std::begin(kNumberKeys), std::end(kNumberKeys), w) != std::end(kNumberKeys) ||
         std::find(std::begin(kFlagKeys), std::end(kFlagKeys), w) != std::end(kFlagKeys);
}

void set_number(Limits& limits, std::string_view key, int64_t n) {
  const int64_t v = std::max<int64_t>(n, 0);
  if (key == "wtime" || key == "p1time")
    limits.time_ms[0] = v;
  else if (key == "btime" || key == "p2time")
    limits.time_ms[1] = v;
  else if (key == "winc" || key == "p1inc")
    limits.inc_ms[0] = v;
  else if (key == "binc" || key == "p2inc")
    limits.inc_ms[1] = v;
  else if (key == "movestogo")
    limits.movestogo = int(std::min<int64_t>(v, 1000));
  else if (key == "movetime")
    limits.movetime_ms = v;
  else if (key == "depth")
    limits.depth = int(std::clamp<int64_t>(v, 1, 64));
  else if (key == "nodes")
    limits.nodes = uint64_t(std::max<int64_t>(v, 1));
}

// go mate <N> [nodes <n>] [movetime <ms>] | go solve [nodes <n>] [movetime <ms>]: the
// numbers read as the search's.
absl::StatusOr<GoCommand> parse_solve(const std::vector<std::string_view>& w) {
  GoCommand go;
  size_t i = 2;
  go.kind = w[1] == "mate" ? GoCommand::Kind::kMate : GoCommand::Kind::kSolve;
  if (go.kind == GoCommand::Kind::kMate) {
    const absl::StatusOr<int> n =
        parse_number<int>("go mate", i < w.size() ? w[i] : std::string_view(), 1, kMaxMateMoves);
    if (!n.ok()) return n.status();
    go.mate_moves = *n;
    ++i;
  }
  for (; i < w.size(); i += 2) {
    const std::string_view key = w[i];
    if (key != "nodes" && key != "movetime")
      return absl::InvalidArgumentError(fmt::format("go {}: unknown parameter '{}'", w[1], key));
    const std::optional<int64_t> n = i + 1 < w.size() ? go_number(w[i + 1]) : std::nullopt;
    if (!n)
      return absl::InvalidArgumentError(fmt::format("go {}: '{}' needs an integer", w[1], key));
    set_number(go.limits, key, *n);
  }
  go.solve.nodes = go.limits.nodes;
  go.solve.time_ms = go.limits.movetime_ms;
  return go;
}

}  // namespace

absl::StatusOr<GoCommand> parse_go(const std::vector<std::string_view>& w, RuleSet rules,
                                   const Position& root) {
  if (w.size() > 1 && (w[1] == "mate" || w[1] == "solve")) return parse_solve(w);
  GoCommand go;
  for (size_t i = 1; i < w.size(); ++i) {
    const std::string_view key = w[i];
    if (key == "infinite") {
      go.limits.infinite = true;
    } else if (key == "ponder") {
      go.limits.ponder = true;
    } else if (key == "searchmoves") {
      // UCI: the moves run to the next parameter name or the end of the line.
      for (; i + 1 < w.size() && !is_key(w[i + 1]); ++i) {
        absl::StatusOr<Move> m = parse_move(rules, root, w[i + 1]);
        if (!m.ok())
          return absl::InvalidArgumentError(
              fmt::format("go: searchmoves: {}", error_text(m.status())));
        if (std::find(go.limits.searchmoves.begin(), go.limits.searchmoves.end(), *m) ==
            go.limits.searchmoves.end())
          go.limits.searchmoves.push_back(*m);
      }
      if (go.limits.searchmoves.empty())
        return absl::InvalidArgumentError("go: searchmoves needs at least one move");
    } else if (std::find(std::begin(kNumberKeys), std::end(kNumberKeys), key) !=
               std::end(kNumberKeys)) {
      const std::optional<int64_t> n = i + 1 < w.size() ? go_number(w[i + 1]) : std::nullopt;
      if (!n) return absl::InvalidArgumentError(fmt::format("go: '{}' needs an integer", key));
      set_number(go.limits, key, *n);
      ++i;
    } else {
      return absl::InvalidArgumentError(fmt::format("go: unknown parameter '{}'", key));
    }
  }
  return go;
}

}  // namespace kete
