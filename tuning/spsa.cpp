// kete-spsa: tunes search constants (engine spin options) by SPSA, playing the engine
// against itself through the arena (docs/tuning.md).
#include <unistd.h>

#include <atomic>
#include <climits>
#include <iostream>

#include <fmt/format.h>

#include "rules/notation.h"
#include "tools/arg_cursor.h"
#include "tools/cluster.h"
#include "tools/interrupt.h"
#include "tools/standard_streams.h"
#include "tuning/spsa_arena.h"
#include "tuning/spsa_cli.h"

namespace {

// The kete built next to this binary: the default engine.
std::string sibling_kete() {
  char path[PATH_MAX];
  const ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  if (n <= 0) return "kete";
  const std::string self(path, size_t(n));
  const size_t slash = self.rfind('/');
  return slash == std::string::npos ? "kete" : self.substr(0, slash + 1) + "kete";
}

}  // namespace

int main(int argc, char** argv) {
  kete::tools::open_standard_streams();
  using namespace kete::tuning;
  if (absl::Status s = kete::tools::Cluster::join(argc, argv); !s.ok()) {
    kete::tools::note("kete-spsa: {}\n", kete::error_text(s));
    return 1;
  }
  kete::tools::Cluster& cluster = kete::tools::Cluster::instance();
  absl::StatusOr<SpsaCommandLine> cl = parse_spsa_command_line(kete::tools::arguments(argc, argv));
  if (!cl.ok()) {
    kete::tools::note("kete-spsa: {}\n(kete-spsa --help)\n", kete::error_text(cl.status()));
    return 2;
  }
  if (cl->help && cluster.rank() == 0) kete::tools::print("{}", spsa_usage());
  if (!cl->help && cl->engine.command.empty()) cl->engine.command = sibling_kete();
  // The first interrupt stops the run gracefully; a second one ends it at once.
  kete::tools::stop_on_interrupt();
  absl::Status s =
      cl->help ? absl::OkStatus()
               : run_tuning(*cl, std::cout, std::cerr, kete::tools::interrupted(), &cluster);
  // Exit status 0 only if all that was printed arrived.
  if (s.ok() && !std::cout.flush()) s = absl::UnavailableError("cannot write the standard output");
  if (s.ok()) s = kete::tools::flush_stdout();
  if (!s.ok()) {
    kete::tools::note("kete-spsa: {}\n", kete::error_text(s));
    // The other ranks wait for rank 0, which may have failed before handing out work.
    if (cluster.distributed()) cluster.abort(1);
    return 1;
  }
  return 0;
}
