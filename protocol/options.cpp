#include "protocol/options.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "rules/notation.h"
#include "rules/text.h"

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
          [set](Engine& e, int n, std::string_view) {
            (e.*set)(n);
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
          [set](Engine& e, int on, std::string_view) {
            (e.*set)(on != 0);
            return ok();
          }};
}

std::vector<Option> make_options() {
  using T = Option::Type;
  // Every default is the engine's own, read from a default engine state: written once.
  const RuleSet rules;
  const SearchSettings settings;
  std::vector<Option> o;
  std::vector<std::string> variants;
  for (Variant v : kAllVariants)
    variants.emplace_back(to_string(v));
  o.push_back({"UCI_Variant", T::kCombo, std::string(to_string(rules.variant)), 0, 0, variants,
               [](Engine& e, int, std::string_view v) {
                 e.set_variant(*parse_variant(v));
                 return ok();
               }});
  o.push_back(
      {"KichwaRule",
       T::kCombo,
       std::string(to_string(rules.kichwa)),
       0,
       0,
       {std::string(to_string(KichwaRule::kChoose)), std::string(to_string(KichwaRule::kFollow))},
       [](Engine& e, int, std::string_view v) {
         e.set_kichwa_rule(*parse_kichwa_rule(v));
         return ok();
       }});
  o.push_back({"Hash",
               T::kSpin,
               std::to_string(Engine::kDefaultHashMb),
               1,
               4096,
               {},
               [](Engine& e, int mb, std::string_view) { return e.set_hash_mb(mb); }});
  o.push_back({"Clear Hash", T::kButton, "", 0, 0, {}, [](Engine& e, int, std::string_view) {
                 e.clear_hash();
                 return ok();
               }});
  o.push_back(spin("Threads", settings.threads, 1, 256, &Engine::set_threads));
  o.push_back(spin("MultiPV", settings.multipv, 1, 256, &Engine::set_multipv));
  o.push_back(
      spin("Move Overhead", settings.move_overhead_ms, 0, 5000, &Engine::set_move_overhead_ms));
  o.push_back(spin("MaxPlies", Game::kDefaultMaxPlies, 1, 100000, &Engine::set_max_plies));
  o.push_back(
      {"EvalFile", T::kString, "<default>", 0, 0, {}, [](Engine& e, int, std::string_view v) {
         return e.set_eval_file(v).status();
       }});
  // Proven values (docs/solver.md): a proof file the search probes, as a tablebase.
  o.push_back({"ProofFile",
               T::kString,
               std::string(Engine::kDefaultProofFile),
               0,
               0,
               {},
               [](Engine& e, int, std::string_view v) { return e.set_proof_file(v); }});
  // What GUIs expect of a UCI engine (docs/protocol.md).
  o.push_back(check("Ponder", false, &Engine::set_ponder));
  o.push_back(check("UCI_ShowWDL", false, &Engine::set_show_wdl));
  // Playing strength (search/skill.h); the Elo scale is docs/protocol.md's calibration.
  o.push_back(spin("Skill Level", kMaxSkillLevel, 0, kMaxSkillLevel, &Engine::set_skill_level));
  o.push_back(check("UCI_LimitStrength", false, &Engine::set_limit_strength));
  o.push_back(spin("UCI_Elo", kMaxElo, kMinElo, kMaxElo, &Engine::set_elo));
  // The search constants (search/params.h), for tuning, and the switches, for measuring:
  // listed by `params`.
  for (const ParamSpec& spec : kSearchParams)
    o.push_back({std::string(spec.name),
                 T::kSpin,
                 std::to_string(settings.params.*spec.field),
                 spec.min,
                 spec.max,
                 {},
                 [field = spec.field](Engine& e, int n, std::string_view) {
                   e.params().*field = n;
                   return ok();
                 },
                 true});
  for (const SwitchSpec& spec : kSearchSwitches)
    o.push_back({std::string(spec.name),
                 T::kCheck,
                 settings.params.*spec.field ? "true" : "false",
                 0,
                 0,
                 {},
                 [field = spec.field](Engine& e, int on, std::string_view) {
                   e.params().*field = on != 0;
                   return ok();
                 },
                 true});
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
    case Option::Type::kCheck:
      return fmt::format("option name {} type check default {}", o.name, o.default_value);
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
  }
  return {};
}

absl::Status set_option(Engine& engine, const Option& o, std::string_view value) {
  switch (o.type) {
    case Option::Type::kSpin: {
      const absl::StatusOr<int> n =
          parse_number<int>(fmt::format("option '{}'", o.name), value, o.min, o.max);
      if (!n.ok()) return n.status();
      return o.apply(engine, *n, value);
    }
    case Option::Type::kCheck:
      for (int on : {0, 1})
        if (equals_ignore_case(value, on ? "true" : "false")) return o.apply(engine, on, value);
      return absl::InvalidArgumentError(
          fmt::format("option '{}': '{}' is not true or false", o.name, value));
    case Option::Type::kCombo:
      for (const std::string& c : o.choices)
        if (equals_ignore_case(c, value)) return o.apply(engine, 0, c);
      return absl::InvalidArgumentError(fmt::format("option '{}': '{}' is not one of {}", o.name,
                                                    value, fmt::join(o.choices, " ")));
    case Option::Type::kButton:
    case Option::Type::kString:
      break;
  }
  return o.apply(engine, 0, value);
}

}  // namespace kete
