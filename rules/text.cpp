#include "rules/text.h"

namespace kete {

std::vector<std::string_view> split_words(std::string_view line) {
  std::vector<std::string_view> words;
  const auto is_space = [](char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
  };
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i]))
      ++i;
    const size_t start = i;
    while (i < line.size() && !is_space(line[i]))
      ++i;
    if (i > start) words.push_back(line.substr(start, i - start));
  }
  return words;
}

}  // namespace kete
