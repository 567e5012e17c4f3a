// kete: the engine daemon. Commands on stdin, answers on stdout (interface.md section 3).
//   kete            the command loop
//   kete bench [d]  the bench signature, then exit
//   kete --version  the version, then exit
#include <charconv>
#include <iostream>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "protocol/uci.h"
#include "protocol/version.h"
#include "search/bench.h"

int main(int argc, char** argv) {
  kete::Output out(std::cout);
  if (argc > 1 && std::string(argv[1]) == "--version") {
    out.line(fmt::format("kete {}", kete::version()));
    return 0;
  }
  if (argc > 1 && std::string(argv[1]) == "bench") {
    // As the `bench` command: a depth 0 (or garbage, which atoi reads as 0) would mean
    // "no depth limit" to the search and never end.
    int depth = kete::kBenchDepth;
    if (argc > 2) {
      const std::string_view arg = argv[2];
      const auto [end, ec] = std::from_chars(arg.data(), arg.data() + arg.size(), depth);
      if (ec != std::errc() || end != arg.data() + arg.size() || depth < 1 || depth > 20) {
        out.line("info string error: bench: expected a depth 1..20");
        return 1;
      }
    }
    kete::print_bench(out, depth);
    return 0;
  }
  kete::Engine engine;
  kete::Protocol protocol(engine, out);
  for (std::string line; std::getline(std::cin, line);)
    if (!protocol.handle(line)) break;
  protocol.finish();
  return 0;
}
