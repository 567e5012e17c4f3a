// The names of a small closed enum, written once as a table that both directions read:
// to_string looks a value up, the parser looks a name up, so the two cannot disagree.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>

namespace kete {

template <class E, size_t N>
using NameTable = std::array<std::pair<E, std::string_view>, N>;

// The name of `value`, or `unnamed` if the table has none.
template <class E, size_t N>
constexpr std::string_view name_of(const NameTable<E, N>& table, E value,
                                   std::string_view unnamed = "?") {
  for (const auto& [v, name] : table)
    if (v == value) return name;
  return unnamed;
}

// The value named exactly `name`, if any.
template <class E, size_t N>
constexpr std::optional<E> value_named(const NameTable<E, N>& table, std::string_view name) {
  for (const auto& [v, n] : table)
    if (n == name) return v;
  return std::nullopt;
}

}  // namespace kete
