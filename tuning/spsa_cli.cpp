#include "tuning/spsa_cli.h"

#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "engine/notation.h"

namespace kete::tuning {
namespace {

absl::Status error(std::string message) {
  return absl::InvalidArgumentError(std::move(message));
}

template <class T>
absl::StatusOr<T> parse_number(std::string_view what, std::string_view text, T min, T max) {
  T n{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !(n >= min) ||
      !(n <= max))
    return error(fmt::format("{}: expected a number in {}..{}, got '{}'", what, min, max, text));
  return n;
}

// `key=value` split at the first '='.
std::pair<std::string, std::string> key_value(const std::string& arg) {
  const size_t eq = arg.find('=');
  if (eq == std::string::npos) return {arg, ""};
  return {arg.substr(0, eq), arg.substr(eq + 1)};
}

bool is_flag(const std::string& arg) {
  return arg.rfind("--", 0) == 0;
}

// Option values are ints in the protocol; doubles here only for theta and the gains.
constexpr double kLimit = 2147483647.0;

class Parser {
 public:
  explicit Parser(const std::vector<std::string>& args) : args_(args) {}
  absl::StatusOr<SpsaCommandLine> parse();

 private:
  absl::Status flag(const std::string& name);
  absl::Status number_flag(const std::string& name);
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
  absl::Status param();
  absl::Status param_key(ParamRequest& p, const std::string& key, const std::string& v);
  absl::Status rules(const std::string& flag);
  absl::Status time_control(const std::string& flag);
  absl::Status check();

  const std::vector<std::string>& args_;
  size_t at_ = 0;
  SpsaCommandLine cl_;
  int engines_ = 0;
  int time_controls_ = 0;
  bool random_plies_set_ = false;
  std::optional<double> big_a_;
  int64_t margin_ms_ = 100, move_timeout_ms_ = 60000;
};

absl::StatusOr<SpsaCommandLine> Parser::parse() {
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
  if (name == "--help" || name == "-h") {
    cl_.help = true;
    return absl::OkStatus();
  }
  if (name == "--engine-stderr") {
    cl_.inherit_stderr = true;
    return absl::OkStatus();
  }
  if (name == "--openings" || name == "--output") {
    absl::StatusOr<std::string> v = value(name);
    if (!v.ok()) return v.status();
    if (v->empty()) return error(fmt::format("{}: empty file name", name));
    (name == "--openings" ? cl_.openings_file : cl_.output_file) = *v;
    return absl::OkStatus();
  }
  if (name == "--engine") return engine();
  if (name == "--param") return param();
  if (name == "--variant" || name == "--kichwa") return rules(name);
  if (name == "--tc" || name == "--movetime" || name == "--nodes" || name == "--depth")
    return time_control(name);
  return number_flag(name);
}

absl::Status Parser::number_flag(const std::string& name) {
  SpsaSchedule& s = cl_.schedule;
  if (name == "--iterations") return number(name, s.iterations, 1, 10'000'000);
  if (name == "--pairs") return number(name, s.pairs, 1, 10'000);
  if (name == "--alpha") return number(name, s.alpha, 0.001, 10.0);
  if (name == "--gamma") return number(name, s.gamma, 0.001, 10.0);
  if (name == "--A") {
    double a = 0;
    if (absl::Status st = number(name, a, 0.0, 1e12); !st.ok()) return st;
    big_a_ = a;
    return absl::OkStatus();
  }
  if (name == "--concurrency") return number(name, cl_.concurrency, 1, 1024);
  if (name == "--max-plies") return number(name, cl_.rules.max_plies, 1, 100000);
  if (name == "--seed") return number<uint64_t>(name, cl_.seed, 0, UINT64_MAX);
  if (name == "--margin") return number<int64_t>(name, margin_ms_, 0, 3'600'000);
  if (name == "--move-timeout") return number<int64_t>(name, move_timeout_ms_, 1, 86'400'000);
  if (name == "--random-plies") {
    random_plies_set_ = true;
    return number(name, cl_.random_plies, 0, 1000);
  }
  return error(fmt::format("unknown argument '{}'", name));
}

// --engine cmd=<path> [arg=<argument>]... [option.<Name>=<value>]...
absl::Status Parser::engine() {
  arena::EngineConfig& e = cl_.engine;
  ++engines_;
  for (; at_ < args_.size() && !is_flag(args_[at_]); ++at_) {
    const auto [key, v] = key_value(args_[at_]);
    if (key == "cmd")
      e.command = v;
    else if (key == "arg")
      e.args.push_back(v);
    else if (key.rfind("option.", 0) == 0 && key.size() > 7)
      e.options.emplace_back(key.substr(7), v);
    else
      return error(
          fmt::format("--engine: unknown key '{}' (cmd=, arg=, option.<Name>=)", args_[at_]));
  }
  if (e.command.empty()) return error("--engine: cmd=<path> is missing");
  return absl::OkStatus();
}

// --param <Name>[=<start>] [min=<n>] [max=<n>] [c_end=<x>] [r_end=<x>], or --param all
absl::Status Parser::param() {
  absl::StatusOr<std::string> head = value("--param");
  if (!head.ok()) return head.status();
  if (is_flag(*head)) return error(fmt::format("--param needs a name, got '{}'", *head));
  if (*head == "all") {
    cl_.all_params = true;
    return absl::OkStatus();
  }
  ParamRequest p;
  const auto [name, start] = key_value(*head);
  if (name.empty()) return error(fmt::format("--param: no name in '{}'", *head));
  p.name = name;
  if (head->find('=') != std::string::npos) {
    absl::StatusOr<double> s = parse_number<double>("--param " + name, start, -kLimit, kLimit);
    if (!s.ok()) return s.status();
    p.start = *s;
  }
  for (; at_ < args_.size() && !is_flag(args_[at_]); ++at_) {
    const auto [key, v] = key_value(args_[at_]);
    if (absl::Status s = param_key(p, key, v); !s.ok()) return s;
  }
  cl_.params.push_back(std::move(p));
  return absl::OkStatus();
}

absl::Status Parser::param_key(ParamRequest& p, const std::string& key, const std::string& v) {
  const std::string what = fmt::format("--param {} {}", p.name, key);
  if (key == "min" || key == "max") {
    absl::StatusOr<int> n = parse_number<int>(what, v, int(-kLimit), int(kLimit));
    if (!n.ok()) return n.status();
    (key == "min" ? p.min : p.max) = *n;
    return absl::OkStatus();
  }
  if (key == "c_end" || key == "r_end") {
    absl::StatusOr<double> x = parse_number<double>(what, v, 1e-9, kLimit);
    if (!x.ok()) return x.status();
    (key == "c_end" ? p.c_end : p.r_end) = *x;
    return absl::OkStatus();
  }
  return error(
      fmt::format("--param {}: unknown key '{}' (min=, max=, c_end=, r_end=)", p.name, key));
}

// --variant <name>, --kichwa <rule>
absl::Status Parser::rules(const std::string& flag) {
  absl::StatusOr<std::string> v = value(flag);
  if (!v.ok()) return v.status();
  RuleSet& rules = cl_.rules.rules;
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

absl::Status Parser::time_control(const std::string& flag) {
  absl::StatusOr<std::string> v = value(flag);
  if (!v.ok()) return v.status();
  absl::StatusOr<arena::TimeControl> tc =
      flag == "--tc" ? arena::parse_clock(*v)
                     : arena::parse_time_control(flag.substr(2) + "=" + *v);
  if (!tc.ok()) return error(fmt::format("{}: {}", flag, error_text(tc.status())));
  cl_.time_control = *tc;
  ++time_controls_;
  return absl::OkStatus();
}

absl::Status Parser::check() {
  if (cl_.help) return absl::OkStatus();
  if (engines_ > 1) return error("give --engine once: both sides run the same engine");
  if (time_controls_ != 1)
    return error("give exactly one time control: --tc, --movetime, --nodes or --depth");
  if (cl_.params.empty() && !cl_.all_params)
    return error("nothing to tune: give --param <Name> (or --param all)");
  if (!cl_.openings_file.empty() && random_plies_set_)
    return error("--openings and --random-plies exclude each other");
  for (size_t i = 0; i < cl_.params.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (equals_ignore_case(cl_.params[i].name, cl_.params[j].name))
        return error(fmt::format("--param {} is given twice", cl_.params[i].name));
  cl_.schedule.big_a = big_a_ ? *big_a_ : default_big_a(cl_.schedule.total_pairs());
  cl_.time_control.margin_ms = margin_ms_;
  cl_.time_control.move_timeout_ms = move_timeout_ms_;
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<SpsaCommandLine> parse_spsa_command_line(const std::vector<std::string>& args) {
  return Parser(args).parse();
}

std::string spsa_usage() {
  return R"(kete-spsa: tunes integer engine options (search constants) by SPSA through the arena.

  kete-spsa --param <Name>[=<start>] [min=<n>] [max=<n>] [c_end=<x>] [r_end=<x>] ...
            <time control>  [options]

Parameters (at least one --param):
  --param <Name>[=<start>] [min=<n>] [max=<n>] [c_end=<x>] [r_end=<x>]
                          a spin option of the engine; start, min and max default to the
                          engine's listing, c_end to (max - min) / 20, r_end to 0.002
  --param all             every search constant of the engine but the 0/1 switches

Engine (both sides run it, one with theta + c*delta, the other with theta - c*delta):
  --engine cmd=<path> [arg=<a>]... [option.<Name>=<v>]...
                          default: the kete next to kete-spsa

Time control (exactly one), rules and openings, as kete-match takes them:
  --tc <base>[+<inc>]  --movetime <ms>  --nodes <n>  --depth <d>
  --margin <ms>  --move-timeout <ms>
  --variant <v>           bao, kigogo, kiswahili (default), kujifunza
  --kichwa <k>            kujifunza's KichwaRule: choose (default) or follow
  --max-plies <n>         a game reaching n plies is a draw (default 1000)
  --openings <file>       openings, one a line, used in turn
  --random-plies <n>      else random openings of n plies from --seed (default 8)

SPSA:
  --iterations <n>        iterations (default 100)
  --pairs <n>             game pairs per iteration, one perturbation (default 1)
  --A <x>                 stability offset of a_k, in pairs (default: 10% of all pairs)
  --alpha <x>             a_k = a / (A + k)^alpha (default 0.602)
  --gamma <x>             c_k = c / k^gamma (default 0.101)
  --seed <n>              seed of the perturbations and the random openings (default 1)
  --concurrency <n>       games at once (default 1)

Output:
  --output <file>         the tuned values as setoption lines, rewritten after every
                          iteration (default spsa-tuned.txt)
  --engine-stderr         let the engines write to stderr (default: discarded)
  --help
)";
}

}  // namespace kete::tuning
