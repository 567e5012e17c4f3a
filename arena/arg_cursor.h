// A command line read left to right, for the tools' parsers (kete-match, kete-spsa): the
// next flag, its value, the key=value words after it, and the error messages they share,
// each naming the bad argument.
#pragma once

#include <charconv>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace kete::arena {

inline absl::Status bad_argument(std::string message) {
  return absl::InvalidArgumentError(std::move(message));
}

// `text` as a T in min..max. The comparisons are negated so that a NaN is refused too.
template <class T>
absl::StatusOr<T> parse_number(std::string_view what, std::string_view text, T min, T max) {
  T n{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !(n >= min) ||
      !(n <= max))
    return bad_argument(
        fmt::format("{}: expected a number in {}..{}, got '{}'", what, min, max, text));
  return n;
}

// `key=value` split at the first '='; a word without '=' is all key.
std::pair<std::string, std::string> key_value(const std::string& arg);

bool is_flag(const std::string& arg);

class ArgCursor {
 public:
  explicit ArgCursor(const std::vector<std::string>& args) : args_(args) {}

  bool done() const { return at_ >= args_.size(); }
  const std::string& next() { return args_[at_++]; }

  // The argument after `flag`, whatever it looks like.
  absl::StatusOr<std::string> value(std::string_view flag);

  // The argument after `flag` as a number in min..max.
  template <class T>
  absl::Status number(std::string_view flag, T& out, T min, T max) {
    absl::StatusOr<std::string> v = value(flag);
    if (!v.ok()) return v.status();
    absl::StatusOr<T> n = parse_number<T>(flag, *v, min, max);
    if (!n.ok()) return n.status();
    out = *n;
    return absl::OkStatus();
  }

  // The next argument if it is not a flag, else null: the key=value words that follow
  // --engine, --sprt or --param.
  const std::string* word();

 private:
  const std::vector<std::string>& args_;
  size_t at_ = 0;
};

}  // namespace kete::arena
