// kete's command loop. A bare loop until the protocol issue lands: position, perft, d.
#include <chrono>
#include <iostream>
#include <sstream>
#include <string>

#include <fmt/format.h>

#include "engine/notation.h"
#include "engine/perft.h"
#include "engine/rules.h"

namespace kete {
namespace {

struct Session {
  RuleSet rules;
  Position position = Position::start(rules.variant);
};

void say(const std::string& line) {
  std::cout << line << std::endl;
}
void error(std::string_view what) {
  say(fmt::format("info string error: {}", what));
}

// position startpos|fen <position string> [moves <m1> ...]; all or nothing.
void cmd_position(Session& s, std::istringstream& in) {
  std::string word, fen;
  in >> word;
  Position p = Position::start(s.rules.variant);
  if (word == "fen") {
    while (in >> word && word != "moves") {
      if (!fen.empty()) fen += ' ';
      fen += word;
    }
    absl::StatusOr<Position> parsed = parse_position(s.rules.variant, fen);
    if (!parsed.ok()) return error(error_text(parsed.status()));
    p = *parsed;
  } else if (word == "startpos") {
    in >> word;
  } else {
    return error("position: expected startpos or fen");
  }
  if (word == "moves")
    while (in >> word) {
      absl::StatusOr<Move> m = parse_move(s.rules, p, word);
      if (!m.ok()) return error(error_text(m.status()));
      p = *play(s.rules, p, *m);
    }
  s.position = p;
}

void cmd_perft(const Session& s, std::istringstream& in) {
  int depth = 0;
  if (!(in >> depth) || depth < 0 || depth > 64) return error("perft: expected a depth 0..64");
  const auto t0 = std::chrono::steady_clock::now();
  uint64_t total = 0;
  for (const PerftEntry& e : perft_divide(s.rules, s.position, depth)) {
    say(fmt::format("{}: {}", move_token(s.position, e.move), e.nodes));
    total += e.nodes;
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  say("");
  say(fmt::format("Nodes searched: {}", depth == 0 ? 1 : total));
  say(fmt::format("info string perft time {:.3f} s, {:.0f} leaves/s", secs,
                  total / std::max(secs, 1e-9)));
}

void cmd_d(const Session& s) {
  say(position_string(s.position));
  std::string moves;
  for (Move m : legal_moves(s.rules, s.position)) {
    moves += ' ';
    moves += move_token(s.position, m);
  }
  say("Legal moves:" + moves);
}

void cmd_setoption(Session& s, std::istringstream& in) {
  std::string word, name, value;
  in >> word;  // "name"
  while (in >> word && word != "value") {
    if (!name.empty()) name += ' ';
    name += word;
  }
  in >> value;
  if (name == "UCI_Variant") {
    std::optional<Variant> v = parse_variant(value);
    if (!v) return error(fmt::format("unsupported variant '{}'", value));
    s.rules.variant = *v;
    s.position = Position::start(*v);
  } else if (name == "KichwaRule") {
    std::optional<KichwaRule> k = parse_kichwa_rule(value);
    if (!k) return error(fmt::format("KichwaRule: '{}' is not choose or follow", value));
    s.rules.kichwa = *k;
  } else {
    say(fmt::format("info string unknown option '{}'", name));
  }
}

}  // namespace
}  // namespace kete

int main() {
  kete::Session session;
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::string cmd;
    in >> cmd;
    if (cmd.empty()) continue;
    if (cmd == "quit") break;
    if (cmd == "isready")
      kete::say("readyok");
    else if (cmd == "position")
      kete::cmd_position(session, in);
    else if (cmd == "perft")
      kete::cmd_perft(session, in);
    else if (cmd == "go" && (in >> cmd) && cmd == "perft")
      kete::cmd_perft(session, in);
    else if (cmd == "d")
      kete::cmd_d(session);
    else if (cmd == "setoption")
      kete::cmd_setoption(session, in);
    else
      kete::error(fmt::format("unknown command '{}'", line));
  }
}
