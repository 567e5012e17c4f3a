// The engine's options, declared once: the `uci`/`ugi` listing, the `params` listing and
// `setoption` all come from this table. `uci` lists what a person sets (the standard UCI
// options, the variant and its rules, strength, EvalFile, ProofFile); `params` lists the
// search's tuning parameters and switches (search/params.h), which tuners such as
// kete-spsa read and set by name like any option.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "engine/engine.h"

namespace kete {

struct Option {
  enum class Type { kSpin, kCheck, kCombo, kButton, kString };
  std::string name;
  Type type;
  std::string default_value;  // spin: a number; check: true or false; combo: a choice
  int min = 0, max = 0;       // spin only
  std::vector<std::string> choices;
  // Applies a value already checked against type, range and choices: a spin's number,
  // a check's 1 (true) or 0 (false) in `number`; a combo's choice (as listed) or a string
  // in `text`. An error leaves the engine unchanged.
  std::function<absl::Status(Engine&, int number, std::string_view text)> apply;
  bool tuning = false;  // listed by `params`, not by `uci`
};

const std::vector<Option>& options();

// The option of that name, compared case-insensitively; nullptr if none.
const Option* find_option(std::string_view name);

// "option name Hash type spin default 16 min 1 max 4096"
std::string listing(const Option& o);

// Checks `value` against the option's type and applies it.
absl::Status set_option(Engine& engine, const Option& o, std::string_view value);

}  // namespace kete
