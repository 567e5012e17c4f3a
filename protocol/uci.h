// The text protocol: a superset of UCI and UGI (docs/interface.md section 3). Parses a line
// into a request, calls the engine facade, formats the typed results. Every command but
// `go` is answered at once, also while a search runs: the search works on its own copies
// of the position and settings, so a new position or option applies to the next `go`.
#pragma once

#include <atomic>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine.h"
#include "protocol/go_command.h"
#include "protocol/output.h"

namespace kete {

class Protocol {
 public:
  // Registers itself for the engine's ProofFile news (engine/engine.h): the engine must
  // outlive the protocol's use of it, as it does in main.
  Protocol(Engine& engine, Output& out);
  ~Protocol();
  Protocol(const Protocol&) = delete;
  Protocol& operator=(const Protocol&) = delete;

  // Handles one command line; false once the session should end (`quit`).
  bool handle(std::string_view line);
  // Ends the session: stops a running search and waits for its bestmove.
  void finish();

 private:
  using Words = std::vector<std::string_view>;

  void identify(bool ugi);
  void params();
  void set_option(const Words& w);
  void position(const Words& w);
  void go(const Words& w);
  void solve(const GoCommand& command);
  void query(const Words& w);
  void ponderhit();
  void debug(const Words& w);
  void query_elo();
  void query_without_position(const Words& w);
  void perft(const Words& w, size_t depth_at);
  void diagram();
  void eval();
  void bench(const Words& w);
  void help();

  // After a refused `position` the engine keeps no position, so that no command acts on
  // the previous one (docs/protocol.md, "When a position is refused"): true if there is
  // none, after telling `command`'s caller so with an error line.
  bool refuse_without_position(std::string_view command);

  void error(std::string_view what);
  void respond(std::string_view answer) {
    out_.line(std::string("response ") + std::string(answer));
  }

  Engine& engine_;
  Output& out_;
  // The last `position` was refused: until a valid one, a new game or a new variant, `go`
  // answers `bestmove (none)` and the queries answer as for a game that is over.
  bool no_position_ = false;
  bool uci_dialect_ = false;        // the last handshake was `uci` (not `ugi`)
  std::atomic<bool> debug_{false};  // `debug on`: read by the search thread's callbacks
};

// The body of `kete bench [depth]` (default settings: the signature) and of the `bench`
// command (the engine's current options, e.g. Threads or UseTT, for measurements).
void print_bench(Output& out, int depth, const SearchSettings& settings = {});

}  // namespace kete
