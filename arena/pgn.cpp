#include "arena/pgn.h"

#include <algorithm>
#include <climits>

#include <fmt/format.h>

#include "rules/notation.h"
#include "rules/option_file.h"
#include "rules/text.h"

namespace kete::arena {
namespace {

constexpr size_t kLineWidth = 80;

// A tag value in the file is one line of printable ASCII, whatever an engine sent: '"' and
// '\\' are escaped with '\\', a line break becomes a space, any other byte below 0x20 or
// from 0x7F on is written \xHH. Only the first kMaxTagValue bytes of a value are kept,
// followed by kCutMark, so that one flooding engine cannot swell the record file.
constexpr size_t kMaxTagValue = 1000;
constexpr std::string_view kCutMark = " [cut]";

std::string escaped(std::string_view value) {
  const bool cut = value.size() > kMaxTagValue;
  if (cut) value = value.substr(0, kMaxTagValue);
  std::string out;
  for (const char c : value) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\')
      out += {'\\', c};
    else if (c == '\n' || c == '\r')
      out += ' ';
    else if (byte < 0x20 || byte >= 0x7F)
      out += fmt::format("\\x{:02X}", byte);
    else
      out += c;
  }
  if (cut) out += kCutMark;
  return out;
}

// The byte of two hex digits, if they are.
std::optional<char> hex_byte(std::string_view digits) {
  const auto nibble = [](char c) {
    return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
  };
  if (digits.size() != 2 || nibble(digits[0]) < 0 || nibble(digits[1]) < 0) return std::nullopt;
  return char(nibble(digits[0]) * 16 + nibble(digits[1]));
}

void tag(std::string& out, std::string_view name, std::string_view value) {
  out += fmt::format("[{} \"{}\"]\n", name, escaped(value));
}

// "1. A6L a5L 2. A3L ..." wrapped at kLineWidth, a move number kept on the line of its
// move; North's first move in a game that starts with North to move is numbered "1...".
std::string movetext(const GameRecord& r) {
  const bool north_first = side_to_move_of(r.start) == Side::kNorth;
  std::vector<std::string> words;
  for (size_t i = 0; i < r.moves.size(); ++i) {
    const size_t ply = i + (north_first ? 1 : 0);
    if (ply % 2 == 0)
      words.push_back(fmt::format("{}. {}", ply / 2 + 1, r.moves[i]));
    else if (i == 0)
      words.push_back("1... " + r.moves[i]);
    else
      words.push_back(r.moves[i]);
    const size_t engine_move = i - size_t(r.opening_plies);
    if (i >= size_t(r.opening_plies) && engine_move < r.move_ms.size())
      words.back() += fmt::format(" {{{}ms}}", r.move_ms[engine_move]);
  }
  words.emplace_back(result_text(r.result));
  std::string out, line;
  for (const std::string& w : words) {
    if (!line.empty() && line.size() + 1 + w.size() > kLineWidth) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + w;
  }
  return out + line + "\n";
}

bool is_move_number(std::string_view w) {
  size_t digits = 0;
  while (digits < w.size() && w[digits] >= '0' && w[digits] <= '9')
    ++digits;
  const std::string_view dots = w.substr(digits);
  return digits > 0 && (dots == "." || dots == "...");
}

// [Name "value"] with \", \\ and \xHH escapes (escaped() above).
absl::StatusOr<std::pair<std::string, std::string>> parse_tag(std::string_view line) {
  const auto bad = [&] {
    return absl::InvalidArgumentError(fmt::format("expected [Name \"value\"], got '{}'", line));
  };
  if (line.size() < 2 || line.front() != '[' || line.back() != ']') return bad();
  line = line.substr(1, line.size() - 2);
  const size_t space = line.find(' ');
  if (space == 0 || space == std::string_view::npos) return bad();
  std::string name(line.substr(0, space));
  std::string_view quoted = line.substr(space + 1);
  if (quoted.size() < 2 || quoted.front() != '"' || quoted.back() != '"') return bad();
  quoted = quoted.substr(1, quoted.size() - 2);
  std::string value;
  for (size_t i = 0; i < quoted.size(); ++i) {
    if (quoted[i] == '\\' && i + 1 < quoted.size()) {
      ++i;
      if (quoted[i] == 'x') {
        const std::optional<char> byte = hex_byte(quoted.substr(i + 1, 2));
        if (!byte) return bad();
        value += *byte;
        i += 2;
        continue;
      }
    }
    value += quoted[i];
  }
  return std::make_pair(std::move(name), std::move(value));
}

// Reads games tag by tag and word by word; a game ends at its result word.
class Reader {
 public:
  absl::Status line(std::string_view text);
  absl::Status finish();
  std::vector<GameRecord>& games() { return games_; }

 private:
  absl::Status apply_tag(const std::string& name, const std::string& value);
  absl::Status end_game(Result ended_with);

  std::vector<GameRecord> games_;
  GameRecord game_;
  bool started_ = false;
  bool in_moves_ = false;
  std::optional<Result> result_tag_;
  std::optional<int> plies_tag_;
  std::vector<std::string> seen_;
};

absl::Status Reader::line(std::string_view text) {
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
    text.remove_suffix(1);
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
    text.remove_prefix(1);
  if (text.empty()) return absl::OkStatus();
  if (text.front() == '[') {
    if (in_moves_)
      return absl::InvalidArgumentError("a tag inside the moves: the result is missing");
    absl::StatusOr<std::pair<std::string, std::string>> t = parse_tag(text);
    if (!t.ok()) return t.status();
    started_ = true;
    return apply_tag(t->first, t->second);
  }
  if (!started_) return absl::InvalidArgumentError("moves before any tag");
  in_moves_ = true;
  for (std::string_view w : split_words(text)) {
    if (!in_moves_) return absl::InvalidArgumentError(fmt::format("'{}' after the result", w));
    if (const std::optional<Result> r = parse_result_text(w)) {
      if (absl::Status s = end_game(*r); !s.ok()) return s;
    } else if (w.size() > 4 && w.front() == '{' && w.ends_with("ms}")) {
      const absl::StatusOr<int> ms =
          parse_number<int>("move time", w.substr(1, w.size() - 4), 0, INT_MAX);
      if (!ms.ok()) return absl::InvalidArgumentError(fmt::format("bad move time '{}'", w));
      game_.move_ms.push_back(*ms);
    } else if (!is_move_number(w)) {
      game_.moves.emplace_back(w);
    }
  }
  return absl::OkStatus();
}

absl::Status Reader::apply_tag(const std::string& name, const std::string& value) {
  seen_.push_back(name);
  const auto number = [&](int& field) {
    const absl::StatusOr<int> n = parse_number<int>(name, value, 0, INT_MAX);
    if (!n.ok())
      return absl::InvalidArgumentError(fmt::format("tag {}: '{}' is not a number", name, value));
    field = *n;
    return absl::OkStatus();
  };
  if (name == "Round") return number(game_.round);
  if (name == "Game") return number(game_.game);
  if (name == "MaxPlies") return number(game_.max_plies);
  if (name == "OpeningPlies") return number(game_.opening_plies);
  if (name == "South") game_.players[0] = value;
  if (name == "North") game_.players[1] = value;
  if (name == "TimeControl") game_.time_control = value;
  if (name == "Start") game_.start = value;
  if (name == "Reason") game_.reason = value;
  if (name == "Disagreement") game_.disagreements.push_back(value);
  if (name == "Plies") {
    int n = 0;
    if (absl::Status s = number(n); !s.ok()) return s;
    plies_tag_ = n;
  }
  if (name == "Variant") {
    const std::optional<Variant> v = parse_variant(value);
    if (!v) return absl::InvalidArgumentError(fmt::format("tag Variant: unknown '{}'", value));
    game_.rules.variant = *v;
  }
  if (name == "KichwaRule") {
    const std::optional<KichwaRule> k = parse_kichwa_rule(value);
    if (!k) return absl::InvalidArgumentError(fmt::format("tag KichwaRule: unknown '{}'", value));
    game_.rules.kichwa = *k;
  }
  if (name == "Result") {
    result_tag_ = parse_result_text(value);
    if (!result_tag_) return absl::InvalidArgumentError(fmt::format("tag Result: '{}'", value));
  }
  if (name == "Termination") {
    const std::optional<Termination> t = parse_termination(value);
    if (!t) return absl::InvalidArgumentError(fmt::format("tag Termination: unknown '{}'", value));
    game_.termination = *t;
  }
  return absl::OkStatus();
}

absl::Status Reader::end_game(Result ended_with) {
  for (std::string_view required : {"South", "North", "Variant", "Start", "Result"})
    if (std::find(seen_.begin(), seen_.end(), required) == seen_.end())
      return absl::InvalidArgumentError(fmt::format("game without a {} tag", required));
  if (ended_with != *result_tag_)
    return absl::InvalidArgumentError(fmt::format("the moves end in {} but the Result tag is {}",
                                                  result_text(ended_with),
                                                  result_text(*result_tag_)));
  if (plies_tag_ && *plies_tag_ != int(game_.moves.size()))
    return absl::InvalidArgumentError(
        fmt::format("tag Plies is {} but there are {} moves", *plies_tag_, game_.moves.size()));
  game_.result = ended_with;
  games_.push_back(std::move(game_));
  game_ = GameRecord{};
  started_ = in_moves_ = false;
  result_tag_.reset();
  plies_tag_.reset();
  seen_.clear();
  return absl::OkStatus();
}

absl::Status Reader::finish() {
  if (started_) return absl::InvalidArgumentError("the last game has no result at its end");
  return absl::OkStatus();
}

}  // namespace

std::string write_pgn(const GameRecord& r) {
  std::string out;
  tag(out, "Event", "kete-match");
  tag(out, "Round", std::to_string(r.round));
  tag(out, "Game", std::to_string(r.game));
  tag(out, "South", r.players[0]);
  tag(out, "North", r.players[1]);
  tag(out, "Variant", to_string(r.rules.variant));
  tag(out, "KichwaRule", to_string(r.rules.kichwa));
  tag(out, "MaxPlies", std::to_string(r.max_plies));
  tag(out, "TimeControl", r.time_control);
  tag(out, "Start", r.start);
  tag(out, "OpeningPlies", std::to_string(r.opening_plies));
  tag(out, "Result", result_text(r.result));
  tag(out, "Termination", to_string(r.termination));
  tag(out, "Reason", r.reason);
  tag(out, "Plies", std::to_string(r.moves.size()));
  for (const std::string& d : r.disagreements)
    tag(out, "Disagreement", d);
  return out + "\n" + movetext(r) + "\n";
}

absl::StatusOr<std::vector<GameRecord>> read_pgn(std::string_view text, std::string_view source) {
  Reader reader;
  size_t number = 0;
  for (size_t begin = 0; begin < text.size();) {
    const size_t end = std::min(text.find('\n', begin), text.size());
    ++number;
    if (absl::Status s = reader.line(text.substr(begin, end - begin)); !s.ok())
      return absl::InvalidArgumentError(fmt::format("{}:{}: {}", source, number, error_text(s)));
    begin = end + 1;
  }
  if (absl::Status s = reader.finish(); !s.ok())
    return absl::InvalidArgumentError(fmt::format("{}: {}", source, error_text(s)));
  return std::move(reader.games());
}

absl::StatusOr<std::vector<GameRecord>> load_pgn(const std::string& path) {
  absl::StatusOr<std::string> text =
      read_option_file(path, {"a record file", "a record file kete-match reads", kRecordFileBytes});
  if (!text.ok()) return text.status();
  return read_pgn(*text, path);
}

}  // namespace kete::arena
