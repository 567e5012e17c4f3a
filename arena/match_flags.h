// The match flags that kete-match and kete-spsa share (docs/arena.md): engines, rules,
// time control, openings, seed, concurrency. kete-spsa takes them as kete-match does, so
// one reader serves both tools; each tool reads its own flags first and hands the rest
// here.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "arena/match.h"
#include "tools/arg_cursor.h"

namespace kete::arena {

class MatchFlags {
 public:
  // Where the values go: each tool keeps them in its own command line.
  struct Fields {
    MatchRules& rules;
    TimeControl& time_control;
    int& concurrency;
    bool& inherit_stderr;
    std::string& openings_file;
    int& random_plies;
    uint64_t& seed;
  };

  // What sets the tools apart.
  struct Dialect {
    // kete-match: exactly two engines, told apart by name=. kete-spsa plays one engine
    // against itself: --engine at most once, without a name.
    bool two_engines = true;
    // kete-match reads `--openings ""` as no openings file; kete-spsa refuses an empty
    // file name as it does for its --output.
    bool empty_openings = true;
  };

  MatchFlags(Fields fields, Dialect dialect) : fields_(fields), dialect_(dialect) {}

  // Reads `flag` and its values from `args`. A flag that is not a match flag is an
  // unknown argument: the tool has already tried its own.
  absl::Status take(const std::string& flag, tools::ArgCursor& args);

  // The checks that need the whole command line (the engines, exactly one time control,
  // openings or random plies); then the margins go into the time control.
  absl::Status finish();

  // As given; with two_engines, an engine without name= is called after its command.
  const std::vector<EngineConfig>& engines() const { return engines_; }

 private:
  absl::Status number(const std::string& flag, tools::ArgCursor& args);
  absl::Status engine(tools::ArgCursor& args);
  absl::Status engine_key(EngineConfig& e, const std::string& word);
  absl::Status rules(const std::string& flag, tools::ArgCursor& args);
  absl::Status time_control(const std::string& flag, tools::ArgCursor& args);
  absl::Status openings(tools::ArgCursor& args);
  absl::Status check_engines() const;

  Fields fields_;
  Dialect dialect_;
  std::vector<EngineConfig> engines_;
  int engine_flags_ = 0;
  int time_controls_ = 0;
  bool random_plies_set_ = false;
  int64_t margin_ms_ = 100, move_timeout_ms_ = 60000;
};

}  // namespace kete::arena
