// kete-book: a book of balanced openings for kete-match --openings (docs/strength.md).
//
//   kete-book --variant bao --count 100 --nodes 20000 --margin 50 --out tuning/books/bao.txt
//
// Random openings of 4..8 plies from the start (the arena's generator, which already drops
// decided ones) are searched to a fixed node count; an opening is kept when the search
// scores it within --margin centi-seeds of equal. With random 8-ply openings most game
// pairs were decided by the opening rather than by the players (issue 14: 85 of 100 bao
// pairs split 1-1); a book of positions a search calls equal lets matches measure the
// engines. The same flags give the same book.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>
#include <unordered_set>

#include <fmt/format.h>

#include "arena/openings.h"
#include "rules/notation.h"
#include "rules/rules.h"
#include "search/search.h"
#include "search/tt.h"
#include "tools/arg_cursor.h"
#include "tools/standard_streams.h"

namespace kete::tuning {
namespace {

constexpr std::string_view kUsage =
    "usage: kete-book --out FILE [--variant V] [--kichwa choose|follow] [--count N]\n"
    "                 [--nodes N] [--margin CENTISEEDS] [--min-plies K] [--max-plies K]\n"
    "                 [--seed S]\n";

struct Options {
  RuleSet rules{Variant::kKiswahili, KichwaRule::kChoose};
  int count = 100;         // openings kept
  uint64_t nodes = 20000;  // the search that judges an opening
  int margin = 50;         // |score| at most this, centi-seeds
  int min_plies = 4, max_plies = 8;
  uint64_t seed = 1;
  std::string out;
};

absl::Status parse_flag(const std::string& flag, tools::ArgCursor& args, Options& o) {
  if (flag == "--out") return args.text(flag, o.out);
  if (flag == "--variant") return args.variant(flag, o.rules.variant);
  if (flag == "--kichwa") return args.kichwa(flag, o.rules.kichwa);
  if (flag == "--count") return args.number(flag, o.count, 1, 100'000);
  if (flag == "--nodes") return args.number(flag, o.nodes, 1, 1'000'000'000);
  if (flag == "--margin") return args.number(flag, o.margin, 0, 100'000);
  if (flag == "--min-plies") return args.number(flag, o.min_plies, 0, 100);
  if (flag == "--max-plies") return args.number(flag, o.max_plies, 0, 100);
  if (flag == "--seed") return args.number(flag, o.seed, 0, UINT64_MAX);
  return tools::unknown_argument(flag);
}

absl::StatusOr<Options> parse_options(const std::vector<std::string>& argv) {
  Options o;
  if (absl::Status s = tools::read_flags(argv, o, parse_flag); !s.ok()) return s;
  if (o.out.empty()) return tools::bad_argument("--out FILE is required");
  if (o.min_plies > o.max_plies) return tools::bad_argument("--min-plies is above --max-plies");
  return o;
}

// The position an opening leads to, with the keys of those before it.
struct Replayed {
  Position position;
  GameContext game;
};

std::optional<Replayed> replay(RuleSet rules, const arena::Opening& o) {
  Replayed r{o.start, {}};
  for (const std::string& token : o.moves) {
    absl::StatusOr<Move> m = parse_move(rules, r.position, token);
    if (!m.ok()) return std::nullopt;
    std::optional<Position> next = play(rules, r.position, *m);
    if (!next) return std::nullopt;
    r.game.history.push_back(r.position.key());
    ++r.game.plies;
    r.position = *next;
  }
  return r;
}

// The search's score of the opening, from the side to move.
Value judge(RuleSet rules, const Replayed& r, uint64_t nodes) {
  TranspositionTable tt(16);
  Limits limits;
  limits.nodes = nodes;
  const std::atomic<bool> stop{false};
  Value value = 0;
  search(rules, r.position, r.game, limits, SearchSettings{}, tt, stop, [&](const SearchInfo& i) {
    if (i.multipv == 1) value = i.score.value;
  });
  return value;
}

absl::Status run(const Options& o) {
  std::ofstream out(o.out);
  if (!out) return absl::UnavailableError(fmt::format("cannot write '{}'", o.out));
  out << fmt::format(
      "# kete-book --variant {} --kichwa {} --count {} --nodes {} --margin {} --min-plies {} "
      "--max-plies {} --seed {}\n",
      to_string(o.rules.variant), to_string(o.rules.kichwa), o.count, o.nodes, o.margin,
      o.min_plies, o.max_plies, o.seed);
  int kept = 0, tried = 0;
  std::unordered_set<uint64_t> seen;  // keys of the positions searched
  // Rounds of candidates, each length in turn, until the book is full or the generator
  // runs dry (it returns fewer than asked only when no more distinct openings exist).
  constexpr int kBatch = 64;
  for (uint64_t round = 0; kept < o.count && round < 1000; ++round) {
    bool any = false;
    for (int plies = o.min_plies; plies <= o.max_plies && kept < o.count; ++plies) {
      const std::vector<arena::Opening> batch =
          arena::random_openings(o.rules, kBatch, plies, o.seed + round * 1000 + uint64_t(plies));
      for (const arena::Opening& opening : batch) {
        if (kept >= o.count) break;
        const std::optional<Replayed> r = replay(o.rules, opening);
        if (!r || !seen.insert(r->position.key()).second) continue;
        any = true;
        ++tried;
        const Value v = judge(o.rules, *r, o.nodes);
        if (std::abs(v) > o.margin) continue;
        std::string line = "startpos moves";
        for (const std::string& token : opening.moves)
          line += " " + token;
        out << line << '\n' << std::flush;  // a stopped run keeps what it found
        ++kept;
      }
      tools::note("\rkete-book: {} kept of {} searched  ", kept, tried);
    }
    if (!any) break;
  }
  tools::note("\n");
  out.flush();
  if (!out) return absl::UnavailableError(fmt::format("writing '{}' failed", o.out));
  if (kept < o.count)
    return absl::FailedPreconditionError(fmt::format("only {} openings within the margin", kept));
  return absl::OkStatus();
}

}  // namespace
}  // namespace kete::tuning

int main(int argc, char** argv) {
  kete::tools::open_standard_streams();
  using namespace kete::tuning;
  return kete::tools::tool_main("kete-book", kUsage, argc, argv, parse_options, run);
}
