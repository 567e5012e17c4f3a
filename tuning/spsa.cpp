// kete-spsa: tunes search constants (engine spin options) by SPSA, playing the engine
// against itself through the arena (docs/tuning.md).
#include <unistd.h>

#include <atomic>
#include <climits>
#include <csignal>
#include <iostream>

#include "engine/notation.h"
#include "tuning/spsa_arena.h"
#include "tuning/spsa_cli.h"

namespace {

// Set by SIGINT/SIGTERM: the run stops between moves and keeps the last values.
std::atomic<bool> g_stop{false};
static_assert(std::atomic<bool>::is_always_lock_free);

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
  using namespace kete::tuning;
  absl::StatusOr<SpsaCommandLine> cl =
      parse_spsa_command_line(std::vector<std::string>(argv + 1, argv + argc));
  if (!cl.ok()) {
    std::cerr << "kete-spsa: " << kete::error_text(cl.status()) << "\n(kete-spsa --help)\n";
    return 2;
  }
  if (cl->help) {
    std::cout << spsa_usage();
    return 0;
  }
  if (cl->engine.command.empty()) cl->engine.command = sibling_kete();
  // The first interrupt stops the run gracefully; a second one ends it at once.
  for (int sig : {SIGINT, SIGTERM})
    std::signal(sig, [](int s) {
      g_stop = true;
      std::signal(s, SIG_DFL);
    });
  if (absl::Status s = run_tuning(*cl, std::cout, std::cerr, g_stop); !s.ok()) {
    std::cerr << "kete-spsa: " << kete::error_text(s) << "\n";
    return 1;
  }
  return 0;
}
