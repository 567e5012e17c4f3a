// The standard streams of a tool (issue 29). A tool started with one of descriptors 0-2
// closed (`2>&-`, `>&-`) would get that descriptor for the next file it opens, and its
// progress or results would be written into its data, records or book: every tool's main
// first opens /dev/null on each closed one. Standard error carries progress and
// diagnostics, which may be lost but never stop a tool (fmt::print threw from a full
// stderr, and the tool aborted); standard output carries results, and a tool whose results
// did not arrive exits non-zero.
#pragma once

#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "absl/status/status.h"

namespace kete::tools {

// Opens /dev/null on each of descriptors 0, 1 and 2 that is closed; the first thing each
// tool's main does, before any file is opened. Exits with status 1 if /dev/null cannot be
// opened (nothing could then be written safely).
void open_standard_streams();

// Writes `text` to standard error; a failed write is ignored.
void write_stderr(std::string_view text);

// Progress or a diagnostic, formatted, on standard error: never throws for a failed write.
template <class... Args>
void note(fmt::format_string<Args...> format, Args&&... args) {
  write_stderr(fmt::format(format, std::forward<Args>(args)...));
}

// Writes `text` to standard output; a failed write is not thrown but kept for
// flush_stdout().
void write_stdout(std::string_view text);

// A result, formatted, on standard output, as write_stdout.
template <class... Args>
void print(fmt::format_string<Args...> format, Args&&... args) {
  write_stdout(fmt::format(format, std::forward<Args>(args)...));
}

// Flushes the standard output and reports whether everything printed to it arrived
// (a full disk, a closed pipe): the tool then exits non-zero.
absl::Status flush_stdout();

// A finished tool's exit status: 0 if its standard output arrived, else 1 with
// "<tool>: cannot write the standard output: <reason>" on standard error.
int finish_stdout(std::string_view tool);

}  // namespace kete::tools
