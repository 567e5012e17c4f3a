#include "arena/cli.h"

#include <charconv>
#include <thread>

#include <fmt/format.h>

#include "engine/notation.h"

namespace kete::arena {
namespace {

absl::Status error(std::string message) {
  return absl::InvalidArgumentError(std::move(message));
}

template <class T>
absl::StatusOr<T> parse_number(std::string_view what, std::string_view text, T min, T max) {
  T n{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || n < min || n > max)
    return error(fmt::format("{}: expected a number in {}..{}, got '{}'", what, min, max, text));
  return n;
}

// `key=value` split at the first '='.
std::pair<std::string, std::string> key_value(const std::string& arg) {
  const size_t eq = arg.find('=');
  if (eq == std::string::npos) return {arg, ""};
  return {arg.substr(0, eq), arg.substr(eq + 1)};
}

std::string basename(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

class Parser {
 public:
  explicit Parser(const std::vector<std::string>& args) : args_(args) {}
  absl::StatusOr<CommandLine> parse();

 private:
  absl::Status flag(const std::string& name);
  bool* switch_flag(const std::string& name);
  std::string* text_flag(const std::string& name);
  absl::Status number_flag(const std::string& name);
  absl::Status rules(const std::string& flag);
  absl::StatusOr<std::string> value(const std::string& flag);
  template <class T>
  absl::Status number(const std::string& flag, T& out, T min, T max) {
    absl::StatusOr<std::string> v = value(flag);
    if (!v.ok()) return v.status();
    absl::StatusOr<T> n = parse_number<T>(flag, *v, min, max);
    if (!n.ok()) return n.status();
    out = *n;
    return absl::OkStatus();
  }
  absl::Status engine();
  absl::Status sprt();
  absl::Status time_control(const std::string& flag);
  absl::Status check();

  const std::vector<std::string>& args_;
  size_t at_ = 0;
  CommandLine cl_;
  std::vector<EngineConfig> engines_;
  int time_controls_ = 0;
  bool random_plies_set_ = false;
  int64_t margin_ms_ = 100, move_timeout_ms_ = 60000;
};

absl::StatusOr<CommandLine> Parser::parse() {
  cl_.match.games = 100;
  cl_.match.concurrency = int(std::max(1u, std::thread::hardware_concurrency()));
  while (at_ < args_.size()) {
    const std::string& arg = args_[at_++];
    if (absl::Status s = flag(arg); !s.ok()) return s;
  }
  if (absl::Status s = check(); !s.ok()) return s;
  return cl_;
}

absl::StatusOr<std::string> Parser::value(const std::string& flag) {
  if (at_ >= args_.size()) return error(fmt::format("{} needs a value", flag));
  return args_[at_++];
}

absl::Status Parser::flag(const std::string& name) {
  if (bool* on = switch_flag(name)) {
    *on = true;
    return absl::OkStatus();
  }
  if (std::string* text = text_flag(name)) {
    absl::StatusOr<std::string> v = value(name);
    if (!v.ok()) return v.status();
    *text = *v;
    return absl::OkStatus();
  }
  if (name == "--engine") return engine();
  if (name == "--sprt") return sprt();
  if (name == "--variant" || name == "--kichwa") return rules(name);
  if (name == "--tc" || name == "--movetime" || name == "--nodes" || name == "--depth")
    return time_control(name);
  return number_flag(name);
}

bool* Parser::switch_flag(const std::string& name) {
  if (name == "--help" || name == "-h") return &cl_.help;
  if (name == "--quiet") return &cl_.quiet;
  if (name == "--engine-stderr") return &cl_.match.inherit_stderr;
  return nullptr;
}

std::string* Parser::text_flag(const std::string& name) {
  if (name == "--openings") return &cl_.openings_file;
  if (name == "--pgn") return &cl_.pgn_file;
  if (name == "--replay") return &cl_.replay_file;
  return nullptr;
}

absl::Status Parser::number_flag(const std::string& name) {
  if (name == "--games") return number(name, cl_.match.games, 1, 10'000'000);
  if (name == "--concurrency") return number(name, cl_.match.concurrency, 1, 1024);
  if (name == "--max-plies") return number(name, cl_.match.rules.max_plies, 1, 100000);
  if (name == "--seed") return number<uint64_t>(name, cl_.seed, 0, UINT64_MAX);
  if (name == "--margin") return number<int64_t>(name, margin_ms_, 0, 3'600'000);
  if (name == "--move-timeout") return number<int64_t>(name, move_timeout_ms_, 1, 86'400'000);
  if (name == "--random-plies") {
    random_plies_set_ = true;
    return number(name, cl_.random_plies, 0, 1000);
  }
  return error(fmt::format("unknown argument '{}'", name));
}

// --variant <name>, --kichwa <rule>
absl::Status Parser::rules(const std::string& flag) {
  absl::StatusOr<std::string> v = value(flag);
  if (!v.ok()) return v.status();
  RuleSet& rules = cl_.match.rules.rules;
  if (flag == "--variant") {
    const std::optional<Variant> variant = parse_variant(*v);
    if (!variant)
      return error(fmt::format("--variant: unknown '{}' (bao, kigogo, kiswahili, kujifunza)", *v));
    rules.variant = *variant;
  } else {
    const std::optional<KichwaRule> k = parse_kichwa_rule(*v);
    if (!k) return error(fmt::format("--kichwa: unknown '{}' (choose, follow)", *v));
    rules.kichwa = *k;
  }
  return absl::OkStatus();
}

// --engine cmd=<path> [name=<name>] [arg=<argument>]... [option.<Name>=<value>]...
absl::Status Parser::engine() {
  EngineConfig e;
  for (; at_ < args_.size() && args_[at_].rfind("--", 0) != 0; ++at_) {
    const auto [key, v] = key_value(args_[at_]);
    if (key == "cmd")
      e.command = v;
    else if (key == "name")
      e.name = v;
    else if (key == "arg")
      e.args.push_back(v);
    else if (key.rfind("option.", 0) == 0 && key.size() > 7)
      e.options.emplace_back(key.substr(7), v);
    else
      return error(fmt::format("--engine: unknown key '{}' (cmd=, name=, arg=, option.<Name>=)",
                               args_[at_]));
  }
  if (e.command.empty()) return error("--engine: cmd=<path> is missing");
  if (e.name.empty()) e.name = basename(e.command);
  engines_.push_back(std::move(e));
  return absl::OkStatus();
}

// --sprt [elo0=<e>] [elo1=<e>] [alpha=<a>] [beta=<b>]
absl::Status Parser::sprt() {
  SprtConfig c;
  for (; at_ < args_.size() && args_[at_].rfind("--", 0) != 0; ++at_) {
    const auto [key, v] = key_value(args_[at_]);
    double* field = key == "elo0"    ? &c.elo0
                    : key == "elo1"  ? &c.elo1
                    : key == "alpha" ? &c.alpha
                    : key == "beta"  ? &c.beta
                                     : nullptr;
    if (!field)
      return error(
          fmt::format("--sprt: unknown key '{}' (elo0=, elo1=, alpha=, beta=)", args_[at_]));
    absl::StatusOr<double> n = parse_number<double>("--sprt " + key, v, -2000, 2000);
    if (!n.ok()) return n.status();
    *field = *n;
  }
  if (c.elo0 >= c.elo1) return error("--sprt: elo0 must be less than elo1");
  if (c.alpha <= 0 || c.beta <= 0 || c.alpha + c.beta >= 1)
    return error("--sprt: alpha and beta must be positive with alpha + beta < 1");
  cl_.match.sprt = c;
  return absl::OkStatus();
}

absl::Status Parser::time_control(const std::string& flag) {
  absl::StatusOr<std::string> v = value(flag);
  if (!v.ok()) return v.status();
  absl::StatusOr<TimeControl> tc =
      flag == "--tc" ? parse_clock(*v) : parse_time_control(flag.substr(2) + "=" + *v);
  if (!tc.ok()) return error(fmt::format("{}: {}", flag, error_text(tc.status())));
  cl_.match.time_control = *tc;
  ++time_controls_;
  return absl::OkStatus();
}

absl::Status Parser::check() {
  if (cl_.help || !cl_.replay_file.empty()) return absl::OkStatus();
  if (engines_.size() != 2)
    return error(fmt::format("expected two --engine, got {}", engines_.size()));
  if (engines_[0].name == engines_[1].name)
    return error(
        fmt::format("both engines are called '{}': give them different name=", engines_[0].name));
  if (time_controls_ != 1)
    return error("give exactly one time control: --tc, --movetime, --nodes or --depth");
  if (!cl_.openings_file.empty() && random_plies_set_)
    return error("--openings and --random-plies exclude each other");
  cl_.match.engines = {engines_[0], engines_[1]};
  cl_.match.time_control.margin_ms = margin_ms_;
  cl_.match.time_control.move_timeout_ms = move_timeout_ms_;
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<CommandLine> parse_command_line(const std::vector<std::string>& args) {
  return Parser(args).parse();
}

std::string usage() {
  return R"(kete-match: engine-vs-engine matches for Bao engines speaking the kete protocol.

  kete-match --engine cmd=<path> [name=<n>] [arg=<a>]... [option.<Name>=<v>]...
             --engine ...  <time control>  [options]
  kete-match --replay <records.pgn>

Time control (exactly one):
  --tc <base>[+<inc>]     clock per side in seconds, e.g. 10+0.1
  --movetime <ms>         fixed time per move
  --nodes <n>             fixed nodes per move
  --depth <d>             fixed depth per move
  --margin <ms>           lateness tolerated before a loss on time (default 100)
  --move-timeout <ms>     with --nodes/--depth: a move taking longer is a hang (default 60000)

Rules:
  --variant <v>           bao, kigogo, kiswahili (default), kujifunza
  --kichwa <k>            kujifunza's KichwaRule: choose (default) or follow
  --max-plies <n>         a game reaching n plies is a draw (default 1000)

Games:
  --games <n>             games to play, rounded up to whole pairs (default 100)
  --concurrency <n>       games at once (default: the number of cores)
  --openings <file>       openings, one a line: a position string [moves ...] or moves
  --random-plies <n>      else random openings of n plies (default 8)
  --seed <n>              seed of the random openings (default 1)
  --sprt [elo0=0] [elo1=5] [alpha=0.05] [beta=0.05]
                          stop when the SPRT of the first engine against the second decides

Output:
  --pgn <file>            write every game record to the file
  --replay <file>         check a record file against the rules and print its summary
  --quiet                 no line per game
  --engine-stderr         let the engines write to stderr (default: discarded)
  --help
)";
}

}  // namespace kete::arena
