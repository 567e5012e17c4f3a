// kete: the engine daemon. Commands on stdin, answers on stdout (interface.md section 3).
//   kete            the command loop
//   kete bench [d]  the bench signature, then exit
#include <cstdlib>
#include <iostream>
#include <string>

#include "protocol/uci.h"
#include "search/bench.h"

int main(int argc, char** argv) {
  kete::Output out(std::cout);
  if (argc > 1 && std::string(argv[1]) == "bench") {
    kete::print_bench(out, argc > 2 ? std::atoi(argv[2]) : kete::kBenchDepth);
    return 0;
  }
  kete::Engine engine;
  kete::Protocol protocol(engine, out);
  for (std::string line; std::getline(std::cin, line);)
    if (!protocol.handle(line)) break;
  protocol.finish();
  return 0;
}
