// SPSA driven through the arena: the parameters come from the engine's own option listing,
// every iteration is a short kete-match between the engine at theta + c*delta ("plus")
// and at theta - c*delta ("minus"), and the tuned values go to a file of setoption lines.
#pragma once

#include <atomic>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "tools/cluster.h"
#include "tuning/spsa_cli.h"
#include "tuning/spsa_core.h"

namespace kete::tuning {

struct SpinOption {
  std::string name;
  int default_value = 0;
  int min = 0, max = 0;
};

// "option name <Name> type spin default <d> min <a> max <b>" (a name may have spaces);
// nullopt for any other line.
std::optional<SpinOption> parse_spin_option(std::string_view line);

// The parameters the command line asks for, in its order (--param all: the search
// constants of search/params.h that the engine lists, but the 0/1 switches). Start and
// bounds default to the engine's; bounds may only narrow them, since the engine refuses
// values outside. Errors name the parameter.
absl::StatusOr<std::vector<SpsaParam>> resolve_params(const SpsaCommandLine& cl,
                                                      const std::vector<SpinOption>& listing);

// "setoption name <Name> value <v>" per parameter, one a line: the format of the output
// file, which can be sent to the engine as it is.
std::string setoption_lines(const std::vector<SpsaParam>& params, const std::vector<int>& values);

// Asks the engine for its options, tunes, and writes the values to cl.output_file before
// the first iteration and after every one. Progress and the result go to `out`, what the
// engine said about its options and warnings to `log`. Stops between iterations when
// `stop` is set (the games in progress are abandoned and the file keeps the last values).
// Under mpirun (docs/distributed.md), rank 0 does all that and the other ranks play the
// iterations' pairs (no cluster: one process); with a checkpoint file, theta, the iteration and the
// totals are kept after every iteration and cl.resume continues from them.
absl::Status run_tuning(const SpsaCommandLine& cl, std::ostream& out, std::ostream& log,
                        std::atomic<bool>& stop, tools::Cluster* cluster = nullptr);

}  // namespace kete::tuning
