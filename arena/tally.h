// The running totals of a match, built from its game records (while it runs, or read back
// from a record file): results from the first engine's point of view, game pairs, how the
// games ended, and the SPRT state.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "arena/game_record.h"
#include "arena/stats.h"

namespace kete::arena {

class Tally {
 public:
  Tally(std::string first, std::string second, std::optional<SprtConfig> sprt = std::nullopt)
      : names_{std::move(first), std::move(second)}, sprt_(sprt) {}

  // Counts a finished game between the two engines; an aborted game or one between other
  // players is ignored (false). The two games of a round form a pair once both are in.
  bool add(const GameRecord& record);

  const std::array<std::string, 2>& names() const { return names_; }
  const std::optional<SprtConfig>& sprt() const { return sprt_; }
  int games() const { return wdl_.games(); }
  const Wdl& wdl() const { return wdl_; }
  // The first engine's results with South, and with North.
  const Wdl& wdl_as(Side s) const { return by_side_[index(s)]; }
  const Pentanomial& pentanomial() const { return pentanomial_; }
  // How games ended: the rules' reasons ("front row emptied") and faults ("crash by b").
  const std::map<std::string, int>& endings() const { return endings_; }
  // Faults per engine, first engine first.
  const std::array<int, 2>& faults() const { return faults_; }
  int disagreements() const { return disagreements_; }
  // Think time of every engine move, per engine, first engine first (ms).
  const std::array<std::vector<int64_t>, 2>& move_ms() const { return move_ms_; }

  double llr() const { return sprt_ ? arena::llr(pentanomial_, *sprt_) : 0; }
  SprtDecision decision() const { return sprt_ ? decide(llr(), *sprt_) : SprtDecision::kContinue; }

 private:
  std::array<std::string, 2> names_;
  std::optional<SprtConfig> sprt_;
  Wdl wdl_;
  std::array<Wdl, 2> by_side_;
  Pentanomial pentanomial_;
  std::map<int, double> unpaired_;  // round -> the first engine's score in its first game
  std::map<std::string, int> endings_;
  std::array<int, 2> faults_{};
  int disagreements_ = 0;
  std::array<std::vector<int64_t>, 2> move_ms_;
};

}  // namespace kete::arena
