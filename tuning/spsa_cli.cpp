#include "tuning/spsa_cli.h"

#include <fmt/format.h>

#include "arena/match_flags.h"
#include "rules/notation.h"
#include "tools/arg_cursor.h"

namespace kete::tuning {
namespace {

using tools::bad_argument;
using tools::is_flag;
using tools::key_value;

// Option values are ints in the protocol; doubles here only for theta and the gains.
constexpr double kLimit = 2147483647.0;

// kete-spsa's own flags; the match flags it shares with kete-match go to MatchFlags.
class Parser : public tools::FlagParser<Parser, SpsaCommandLine> {
 public:
  using FlagParser::FlagParser;

 private:
  friend FlagParser;
  absl::Status flag(const std::string& name);
  absl::Status number_flag(const std::string& name);
  absl::Status param();
  absl::Status param_key(ParamRequest& p, const std::string& key, const std::string& v);
  absl::Status check();

  std::optional<double> big_a_;
  arena::MatchFlags flags_{{cl_.rules, cl_.time_control, cl_.concurrency, cl_.inherit_stderr,
                            cl_.openings_file, cl_.random_plies, cl_.seed},
                           {.two_engines = false, .empty_openings = false}};
};

absl::Status Parser::flag(const std::string& name) {
  if (name == "--help" || name == "-h") {
    cl_.help = true;
    return absl::OkStatus();
  }
  if (name == "--output") return args_.text(name, cl_.output_file);
  if (name == "--checkpoint") return args_.text(name, cl_.checkpoint_file);
  if (name == "--resume") {
    cl_.resume = true;
    return absl::OkStatus();
  }
  if (name == "--param") return param();
  return number_flag(name);
}

absl::Status Parser::number_flag(const std::string& name) {
  SpsaSchedule& s = cl_.schedule;
  if (name == "--iterations") return args_.number(name, s.iterations, 1, 10'000'000);
  if (name == "--pairs") return args_.number(name, s.pairs, 1, 10'000);
  if (name == "--alpha") return args_.number(name, s.alpha, 0.001, 10.0);
  if (name == "--gamma") return args_.number(name, s.gamma, 0.001, 10.0);
  if (name == "--A") {
    double a = 0;
    if (absl::Status st = args_.number(name, a, 0.0, 1e12); !st.ok()) return st;
    big_a_ = a;
    return absl::OkStatus();
  }
  return flags_.take(name, args_);
}

// --param <Name>[=<start>] [min=<n>] [max=<n>] [c_end=<x>] [r_end=<x>], or --param all
absl::Status Parser::param() {
  absl::StatusOr<std::string> head = args_.value("--param");
  if (!head.ok()) return head.status();
  if (tools::is_flag(*head))
    return tools::bad_argument(fmt::format("--param needs a name, got '{}'", *head));
  if (*head == "all") {
    cl_.all_params = true;
    return absl::OkStatus();
  }
  ParamRequest p;
  const auto [name, start] = tools::key_value(*head);
  if (name.empty()) return tools::bad_argument(fmt::format("--param: no name in '{}'", *head));
  p.name = name;
  if (head->find('=') != std::string::npos) {
    absl::StatusOr<double> s = parse_number<double>("--param " + name, start, -kLimit, kLimit);
    if (!s.ok()) return s.status();
    p.start = *s;
  }
  while (const std::string* word = args_.word()) {
    const auto [key, v] = tools::key_value(*word);
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
  return tools::bad_argument(
      fmt::format("--param {}: unknown key '{}' (min=, max=, c_end=, r_end=)", p.name, key));
}

absl::Status Parser::check() {
  if (cl_.resume && cl_.checkpoint_file.empty())
    return tools::bad_argument("--resume needs --checkpoint <file>");
  if (!flags_.engines().empty()) cl_.engine = flags_.engines()[0];
  if (cl_.help) return absl::OkStatus();
  if (absl::Status s = flags_.finish(); !s.ok()) return s;
  if (cl_.params.empty() && !cl_.all_params)
    return tools::bad_argument("nothing to tune: give --param <Name> (or --param all)");
  for (size_t i = 0; i < cl_.params.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (equals_ignore_case(cl_.params[i].name, cl_.params[j].name))
        return tools::bad_argument(fmt::format("--param {} is given twice", cl_.params[i].name));
  cl_.schedule.big_a = big_a_ ? *big_a_ : default_big_a(cl_.schedule.total_pairs());
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
  --checkpoint <file>     theta, the iteration and the totals, after every iteration
  --resume                continue the run the checkpoint holds (docs/distributed.md)
  --engine-stderr         let the engines write to stderr (default: discarded)
  --help

Under mpirun -np N, rank 0 updates theta and ranks 1..N-1 play each iteration's pairs.
)";
}

}  // namespace kete::tuning
