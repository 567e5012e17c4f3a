#include "tools/interrupt.h"

#include <csignal>

namespace kete::tools {
namespace {

// A lock-free atomic is what a signal handler may touch.
static_assert(std::atomic<bool>::is_always_lock_free);
std::atomic<bool> g_interrupted{false};

void on_interrupt(int sig) {
  g_interrupted.store(true);
  std::signal(sig, SIG_DFL);  // the next one takes its default action: the end
}

}  // namespace

std::atomic<bool>& interrupted() {
  return g_interrupted;
}

void stop_on_interrupt() {
  for (int sig : {SIGINT, SIGTERM})
    std::signal(sig, on_interrupt);
}

}  // namespace kete::tools
