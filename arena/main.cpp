// kete-match: plays two engines against each other and reports the statistics
// (docs/arena.md).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>

#include <fmt/format.h>

#include "arena/checkpoint.h"
#include "arena/cli.h"
#include "arena/distributed_match.h"
#include "arena/pgn.h"
#include "arena/report.h"
#include "rules/notation.h"
#include "tools/arg_cursor.h"
#include "tools/cluster.h"
#include "tools/interrupt.h"
#include "tools/output_file.h"
#include "tools/standard_streams.h"

namespace {

using namespace kete::arena;
namespace tools = kete::tools;

int fail(std::string_view message) {
  tools::note("kete-match: {}\n", message);
  return 1;
}

// Exit status 0 only if all that was printed arrived.
int finish() {
  if (absl::Status s = tools::flush_stdout(); !s.ok()) return fail(kete::error_text(s));
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
  tools::print("{}: {} games, every move legal\n{}", path, records->size(), summary(tally));
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
absl::Status preflight(const MatchConfig& m, bool show_messages) {
  for (const EngineConfig& e : m.engines) {
    UciClient client(e, m.rules, m.inherit_stderr);
    if (absl::Status s = client.start(); !s.ok()) return s;
    if (show_messages)
      for (const std::string& message : client.startup_messages())
        tools::note("kete-match: engine '{}' said: {}\n", e.name, message);
  }
  return absl::OkStatus();
}

// The match's identity in a checkpoint: what decides which games are played.
std::string identity(const CommandLine& cl) {
  const MatchConfig& m = cl.match;
  std::string engines;
  for (const EngineConfig& e : m.engines) {
    engines += fmt::format("{}{} [{}", engines.empty() ? "" : " vs ", e.name, e.command);
    for (const std::string& a : e.args)
      engines += " " + a;
    for (const auto& [name, value] : e.options)
      engines += fmt::format(" {}={}", name, value);
    engines += "]";
  }
  std::string sprt = "no sprt";
  if (m.sprt)
    sprt = fmt::format("sprt {} {} {} {}", m.sprt->elo0, m.sprt->elo1, m.sprt->alpha, m.sprt->beta);
  return fmt::format(
      "{}, {}, max plies {}, {}, {} games, {}, {}", engines, to_string(m.rules.rules.variant),
      m.rules.max_plies, m.time_control.text(), planned_games(m),
      cl.openings_file.empty() ? fmt::format("{} random plies seed {}", cl.random_plies, cl.seed)
                               : "openings " + cl.openings_file,
      sprt);
}

absl::StatusOr<std::optional<Checkpoint>> checkpoint(const CommandLine& cl) {
  if (cl.checkpoint_file.empty()) return std::nullopt;
  const std::chrono::seconds every(cl.checkpoint_seconds);
  absl::StatusOr<Checkpoint> c = cl.resume
                                     ? Checkpoint::resume(cl.checkpoint_file, identity(cl), every)
                                     : Checkpoint::create(cl.checkpoint_file, identity(cl), every);
  if (!c.ok()) return c.status();
  return std::optional<Checkpoint>(std::move(*c));
}

// A playing rank of an MPI job: its engines must start on its machine, or the job stops.
int serve(const CommandLine& cl, tools::Cluster& cluster) {
  const auto rank_fail = [&](const absl::Status& s) {
    tools::note("kete-match: rank {}: {}\n", cluster.rank(), kete::error_text(s));
    cluster.abort(1);
  };
  if (absl::Status s = preflight(cl.match, false); !s.ok()) rank_fail(s);
  if (absl::Status s = serve_match(cl.match, cluster); !s.ok()) rank_fail(s);
  return 0;
}

std::string header(const CommandLine& cl, const tools::Cluster& cluster) {
  const MatchConfig& m = cl.match;
  const int planned = planned_games(m);
  const std::string spread = cluster.distributed()
                                 ? fmt::format("{} ranks playing", cluster.size() - 1)
                                 : fmt::format("{} at once", std::min(m.concurrency, planned));
  return fmt::format("kete-match: {} vs {}, {}, {}, {} games, {}, {} openings ({})\n",
                     m.engines[0].name, m.engines[1].name, to_string(m.rules.rules.variant),
                     m.time_control.text(), planned, spread, m.openings.size(),
                     cl.openings_file.empty()
                         ? fmt::format("{} random plies, seed {}", cl.random_plies, cl.seed)
                         : cl.openings_file);
}

int play_or_coordinate(CommandLine& cl, tools::Cluster& cluster) {
  absl::StatusOr<std::vector<Opening>> o = openings(cl);
  if (!o.ok()) return fail(kete::error_text(o.status()));
  cl.match.openings = std::move(*o);
  if (cluster.rank() > 0) return serve(cl, cluster);
  if (!cluster.distributed())
    if (absl::Status s = preflight(cl.match, true); !s.ok()) return fail(kete::error_text(s));
  absl::StatusOr<std::optional<Checkpoint>> cp = checkpoint(cl);
  if (!cp.ok()) return fail(kete::error_text(cp.status()));
  if (*cp) cl.match.finished = (*cp)->finished();
  if (absl::Status s = check_finished(cl.match); !s.ok())
    return fail(fmt::format("{}: {}", cl.checkpoint_file, kete::error_text(s)));
  std::optional<tools::OutputFile> pgn;
  // The first failed write (records or checkpoint) stops the match.
  absl::Status write_status = absl::OkStatus();
  if (!cl.pgn_file.empty()) {
    absl::StatusOr<tools::OutputFile> f = tools::OutputFile::create(cl.pgn_file);
    if (!f.ok()) return fail(kete::error_text(f.status()));
    pgn = std::move(*f);
    for (const GameRecord& r : cl.match.finished)
      if (write_status.ok()) write_status = pgn->write(write_pgn(r));
  }

  const MatchConfig& m = cl.match;
  const int planned = planned_games(m);
  tools::print("{}", header(cl, cluster));
  if (cl.resume)
    tools::print("Resumed from {}: {} games already played.\n", cl.checkpoint_file,
                 m.finished.size());
  const bool live = isatty(STDERR_FILENO);
  const auto on_game = [&](const GameRecord& r, const Tally& t) {
    if (pgn && write_status.ok()) write_status = pgn->write(write_pgn(r));
    if (*cp && write_status.ok()) {
      (*cp)->add(r);
      write_status = (*cp)->save();
    }
    if (!write_status.ok()) tools::interrupted() = true;
    if (live) tools::note("\r\033[K");
    if (!cl.quiet) {
      tools::print("{}\n", game_line(r));
      std::fflush(stdout);
    }
    tools::note("{}{}", progress_line(t, planned), live ? "" : "\n");
  };
  // The first interrupt stops the match gracefully; a second one ends the runner at once.
  tools::stop_on_interrupt();
  const Tally tally = cluster.distributed()
                          ? coordinate_match(m, cluster, on_game, tools::interrupted())
                          : run_match(m, on_game, tools::interrupted());
  if (live) tools::note("\n");
  if (pgn && write_status.ok()) write_status = pgn->close();
  if (*cp && write_status.ok()) write_status = (*cp)->save(true);

  if (tally.decision() != SprtDecision::kContinue)
    tools::print("SPRT decided after {} games.\n", tally.games());
  else if (tally.games() < planned)
    tools::print("Stopped after {} of {} games.\n", tally.games(), planned);
  tools::print("{}", summary(tally));
  if (!write_status.ok())
    return fail(fmt::format("the records are incomplete: {}", kete::error_text(write_status)));
  return finish();
}

// Rank 0 failing before the match must end the job: the other ranks wait for it.
int play(CommandLine& cl, tools::Cluster& cluster) {
  const int code = play_or_coordinate(cl, cluster);
  if (code != 0 && cluster.rank() == 0 && cluster.distributed()) cluster.abort(code);
  return code;
}

}  // namespace

int main(int argc, char** argv) {
  tools::open_standard_streams();
  if (absl::Status s = tools::Cluster::join(argc, argv); !s.ok()) return fail(kete::error_text(s));
  tools::Cluster& cluster = tools::Cluster::instance();
  absl::StatusOr<CommandLine> cl = parse_command_line(tools::arguments(argc, argv));
  if (!cl.ok()) {
    tools::note("kete-match: {}\n(kete-match --help)\n", kete::error_text(cl.status()));
    return 2;
  }
  if (cl->help) {
    if (cluster.rank() == 0) tools::print("{}", usage());
    return finish();
  }
  if (!cl->replay_file.empty()) return replay(cl->replay_file);
  return play(*cl, cluster);
}
