// Helpers shared by the tests.
#pragma once

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/notation.h"
#include "rules/perft.h"
#include "rules/rules.h"
#include "rules/text.h"

namespace kete {

// Names a rules set in gtest's messages (found by argument-dependent lookup).
inline void PrintTo(const RuleSet& r, std::ostream* os) {
  *os << to_string(r.variant) << " " << to_string(r.kichwa);
}

}  // namespace kete

namespace kete::test {

// Sanitizer builds (ASan, TSan) run an order of magnitude slower, and abort on a failed
// huge allocation instead of throwing; bulk tests scale their work down.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

inline bool starts_with(std::string_view s, std::string_view prefix) {
  return s.starts_with(prefix);
}

// The words of a line, split as the engine splits them.
inline std::vector<std::string> line_words(std::string_view line) {
  std::vector<std::string> out;
  for (std::string_view w : split_words(line))
    out.emplace_back(w);
  return out;
}

// Lines of engine output for a failure message, one per line.
inline std::string show(const std::vector<std::string>& lines) {
  std::string s;
  for (const std::string& l : lines)
    s += "\n  > " + l;
  return s;
}

inline Position parse_or_die(Variant v, std::string_view text) {
  absl::StatusOr<Position> p = parse_position(v, text);
  EXPECT_TRUE(p.ok()) << text << ": " << p.status();
  return p.ok() ? *p : Position::start(v);
}

// The legal move tokens of p, sorted.
inline std::vector<std::string> tokens(RuleSet rules, const Position& p) {
  std::vector<std::string> out;
  for (Move m : legal_moves(rules, p))
    out.push_back(move_token(p, m));
  std::sort(out.begin(), out.end());
  return out;
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// The position after the move named by token; fails the test if it is not legal.
inline Position after(RuleSet rules, const Position& p, std::string_view token) {
  absl::StatusOr<Move> m = parse_move(rules, p, token);
  EXPECT_TRUE(m.ok()) << m.status();
  if (!m.ok()) return p;
  return *play(rules, p, *m);
}

// The perft table of `rules` (tests/data/perft); fails the test if it cannot be read.
inline std::vector<PerftTableLine> read_perft_table(RuleSet rules) {
  const std::string path =
      std::string(KETE_TEST_DATA) + "/perft/" + perft_table_name(rules) + ".txt";
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  absl::StatusOr<std::vector<PerftTableLine>> lines = parse_perft_table(text.str(), path);
  EXPECT_TRUE(in && lines.ok()) << path << ": "
                                << (lines.ok() ? "cannot read" : error_text(lines.status()));
  return lines.ok() ? *std::move(lines) : std::vector<PerftTableLine>();
}

// The bao worked example of rules.md section 3: South wins with B7R, which eats twice and
// empties North's front row.
inline constexpr char kBaoWorkedExample[] =
    "4,3,5,4,5,6,3,2/0,0,0,4,0,0,0,2/2,2,0,2,2,0,2,1/0,0,8,1,2,0,2,2 S";

inline constexpr RuleSet kBao{Variant::kBao};
inline constexpr RuleSet kKiswahili{Variant::kKiswahili};
inline constexpr RuleSet kKigogo{Variant::kKigogo};
inline constexpr RuleSet kChoose{Variant::kKujifunza, KichwaRule::kChoose};
inline constexpr RuleSet kFollow{Variant::kKujifunza, KichwaRule::kFollow};

// A parameterized test's name for its rule set: the variant, and kujifunza's kichwa rule.
inline std::string rules_name(const ::testing::TestParamInfo<RuleSet>& info) {
  std::string name(to_string(info.param.variant));
  if (info.param.variant == Variant::kKujifunza)
    name += "_" + std::string(to_string(info.param.kichwa));
  return name;
}

}  // namespace kete::test
