// The names of a small closed enum, written once as a table that both directions read:
// to_string looks a value up, the parser looks a name up, so the two cannot disagree.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <type_traits>

namespace kete {

// The names of the values 0..N-1 of enum E, in that order.
template <class E, size_t N>
struct NameTable {
  std::array<std::string_view, N> names;

  // The name of `value`, or `unnamed` if the table has none.
  constexpr std::string_view name_of(E value, std::string_view unnamed = "?") const {
    const size_t i = size_t(value);
    return i < N ? names[i] : unnamed;
  }

  // The value named exactly `name`, if any.
  constexpr std::optional<E> value_named(std::string_view name) const {
    for (size_t i = 0; i < N; ++i)
      if (names[i] == name) return E(i);
    return std::nullopt;
  }
};

// kNames<E>: the names of an enum of the rules library, given beside the enum; to_string
// reads them for every such enum.
template <class E>
inline constexpr std::nullptr_t kNames = nullptr;

template <class E>
concept NamedEnum = std::is_enum_v<E> && !std::is_null_pointer_v<decltype(kNames<E>)>;

template <NamedEnum E>
constexpr std::string_view to_string(E value) {
  return kNames<E>.name_of(value);
}

}  // namespace kete
