// kete-solve: proves who wins a position with df-pn (solver/solver.h), writes the proof,
// and checks proofs with the rules library alone (proof/proof.h). docs/solver.md.
//
//   kete-solve --variant kujifunza --kichwa follow --distance 1 --proof follow.proof
//   kete-solve --check follow.proof
#include <atomic>
#include <chrono>
#include <cstdio>
#include <deque>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>

#include "proof/proof.h"
#include "rules/notation.h"
#include "rules/option_file.h"
#include "rules/rules.h"
#include "rules/text.h"
#include "solver/solver.h"
#include "tools/arg_cursor.h"
#include "tools/interrupt.h"
#include "tools/standard_streams.h"

namespace kete {
namespace {

constexpr std::string_view kUsage =
    "usage: kete-solve [--variant V] [--kichwa choose|follow] [--position POS]\n"
    "                  [--moves \"M1 M2 ...\"] [--winner S|N|auto] [--mate N] [--distance 0|1]\n"
    "                  [--hash MB] [--nodes N] [--time-s S] [--max-plies M] [--proof FILE]\n"
    "                  [--census DEPTH]\n"
    "       kete-solve --check FILE\n";

struct Options {
  RuleSet rules{Variant::kKujifunza, KichwaRule::kChoose};
  std::string position;  // empty: the start position
  std::string moves;
  std::optional<Side> winner;  // nullopt: try the side to move, then the other
  int mate = 0;
  int distance = 0;
  int census = 0;  // plies from the root to report after an unfinished proof
  SolveLimits limits;
  int max_plies = Game::kDefaultMaxPlies;
  std::string proof;
  std::string check;
};

absl::Status parse_winner(tools::ArgCursor& args, std::optional<Side>& winner) {
  absl::StatusOr<std::string> v = args.value("--winner");
  if (!v.ok()) return v.status();
  if (*v == "S" || *v == "N")
    winner = *v == "S" ? Side::kSouth : Side::kNorth;
  else if (*v != "auto")
    return tools::bad_argument(fmt::format("--winner: expected S, N or auto, got '{}'", *v));
  return absl::OkStatus();
}

absl::Status parse_flag(const std::string& flag, tools::ArgCursor& args, Options& o) {
  if (flag == "--variant") return args.variant(flag, o.rules.variant);
  if (flag == "--kichwa") return args.kichwa(flag, o.rules.kichwa);
  if (flag == "--position") return args.text(flag, o.position);
  if (flag == "--moves") return args.text(flag, o.moves);
  if (flag == "--winner") return parse_winner(args, o.winner);
  if (flag == "--mate") return args.number(flag, o.mate, 1, 500);
  if (flag == "--distance") return args.number(flag, o.distance, 0, 1);
  if (flag == "--census") return args.number(flag, o.census, 0, 6);
  if (flag == "--hash") return args.number(flag, o.limits.hash_mb, 1, size_t(1) << 20);
  if (flag == "--nodes") return args.number(flag, o.limits.nodes, 0, UINT64_MAX);
  if (flag == "--time-s") {
    int64_t seconds = 0;
    absl::Status s = args.number(flag, seconds, 1, int64_t(1) << 30);
    o.limits.time_ms = seconds * 1000;
    return s;
  }
  if (flag == "--max-plies") return args.number(flag, o.max_plies, 1, 100'000);
  if (flag == "--proof") return args.text(flag, o.proof);
  if (flag == "--check") return args.text(flag, o.check);
  return tools::unknown_argument(flag);
}

absl::StatusOr<Options> parse_options(const std::vector<std::string>& argv) {
  Options o;
  o.limits.hash_mb = 256;
  if (absl::Status s = tools::read_flags(argv, o, parse_flag); !s.ok()) return s;
  return o;
}

// The proof files --check reads: a regular file of at most 1 GiB (some 15 million lines of
// 70 bytes; the committed kujifunza-follow.proof has 534 in 38 KB). A file that cannot be
// read is exit 2.
constexpr OptionFileKind kProofFileKind{"a proof file", "a proof file kete-solve checks",
                                        size_t(1) << 30};

int check(const std::string& path) {
  absl::StatusOr<std::string> text = read_option_file(path, kProofFileKind);
  if (!text.ok()) {
    tools::note("kete-solve: {}\n", error_text(text.status()));
    return 2;
  }
  std::istringstream in(*std::move(text));
  const auto t0 = std::chrono::steady_clock::now();
  absl::StatusOr<ProofReport> r = check_proof(in);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!r.ok()) {
    tools::print("proof INVALID: {}\n", error_text(r.status()));
    return 1;
  }
  tools::print(
      "proof OK: {} wins ({} KichwaRule {}, MaxPlies {}) from {}\n"
      "positions {} (winner to move, one line each), loser positions {}, longest line {} "
      "plies, checked in {:.1f} s\n",
      to_string(r->header.winner), to_string(r->header.rules.variant),
      to_string(r->header.rules.kichwa), r->header.max_plies, position_string(r->header.root),
      r->positions, r->defences, r->longest_line, s);
  return 0;
}

void print_census(const std::vector<DepthCensus>& census) {
  tools::print("census: depth positions won lost lost-on-path open unseen (attacker's view)\n");
  for (const DepthCensus& c : census)
    tools::print("census {} {} {} {} {} {} {}\n", c.depth, c.positions, c.won, c.lost,
                 c.lost_on_path, c.open, c.unseen);
}

void print_info(const SolveInfo& i) {
  tools::print("info proof {} disproof {} nodes {} time {} memory {} entries {}\n", i.proof,
               i.disproof, i.nodes, i.time_ms, i.memory_bytes, i.entries);
  std::fflush(stdout);
}

// The strategy lines reached from the root, in the order a walk from the root meets them.
std::vector<StrategyLine> reachable(RuleSet rules, const Position& root, Side winner,
                                    const std::vector<StrategyLine>& lines) {
  std::unordered_map<uint64_t, const StrategyLine*> by_key;
  for (const StrategyLine& l : lines)
    by_key[l.position.key()] = &l;
  std::vector<StrategyLine> out;
  std::unordered_set<uint64_t> seen{root.key()};
  std::deque<Position> queue{root};
  auto visit = [&](const Position& p) {
    if (!loser(rules, p) && seen.insert(p.key()).second) queue.push_back(p);
  };
  while (!queue.empty()) {
    const Position p = queue.front();
    queue.pop_front();
    if (p.side_to_move() == winner) {
      const auto it = by_key.find(p.key());
      if (it == by_key.end()) continue;  // the checker will say so
      out.push_back(*it->second);
      visit(*play(rules, p, it->second->move));
    } else {
      for (Move m : legal_moves(rules, p))
        visit(*play(rules, p, m));
    }
  }
  return out;
}

bool write_proof(const Options& o, const Position& root, Side winner,
                 const std::vector<StrategyLine>& lines) {
  std::ofstream out(o.proof);
  out << proof_header_text({o.rules, o.max_plies, root, winner});
  for (const StrategyLine& l : lines)
    out << proof_line_text(l.position, l.move);
  out.close();
  if (!out) {
    tools::note("kete-solve: cannot write '{}'\n", o.proof);
    return false;
  }
  tools::print("proof written: {} ({} positions)\n", o.proof, lines.size());
  return true;
}

// The shortest win: mate 1, 2, ... until one is proven (each "none" is a disproof of the
// depth-limited game, which has no cycles and so no repetition to depend on).
std::optional<int> shortest_win(const Options& o, const Position& root, Side attacker,
                                const GameContext& game, int most) {
  for (int n = 1; n <= most && !tools::interrupted(); ++n) {
    SolveLimits limits = o.limits;
    limits.max_moves = n;
    limits.info_every_ms = -1;
    Solver solver(o.rules, limits);
    const SolveResult r = solver.prove(root, attacker, game, tools::interrupted(), nullptr);
    tools::print("mate {}: {} (nodes {}, {} ms)\n", n,
                 r.proof == Proof::kProven      ? "proven"
                 : r.proof == Proof::kDisproven ? "none"
                                                : "unknown (limits)",
                 r.info.nodes, r.info.time_ms);
    std::fflush(stdout);
    if (r.proof == Proof::kProven) {
      tools::print("shortest win: {} wins in {} own moves, line {}\n", to_string(attacker), n,
                   line_text(o.rules, root, r.pv));
      return n;
    }
    if (r.proof == Proof::kUnknown) return std::nullopt;
  }
  return std::nullopt;
}

int solve(const Options& o) {
  Position root = Position::start(o.rules.variant);
  if (!o.position.empty()) {
    absl::StatusOr<Position> p = parse_position(o.rules.variant, o.position);
    if (!p.ok()) {
      tools::note("kete-solve: --position: {}\n", error_text(p.status()));
      return 2;
    }
    root = *p;
  }
  Game game(o.rules, root, o.max_plies);
  for (std::string_view token : split_words(o.moves)) {
    absl::StatusOr<Move> m = parse_move(o.rules, game.position(), token);
    if (!m.ok() || !game.play(*m)) {
      tools::note("kete-solve: --moves: {}\n", m.ok()
                                                   ? fmt::format("'{}' after the game ended", token)
                                                   : error_text(m.status()));
      return 2;
    }
  }
  const GameContext context = context_of(game);
  root = game.position();
  tools::print("solving {} (KichwaRule {}) {}\n", to_string(o.rules.variant),
               to_string(o.rules.kichwa), position_string(root));

  const Side to_move = root.side_to_move();
  std::vector<Side> attackers;
  if (o.winner)
    attackers = {*o.winner};
  else
    attackers = {to_move, ~to_move};
  const auto t0 = std::chrono::steady_clock::now();
  for (Side attacker : attackers) {
    SolveLimits limits = o.limits;
    limits.max_moves = o.mate;
    auto solver = std::make_unique<Solver>(o.rules, limits);
    tools::print("proving that {} wins{}\n", to_string(attacker),
                 o.mate ? fmt::format(" within {} moves", o.mate) : "");
    const SolveResult r = solver->prove(root, attacker, context, tools::interrupted(), print_info);
    print_info(r.info);
    if (r.proof == Proof::kDisproven) {
      tools::print("result: {} has no forced win{}\n", to_string(attacker),
                   r.path_dependent ? " found (the disproof rests on draws by repetition or "
                                      "MaxPlies along its path: not a proof)"
                                    : "");
      continue;
    }
    if (r.proof == Proof::kUnknown) {
      tools::print("result: not proven within the limits\n");
      if (o.census > 0 && !o.mate) print_census(solver->census(root, attacker, context, o.census));
      return 3;
    }
    tools::print("result: {} wins, line {}\n", to_string(attacker), line_text(o.rules, root, r.pv));
    if (!o.proof.empty()) {
      std::optional<std::vector<StrategyLine>> lines =
          solver->strategy(root, attacker, context, tools::interrupted());
      if (!lines) {
        tools::note("kete-solve: the strategy could not be rebuilt within the limits\n");
        return 3;
      }
      if (!write_proof(o, root, attacker, reachable(o.rules, root, attacker, *lines))) return 2;
    }
    tools::print("time {:.1f} s\n",
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    solver.reset();  // its table's memory, before the distance search takes as much
    if (o.distance) {
      constexpr int kMostMoves = 200;
      if (!shortest_win(o, root, attacker, context, o.mate ? o.mate : kMostMoves)) return 3;
    }
    return 0;
  }
  return 1;
}

}  // namespace
}  // namespace kete

int main(int argc, char** argv) {
  kete::tools::open_standard_streams();
  int exit_code = 0;
  kete::tools::stop_on_interrupt();
  const std::optional<kete::Options> o = kete::tools::options_or_usage(
      "kete-solve", kete::kUsage, argc, argv, kete::parse_options, exit_code);
  if (!o) return exit_code;
  const int code = o->check.empty() ? kete::solve(*o) : kete::check(o->check);
  // A result that did not arrive is a failure, whatever it was (issue 29).
  if (absl::Status s = kete::tools::flush_stdout(); !s.ok()) {
    kete::tools::note("kete-solve: {}\n", kete::error_text(s));
    return 2;
  }
  return code;
}
