// Reading a file that an option or a flag names (EvalFile, ProofFile; the tools'
// checkpoints, openings, records, data and proofs): only a regular file of bounded size is
// read, opened without blocking (issue #20: a FIFO blocked the command loop for ever,
// /dev/stdin ate the commands that followed; issue 29: `--checkpoint /dev/zero` grew a
// tool to 24 GB).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
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
// The same checks without the read (it opens and closes the file): the errors a reader of
// a big file can report at once, before it reads on another thread.
absl::Status check_option_file(std::string_view path, const OptionFileKind& kind);

// The same file read a line at a time, for files too big to hold whole (self-play data):
// each line, without its '\n', to line(text, number), numbered from 1; a line longer than
// `max_line` bytes is an error. Stops at the first error, `line`'s own included.
absl::Status read_option_file_lines(
    std::string_view path, const OptionFileKind& kind, size_t max_line,
    absl::FunctionRef<absl::Status(std::string_view text, uint64_t number)> line);

}  // namespace kete
