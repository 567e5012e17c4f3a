// The checkpoint of a kete-datagen or kete-spsa run (docs/distributed.md, "Resuming"): the
// run's identity and a few named values (games written, SPSA's theta and iteration),
// replaced as a whole so that a run killed at any moment leaves the last complete one.
//
//   kete-spsa checkpoint 1
//   run: <identity: the flags that decide the run's results>
//   <key>: <value>
//   ...
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace kete::tools {

// The most a checkpoint of kete-datagen or kete-spsa is read at (it holds a few lines; a
// thousand parameters of SPSA take 20 KB).
inline constexpr size_t kRunCheckpointBytes = size_t(1) << 20;

// The whole text of a checkpoint file (kete-match's, or a tuning tool's): a regular file of
// at most `max_bytes` (rules/option_file.h).
absl::StatusOr<std::string> read_checkpoint_text(const std::string& path, size_t max_bytes);

using CheckpointFields = std::map<std::string, std::string>;

// Refuses to replace a file that is not a checkpoint of `tool`: a mistyped --checkpoint
// must not overwrite data.
absl::Status save_run_checkpoint(const std::string& path, std::string_view tool,
                                 const std::string& identity, const CheckpointFields& fields);

// The fields of the checkpoint at `path`, which must be of the same tool and run.
absl::StatusOr<CheckpointFields> load_run_checkpoint(const std::string& path, std::string_view tool,
                                                     const std::string& identity);

// What a checkpoint counts of a file it continues (kete-datagen's data): the first `bytes`
// bytes, sealed with their checksum (64-bit FNV-1a, continued over "games=G bytes=B"), so
// that a resume refuses a file or a count edited since (issue 29: `bytes: 0` silently cut
// 294 finished games, a short count joined two lines). The hash runs as the file grows.
class FileSeal {
 public:
  void add(std::string_view text);
  // The seal of what was added, with the counts it is saved with: 16 hex digits.
  std::string seal(uint64_t games, uint64_t bytes) const;

 private:
  uint64_t hash_ = 14695981039346656037ull;
};

// Reads the first `bytes` bytes of the regular file at `path` (it may hold more: games
// written after the checkpoint), which must end a line, and checks them against `seal`.
// On success, the FileSeal to continue with. `counted` names what `games` counts in the
// error (kete-solve's state counts table entries).
absl::StatusOr<FileSeal> check_sealed_prefix(const std::string& path, uint64_t games,
                                             uint64_t bytes, std::string_view seal,
                                             std::string_view counted = "games");

// A new run's checkpoint path must not hold a file yet: --resume continues it.
absl::Status check_no_checkpoint(const std::string& path);

}  // namespace kete::tools
