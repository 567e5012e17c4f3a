#include "tuning/dataset.h"

#include <charconv>
#include <climits>
#include <cstdlib>
#include <vector>

#include <fmt/format.h>

#include "rules/notation.h"
#include "rules/option_file.h"
#include "rules/text.h"

namespace kete::tuning {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> fields_of(std::string_view line) {
  std::vector<std::string_view> fields;
  for (;;) {
    const size_t bar = line.find('|');
    fields.push_back(trim(line.substr(0, bar)));
    if (bar == std::string_view::npos) return fields;
    line.remove_prefix(bar + 1);
  }
}

}  // namespace

std::string format_sample(const Sample& s) {
  return fmt::format("{} | {} | {} | {}", position_string(s.position), s.score, s.result, s.game);
}

absl::StatusOr<Sample> parse_sample(Variant v, std::string_view line) {
  const std::vector<std::string_view> f = fields_of(line);
  if (f.size() != 4)
    return absl::InvalidArgumentError(fmt::format(
        "expected '<position> | <score> | <result> | <game>', got {} field(s)", f.size()));
  Sample s;
  absl::StatusOr<Position> p = parse_position(v, f[0]);
  if (!p.ok()) return p.status();
  s.position = *p;
  const absl::StatusOr<Value> score = parse_number<Value>("score", f[1], -kMateBound, kMateBound);
  if (!score.ok()) return score.status();
  s.score = *score;
  if (f[2] == "1")
    s.result = 1;
  else if (f[2] == "0.5")
    s.result = 0.5;
  else if (f[2] == "0")
    s.result = 0;
  else
    return absl::InvalidArgumentError(fmt::format("bad result '{}' (1, 0.5 or 0)", f[2]));
  const absl::StatusOr<uint64_t> game = parse_number<uint64_t>("game", f[3], 0, UINT64_MAX);
  if (!game.ok()) return game.status();
  s.game = *game;
  return s;
}

double result_for_side_to_move(const Sample& s) {
  return s.position.side_to_move() == Side::kSouth ? s.result : 1 - s.result;
}

namespace {

absl::Status check_header(std::string_view line, Variant v) {
  constexpr std::string_view kHeader = "# kete-datagen variant=";
  if (!line.starts_with(kHeader)) return absl::OkStatus();
  line.remove_prefix(kHeader.size());
  const std::string_view name = line.substr(0, line.find(' '));
  if (name == to_string(v)) return absl::OkStatus();
  return absl::InvalidArgumentError(
      fmt::format("the data is for {}, not {} (--variant)", name, to_string(v)));
}

}  // namespace

absl::StatusOr<std::vector<Sample>> read_dataset(const std::vector<std::string>& paths, Variant v) {
  std::vector<Sample> samples;
  // Only a regular file: a directory would give "0 samples" and hide the mistake, and
  // /dev/zero one endless line (issue 29).
  constexpr OptionFileKind kData{"a data file", "a data file kete reads", kDataFileBytes};
  for (const std::string& path : paths) {
    const absl::Status read = read_option_file_lines(
        path, kData, kDataLineBytes, [&](std::string_view line, uint64_t number) {
          if (absl::Status header = check_header(line, v); !header.ok())
            return absl::InvalidArgumentError(
                fmt::format("{}:{}: {}", path, number, error_text(header)));
          if (line.empty() || line[0] == '#') return absl::OkStatus();
          absl::StatusOr<Sample> s = parse_sample(v, line);
          if (!s.ok())
            return absl::InvalidArgumentError(
                fmt::format("{}:{}: {}", path, number, error_text(s.status())));
          if (std::abs(s->score) < kMateBound) samples.push_back(*s);
          return absl::OkStatus();
        });
    if (!read.ok()) return read;
  }
  return samples;
}

}  // namespace kete::tuning
