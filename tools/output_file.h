// The files the tools write, with every write and the close checked: a tool that could not
// write what it promised says so and exits non-zero (docs/arena.md, docs/tuning.md). Errors
// name the path and the system's reason. The standard output: tools/standard_streams.h.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace kete::tools {

class OutputFile {
 public:
  // Creates or truncates `path`. A directory is refused.
  static absl::StatusOr<OutputFile> create(const std::string& path);
  // Continues an existing `path` after its first `size` bytes (a resumed run): what a killed
  // run wrote after its last checkpoint is cut off. A file shorter than that is refused.
  static absl::StatusOr<OutputFile> continue_at(const std::string& path, uint64_t size);

  OutputFile(OutputFile&& other) noexcept;
  OutputFile& operator=(OutputFile&& other) noexcept;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile();  // closes without a check: call close() to know

  // All of `text`, or an error (a full disk, a closed file).
  absl::Status write(std::string_view text);
  // Puts what was written on the disk (a checkpoint that counts it is written next).
  absl::Status sync();
  // Closes the file; the error a full disk may report only here.
  absl::Status close();
  const std::string& path() const { return path_; }

 private:
  OutputFile(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}
  std::string path_;
  int fd_ = -1;
};

// Replaces `path` as a whole with `text` (a temporary file beside it, renamed over it),
// so that an interrupted write never leaves half a file. Only a regular file or a path
// that does not exist yet is replaced: a device, a directory, a FIFO or a symbolic link
// is refused before anything is written.
absl::Status replace_file(const std::string& path, std::string_view text);

}  // namespace kete::tools
