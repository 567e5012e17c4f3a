#include "arena/cli.h"

#include <thread>

#include <fmt/format.h>

#include "arena/match_flags.h"
#include "tools/arg_cursor.h"

namespace kete::arena {
namespace {

// kete-match's own flags; the match flags it shares with kete-spsa go to MatchFlags.
class Parser : public tools::FlagParser<Parser, CommandLine> {
 public:
  explicit Parser(const std::vector<std::string>& args);

 private:
  friend FlagParser;
  absl::Status flag(const std::string& name);
  bool* switch_flag(const std::string& name);
  std::string* text_flag(const std::string& name);
  absl::Status sprt();
  absl::Status check();

  MatchFlags flags_{{cl_.match.rules, cl_.match.time_control, cl_.match.concurrency,
                     cl_.match.inherit_stderr, cl_.openings_file, cl_.random_plies, cl_.seed},
                    {.two_engines = true, .empty_openings = true}};
};

Parser::Parser(const std::vector<std::string>& args) : FlagParser(args) {
  cl_.match.games = 100;
  cl_.match.concurrency = int(std::max(1u, std::thread::hardware_concurrency()));
}

absl::Status Parser::flag(const std::string& name) {
  if (bool* on = switch_flag(name)) {
    *on = true;
    return absl::OkStatus();
  }
  if (std::string* text = text_flag(name)) return args_.text(name, *text);
  if (name == "--sprt") return sprt();
  if (name == "--games") return args_.number(name, cl_.match.games, 1, 10'000'000);
  if (name == "--checkpoint-seconds")
    return args_.number(name, cl_.checkpoint_seconds, 0, 24 * 3600);
  return flags_.take(name, args_);
}

bool* Parser::switch_flag(const std::string& name) {
  if (name == "--help" || name == "-h") return &cl_.help;
  if (name == "--quiet") return &cl_.quiet;
  if (name == "--resume") return &cl_.resume;
  return nullptr;
}

std::string* Parser::text_flag(const std::string& name) {
  if (name == "--pgn") return &cl_.pgn_file;
  if (name == "--replay") return &cl_.replay_file;
  if (name == "--checkpoint") return &cl_.checkpoint_file;
  return nullptr;
}

// --sprt [elo0=<e>] [elo1=<e>] [alpha=<a>] [beta=<b>]
absl::Status Parser::sprt() {
  SprtConfig c;
  while (const std::string* word = args_.word()) {
    const auto [key, v] = tools::key_value(*word);
    double* field = key == "elo0"    ? &c.elo0
                    : key == "elo1"  ? &c.elo1
                    : key == "alpha" ? &c.alpha
                    : key == "beta"  ? &c.beta
                                     : nullptr;
    if (!field)
      return tools::bad_argument(
          fmt::format("--sprt: unknown key '{}' (elo0=, elo1=, alpha=, beta=)", *word));
    absl::StatusOr<double> n = parse_number<double>("--sprt " + key, v, -2000, 2000);
    if (!n.ok()) return n.status();
    *field = *n;
  }
  if (c.elo0 >= c.elo1) return tools::bad_argument("--sprt: elo0 must be less than elo1");
  if (c.alpha <= 0 || c.beta <= 0 || c.alpha + c.beta >= 1)
    return tools::bad_argument("--sprt: alpha and beta must be positive with alpha + beta < 1");
  cl_.match.sprt = c;
  return absl::OkStatus();
}

absl::Status Parser::check() {
  if (cl_.help || !cl_.replay_file.empty()) return absl::OkStatus();
  if (absl::Status s = flags_.finish(); !s.ok()) return s;
  if (cl_.resume && cl_.checkpoint_file.empty())
    return tools::bad_argument("--resume needs --checkpoint <file>");
  cl_.match.engines = {flags_.engines()[0], flags_.engines()[1]};
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
  --checkpoint <file>     keep the finished game pairs there (docs/distributed.md)
  --checkpoint-seconds <s>  at most one checkpoint write in s seconds (default 30)
  --resume                continue the match the checkpoint holds
  --engine-stderr         let the engines write to stderr (default: discarded)
  --help

Under mpirun -np N, rank 0 coordinates and ranks 1..N-1 play (docs/distributed.md).
)";
}

}  // namespace kete::arena
