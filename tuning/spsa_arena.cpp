#include "tuning/spsa_arena.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "absl/strings/str_split.h"
#include "arena/match.h"
#include "arena/pgn.h"
#include "rules/notation.h"
#include "rules/text.h"
#include "search/params.h"
#include "tools/output_file.h"
#include "tools/run_checkpoint.h"
#include "tools/standard_streams.h"
#include "tools/work_farm.h"

namespace kete::tuning {
namespace {

absl::Status invalid(std::string message) {
  return absl::InvalidArgumentError(std::move(message));
}

const SpinOption* find(const std::vector<SpinOption>& listing, std::string_view name) {
  for (const SpinOption& o : listing)
    if (equals_ignore_case(o.name, name)) return &o;
  return nullptr;
}

std::string names(const std::vector<SpinOption>& listing) {
  std::string out;
  for (const SpinOption& o : listing)
    out += (out.empty() ? "" : ", ") + o.name;
  return out;
}

// What --param all stands for: the search constants the engine lists, switches left out
// (a 0/1 option cannot be perturbed by a fraction of its range).
std::vector<ParamRequest> all_requests(const std::vector<SpinOption>& listing) {
  std::vector<ParamRequest> out;
  for (const ParamSpec& spec : kSearchParams)
    if (const SpinOption* o = find(listing, spec.name); o && o->max - o->min > 1)
      out.push_back({o->name, {}, {}, {}, {}, {}});
  return out;
}

absl::StatusOr<SpsaParam> resolve(const ParamRequest& r, const std::vector<SpinOption>& listing) {
  const SpinOption* o = find(listing, r.name);
  if (!o)
    return invalid(
        fmt::format("the engine has no spin option '{}' (it has: {})", r.name, names(listing)));
  SpsaParam p{o->name,
              r.start.value_or(o->default_value),
              r.min.value_or(o->min),
              r.max.value_or(o->max),
              0,
              r.r_end.value_or(0.002)};
  if (p.min < o->min || p.max > o->max)
    return invalid(fmt::format("{}: {}..{} is outside the engine's bounds {}..{}", p.name, p.min,
                               p.max, o->min, o->max));
  p.c_end = r.c_end.value_or(default_c_end(p.min, p.max));
  return p;
}

// Both sides of every iteration run this engine; the name is only for messages.
arena::EngineConfig base_engine(const SpsaCommandLine& cl) {
  arena::EngineConfig e = cl.engine;
  const size_t slash = e.command.rfind('/');
  e.name = slash == std::string::npos ? e.command : e.command.substr(slash + 1);
  return e;
}

// The engine's spin options, from one start (the `uci` listing and kete's `params`); what it said
// about the fixed options goes to `log` (an engine ignores an option it does not know rather than
// fail).
absl::StatusOr<std::vector<SpinOption>> ask_engine(const SpsaCommandLine& cl, std::ostream& log) {
  const arena::EngineConfig e = base_engine(cl);
  arena::UciClient client(e, cl.rules, cl.inherit_stderr);
  if (absl::Status s = client.start(); !s.ok()) return s;
  for (const std::string& message : client.startup_messages())
    log << fmt::format("kete-spsa: engine '{}' said: {}\n", e.name, message);
  absl::StatusOr<std::vector<std::string>> tuning = client.tuning_listing();
  if (!tuning.ok()) return tuning.status();
  std::vector<SpinOption> listing;
  for (const std::vector<std::string>* lines : {&client.option_listing(), &std::as_const(*tuning)})
    for (const std::string& line : *lines)
      if (std::optional<SpinOption> o = parse_spin_option(line)) listing.push_back(*o);
  return listing;
}

// Random openings are drawn one per pair up to this many, then repeat: a long run does not
// need more distinct starts than this to average over.
constexpr int64_t kMaxRandomOpenings = 20000;

absl::StatusOr<std::vector<arena::Opening>> opening_pool(const SpsaCommandLine& cl) {
  const RuleSet rules = cl.rules.rules;
  if (!cl.openings_file.empty()) {
    absl::StatusOr<std::vector<arena::Opening>> o = arena::load_openings(rules, cl.openings_file);
    if (o.ok() && o->empty())
      return invalid(fmt::format("{}: no openings in it", cl.openings_file));
    return o;
  }
  const int count = int(std::min(cl.schedule.total_pairs(), kMaxRandomOpenings));
  std::vector<arena::Opening> o = arena::random_openings(rules, count, cl.random_plies, cl.seed);
  if (o.empty())
    return invalid(fmt::format("no undecided position after {} random plies", cl.random_plies));
  return o;
}

arena::EngineConfig with_values(arena::EngineConfig e, std::string name,
                                const std::vector<SpsaParam>& params,
                                const std::vector<int>& values) {
  e.name = std::move(name);
  for (size_t i = 0; i < params.size(); ++i)
    e.options.emplace_back(params[i].name, std::to_string(values[i]));
  return e;
}

// The match of one iteration: plus first, the pool's next `pairs` openings (pair k of the
// run plays opening k - 1), each from both sides.
arena::MatchConfig probe_match(const SpsaCommandLine& cl, const std::vector<SpsaParam>& params,
                               const std::vector<arena::Opening>& pool, const Probe& pr) {
  arena::MatchConfig m;
  const arena::EngineConfig e = base_engine(cl);
  m.engines = {with_values(e, "plus", params, pr.plus), with_values(e, "minus", params, pr.minus)};
  m.rules = cl.rules;
  m.time_control = cl.time_control;
  for (int j = 0; j < cl.schedule.pairs; ++j)
    m.openings.push_back(pool[size_t((pr.k - 1 + j) % int64_t(pool.size()))]);
  m.games = 2 * cl.schedule.pairs;
  m.concurrency = cl.concurrency;
  m.inherit_stderr = cl.inherit_stderr;
  return m;
}

std::string header(const SpsaCommandLine& cl, const Spsa& spsa, size_t openings) {
  const SpsaSchedule& s = spsa.schedule();
  std::string text = fmt::format(
      "kete-spsa: {}, {}, {}, {} iterations of {} pair(s) ({} games), {} at once, {} openings "
      "({})\n"
      "schedule: k counts pairs 1..{}, A {:g}, alpha {:g}, gamma {:g}\n",
      base_engine(cl).name, to_string(cl.rules.rules.variant), cl.time_control.text(), s.iterations,
      s.pairs, 2 * s.total_pairs(), cl.concurrency, openings,
      cl.openings_file.empty() ? fmt::format("{} random plies, seed {}", cl.random_plies, cl.seed)
                               : cl.openings_file,
      s.total_pairs(), s.big_a, s.alpha, s.gamma);
  for (const SpsaParam& p : spsa.params()) {
    const Gains first = gains(p, s, 1), last = gains(p, s, s.total_pairs());
    text += fmt::format(
        "{}: start {:g}, {}..{}, c {:.3g} -> {:.3g}, step per unit of result {:.3g} -> {:.3g}\n",
        p.name, p.start, p.min, p.max, first.c, last.c, first.a / first.c, last.a / last.c);
  }
  return text;
}

// Clamped probes are no longer symmetric around theta, which biases the gradient estimate.
void warn_about_clamping(const Spsa& spsa, std::ostream& log) {
  for (const SpsaParam& p : spsa.params()) {
    const double c = gains(p, spsa.schedule(), 1).c;
    if (p.start - c < p.min || p.start + c > p.max)
      log << fmt::format(
          "kete-spsa: warning: {}: the first perturbations (start {:g} +/- {:.3g}) reach past "
          "{}..{} and are clamped; give a narrower min= max= or a smaller c_end=\n",
          p.name, p.start, c, p.min, p.max);
  }
}

std::string progress_line(const Probe& pr, double result, const Spsa& spsa,
                          const arena::Wdl& total) {
  std::string line =
      fmt::format("iteration {}/{}: plus {:+g} (total +{} ={} -{})", pr.iteration,
                  spsa.schedule().iterations, result, total.wins, total.draws, total.losses);
  for (size_t i = 0; i < spsa.params().size(); ++i)
    line += fmt::format("  {} {:.2f} ({} vs {})", spsa.params()[i].name, spsa.theta()[i],
                        pr.plus[i], pr.minus[i]);
  return line + "\n";
}

std::string final_text(const SpsaCommandLine& cl, const Spsa& spsa, const arena::Wdl& total,
                       const std::array<int, 2>& faults) {
  const std::vector<int> values = spsa.values();
  std::string options;
  for (size_t i = 0; i < values.size(); ++i)
    options += fmt::format(" option.{}={}", spsa.params()[i].name, values[i]);
  return fmt::format(
      "{} after {} of {} iterations ({} games, plus +{} ={} -{}, games lost by a fault {}); "
      "written to {}:\n{}for kete-match:{}\n",
      spsa.finished() ? "Tuned" : "Stopped", spsa.iterations_done(), spsa.schedule().iterations,
      total.games(), total.wins, total.draws, total.losses, faults[0] + faults[1], cl.output_file,
      setoption_lines(spsa.params(), values), options);
}

}  // namespace

std::optional<SpinOption> parse_spin_option(std::string_view line) {
  constexpr std::string_view kHead = "option name ";
  const size_t type_at = line.find(" type ");
  if (!line.starts_with(kHead) || type_at == std::string_view::npos || type_at < kHead.size())
    return std::nullopt;
  SpinOption o{std::string(line.substr(kHead.size(), type_at - kHead.size())), 0, 0, 0};
  const std::vector<std::string_view> w = split_words(line.substr(type_at + 6));
  if (o.name.empty() || w.size() != 7 || w[0] != "spin") return std::nullopt;
  std::optional<int> fields[3];
  for (size_t i = 1; i + 1 < w.size(); i += 2) {
    const int slot = w[i] == "default" ? 0 : w[i] == "min" ? 1 : w[i] == "max" ? 2 : -1;
    if (slot < 0 || fields[slot]) return std::nullopt;
    const absl::StatusOr<int> n = parse_number<int>(w[i], w[i + 1], INT_MIN, INT_MAX);
    if (!n.ok()) return std::nullopt;
    fields[slot] = *n;
  }
  if (!fields[0] || !fields[1] || !fields[2]) return std::nullopt;
  o.default_value = *fields[0], o.min = *fields[1], o.max = *fields[2];
  return o;
}

absl::StatusOr<std::vector<SpsaParam>> resolve_params(const SpsaCommandLine& cl,
                                                      const std::vector<SpinOption>& listing) {
  std::vector<ParamRequest> requests = cl.params;
  if (cl.all_params)
    for (const ParamRequest& r : all_requests(listing)) {
      const auto named = [&](const ParamRequest& q) { return equals_ignore_case(q.name, r.name); };
      if (std::none_of(requests.begin(), requests.end(), named)) requests.push_back(r);
    }
  std::vector<SpsaParam> params;
  for (const ParamRequest& r : requests) {
    absl::StatusOr<SpsaParam> p = resolve(r, listing);
    if (!p.ok()) return p.status();
    for (const auto& [name, value] : cl.engine.options)
      if (equals_ignore_case(name, p->name))
        return invalid(fmt::format("{} is tuned, so it cannot be fixed by option.{}={} as well",
                                   p->name, name, value));
    params.push_back(std::move(*p));
  }
  if (absl::Status s = validate(params, cl.schedule); !s.ok()) return s;
  return params;
}

std::string setoption_lines(const std::vector<SpsaParam>& params, const std::vector<int>& values) {
  std::string out;
  for (size_t i = 0; i < params.size(); ++i)
    out += fmt::format("setoption name {} value {}\n", params[i].name, values[i]);
  return out;
}

namespace {

constexpr std::string_view kTool = "kete-spsa";

// A pair of an iteration as a job of the work farm: "<pair>\n<k>\n<plus values>\n<minus
// values>", all a rank needs with the command line to play it.
std::string pair_job(const Probe& pr, int pair) {
  return fmt::format("{}\n{}\n{}\n{}", pair, pr.k, fmt::join(pr.plus, " "),
                     fmt::join(pr.minus, " "));
}

absl::StatusOr<std::vector<int>> parse_values(std::string_view line, size_t count) {
  std::vector<int> values;
  for (std::string_view word : split_words(line)) {
    absl::StatusOr<int> v = parse_number<int>("value", word, INT_MIN, INT_MAX);
    if (!v.ok()) return v.status();
    values.push_back(*v);
  }
  if (values.size() != count) return invalid("a job with the wrong number of values");
  return values;
}

// The pair the job names, played with the plus and minus engines of its probe: the
// records, as PGN text.
absl::StatusOr<std::string> play_pair_job(const SpsaCommandLine& cl,
                                          const std::vector<SpsaParam>& params,
                                          const std::vector<arena::Opening>& pool,
                                          const std::string& job, const std::atomic<bool>& stop) {
  const std::vector<std::string> lines = absl::StrSplit(job, '\n');
  if (lines.size() != 4) return invalid("a malformed job");
  absl::StatusOr<int> pair = parse_number<int>("pair", lines[0], 0, cl.schedule.pairs - 1);
  if (!pair.ok()) return pair.status();
  Probe pr;
  absl::StatusOr<int64_t> k = parse_number<int64_t>("k", lines[1], 1, INT64_MAX);
  if (!k.ok()) return k.status();
  pr.k = *k;
  absl::StatusOr<std::vector<int>> plus = parse_values(lines[2], params.size());
  if (!plus.ok()) return plus.status();
  absl::StatusOr<std::vector<int>> minus = parse_values(lines[3], params.size());
  if (!minus.ok()) return minus.status();
  pr.plus = std::move(*plus), pr.minus = std::move(*minus);
  const arena::MatchConfig m = probe_match(cl, params, pool, pr);
  arena::UciClient first(m.engines[0], m.rules, m.inherit_stderr);
  arena::UciClient second(m.engines[1], m.rules, m.inherit_stderr);
  std::string pgn;
  for (int g : {2 * *pair, 2 * *pair + 1})
    pgn += arena::write_pgn(arena::play_match_game(m, g, first, second, stop));
  return pgn;
}

// The iteration's pairs, played on the other ranks.
arena::Tally play_on_ranks(tools::WorkFarm& farm, const arena::MatchConfig& m, const Probe& pr,
                           const std::atomic<bool>& stop) {
  std::vector<std::string> jobs;
  for (int j = 0; j < m.games / 2; ++j)
    jobs.push_back(pair_job(pr, j));
  arena::Tally t(m.engines[0].name, m.engines[1].name);
  farm.run(
      jobs,
      [&](size_t, std::string_view pgn) {
        absl::StatusOr<std::vector<arena::GameRecord>> records = arena::read_pgn(pgn, "a rank");
        if (records.ok())
          for (const arena::GameRecord& r : *records)
            t.add(r);
      },
      [&] { return bool(stop); });
  return t;
}

// What decides the run's iterations, for the checkpoint: the header and the parameters.
std::string identity(const SpsaCommandLine& cl, const Spsa& spsa, size_t openings) {
  SpsaCommandLine same = cl;
  same.concurrency = 1;  // how many games at once does not change them
  std::string text = header(same, spsa, openings);
  for (const SpsaParam& p : spsa.params())
    text += fmt::format(" {} {:.17g} {}..{} c_end {:.17g} r_end {:.17g}", p.name, p.start, p.min,
                        p.max, p.c_end, p.r_end);
  std::replace(text.begin(), text.end(), '\n', ' ');
  return text;
}

struct Totals {
  arena::Wdl wdl;
  std::array<int, 2> faults{};  // a crash, a time forfeit or an illegal move loses the game
};

absl::Status save_checkpoint(const SpsaCommandLine& cl, const std::string& id, const Spsa& spsa,
                             const Totals& t) {
  std::string theta;
  for (double x : spsa.theta())
    theta += fmt::format("{}{:.17g}", theta.empty() ? "" : " ", x);
  return tools::save_run_checkpoint(
      cl.checkpoint_file, kTool, id,
      {{"iteration", std::to_string(spsa.iterations_done())},
       {"theta", theta},
       {"totals", fmt::format("{} {} {} {} {}", t.wdl.wins, t.wdl.draws, t.wdl.losses, t.faults[0],
                              t.faults[1])}});
}

absl::Status resume(const SpsaCommandLine& cl, const std::string& id, Spsa& spsa, Totals& t) {
  absl::StatusOr<tools::CheckpointFields> f =
      tools::load_run_checkpoint(cl.checkpoint_file, kTool, id);
  if (!f.ok()) return f.status();
  absl::StatusOr<int> done =
      parse_number<int>("iteration", (*f)["iteration"], 0, spsa.schedule().iterations);
  if (!done.ok()) return done.status();
  // Issue 29: theta outside its parameters' ranges and totals that no run gives were
  // taken as they were.
  const std::vector<std::string_view> words = split_words((*f)["theta"]);
  const std::vector<std::string_view> totals = split_words((*f)["totals"]);
  if (words.size() != spsa.params().size() || totals.size() != 5)
    return invalid(fmt::format("{}: a malformed checkpoint", cl.checkpoint_file));
  std::vector<double> theta;
  for (size_t i = 0; i < words.size(); ++i) {
    const SpsaParam& p = spsa.params()[i];
    absl::StatusOr<double> x = parse_number<double>(
        fmt::format("{}: theta of {}", cl.checkpoint_file, p.name), words[i], p.min, p.max);
    if (!x.ok()) return x.status();
    theta.push_back(*x);
  }
  std::array<int, 5> n{};
  for (size_t i = 0; i < n.size(); ++i) {
    absl::StatusOr<int> v = parse_number<int>("totals", totals[i], 0, INT_MAX);
    if (!v.ok()) return v.status();
    n[i] = *v;
  }
  // Every finished iteration counted its 2 * pairs games; a fault loses one of them.
  const int64_t games = int64_t(n[0]) + n[1] + n[2];
  if (games != int64_t(*done) * 2 * spsa.schedule().pairs || int64_t(n[3]) + n[4] > games)
    return invalid(fmt::format(
        "{}: totals +{} ={} -{} with {} faults are not the {} games of {} iterations of {} pairs",
        cl.checkpoint_file, n[0], n[1], n[2], n[3] + n[4],
        int64_t(*done) * 2 * spsa.schedule().pairs, *done, spsa.schedule().pairs));
  t.wdl.wins = n[0], t.wdl.draws = n[1], t.wdl.losses = n[2], t.faults = {n[3], n[4]};
  spsa.restore(*done, std::move(theta));
  return absl::OkStatus();
}

// What every rank needs before it plays: the tuned parameters, resolved against the
// engine's option listing, and the openings.
struct Setup {
  std::vector<SpsaParam> params;
  std::vector<arena::Opening> pool;
};

absl::StatusOr<Setup> prepare(const SpsaCommandLine& cl, std::ostream& log) {
  absl::StatusOr<std::vector<SpinOption>> listing = ask_engine(cl, log);
  if (!listing.ok()) return listing.status();
  absl::StatusOr<std::vector<SpsaParam>> params = resolve_params(cl, *listing);
  if (!params.ok()) return params.status();
  absl::StatusOr<std::vector<arena::Opening>> pool = opening_pool(cl);
  if (!pool.ok()) return pool.status();
  return Setup{*std::move(params), *std::move(pool)};
}

// Every rank but 0: plays the pairs it is given.
absl::Status serve(const SpsaCommandLine& cl, tools::Cluster& cluster) {
  std::ostringstream quiet;
  absl::StatusOr<Setup> setup = prepare(cl, quiet);
  if (!setup.ok()) return setup.status();
  const std::vector<SpsaParam>& params = setup->params;
  const std::vector<arena::Opening>& pool = setup->pool;
  return tools::serve_jobs(
      cluster,
      [&](const std::string& job, const std::atomic<bool>& stop) -> std::optional<std::string> {
        absl::StatusOr<std::string> pgn = play_pair_job(cl, params, pool, job, stop);
        if (!pgn.ok()) {
          tools::note("kete-spsa: rank {}: {}\n", cluster.rank(), error_text(pgn.status()));
          cluster.abort(1);
        }
        return *pgn;
      });
}

}  // namespace

absl::Status run_tuning(const SpsaCommandLine& cl, std::ostream& out, std::ostream& log,
                        std::atomic<bool>& stop, tools::Cluster* cluster) {
  if (cluster && cluster->rank() > 0) return serve(cl, *cluster);
  absl::StatusOr<Setup> setup = prepare(cl, log);
  if (!setup.ok()) return setup.status();
  const std::vector<arena::Opening>& pool = setup->pool;
  Spsa spsa(std::move(setup->params), cl.schedule, cl.seed);
  const std::string id = identity(cl, spsa, pool.size());
  Totals total;
  if (!cl.checkpoint_file.empty()) {
    absl::Status s =
        cl.resume ? resume(cl, id, spsa, total) : tools::check_no_checkpoint(cl.checkpoint_file);
    // The first checkpoint, before any iteration: a run killed at once resumes too.
    if (s.ok() && !cl.resume) s = save_checkpoint(cl, id, spsa, total);
    if (!s.ok()) return s;
  }
  if (absl::Status s =
          tools::replace_file(cl.output_file, setoption_lines(spsa.params(), spsa.values()));
      !s.ok())
    return s;
  out << header(cl, spsa, pool.size()) << std::flush;
  if (cl.resume)
    out << fmt::format("Resumed from {} after iteration {}.\n", cl.checkpoint_file,
                       spsa.iterations_done())
        << std::flush;
  warn_about_clamping(spsa, log);

  std::optional<tools::WorkFarm> farm;
  if (cluster && cluster->distributed()) farm.emplace(*cluster);
  absl::Status written = absl::OkStatus();
  const auto play = [&](const Probe& pr) -> std::optional<double> {
    const arena::MatchConfig m = probe_match(cl, spsa.params(), pool, pr);
    const arena::Tally t = farm
                               ? play_on_ranks(*farm, m, pr, stop)
                               : arena::run_match(
                                     m, [](const arena::GameRecord&, const arena::Tally&) {}, stop);
    if (t.games() < 2 * cl.schedule.pairs) return std::nullopt;  // stopped
    total.wdl.wins += t.wdl().wins, total.wdl.draws += t.wdl().draws,
        total.wdl.losses += t.wdl().losses;
    total.faults[0] += t.faults()[0], total.faults[1] += t.faults()[1];
    return t.wdl().wins - t.wdl().losses;
  };
  const auto on_iteration = [&](const Probe& pr, double result, const Spsa& now) {
    out << progress_line(pr, result, now, total.wdl) << std::flush;
    written = tools::replace_file(cl.output_file, setoption_lines(now.params(), now.values()));
    if (written.ok() && !cl.checkpoint_file.empty()) written = save_checkpoint(cl, id, now, total);
    if (!written.ok()) stop = true;
  };
  run_spsa(spsa, play, on_iteration, stop);
  if (farm) farm->finish();
  if (!written.ok()) return written;
  out << final_text(cl, spsa, total.wdl, total.faults) << std::flush;
  return absl::OkStatus();
}

}  // namespace kete::tuning
