// The bench node counts must equal the signature in tests/data/bench.txt.
#include <fstream>
#include <map>

#include <gtest/gtest.h>

#include "engine/bench.h"

namespace kete {
namespace {

TEST(Bench, SignatureIsUnchanged) {
  std::ifstream in(std::string(KETE_TEST_DATA) + "/bench.txt");
  ASSERT_TRUE(in);
  std::map<std::string, uint64_t> expected;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string variant;
    uint64_t nodes = 0;
    ASSERT_TRUE(words >> variant >> nodes) << line;
    expected[variant] = nodes;
  }
  std::map<std::string, uint64_t> actual;
  run_bench(kBenchDepth, SearchSettings{}, [&](const BenchLine& l) {
    actual[std::string(to_string(l.position.variant))] += l.nodes;
  });
  EXPECT_EQ(actual, expected) << "the bench signature changed: a functional change must update "
                                 "tests/data/bench.txt and say why";
}

}  // namespace
}  // namespace kete
