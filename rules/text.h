// Text at the edges: the one word splitter and the one number parser of the project.
// Every tool, the protocol and the file readers use these, so that a fix to how a
// number or a line is read lands once.
#pragma once

#include <charconv>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include "absl/status/statusor.h"

namespace kete {

// The words of `line`, split at runs of white space (space, tab, CR, LF, VT, FF: C's
// isspace, as the protocol has always read commands); empty words are skipped.
// The views point into `line`.
std::vector<std::string_view> split_words(std::string_view line);

// `text` as a T in min..max, the whole of it (no sign, space or suffix around it). The
// error names `what`, the text and the range. The comparisons are negated so that a
// NaN is refused too.
template <class T>
absl::StatusOr<T> parse_number(std::string_view what, std::string_view text,
                               std::type_identity_t<T> min, std::type_identity_t<T> max) {
  static_assert(std::is_arithmetic_v<T>);
  T n{};
  const char* first = text.data();
  const char* last = text.data() + text.size();
  // from_chars reads no leading '+'; a number written "+5" is still a number, "+-5" is not.
  if (text.size() > 1 && text[0] == '+' && text[1] != '-') ++first;
  const auto [end, ec] = std::from_chars(first, last, n);
  if (text.empty() || ec != std::errc() || end != last || !(n >= min) || !(n <= max))
    return absl::InvalidArgumentError(
        fmt::format("{}: expected a number in {}..{}, got '{}'", what, min, max, text));
  return n;
}

}  // namespace kete
