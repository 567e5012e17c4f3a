// Reading a file that an option names (EvalFile, ProofFile): only a regular file of bounded
// size is read, opened without blocking (issue #20: a FIFO blocked the command loop for
// ever, /dev/stdin ate the commands that followed).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace kete {

// What the file should be, for the errors: "'<path>' is a pipe, not <kind>" and
// "'<path>' is not <kind_by_size> (over <max> MiB)".
struct OptionFileKind {
  std::string_view kind;
  std::string_view kind_by_size;
  size_t max_bytes;
};

// The bytes of the regular file at `path`; errors name the file and what is wrong.
absl::StatusOr<std::string> read_option_file(std::string_view path, const OptionFileKind& kind);

}  // namespace kete
