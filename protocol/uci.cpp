#include "protocol/uci.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <optional>

#include <fmt/format.h>

#include "engine/bench.h"
#include "engine/version.h"
#include "protocol/go_command.h"
#include "protocol/options.h"
#include "protocol/wdl.h"
#include "rules/notation.h"
#include "rules/perft.h"
#include "rules/rules.h"
#include "rules/text.h"
#include "rules/why_not.h"

namespace kete {
namespace {

// Input echoed in an error: printable ASCII only, and not too long.
std::string quoted(std::string_view text) {
  std::string out;
  for (char c : text.substr(0, 60))
    out += (c >= 32 && c < 127) ? c : '?';
  if (text.size() > 60) out += "...";
  return out;
}

// Messages may echo input (a token, a position string, an option value): never echo
// bytes that are not printable ASCII, and keep a huge input from making a huge line.
std::string printable(std::string_view what) {
  constexpr size_t kMax = 300;  // the head and the tail (which says what is wrong) stay
  std::string text(what.size() > kMax ? what.substr(0, kMax - 60) : what);
  if (what.size() > kMax) text += "..." + std::string(what.substr(what.size() - 57));
  for (char& c : text)
    if (c < 32 || c >= 127) c = '?';
  return text;
}

// Joins words[from, to) with single spaces.
std::string join(const std::vector<std::string_view>& words, size_t from, size_t to) {
  return fmt::format("{}", fmt::join(words.begin() + from, words.begin() + to, " "));
}

std::string score_text(const Score& s) {
  return s.is_mate() ? fmt::format("mate {}", s.mate_moves()) : fmt::format("cp {}", s.value);
}

std::string info_line(RuleSet rules, const Position& root, const SearchInfo& i, bool multipv,
                      bool wdl) {
  const std::string pv = line_text(rules, root, i.pv);
  const uint64_t nps = i.time_ms > 0 ? i.nodes * 1000 / uint64_t(i.time_ms) : i.nodes * 1000;
  // With MultiPV > 1 every iteration reports several lines: `multipv K` tells them apart.
  const std::string k = multipv ? fmt::format(" multipv {}", i.multipv) : "";
  // UCI_ShowWDL: after the score, as Stockfish prints it.
  const std::string w = wdl ? " " + wdl_text(root.variant(), i.score) : "";
  return fmt::format(
      "info depth {} seldepth {}{} score {}{} nodes {} nps {} hashfull {} time {} pv{}{}", i.depth,
      i.seldepth, k, score_text(i.score), w, i.nodes, nps, i.hashfull, i.time_ms,
      pv.empty() ? "" : " ", pv);
}

// "bestmove <move>", "bestmove <move> ponder <reply>", or "bestmove (none)" when the game
// is over (or there is no position).
std::string bestmove_line(RuleSet rules, const Position& root, const SearchResult& r,
                          bool name_ponder) {
  if (!r.best) return "bestmove (none)";
  std::string line = "bestmove " + move_token(root, *r.best);
  if (name_ponder && r.ponder)
    if (const std::optional<Position> next = play(rules, root, *r.best))
      line += " ponder " + move_token(*next, *r.ponder);
  return line;
}

}  // namespace

bool Protocol::handle(std::string_view line) {
  const Words w = split_words(line);
  if (w.empty()) return true;
  const std::string_view cmd = w[0];
  if (cmd == "quit") return false;
  if (cmd == "uci" || cmd == "ugi") {
    identify(cmd == "ugi");
  } else if (cmd == "isready") {
    out_.line("readyok");
  } else if (cmd == "ucinewgame" || cmd == "uginewgame") {
    engine_.new_game();
    no_position_ = false;
  } else if (cmd == "setoption") {
    set_option(w);
  } else if (cmd == "position") {
    position(w);
  } else if (cmd == "go") {
    if (!engine_.searching() && refuse_without_position("go")) {
      if (w.size() < 2 || w[1] != "perft") out_.line("bestmove (none)");
    } else if (w.size() > 1 && w[1] == "perft")
      perft(w, 2);
    else
      go(w);
  } else if (cmd == "stop") {
    engine_.stop();
  } else if (cmd == "ponderhit") {
    ponderhit();
  } else if (cmd == "debug") {
    debug(w);
  } else if (cmd == "query") {
    query(w);
  } else if (cmd == "perft") {
    if (!refuse_without_position("perft")) perft(w, 1);
  } else if (cmd == "d") {
    if (!refuse_without_position("d")) diagram();
  } else if (cmd == "eval") {
    if (!refuse_without_position("eval")) eval();
  } else if (cmd == "bench") {
    bench(w);
  } else if (cmd == "params") {
    params();
  } else if (cmd == "help") {
    help();
  } else {
    error(fmt::format("unknown command '{}'", quoted(line)));
  }
  return true;
}

void Protocol::finish() {
  engine_.stop();
  engine_.wait();
}

Protocol::Protocol(Engine& engine, Output& out) : engine_(engine), out_(out) {
  // A proof file loads on the engine's thread: its end comes when it comes, as a line of
  // its own (docs/protocol.md).
  engine_.set_proof_load_callback(
      [this](std::string_view path, const absl::StatusOr<size_t>& positions) {
        if (!positions.ok()) return error(error_text(positions.status()));
        out_.line(fmt::format("info string ProofFile: '{}' loaded: {} positions proven",
                              quoted(path), *positions));
      });
}

Protocol::~Protocol() {
  engine_.set_proof_load_callback({});  // waits for a call under way
}

void Protocol::error(std::string_view what) {
  out_.line(fmt::format("info string error: {}", printable(what)));
}

bool Protocol::refuse_without_position(std::string_view command) {
  if (!no_position_) return false;
  error(fmt::format("{}: no position: the last position command was refused", command));
  return true;
}

void Protocol::identify(bool ugi) {
  uci_dialect_ = !ugi;
  out_.line(fmt::format("id name kete {}", version()));
  out_.line("id author the kete developers");
  for (const Option& o : options())
    if (!o.tuning) out_.line(listing(o));
  out_.line(ugi ? "ugiok" : "uciok");
}

// params: the search's tuning parameters and switches, as `option` lines (docs/protocol.md).
void Protocol::params() {
  for (const Option& o : options())
    if (o.tuning) out_.line(listing(o));
  out_.line("paramsok");
}

// setoption name <name...> [value <value...>]
void Protocol::set_option(const Words& w) {
  if (w.size() < 3 || w[1] != "name")
    return error("setoption: expected 'setoption name <name> [value <value>]'");
  const size_t value_at = size_t(std::find(w.begin() + 2, w.end(), "value") - w.begin());
  const std::string name = join(w, 2, value_at);
  const std::string value = value_at < w.size() ? join(w, value_at + 1, w.size()) : "";
  const Option* o = find_option(name);
  if (!o) return out_.line(fmt::format("info string unknown option '{}' ignored", quoted(name)));
  if (const absl::Status s = kete::set_option(engine_, *o, value); !s.ok())
    return error(error_text(s));
  // These two start a new game from the variant's start: a position again.
  if (o->name == "UCI_Variant" || o->name == "KichwaRule") no_position_ = false;
}

// position startpos|fen <position string> [moves <m1> <m2> ...]
void Protocol::position(const Words& w) {
  no_position_ = true;  // until the command is accepted
  if (w.size() < 2 || (w[1] != "startpos" && w[1] != "fen"))
    return error("position: expected 'position startpos|fen <position> [moves ...]'");
  const size_t moves_at = size_t(std::find(w.begin() + 2, w.end(), "moves") - w.begin());
  if (w[1] == "startpos" && moves_at != 2 && w.size() > 2)
    return error(fmt::format("position: unexpected '{}' after startpos", quoted(w[2])));
  const std::string fen = w[1] == "fen" ? join(w, 2, moves_at) : "";
  if (w[1] == "fen" && fen.empty()) return error("position: fen needs a position string");
  const Words moves(w.begin() + std::min(moves_at + 1, w.size()), w.end());
  if (const absl::Status s = engine_.set_position(fen, moves); !s.ok())
    return error(fmt::format("position: {}", error_text(s)));
  no_position_ = false;
}

void Protocol::go(const Words& w) {
  if (engine_.busy()) return error("go: a search is running: send stop first");
  const RuleSet rules = engine_.rules();
  const Position root = engine_.position();
  absl::StatusOr<GoCommand> command = parse_go(w, rules, root);
  if (!command.ok()) return error(error_text(command.status()));
  if (command->kind != GoCommand::Kind::kSearch) return solve(*command);
  const bool multipv = engine_.settings().multipv > 1;
  const bool wdl = engine_.show_wdl();
  // cutegames reads a bestmove line of exactly two words: `ponder` only after `uci`.
  const bool name_ponder = uci_dialect_ && engine_.ponder();
  if (debug_)
    out_.line(fmt::format("info string debug: go {} from {}",
                          command->limits.ponder ? "ponder" : "search", position_string(root)));
  engine_.go(
      command->limits,
      [this, rules, root, multipv, wdl](const SearchInfo& i) {
        out_.line(info_line(rules, root, i, multipv, wdl));
      },
      [this, rules, root, name_ponder](const SearchResult& r) {
        if (debug_)
          out_.line(fmt::format("info string debug: search ended after {} nodes", r.nodes));
        out_.line(bestmove_line(rules, root, r, name_ponder));
      },
      [this, root](const CurrMove& c) {
        out_.line(
            fmt::format("info currmove {} currmovenumber {}", move_token(root, c.move), c.number));
      });
}

// go mate <N> | go solve, with their limits: the df-pn solver (docs/solver.md). `go mate`
// reports the shortest forced win within N own moves; `go solve` proves the value of the
// position. Both end with one bestmove.
void Protocol::solve(const GoCommand& command) {
  const Position root = engine_.position();
  if (engine_.game().outcome().result != Result::kNone) return out_.line("bestmove (none)");
  const RuleSet rules = engine_.rules();
  const bool mate = command.kind == GoCommand::Kind::kMate;
  const int most = command.mate_moves;
  engine_.solve(
      command.mate_moves, command.solve,
      [this](const SolveInfo& i) {
        out_.line(
            fmt::format("info nodes {} time {} string proof {} disproof {} memory {} entries {}",
                        i.nodes, i.time_ms, i.proof, i.disproof, i.memory_bytes, i.entries));
      },
      [this, rules, root, mate, most](const SolveJob::Outcome& o, const absl::Status& kept) {
        std::string pv = line_text(rules, root, o.pv);
        if (!pv.empty()) pv.insert(0, " ");
        const std::string_view us = to_string(root.side_to_move());
        const std::string_view them = to_string(~root.side_to_move());
        switch (o.verdict) {
          case SolveJob::Verdict::kWin:
            if (mate)
              out_.line(fmt::format("info depth {} score mate {} nodes {} time {} pv{}",
                                    2 * o.mate_moves - 1, o.mate_moves, o.info.nodes,
                                    o.info.time_ms, pv));
            else
              out_.line(fmt::format("info string solve: {} (to move) wins, line{}", us, pv));
            break;
          case SolveJob::Verdict::kLoss:
            out_.line(fmt::format("info string solve: {} wins, {} (to move) loses, line{}", them,
                                  us, pv));
            break;
          case SolveJob::Verdict::kNoMate:
            out_.line(fmt::format("info string mate: no forced win within {} moves", most));
            break;
          case SolveJob::Verdict::kUnknown:
            out_.line(fmt::format("info string {}: not proven within the limits",
                                  mate ? "mate" : "solve"));
            break;
        }
        if (!kept.ok())
          out_.line(fmt::format("info string solve: proof not kept: {}", error_text(kept)));
        if (debug_)
          out_.line(fmt::format("info string debug: solve ended after {} nodes, threads {}",
                                o.info.nodes, o.info.workers));
        const bool wins = o.verdict == SolveJob::Verdict::kWin && !o.pv.empty();
        const MoveList moves = legal_moves(rules, root);
        out_.line(wins            ? "bestmove " + move_token(root, o.pv[0])
                  : moves.empty() ? "bestmove (none)"
                                  : "bestmove " + move_token(root, moves[0]));
      });
}

// ponderhit: the move pondered on was played; the search goes on under its time limits.
void Protocol::ponderhit() {
  if (debug_)
    out_.line(engine_.pondering() ? "info string debug: ponderhit"
                                  : "info string debug: ponderhit without a ponder search");
  engine_.ponderhit();
}

// debug on|off: with on, `info string debug: ...` lines tell what the engine does.
void Protocol::debug(const Words& w) {
  if (w.size() != 2 || (w[1] != "on" && w[1] != "off"))
    return error("debug: expected 'debug on' or 'debug off'");
  debug_ = w[1] == "on";
  if (debug_) out_.line("info string debug: on");
}

void Protocol::query(const Words& w) {
  if (w.size() < 2)
    return error("query: expected gameover, p1turn, result, fen, moves, islegal, why or elo");
  if (w[1] == "elo") return query_elo();
  if (no_position_) return query_without_position(w);
  const Game& game = engine_.game();
  const Position& p = game.position();
  const bool over = game.outcome().result != Result::kNone;
  const std::string_view what = w[1];
  if (what == "gameover") {
    respond(over ? "true" : "false");
  } else if (what == "p1turn") {
    respond(p.side_to_move() == Side::kSouth ? "true" : "false");
  } else if (what == "result") {
    respond(to_string(game.outcome().result));
  } else if (what == "fen") {
    respond(position_string(p));
  } else if (what == "moves") {
    std::string tokens;
    if (!over)
      for (Move m : legal_moves(engine_.rules(), p)) {
        if (!tokens.empty()) tokens += ' ';
        tokens += move_token(p, m);
      }
    out_.line(tokens.empty() ? "response" : "response " + tokens);
  } else if (what == "islegal") {
    if (w.size() < 3) return error("query islegal: expected a move");
    respond(!over && parse_move(engine_.rules(), p, w[2]).ok() ? "true" : "false");
  } else if (what == "why") {
    // The reason comes from the rules library (rules/why_not.h); only the line is made here.
    if (w.size() < 3) return error("query why: expected a move");
    respond(printable(why_not(game, w[2]).text));  // the reason may echo the token
  } else {
    error(fmt::format("query: unknown query '{}'", quoted(what)));
  }
}

// `query elo`: the Elo of every level, 0 to 20, on the current variant's scale, so that a
// GUI can name its presets by the levels they reach (docs/protocol.md, "Strength").
void Protocol::query_elo() {
  respond(fmt::format("{}", fmt::join(engine_.elo_scale(), " ")));
}

// With no position (a refused `position`) every query answers as for a game that is over
// with no result, so that an arena asking `query gameover` after sending the position
// (cutegames does) ends the game at once instead of letting a search of the previous
// position reach the other engine.
void Protocol::query_without_position(const Words& w) {
  const std::string_view what = w[1];
  if (what == "gameover") {
    respond("true");
  } else if (what == "p1turn") {
    respond("false");
  } else if (what == "result") {
    respond("none");
  } else if (what == "fen") {
    respond("none");
  } else if (what == "moves") {
    out_.line("response");
  } else if (what == "islegal") {
    if (w.size() < 3) return error("query islegal: expected a move");
    respond("false");
  } else if (what == "why") {
    if (w.size() < 3) return error("query why: expected a move");
    respond(kGameOverText);
  } else {
    error(fmt::format("query: unknown query '{}'", quoted(what)));
  }
}

// perft <depth> and go perft <depth>: one line per move, then the total (Stockfish's form).
void Protocol::perft(const Words& w, size_t depth_at) {
  const absl::StatusOr<int> depth =
      parse_number<int>("perft", depth_at < w.size() ? w[depth_at] : std::string_view(), 1, 30);
  if (!depth.ok()) return error("perft: expected a depth 1..30");
  const Position& p = engine_.position();
  uint64_t total = 0;
  for (const PerftEntry& e : perft_divide(engine_.rules(), p, int(*depth))) {
    out_.line(fmt::format("{}: {}", move_token(p, e.move), e.nodes));
    total += e.nodes;
  }
  out_.line("");
  out_.line(fmt::format("Nodes searched: {}", total));
}

void Protocol::diagram() {
  const Position& p = engine_.position();
  const int w = p.width();
  auto row = [&](std::string_view label, int r) {
    std::string names, counts;
    for (int j = 0; j < w; ++j) {
      const Pit pit = pit_of_row(w, r, j);
      names += fmt::format("{:>4}", pit_name(w, pit));
      counts += fmt::format("{:>4}", p.seeds(pit));
    }
    out_.line(fmt::format("{:<9}{}", label, names));
    out_.line(fmt::format("{:<9}{}", "", counts));
  };
  constexpr std::string_view kRowLabels[kBoardRows] = {"N back", "N front", "S front", "S back"};
  for (int r = 0; r < kBoardRows; ++r)
    row(kRowLabels[r], r);
  out_.line(fmt::format("Variant: {} (KichwaRule {})", to_string(p.variant()),
                        to_string(engine_.rules().kichwa)));
  out_.line(fmt::format("Position: {}", position_string(p)));
  const Outcome o = engine_.game().outcome();
  std::string moves;
  if (o.result == Result::kNone)  // as `query moves`: a drawn game has no moves either
    for (Move m : legal_moves(engine_.rules(), p))
      moves += " " + move_token(p, m);
  out_.line(fmt::format("Legal moves:{}", moves));
  out_.line(fmt::format("Plies: {}  Result: {} ({})", engine_.game().plies(), to_string(o.result),
                        to_string(o.reason)));
}

void Protocol::eval() {
  const EvalReport e = engine_.evaluation();
  if (e.net) {
    out_.line(
        fmt::format("net inputs ({}): {}", e.net_inputs.size(), fmt::join(e.net_inputs, " ")));
    out_.line(fmt::format("net output {} (centi-seeds, side to move's view)", e.net_output));
    if (e.residual)
      out_.line(fmt::format("residual net: evaluation {} = the weights' {} + the net's output",
                            e.residual->first, e.residual->second));
    return;
  }
  out_.line(fmt::format("{:<12} {:>7} {:>7} {:>7}", "term", "feature", "weight", "value"));
  for (const EvalTerm& t : e.terms)
    out_.line(fmt::format("{:<12} {:>7} {:>7} {:>7}", t.name, t.feature, t.weight, t.value));
  out_.line(fmt::format("{:<12} {:>23} (centi-seeds, side to move's view)", "total", e.total));
}

void Protocol::bench(const Words& w) {
  const absl::StatusOr<int> depth =
      w.size() > 1 ? parse_number<int>("bench", w[1], 1, kMaxBenchDepth) : kBenchDepth;
  if (!depth.ok()) return error(fmt::format("bench: expected a depth 1..{}", kMaxBenchDepth));
  print_bench(out_, int(*depth), engine_.settings());
}

void Protocol::help() {
  for (std::string_view line : {
           "kete, a Bao engine. Commands (docs/interface.md section 3):",
           "  uci | ugi                     identify, list options",
           "  params                        list the search's tuning parameters (paramsok)",
           "  isready                       readyok",
           "  setoption name <n> [value <v>]",
           "  ucinewgame | uginewgame       forget the game",
           "  position startpos|fen <pos> [moves <m>...]",
           "  go [wtime|btime|winc|binc|p1time|p2time|p1inc|p2inc|movestogo|movetime|depth|nodes "
           "<n>] [infinite] [ponder] [searchmoves <m>...]",
           "  go mate <N> | go solve  [nodes <n>] [movetime <ms>]   the solver (docs/solver.md)",
           "  stop | ponderhit | quit",
           "  debug on|off",
           "  query gameover|p1turn|result|fen|moves|islegal <move>|why <move>|elo",
           "  d | perft <depth> | go perft <depth> | eval | bench [depth] | help",
       })
    out_.line(line);
}

void print_bench(Output& out, int depth, const SearchSettings& settings) {
  const auto t0 = std::chrono::steady_clock::now();
  uint64_t total = 0;
  run_bench(depth, settings, [&](const BenchLine& l) {
    out.line(fmt::format("{:<10} {:>10}  {}", to_string(l.position.variant), l.nodes,
                         l.position.position));
    total += l.nodes;
  });
  const int64_t ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0)
          .count();
  out.line("");
  out.line(fmt::format("Total time (ms) : {}", ms));
  out.line(fmt::format("Nodes searched  : {}", total));
  out.line(fmt::format("Nodes/second    : {}", total * 1000 / uint64_t(std::max<int64_t>(ms, 1))));
}

}  // namespace kete
