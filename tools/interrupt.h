// Ctrl-C for the long-running tools (kete-match, kete-spsa, kete-datagen, kete-solve): the
// first SIGINT or SIGTERM sets a flag the tool looks at between moves, games or nodes, so
// it stops cleanly and keeps what it has; a second one ends the tool at once.
#pragma once

#include <atomic>

namespace kete::tools {

// The flag the handlers set: one for the process, as signals are. A tool may set it
// itself to stop the same clean way (after a failed write).
std::atomic<bool>& interrupted();

// Installs the handlers.
void stop_on_interrupt();

}  // namespace kete::tools
