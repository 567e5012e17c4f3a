#include "arena/match_flags.h"

#include <fmt/format.h>

#include "rules/notation.h"

namespace kete::arena {
namespace {

std::string basename(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

absl::Status MatchFlags::take(const std::string& flag, tools::ArgCursor& args) {
  if (flag == "--engine") return engine(args);
  if (flag == "--engine-stderr") {
    fields_.inherit_stderr = true;
    return absl::OkStatus();
  }
  if (flag == "--openings") return openings(args);
  if (flag == "--variant" || flag == "--kichwa") return rules(flag, args);
  if (flag == "--tc" || flag == "--movetime" || flag == "--nodes" || flag == "--depth")
    return time_control(flag, args);
  return number(flag, args);
}

absl::Status MatchFlags::number(const std::string& flag, tools::ArgCursor& args) {
  if (flag == "--concurrency") return args.number(flag, fields_.concurrency, 1, 1024);
  if (flag == "--max-plies") return args.number(flag, fields_.rules.max_plies, 1, 100000);
  if (flag == "--seed") return args.number<uint64_t>(flag, fields_.seed, 0, UINT64_MAX);
  if (flag == "--margin") return args.number<int64_t>(flag, margin_ms_, 0, 3'600'000);
  if (flag == "--move-timeout") return args.number<int64_t>(flag, move_timeout_ms_, 1, 86'400'000);
  if (flag == "--random-plies") {
    random_plies_set_ = true;
    return args.number(flag, fields_.random_plies, 0, 1000);
  }
  return tools::unknown_argument(flag);
}

// --engine cmd=<path> [name=<name>] [arg=<argument>]... [option.<Name>=<value>]...
absl::Status MatchFlags::engine(tools::ArgCursor& args) {
  ++engine_flags_;
  // With one engine a repeated --engine adds to it, and finish() refuses the repeat: the
  // message then speaks of the repeat, not of a missing cmd=.
  EngineConfig& e =
      dialect_.two_engines || engines_.empty() ? engines_.emplace_back() : engines_.back();
  while (const std::string* word = args.word())
    if (absl::Status s = engine_key(e, *word); !s.ok()) return s;
  if (e.command.empty()) return tools::bad_argument("--engine: cmd=<path> is missing");
  if (dialect_.two_engines && e.name.empty()) e.name = basename(e.command);
  return absl::OkStatus();
}

absl::Status MatchFlags::engine_key(EngineConfig& e, const std::string& word) {
  const auto [key, v] = tools::key_value(word);
  if (key == "cmd")
    e.command = v;
  else if (key == "name" && dialect_.two_engines)
    e.name = v;
  else if (key == "arg")
    e.args.push_back(v);
  else if (key.rfind("option.", 0) == 0 && key.size() > 7)
    e.options.emplace_back(key.substr(7), v);
  else
    return tools::bad_argument(fmt::format(
        "--engine: unknown key '{}' ({})", word,
        dialect_.two_engines ? "cmd=, name=, arg=, option.<Name>=" : "cmd=, arg=, option.<Name>="));
  return absl::OkStatus();
}

// --variant <name>, --kichwa <rule>
absl::Status MatchFlags::rules(const std::string& flag, tools::ArgCursor& args) {
  RuleSet& rules = fields_.rules.rules;
  return flag == "--variant" ? args.variant(flag, rules.variant) : args.kichwa(flag, rules.kichwa);
}

absl::Status MatchFlags::time_control(const std::string& flag, tools::ArgCursor& args) {
  absl::StatusOr<std::string> v = args.value(flag);
  if (!v.ok()) return v.status();
  absl::StatusOr<TimeControl> tc =
      flag == "--tc" ? parse_clock(*v) : parse_time_control(flag.substr(2) + "=" + *v);
  if (!tc.ok()) return tools::bad_argument(fmt::format("{}: {}", flag, error_text(tc.status())));
  fields_.time_control = *tc;
  ++time_controls_;
  return absl::OkStatus();
}

absl::Status MatchFlags::openings(tools::ArgCursor& args) {
  return args.text("--openings", fields_.openings_file, dialect_.empty_openings);
}

absl::Status MatchFlags::finish() {
  if (absl::Status s = check_engines(); !s.ok()) return s;
  if (time_controls_ != 1)
    return tools::bad_argument(
        "give exactly one time control: --tc, --movetime, --nodes or --depth");
  if (!fields_.openings_file.empty() && random_plies_set_)
    return tools::bad_argument("--openings and --random-plies exclude each other");
  fields_.time_control.margin_ms = margin_ms_;
  fields_.time_control.move_timeout_ms = move_timeout_ms_;
  return absl::OkStatus();
}

absl::Status MatchFlags::check_engines() const {
  if (!dialect_.two_engines) {
    if (engine_flags_ > 1)
      return tools::bad_argument("give --engine once: both sides run the same engine");
    return absl::OkStatus();
  }
  if (engines_.size() != 2)
    return tools::bad_argument(fmt::format("expected two --engine, got {}", engines_.size()));
  if (engines_[0].name == engines_[1].name)
    return tools::bad_argument(
        fmt::format("both engines are called '{}': give them different name=", engines_[0].name));
  return absl::OkStatus();
}

}  // namespace kete::arena
