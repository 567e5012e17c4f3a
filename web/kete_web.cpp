// kete as a WebAssembly module (web/CMakeLists.txt): the protocol engine of protocol/main.cpp
// driven by JavaScript a line at a time. The answers go to standard output, which the
// emscripten runtime hands line by line to the module's `print`: lines in, lines out, as
// natively.
//   kete_start()       checks the embedded defaults and opens the session (0: ready)
//   kete_line(text)    one command line; 0 once `quit` ended the session
//   kete_finish()      stops a running search and waits for its bestmove
//   kete_bench(depth)  the bench signature, as `kete bench [depth]` (0: the default depth)
// Each returns after a line saying so when the module cannot do what it asks; a search
// runs on its own thread (a Web Worker), so `stop` and `isready` are answered during it.
#include <emscripten/emscripten.h>

#include <iostream>
#include <memory>
#include <string_view>

#include <fmt/format.h>

#include "engine/bench.h"
#include "engine/engine.h"
#include "protocol/output.h"
#include "protocol/uci.h"
#include "rules/notation.h"

namespace {

struct Session {
  kete::Engine engine;
  kete::Protocol protocol;
  explicit Session(kete::Output& out) : protocol(engine, out) {}
};

kete::Output& output() {
  static kete::Output out(std::cout);
  return out;
}

std::unique_ptr<Session>& session() {
  static std::unique_ptr<Session> s;
  return s;
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE int kete_start() {
  if (session()) return 0;
  if (const absl::Status defaults = kete::Engine::check_defaults(); !defaults.ok()) {
    output().line("info string error: " + kete::error_text(defaults));
    return 1;
  }
  session() = std::make_unique<Session>(output());
  return 0;
}

EMSCRIPTEN_KEEPALIVE int kete_line(const char* line) {
  if (!session()) {
    output().line("info string error: the engine has not started");
    return 0;
  }
  if (line == nullptr) return 1;
  if (session()->protocol.handle(std::string_view(line))) return 1;
  session()->protocol.finish();
  session().reset();
  return 0;
}

EMSCRIPTEN_KEEPALIVE void kete_finish() {
  if (!session()) return;
  session()->protocol.finish();
  session().reset();
}

EMSCRIPTEN_KEEPALIVE int kete_bench(int depth) {
  if (depth == 0) depth = kete::kBenchDepth;
  if (depth < 1 || depth > kete::kMaxBenchDepth) {
    output().line(
        fmt::format("info string error: bench: expected a depth 1..{}", kete::kMaxBenchDepth));
    return 1;
  }
  if (const absl::Status defaults = kete::Engine::check_defaults(); !defaults.ok()) {
    output().line("info string error: " + kete::error_text(defaults));
    return 1;
  }
  kete::print_bench(output(), depth);
  return 0;
}

}  // extern "C"
