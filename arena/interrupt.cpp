#include "arena/interrupt.h"

#include <csignal>

namespace kete::arena {
namespace {

// A lock-free atomic is what a signal handler may touch.
static_assert(std::atomic<bool>::is_always_lock_free);
std::atomic<std::atomic<bool>*> g_stop{nullptr};

void on_interrupt(int sig) {
  if (std::atomic<bool>* stop = g_stop.load()) stop->store(true);
  std::signal(sig, SIG_DFL);  // the next one takes its default action: the end
}

}  // namespace

void stop_on_interrupt(std::atomic<bool>& stop) {
  g_stop = &stop;
  for (int sig : {SIGINT, SIGTERM})
    std::signal(sig, on_interrupt);
}

}  // namespace kete::arena
