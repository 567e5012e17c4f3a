#include "arena/checkpoint.h"

#include <sys/stat.h>

#include <array>

#include <fmt/format.h>

#include "arena/pgn.h"
#include "tools/output_file.h"

namespace kete::arena {
namespace {

constexpr std::string_view kMagic = "kete-match checkpoint 1";
constexpr std::string_view kIdentityKey = "match: ";

}  // namespace

absl::StatusOr<Checkpoint> Checkpoint::create(std::string path, std::string identity,
                                              std::chrono::seconds every) {
  struct stat st;
  if (::stat(path.c_str(), &st) == 0)
    return absl::AlreadyExistsError(fmt::format(
        "{}: a checkpoint is already there: --resume continues it, or remove it", path));
  Checkpoint c(std::move(path), std::move(identity), every);
  if (absl::Status s = c.save(true); !s.ok()) return s;
  return c;
}

absl::StatusOr<Checkpoint> Checkpoint::resume(std::string path, std::string identity,
                                              std::chrono::seconds every) {
  absl::StatusOr<std::string> text = tools::read_checkpoint_text(path, kRecordFileBytes);
  if (!text.ok()) return text.status();
  const std::string header = fmt::format("{}\n{}", kMagic, kIdentityKey);
  if (!text->starts_with(header))
    return absl::InvalidArgumentError(fmt::format("{}: not a kete-match checkpoint", path));
  const size_t end = text->find('\n', header.size());
  if (end == std::string::npos)
    return absl::InvalidArgumentError(fmt::format("{}: the checkpoint is cut short", path));
  const std::string_view was = std::string_view(*text).substr(header.size(), end - header.size());
  if (was != identity)
    return absl::InvalidArgumentError(
        fmt::format("{}: the checkpoint is of another match:\n  it has: {}\n  this is: {}", path,
                    was, identity));
  absl::StatusOr<std::vector<GameRecord>> records =
      read_pgn(std::string_view(*text).substr(end + 1), path);
  if (!records.ok()) return records.status();
  Checkpoint c(std::move(path), std::move(identity), every);
  for (const GameRecord& r : *records)
    c.add(r);
  if (!c.unpaired_.empty())
    return absl::InvalidArgumentError(
        fmt::format("{}: round {} has one game: the checkpoint holds whole pairs", c.path_,
                    c.unpaired_.begin()->first));
  return c;
}

void Checkpoint::add(const GameRecord& record) {
  const auto pending = unpaired_.find(record.round);
  if (pending == unpaired_.end()) {
    unpaired_.emplace(record.round, record);
    return;
  }
  for (const GameRecord* r : std::array<const GameRecord*, 2>{&pending->second, &record}) {
    records_ += write_pgn(*r);
    finished_.push_back(*r);
  }
  unpaired_.erase(pending);
  news_ = true;
}

absl::Status Checkpoint::save(bool force) {
  const auto now = std::chrono::steady_clock::now();
  if (!force && (!news_ || now - last_save_ < every_)) return absl::OkStatus();
  const std::string text = fmt::format("{}\n{}{}\n{}", kMagic, kIdentityKey, identity_, records_);
  if (absl::Status s = tools::replace_file(path_, text); !s.ok()) return s;
  last_save_ = now;
  news_ = false;
  return absl::OkStatus();
}

}  // namespace kete::arena
