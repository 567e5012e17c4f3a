#include "rules/perft.h"

#include <fmt/format.h>

#include "rules/notation.h"
#include "rules/text.h"

namespace kete {

uint64_t perft(RuleSet rules, const Position& p, int depth) {
  return with_rules(rules, [&]<class R>(R) { return perft<R>(p, depth); });
}

std::vector<PerftEntry> perft_divide(RuleSet rules, const Position& p, int depth) {
  std::vector<PerftEntry> entries;
  with_rules(rules, [&]<class R>(R) {
    R::generate(p, [&](Move m, const Position& child, int) {
      entries.push_back({m, perft<R>(child, depth - 1)});
    });
  });
  return entries;
}

std::string perft_table_name(RuleSet rules) {
  std::string name(to_string(rules.variant));
  if (rules.variant == Variant::kKujifunza) name += "-" + std::string(to_string(rules.kichwa));
  return name;
}

absl::StatusOr<std::vector<PerftTableLine>> parse_perft_table(std::string_view text,
                                                              std::string_view source) {
  std::vector<PerftTableLine> lines;
  int number = 0;
  for (std::string_view rest = text; !rest.empty();) {
    const size_t end = rest.find('\n');
    const std::string_view line = rest.substr(0, end);
    rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
    ++number;
    const std::vector<std::string_view> words = split_words(line);
    if (words.empty() || words[0][0] == '#') continue;
    const size_t semi = line.find(';');
    const auto bad = [&](std::string what) {
      return absl::InvalidArgumentError(fmt::format("{}:{}: {}", source, number, what));
    };
    if (semi == std::string_view::npos) return bad("expected '<position> ; <counts>'");
    PerftTableLine entry;
    for (std::string_view w : split_words(line.substr(0, semi)))
      entry.position += fmt::format("{}{}", entry.position.empty() ? "" : " ", w);
    for (std::string_view w : split_words(line.substr(semi + 1))) {
      const absl::StatusOr<uint64_t> n = parse_number<uint64_t>("perft count", w, 0, UINT64_MAX);
      if (!n.ok()) return bad(error_text(n.status()));
      entry.counts.push_back(*n);
    }
    if (entry.counts.empty()) return bad("no counts");
    lines.push_back(std::move(entry));
  }
  return lines;
}

}  // namespace kete
