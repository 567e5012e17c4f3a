// kete-match: plays two engines against each other and reports the statistics
// (docs/arena.md).
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <optional>

#include <fmt/format.h>

#include "arena/arg_cursor.h"
#include "arena/cli.h"
#include "arena/output_file.h"
#include "arena/pgn.h"
#include "arena/report.h"
#include "engine/notation.h"

namespace {

using namespace kete::arena;

// Set by SIGINT/SIGTERM: the match stops between moves and prints its summary.
std::atomic<bool> g_stop{false};
static_assert(std::atomic<bool>::is_always_lock_free);

int fail(std::string_view message) {
  fmt::print(stderr, "kete-match: {}\n", message);
  return 1;
}

// Exit status 0 only if all that was printed arrived.
int finish() {
  if (absl::Status s = flush_stdout(); !s.ok()) return fail(kete::error_text(s));
  return 0;
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
  fmt::print("{}: {} games, every move legal\n{}", path, records->size(), summary(tally));
  return finish();
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
      fmt::print(stderr, "kete-match: engine '{}' said: {}\n", e.name, message);
  }
  return absl::OkStatus();
}

int play(CommandLine& cl) {
  absl::StatusOr<std::vector<Opening>> o = openings(cl);
  if (!o.ok()) return fail(kete::error_text(o.status()));
  cl.match.openings = std::move(*o);
  if (absl::Status s = preflight(cl.match); !s.ok()) return fail(kete::error_text(s));
  std::optional<OutputFile> pgn;
  if (!cl.pgn_file.empty()) {
    absl::StatusOr<OutputFile> f = OutputFile::create(cl.pgn_file);
    if (!f.ok()) return fail(kete::error_text(f.status()));
    pgn = std::move(*f);
  }
  absl::Status pgn_status = absl::OkStatus();  // the first failed write stops the match

  const MatchConfig& m = cl.match;
  const int planned = 2 * ((m.games + 1) / 2);
  fmt::print("kete-match: {} vs {}, {}, {}, {} games, {} at once, {} openings ({})\n",
             m.engines[0].name, m.engines[1].name, to_string(m.rules.rules.variant),
             m.time_control.text(), planned, std::min(m.concurrency, planned), m.openings.size(),
             cl.openings_file.empty()
                 ? fmt::format("{} random plies, seed {}", cl.random_plies, cl.seed)
                 : cl.openings_file);
  const bool live = isatty(STDERR_FILENO);
  const auto on_game = [&](const GameRecord& r, const Tally& t) {
    if (pgn && pgn_status.ok()) {
      pgn_status = pgn->write(write_pgn(r));
      if (!pgn_status.ok()) g_stop = true;
    }
    if (live) fmt::print(stderr, "\r\033[K");
    if (!cl.quiet) {
      fmt::print("{}\n", game_line(r));
      std::fflush(stdout);
    }
    fmt::print(stderr, "{}{}", progress_line(t, planned), live ? "" : "\n");
  };
  // The first interrupt stops the match gracefully; a second one ends the runner at once.
  for (int sig : {SIGINT, SIGTERM})
    std::signal(sig, [](int s) {
      g_stop = true;
      std::signal(s, SIG_DFL);
    });
  const Tally tally = run_match(m, on_game, g_stop);
  if (live) fmt::print(stderr, "\n");
  if (pgn && pgn_status.ok()) pgn_status = pgn->close();

  if (tally.decision() != SprtDecision::kContinue)
    fmt::print("SPRT decided after {} games.\n", tally.games());
  else if (tally.games() < planned)
    fmt::print("Stopped after {} of {} games.\n", tally.games(), planned);
  fmt::print("{}", summary(tally));
  if (!pgn_status.ok())
    return fail(fmt::format("the records are incomplete: {}", kete::error_text(pgn_status)));
  return finish();
}

}  // namespace

int main(int argc, char** argv) {
  absl::StatusOr<CommandLine> cl = parse_command_line(arguments(argc, argv));
  if (!cl.ok()) {
    fmt::print(stderr, "kete-match: {}\n(kete-match --help)\n", kete::error_text(cl.status()));
    return 2;
  }
  if (cl->help) {
    fmt::print("{}", usage());
    return finish();
  }
  if (!cl->replay_file.empty()) return replay(cl->replay_file);
  return play(*cl);
}
