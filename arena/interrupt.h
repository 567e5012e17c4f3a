// Ctrl-C for the long-running tools (kete-match, kete-spsa, kete-datagen, kete-solve): the
// first SIGINT or SIGTERM sets a flag the tool looks at between moves, games or nodes, so
// it stops cleanly and keeps what it has; a second one ends the tool at once.
#pragma once

#include <atomic>

namespace kete::arena {

// Installs the handlers; `stop` must outlive the process's use of them (a global).
void stop_on_interrupt(std::atomic<bool>& stop);

}  // namespace kete::arena
