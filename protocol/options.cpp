#include "protocol/options.h"

#include <charconv>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "engine/notation.h"
#include "search/skill.h"

namespace kete {
namespace {

absl::Status ok() {
  return absl::OkStatus();
}

// A spin option whose checked value goes to an Engine setter as it is.
Option spin(std::string name, int default_value, int min, int max, void (Engine::*set)(int)) {
  return {std::move(name),
          Option::Type::kSpin,
          std::to_string(default_value),
          min,
          max,
          {},
          [set](Engine& e, std::string_view v) {
            (e.*set)(std::stoi(std::string(v)));
            return ok();
          }};
}

// A check option (UCI's on/off switch); the setter gets the checked value.
Option check(std::string name, bool default_value, void (Engine::*set)(bool)) {
  return {std::move(name),
          Option::Type::kCheck,
          default_value ? "true" : "false",
          0,
          0,
          {},
          [set](Engine& e, std::string_view v) {
            (e.*set)(v == "true");
            return ok();
          }};
}

std::vector<Option> make_options() {
  using T = Option::Type;
  std::vector<Option> o;
  o.push_back({"UCI_Variant",
               T::kCombo,
               "kiswahili",
               0,
               0,
               {"bao", "kigogo", "kiswahili", "kujifunza"},
               [](Engine& e, std::string_view v) {
                 e.set_variant(*parse_variant(v));
                 return ok();
               }});
  o.push_back({"KichwaRule",
               T::kCombo,
               "choose",
               0,
               0,
               {"choose", "follow"},
               [](Engine& e, std::string_view v) {
                 e.set_kichwa_rule(*parse_kichwa_rule(v));
                 return ok();
               }});
  o.push_back({"Hash", T::kSpin, "16", 1, 4096, {}, [](Engine& e, std::string_view v) {
                 return e.set_hash_mb(std::stoi(std::string(v)));
               }});
  o.push_back({"Clear Hash", T::kButton, "", 0, 0, {}, [](Engine& e, std::string_view) {
                 e.clear_hash();
                 return ok();
               }});
  o.push_back(spin("Threads", 1, 1, 256, &Engine::set_threads));
  o.push_back(spin("MultiPV", 1, 1, 256, &Engine::set_multipv));
  o.push_back(spin("Move Overhead", 10, 0, 5000, &Engine::set_move_overhead_ms));
  o.push_back(spin("MaxPlies", Game::kDefaultMaxPlies, 1, 100000, &Engine::set_max_plies));
  o.push_back({"EvalFile", T::kString, "<default>", 0, 0, {}, [](Engine& e, std::string_view v) {
                 return e.set_eval_file(v).status();
               }});
  // What GUIs expect of a UCI engine (docs/protocol.md).
  o.push_back(check("Ponder", false, &Engine::set_ponder));
  o.push_back(check("UCI_ShowWDL", false, &Engine::set_show_wdl));
  // Playing strength (search/skill.h); the Elo scale is docs/protocol.md's calibration.
  o.push_back(spin("Skill Level", kMaxSkillLevel, 0, kMaxSkillLevel, &Engine::set_skill_level));
  o.push_back(check("UCI_LimitStrength", false, &Engine::set_limit_strength));
  o.push_back(spin("UCI_Elo", kMaxElo, kMinElo, kMaxElo, &Engine::set_elo));
  // The search constants (search/params.h), for tuning.
  for (const ParamSpec& spec : kSearchParams) {
    const SearchParams defaults;
    o.push_back({std::string(spec.name),
                 T::kSpin,
                 std::to_string(defaults.*spec.field),
                 spec.min,
                 spec.max,
                 {},
                 [field = spec.field](Engine& e, std::string_view v) {
                   e.params().*field = std::stoi(std::string(v));
                   return ok();
                 }});
  }
  return o;
}

}  // namespace

const std::vector<Option>& options() {
  static const std::vector<Option> table = make_options();
  return table;
}

const Option* find_option(std::string_view name) {
  for (const Option& o : options())
    if (equals_ignore_case(o.name, name)) return &o;
  return nullptr;
}

std::string listing(const Option& o) {
  switch (o.type) {
    case Option::Type::kSpin:
      return fmt::format("option name {} type spin default {} min {} max {}", o.name,
                         o.default_value, o.min, o.max);
    case Option::Type::kCombo: {
      std::string line =
          fmt::format("option name {} type combo default {}", o.name, o.default_value);
      for (const std::string& c : o.choices)
        line += " var " + c;
      return line;
    }
    case Option::Type::kButton:
      return fmt::format("option name {} type button", o.name);
    case Option::Type::kString:
      return fmt::format("option name {} type string default {}", o.name, o.default_value);
    case Option::Type::kCheck:
      return fmt::format("option name {} type check default {}", o.name, o.default_value);
  }
  return {};
}

absl::Status set_option(Engine& engine, const Option& o, std::string_view value) {
  switch (o.type) {
    case Option::Type::kSpin: {
      int n = 0;
      const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
      if (ec != std::errc() || end != value.data() + value.size() || n < o.min || n > o.max)
        return absl::InvalidArgumentError(fmt::format("option '{}': '{}' is not a number in {}..{}",
                                                      o.name, value, o.min, o.max));
      break;
    }
    case Option::Type::kCombo:
      for (const std::string& c : o.choices)
        if (equals_ignore_case(c, value)) return o.apply(engine, c);
      return absl::InvalidArgumentError(fmt::format("option '{}': '{}' is not one of {}", o.name,
                                                    value, fmt::join(o.choices, " ")));
    case Option::Type::kCheck:
      for (std::string_view c : {"true", "false"})
        if (equals_ignore_case(c, value)) return o.apply(engine, c);
      return absl::InvalidArgumentError(
          fmt::format("option '{}': '{}' is not true or false", o.name, value));
    case Option::Type::kButton:
    case Option::Type::kString:
      break;
  }
  return o.apply(engine, value);
}

}  // namespace kete
