// The runner's side of the protocol (docs/interface.md section 3) with one engine process:
// handshake, options, positions, `go` with a deadline, and UGI queries.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "arena/engine_process.h"
#include "rules/types.h"

namespace kete::arena {

// An engine as given on the command line.
struct EngineConfig {
  std::string name;
  std::string command;
  std::vector<std::string> args;
  std::vector<std::pair<std::string, std::string>> options;  // setoption name/value, in order
};

// What the runner tells every engine before a match: the rules and the move limit.
struct MatchRules {
  RuleSet rules;
  int max_plies = 1000;
};

class UciClient {
 public:
  // How long the handshake, `isready` and a query may take before the engine counts as
  // unresponsive.
  static constexpr Millis kStartupTimeout{10000};
  static constexpr Millis kReplyTimeout{5000};

  UciClient(EngineConfig config, MatchRules rules, bool inherit_stderr)
      : config_(std::move(config)), rules_(rules), inherit_stderr_(inherit_stderr) {}
  ~UciClient() { quit(); }
  UciClient(const UciClient&) = delete;
  UciClient& operator=(const UciClient&) = delete;

  const EngineConfig& config() const { return config_; }
  const std::string& name() const { return config_.name; }
  bool running() const { return process_.running(); }

  // Starts the process, `ugi` until `ugiok`, sets the variant, the rule options, MaxPlies
  // and the configured options, then `isready`. Kills a running instance first. An option
  // the engine does not list, a value outside its type or range, or an `info string error`
  // before `readyok` is an error naming it: a match never runs with an option unset.
  absl::Status start();
  // `uginewgame`, then `isready`.
  absl::Status new_game();
  // `position startpos|fen <start> moves ...`; `start` empty means the start position.
  absl::Status set_position(const std::string& start, const std::vector<std::string>& moves);

  struct Reply {
    enum class Kind { kMove, kTimeout, kCrash };
    Kind kind = Kind::kMove;
    std::string token;  // kMove: the word after `bestmove` (may be empty or garbage)
    int64_t elapsed_ms = 0;
    std::string detail;  // kCrash: how the process ended
  };
  // Sends `go <arguments>` and waits for `bestmove` until `allowed_ms` have passed.
  Reply go(const std::string& arguments, int64_t allowed_ms);

  // `query <what>` -> the text after `response`, or nullopt if the engine does not answer
  // it (an `isready` sent behind the query comes back first) or is not responding.
  std::optional<std::string> query(const std::string& what);

  // `quit`, then a short wait for the exit before killing the process.
  void quit();
  void kill() { process_.kill(); }
  // How the process ended, once it has (waits briefly for the exit).
  std::string crash_description();
  // What the engine said (`info string ...`) while its options were set: an unknown
  // option or a bad value shows up here.
  const std::vector<std::string>& startup_messages() const { return startup_messages_; }
  // The `option name ...` lines of the handshake, as the engine sent them: what it can be
  // told (a tuner reads the bounds of its spin options here).
  const std::vector<std::string>& option_listing() const { return option_listing_; }
  // The `option name ...` lines of `params`, kete's listing of its search's tuning
  // parameters (docs/protocol.md), which `uci` leaves out: empty for an engine without
  // the command (an `isready` sent behind it comes back first).
  absl::StatusOr<std::vector<std::string>> tuning_listing();

 private:
  bool send(std::string_view line) { return process_.write_line(line); }
  // Reads until a line starting with `word` (then returns it) or the deadline, keeping
  // the lines on the way that start with `keep` in `kept`.
  std::optional<std::string> wait_for(std::string_view word, SteadyClock::time_point deadline,
                                      std::vector<std::string>* kept = nullptr,
                                      std::string_view keep = "info string");
  absl::Status unresponsive(std::string_view waiting_for);
  absl::Status check_options();

  EngineConfig config_;
  MatchRules rules_;
  bool inherit_stderr_;
  EngineProcess process_;
  std::vector<std::string> startup_messages_;
  std::vector<std::string> option_listing_;
};

}  // namespace kete::arena
