#include "arena/tally.h"

#include <fmt/format.h>

#include "rules/notation.h"

namespace kete::arena {

bool Tally::add(const GameRecord& r) {
  if (r.termination == Termination::kAborted || r.result == Result::kNone) return false;
  const std::optional<double> score = r.score_of(names_[0]);
  const Side first_side = r.players[0] == names_[0] ? Side::kSouth : Side::kNorth;
  if (!score || r.players[index(~first_side)] != names_[1]) return false;

  wdl_.add(*score);
  by_side_[index(first_side)].add(*score);
  if (auto pending = unpaired_.find(r.round); pending != unpaired_.end()) {
    pentanomial_.add(pending->second, *score);
    unpaired_.erase(pending);
  } else {
    unpaired_[r.round] = *score;
  }
  if (r.termination == Termination::kRules) {
    ++endings_[r.reason];
  } else {
    const Side loser = r.result == Result::kSouthWins ? Side::kNorth : Side::kSouth;
    const std::string& who = r.players[index(loser)];
    ++faults_[who == names_[0] ? 0 : 1];
    ++endings_[fmt::format("{} by {}", to_string(r.termination), who)];
  }
  disagreements_ += int(r.disagreements.size());
  // The mover of ply k is the start's side to move for even k.
  const Side start_side = side_to_move_of(r.start);
  for (size_t i = 0; i < r.move_ms.size(); ++i) {
    const size_t ply = size_t(r.opening_plies) + i;
    const Side mover = ply % 2 == 0 ? start_side : ~start_side;
    move_ms_[r.players[index(mover)] == names_[0] ? 0 : 1].push_back(r.move_ms[i]);
  }
  return true;
}

}  // namespace kete::arena
