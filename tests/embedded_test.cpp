// What the build embeds (cmake/embed_file.cmake, embed_nets.cmake, embed_proofs.cmake,
// embed_weights.cmake) is the files of tuning/ byte for byte: a net, a proof or a weights
// file changed without a rebuild of its embed (a stale embed was fixed once already) or
// an embedding that drops or alters a byte fails here. Every file of tuning/nets and
// tuning/proofs is named so that the build embeds it; a variant or rules set without a
// file embeds nothing.
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "rules/types.h"

namespace kete {
// The generated sources (build/<preset>/generated/default_*.cpp) define these.
extern const std::string_view kDefaultProofBytes[8];  // [variant * 2 + kichwa rule]
extern const std::string_view kDefaultWeightsText[kVariantCount];
namespace nnue {
extern const std::string_view kDefaultNetBytes[kVariantCount];
}  // namespace nnue

namespace {

const std::string kTuning = std::string(KETE_SOURCE_DIR) + "/tuning/";

// The bytes of a file, or nothing when it does not exist.
std::optional<std::string> file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// The names of the files in a folder of tuning/.
std::set<std::string> files_in(const std::string& folder) {
  std::set<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(kTuning + folder))
    names.insert(entry.path().filename().string());
  return names;
}

// Where the embedded bytes and the file differ: the first differing offset and the sizes.
std::string difference(std::string_view embedded, std::string_view file) {
  size_t at = 0;
  while (at < embedded.size() && at < file.size() && embedded[at] == file[at])
    ++at;
  return fmt::format("embedded {} bytes, the file {}; first difference at byte {}", embedded.size(),
                     file.size(), at);
}

TEST(Embedded, NetsAreTheFilesOfTuningNetsByteForByte) {
  std::set<std::string> expected;
  for (Variant v : kAllVariants) {
    const std::string name = fmt::format("{}.nnue", to_string(v));
    const std::string_view embedded = nnue::kDefaultNetBytes[size_t(v)];
    const std::optional<std::string> file = file_bytes(kTuning + "nets/" + name);
    if (!file) {
      EXPECT_TRUE(embedded.empty()) << name << " is embedded but not in tuning/nets";
      continue;
    }
    expected.insert(name);
    EXPECT_TRUE(embedded == *file) << name << ": " << difference(embedded, *file);
  }
  EXPECT_EQ(files_in("nets"), expected) << "a file of tuning/nets the build does not embed";
  // Today's defaults (docs/evaluation.md, "Built-in nets"): kigogo and kiswahili.
  EXPECT_EQ(expected, (std::set<std::string>{"kigogo.nnue", "kiswahili.nnue"}));
}

TEST(Embedded, ProofsAreTheFilesOfTuningProofsByteForByte) {
  std::set<std::string> expected;
  for (Variant v : kAllVariants)
    for (KichwaRule k : {KichwaRule::kChoose, KichwaRule::kFollow}) {
      const std::string name = fmt::format("{}-{}.proof", to_string(v), to_string(k));
      const std::string_view embedded = kDefaultProofBytes[2 * size_t(v) + size_t(k)];
      const std::optional<std::string> file = file_bytes(kTuning + "proofs/" + name);
      if (!file) {
        EXPECT_TRUE(embedded.empty()) << name << " is embedded but not in tuning/proofs";
        continue;
      }
      expected.insert(name);
      EXPECT_TRUE(embedded == *file) << name << ": " << difference(embedded, *file);
    }
  EXPECT_EQ(files_in("proofs"), expected) << "a file of tuning/proofs the build does not embed";
  // docs/solver.md: Bao la Kujifunza under both kichwa rules.
  EXPECT_EQ(expected, (std::set<std::string>{"kujifunza-choose.proof", "kujifunza-follow.proof"}));
}

TEST(Embedded, WeightsAreTheFilesOfTuningWeightsByteForByte) {
  for (Variant v : kAllVariants) {
    const std::string name = fmt::format("{}.txt", to_string(v));
    const std::optional<std::string> file = file_bytes(kTuning + "weights/" + name);
    ASSERT_TRUE(file.has_value()) << name;
    const std::string_view embedded = kDefaultWeightsText[size_t(v)];
    EXPECT_TRUE(embedded == *file) << name << ": " << difference(embedded, *file);
  }
}

}  // namespace
}  // namespace kete
