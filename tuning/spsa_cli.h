// The command line of kete-spsa (docs/tuning.md): parsed into a tuning configuration with
// an error message that names the bad argument; nothing here starts a process or reads a
// file. Engines, rules, time controls and openings are given as kete-match takes them
// (arena/match_flags.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "arena/match.h"
#include "tuning/spsa_core.h"

namespace kete::tuning {

// One --param as given; what is left out comes from the engine's option listing.
struct ParamRequest {
  std::string name;
  std::optional<double> start;
  std::optional<int> min, max;
  std::optional<double> c_end, r_end;
};

struct SpsaCommandLine {
  arena::EngineConfig engine;  // the command is empty when --engine is not given
  arena::MatchRules rules;
  arena::TimeControl time_control;
  std::vector<ParamRequest> params;
  bool all_params = false;  // --param all: every search constant that is not a switch
  SpsaSchedule schedule;    // big_a is set from the pairs unless --A gives it
  int concurrency = 1;
  uint64_t seed = 1;          // of the perturbations and the random openings
  std::string openings_file;  // empty: random openings
  int random_plies = 8;
  std::string output_file = "spsa-tuned.txt";
  std::string checkpoint_file;  // theta, the iteration and the totals after every iteration
  bool resume = false;          // continue the run the checkpoint holds
  bool inherit_stderr = false;
  bool help = false;
};

// `args` without the program name.
absl::StatusOr<SpsaCommandLine> parse_spsa_command_line(const std::vector<std::string>& args);
std::string spsa_usage();

}  // namespace kete::tuning
