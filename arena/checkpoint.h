// A match's checkpoint (docs/distributed.md, "Resuming"): the match's identity and the
// records of its finished game pairs, replaced as a whole (temporary file and rename) so
// that a job killed at any moment leaves the last complete one. `--resume` counts its games
// and plays the rest; the SPRT state is the one those games give.
#pragma once

#include <chrono>
#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "arena/game_record.h"
#include "tools/run_checkpoint.h"

namespace kete::arena {

class Checkpoint {
 public:
  // A new checkpoint; an existing file at `path` is refused (resume it or remove it).
  // `identity` names the match (engines, rules, time control, games, openings) on one line.
  static absl::StatusOr<Checkpoint> create(std::string path, std::string identity,
                                           std::chrono::seconds every);
  // The checkpoint at `path`, which must be of the same match.
  static absl::StatusOr<Checkpoint> resume(std::string path, std::string identity,
                                           std::chrono::seconds every);

  // The games of the whole pairs it holds, in the order they were added.
  const std::vector<GameRecord>& finished() const { return finished_; }
  // A counted game; it joins the checkpoint when the other game of its round has.
  void add(const GameRecord& record);
  // Writes the file if `every` has passed since the last write and there is news, or
  // always with `force`.
  absl::Status save(bool force = false);

 private:
  Checkpoint(std::string path, std::string identity, std::chrono::seconds every)
      : path_(std::move(path)), identity_(std::move(identity)), every_(every) {}

  std::string path_, identity_;
  std::chrono::seconds every_;
  std::vector<GameRecord> finished_;
  std::string records_;                 // the PGN text of finished_
  std::map<int, GameRecord> unpaired_;  // round -> its first game in
  std::chrono::steady_clock::time_point last_save_ = std::chrono::steady_clock::now();
  bool news_ = true;
};

}  // namespace kete::arena
