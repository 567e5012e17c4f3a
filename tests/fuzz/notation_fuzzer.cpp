// libFuzzer target for the text forms of docs/interface.md sections 1-2: position strings and
// move tokens. Nothing may crash, and whatever parses must print back as it parsed:
//   * a position string that parses for a variant is a consistent position whose
//     canonical string parses to the same position;
//   * a token that parses names a legal move whose canonical token is the input up to
//     case, and the move can be played.
// The input is "<position string>" or "<position string>\n<token> <token> ..."; the
// tokens are tried on the start position of every variant and on every position the
// first line parses to.
//
//   cmake --preset fuzz && cmake --build --preset fuzz
//   ./build/fuzz/tests/fuzz/notation_fuzzer -max_total_time=120
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string_view>
#include <vector>

#include "rules/notation.h"
#include "rules/rules.h"

namespace {

using namespace kete;

constexpr RuleSet kRuleSets[] = {
    {Variant::kBao, KichwaRule::kChoose},       {Variant::kKigogo, KichwaRule::kChoose},
    {Variant::kKiswahili, KichwaRule::kChoose}, {Variant::kKujifunza, KichwaRule::kChoose},
    {Variant::kKujifunza, KichwaRule::kFollow},
};

[[noreturn]] void fail(const char* what, std::string_view detail) {
  std::fprintf(stderr, "notation_fuzzer: %s: '%.*s'\n", what, int(detail.size()), detail.data());
  __builtin_trap();
}

void check_tokens(RuleSet rules, const Position& p, const std::vector<std::string_view>& tokens) {
  for (std::string_view token : tokens) {
    const absl::StatusOr<Move> m = parse_move(rules, p, token);
    if (!m.ok()) continue;
    if (!equals_ignore_case(move_token(p, *m), token)) fail("token does not print back", token);
    if (!play(rules, p, *m)) fail("parsed move cannot be played", token);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t newline = input.find('\n');
  const std::string_view text = input.substr(0, newline);
  std::vector<std::string_view> tokens;
  if (newline == std::string_view::npos) {
    tokens.push_back(input);  // the whole input as one token too
  } else {
    std::string_view rest = input.substr(newline + 1);
    while (!rest.empty() && tokens.size() < 8) {
      const size_t space = rest.find(' ');
      tokens.push_back(rest.substr(0, space));
      rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
    }
  }
  for (Variant v : kAllVariants) {
    const absl::StatusOr<Pit> pit = parse_pit(width(v), text);
    if (pit.ok() && pit_name(width(v), *pit) != text) fail("pit name does not print back", text);
  }
  for (RuleSet rules : kRuleSets) {
    check_tokens(rules, Position::start(rules.variant), tokens);
    const absl::StatusOr<Position> p = parse_position(rules.variant, text);
    if (!p.ok()) continue;
    if (const std::string e = p->consistency_error(); !e.empty())
      fail(("parsed an inconsistent position: " + e).c_str(), text);
    const std::string canonical = position_string(*p);
    const absl::StatusOr<Position> again = parse_position(rules.variant, canonical);
    if (!again.ok() || !(*again == *p)) fail("canonical string does not parse back", text);
    check_tokens(rules, *p, tokens);
    for (Move m : legal_moves(rules, *p))  // every legal move's token parses to it
      if (absl::StatusOr<Move> back = parse_move(rules, *p, move_token(*p, m));
          !back.ok() || !(*back == m))
        fail("a legal move's token does not parse back", text);
  }
  return 0;
}
