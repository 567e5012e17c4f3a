#include "protocol/uci.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <optional>

#include <fmt/format.h>

#include "engine/evaluate.h"
#include "engine/nnue.h"
#include "engine/notation.h"
#include "engine/perft.h"
#include "engine/rules.h"
#include "engine/text.h"
#include "protocol/options.h"
#include "search/bench.h"

namespace kete {
namespace {

constexpr std::string_view kVersion = "0.1";

// Input echoed in an error: printable ASCII only, and not too long.
std::string quoted(std::string_view text) {
  std::string out;
  for (char c : text.substr(0, 60))
    out += (c >= 32 && c < 127) ? c : '?';
  if (text.size() > 60) out += "...";
  return out;
}

// Joins words[from, to) with single spaces.
std::string join(const std::vector<std::string_view>& words, size_t from, size_t to) {
  std::string s;
  for (size_t i = from; i < to; ++i) {
    if (i > from) s += ' ';
    s += words[i];
  }
  return s;
}

std::string score_text(const Score& s) {
  return s.is_mate() ? fmt::format("mate {}", s.mate_moves()) : fmt::format("cp {}", s.value);
}

std::string info_line(RuleSet rules, const Position& root, const SearchInfo& i, bool multipv) {
  std::string pv;
  Position p = root;
  for (Move m : i.pv) {
    pv += ' ';
    pv += move_token(p, m);
    std::optional<Position> next = play(rules, p, m);
    if (!next) break;
    p = *next;
  }
  const uint64_t nps = i.time_ms > 0 ? i.nodes * 1000 / uint64_t(i.time_ms) : i.nodes * 1000;
  // With MultiPV > 1 every iteration reports several lines: `multipv K` tells them apart.
  const std::string k = multipv ? fmt::format(" multipv {}", i.multipv) : "";
  return fmt::format(
      "info depth {} seldepth {}{} score {} nodes {} nps {} hashfull {} time {} pv{}", i.depth,
      i.seldepth, k, score_text(i.score), i.nodes, nps, i.hashfull, i.time_ms, pv);
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
  } else if (cmd == "setoption") {
    set_option(w);
  } else if (cmd == "position") {
    position(w);
  } else if (cmd == "go") {
    if (w.size() > 1 && w[1] == "perft")
      perft(w, 2);
    else
      go(w);
  } else if (cmd == "stop") {
    engine_.stop();
  } else if (cmd == "query") {
    query(w);
  } else if (cmd == "perft") {
    perft(w, 1);
  } else if (cmd == "d") {
    diagram();
  } else if (cmd == "eval") {
    eval();
  } else if (cmd == "bench") {
    bench(w);
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

// Messages may echo input (a token, a position string, an option value): never echo
// bytes that are not printable ASCII, and keep a huge input from making a huge line.
void Protocol::error(std::string_view what) {
  constexpr size_t kMax = 300;  // the head and the tail (which says what is wrong) stay
  std::string text(what.size() > kMax ? what.substr(0, kMax - 60) : what);
  if (what.size() > kMax) text += "..." + std::string(what.substr(what.size() - 57));
  for (char& c : text)
    if (c < 32 || c >= 127) c = '?';
  out_.line(fmt::format("info string error: {}", text));
}

void Protocol::identify(bool ugi) {
  out_.line(fmt::format("id name kete {}", kVersion));
  out_.line("id author the kete developers");
  for (const Option& o : options())
    out_.line(listing(o));
  out_.line(ugi ? "ugiok" : "uciok");
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
  if (const absl::Status s = kete::set_option(engine_, *o, value); !s.ok()) error(error_text(s));
}

// position startpos|fen <position string> [moves <m1> <m2> ...]
void Protocol::position(const Words& w) {
  if (w.size() < 2 || (w[1] != "startpos" && w[1] != "fen"))
    return error("position: expected 'position startpos|fen <position> [moves ...]'");
  const size_t moves_at = size_t(std::find(w.begin() + 2, w.end(), "moves") - w.begin());
  if (w[1] == "startpos" && moves_at != 2 && w.size() > 2)
    return error(fmt::format("position: unexpected '{}' after startpos", quoted(w[2])));
  const std::string fen = w[1] == "fen" ? join(w, 2, moves_at) : "";
  if (w[1] == "fen" && fen.empty()) return error("position: fen needs a position string");
  const Words moves(w.begin() + std::min(moves_at + 1, w.size()), w.end());
  if (const absl::Status s = engine_.set_position(fen, moves); !s.ok())
    error(fmt::format("position: {}", error_text(s)));
}

void Protocol::go(const Words& w) {
  if (engine_.searching()) return error("go: a search is running: send stop first");
  Limits limits;
  for (size_t i = 1; i < w.size(); ++i) {
    const std::string_view key = w[i];
    if (key == "infinite") {
      limits.infinite = true;
      continue;
    }
    static constexpr std::string_view kKeys[] = {"wtime",     "btime",    "winc",  "binc",
                                                 "p1time",    "p2time",   "p1inc", "p2inc",
                                                 "movestogo", "movetime", "depth", "nodes"};
    if (std::find(std::begin(kKeys), std::end(kKeys), key) == std::end(kKeys))
      return error(fmt::format("go: unknown parameter '{}'", quoted(key)));
    const absl::StatusOr<int64_t> n = parse_number<int64_t>(
        key, i + 1 < w.size() ? w[i + 1] : std::string_view(), std::numeric_limits<int64_t>::min(),
        std::numeric_limits<int64_t>::max());
    if (!n.ok()) return error(fmt::format("go: '{}' needs an integer", quoted(key)));
    ++i;
    // A GUI may report an overrun clock as < 0. Values are capped at 10^12 (ms: some 30
    // years), so that the time management's arithmetic on them cannot overflow.
    constexpr int64_t kMaxMs = 1'000'000'000'000;
    const int64_t v = std::clamp<int64_t>(*n, 0, kMaxMs);
    if (key == "wtime" || key == "p1time")
      limits.time_ms[0] = v;
    else if (key == "btime" || key == "p2time")
      limits.time_ms[1] = v;
    else if (key == "winc" || key == "p1inc")
      limits.inc_ms[0] = v;
    else if (key == "binc" || key == "p2inc")
      limits.inc_ms[1] = v;
    else if (key == "movestogo")
      limits.movestogo = int(std::min<int64_t>(v, 1000));
    else if (key == "movetime")
      limits.movetime_ms = v;
    else if (key == "depth")
      limits.depth = int(std::clamp<int64_t>(v, 1, 64));
    else if (key == "nodes")
      limits.nodes = uint64_t(std::max<int64_t>(v, 1));
  }
  const RuleSet rules = engine_.rules();
  const Position root = engine_.position();
  const bool multipv = engine_.settings().multipv > 1;
  engine_.go(
      limits,
      [this, rules, root, multipv](const SearchInfo& i) {
        out_.line(info_line(rules, root, i, multipv));
      },
      [this, root](const SearchResult& r) {
        out_.line(r.best ? "bestmove " + move_token(root, *r.best) : "bestmove (none)");
      });
}

void Protocol::query(const Words& w) {
  if (w.size() < 2) return error("query: expected gameover, p1turn, result, fen, moves or islegal");
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
  const Position& p = engine_.position();
  if (const auto& net = engine_.settings().nets[size_t(p.variant())]) {
    const std::vector<std::string> inputs = nnue::input_summary(p);
    out_.line(fmt::format("net inputs ({}): {}", inputs.size(), fmt::join(inputs, " ")));
    out_.line(
        fmt::format("net output {} (centi-seeds, side to move's view)", nnue::evaluate(*net, p)));
    return;
  }
  const Weights& weights = engine_.settings().eval[p.variant()];
  out_.line(fmt::format("{:<12} {:>7} {:>7} {:>7}", "term", "feature", "weight", "value"));
  for (const EvalTerm& t : evaluation_terms(p, weights))
    out_.line(fmt::format("{:<12} {:>7} {:>7} {:>7}", t.name, t.feature, t.weight, t.value));
  out_.line(fmt::format("{:<12} {:>23} (centi-seeds, side to move's view)", "total",
                        evaluate(p, weights)));
}

void Protocol::bench(const Words& w) {
  const absl::StatusOr<int> depth =
      w.size() > 1 ? parse_number<int>("bench", w[1], 1, kMaxBenchDepth) : kBenchDepth;
  if (!depth.ok()) return error(fmt::format("bench: expected a depth 1..{}", kMaxBenchDepth));
  print_bench(out_, int(*depth), engine_.settings());
}

void Protocol::help() {
  for (std::string_view line : {
           "kete, a Bao engine. Commands (interface.md section 3):",
           "  uci | ugi                     identify, list options",
           "  isready                       readyok",
           "  setoption name <n> [value <v>]",
           "  ucinewgame | uginewgame       forget the game",
           "  position startpos|fen <pos> [moves <m>...]",
           "  go [wtime|btime|winc|binc|p1time|p2time|p1inc|p2inc|movestogo|movetime|depth|nodes "
           "<n>] [infinite]",
           "  stop | quit",
           "  query gameover|p1turn|result|fen|moves|islegal <move>",
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
