// kete: the engine daemon. Commands on stdin, answers on stdout (docs/interface.md section 3).
//   kete            the command loop
//   kete bench [d]  the bench signature, then exit
//   kete --version  the version, then exit
// Exit status 1 when the answers did not all reach standard output (a full disk).
#include <iostream>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "engine/bench.h"
#include "engine/version.h"
#include "protocol/uci.h"
#include "rules/notation.h"
#include "rules/text.h"
#include "tools/standard_streams.h"

int main(int argc, char** argv) {
  kete::tools::open_standard_streams();
  kete::Output out(std::cout);
  if (argc > 1 && std::string(argv[1]) == "--version") {
    out.line(fmt::format("kete {}", kete::version()));
    return kete::tools::finish_stdout("kete");
  }
  if (const absl::Status defaults = kete::Engine::check_defaults(); !defaults.ok()) {
    out.line("info string error: " + kete::error_text(defaults));
    return 1;
  }
  if (argc > 1 && std::string(argv[1]) == "bench") {
    // As the `bench` command: a depth 0 would mean "no depth limit" to the search and
    // never end.
    int depth = kete::kBenchDepth;
    if (argc > 2) {
      const absl::StatusOr<int> d =
          kete::parse_number<int>("bench", argv[2], 1, kete::kMaxBenchDepth);
      if (!d.ok()) {
        out.line(
            fmt::format("info string error: bench: expected a depth 1..{}", kete::kMaxBenchDepth));
        return 1;
      }
      depth = *d;
    }
    kete::print_bench(out, depth);
    return kete::tools::finish_stdout("kete");
  }
  kete::Engine engine;
  kete::Protocol protocol(engine, out);
  for (std::string line; std::getline(std::cin, line);)
    if (!protocol.handle(line)) break;
  protocol.finish();
  return kete::tools::finish_stdout("kete");
}
