// kete-match: plays two engines against each other and reports the statistics
// (docs/arena.md).
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "arena/cli.h"
#include "arena/pgn.h"
#include "arena/report.h"
#include "engine/notation.h"

namespace {

using namespace kete::arena;

// Set by SIGINT/SIGTERM: the match stops between moves and prints its summary.
std::atomic<bool> g_stop{false};
static_assert(std::atomic<bool>::is_always_lock_free);

int fail(std::string_view message) {
  std::cerr << "kete-match: " << message << "\n";
  return 1;
}

// --replay: every record must replay under the rules; then the totals. The first engine
// is South of the lowest-numbered game (the first game of a round has it South).
int replay(const std::string& path) {
  absl::StatusOr<std::vector<GameRecord>> records = load_pgn(path);
  if (!records.ok()) return fail(kete::error_text(records.status()));
  if (records->empty()) return fail(fmt::format("{}: no games in it", path));
  const GameRecord& first =
      *std::min_element(records->begin(), records->end(),
                        [](const GameRecord& a, const GameRecord& b) { return a.game < b.game; });
  Tally tally(first.players[0], first.players[1]);
  for (const GameRecord& r : *records) {
    if (absl::Status s = verify(r); !s.ok())
      return fail(fmt::format("{}: game {}: {}", path, r.game, kete::error_text(s)));
    tally.add(r);
  }
  std::cout << fmt::format("{}: {} games, every move legal\n", path, records->size())
            << summary(tally);
  return 0;
}

absl::StatusOr<std::vector<Opening>> openings(const CommandLine& cl) {
  const kete::RuleSet rules = cl.match.rules.rules;
  if (!cl.openings_file.empty()) return load_openings(rules, cl.openings_file);
  const int pairs = (cl.match.games + 1) / 2;
  std::vector<Opening> o = random_openings(rules, pairs, cl.random_plies, cl.seed);
  if (o.empty())
    return absl::InvalidArgumentError(
        fmt::format("no undecided position after {} random plies", cl.random_plies));
  return o;
}

// Starts each engine once, so that a wrong path or a broken engine stops the match before
// it begins, with the reason; what an engine said about its options is shown (a
// misspelt option name is ignored by the engine, not an error).
absl::Status preflight(const MatchConfig& m) {
  for (const EngineConfig& e : m.engines) {
    UciClient client(e, m.rules, m.inherit_stderr);
    if (absl::Status s = client.start(); !s.ok()) return s;
    for (const std::string& message : client.startup_messages())
      std::cerr << fmt::format("kete-match: engine '{}' said: {}\n", e.name, message);
  }
  return absl::OkStatus();
}

int play(CommandLine& cl) {
  absl::StatusOr<std::vector<Opening>> o = openings(cl);
  if (!o.ok()) return fail(kete::error_text(o.status()));
  cl.match.openings = std::move(*o);
  if (absl::Status s = preflight(cl.match); !s.ok()) return fail(kete::error_text(s));
  std::ofstream pgn;
  if (!cl.pgn_file.empty()) {
    pgn.open(cl.pgn_file);
    if (!pgn) return fail(fmt::format("cannot write the record file '{}'", cl.pgn_file));
  }

  const MatchConfig& m = cl.match;
  const int planned = 2 * ((m.games + 1) / 2);
  std::cout << fmt::format(
      "kete-match: {} vs {}, {}, {}, {} games, {} at once, {} openings ({})\n", m.engines[0].name,
      m.engines[1].name, to_string(m.rules.rules.variant), m.time_control.text(), planned,
      std::min(m.concurrency, planned), m.openings.size(),
      cl.openings_file.empty() ? fmt::format("{} random plies, seed {}", cl.random_plies, cl.seed)
                               : cl.openings_file);
  const bool live = isatty(STDERR_FILENO);
  const auto on_game = [&](const GameRecord& r, const Tally& t) {
    if (pgn.is_open()) pgn << write_pgn(r) << std::flush;
    if (live) std::cerr << "\r\033[K" << std::flush;
    if (!cl.quiet) std::cout << game_line(r) << "\n" << std::flush;
    std::cerr << progress_line(t, planned) << (live ? "" : "\n") << std::flush;
  };
  // The first interrupt stops the match gracefully; a second one ends the runner at once.
  for (int sig : {SIGINT, SIGTERM})
    std::signal(sig, [](int s) {
      g_stop = true;
      std::signal(s, SIG_DFL);
    });
  const Tally tally = run_match(m, on_game, g_stop);
  if (live) std::cerr << "\n";

  if (tally.decision() != SprtDecision::kContinue)
    std::cout << fmt::format("SPRT decided after {} games.\n", tally.games());
  else if (tally.games() < planned)
    std::cout << fmt::format("Stopped after {} of {} games.\n", tally.games(), planned);
  std::cout << summary(tally);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  absl::StatusOr<CommandLine> cl =
      parse_command_line(std::vector<std::string>(argv + 1, argv + argc));
  if (!cl.ok()) {
    std::cerr << "kete-match: " << kete::error_text(cl.status()) << "\n(kete-match --help)\n";
    return 2;
  }
  if (cl->help) {
    std::cout << usage();
    return 0;
  }
  if (!cl->replay_file.empty()) return replay(cl->replay_file);
  return play(*cl);
}
