// Command-line flags of the tuning tools: `--name value` pairs, parsed with errors that
// name the flag.
#pragma once

#include <charconv>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "absl/status/statusor.h"
#include "engine/types.h"

namespace kete::tuning {

struct Args {
  std::vector<std::pair<std::string, std::string>> pairs;  // in command-line order
};

// Every argument must be a `--flag value` pair.
inline absl::StatusOr<Args> split_args(int argc, char** argv) {
  Args args;
  for (int i = 1; i < argc; i += 2) {
    const std::string_view key = argv[i];
    if (!key.starts_with("--"))
      return absl::InvalidArgumentError(fmt::format("expected a --flag, got '{}'", key));
    if (i + 1 >= argc) return absl::InvalidArgumentError(fmt::format("{} needs a value", key));
    args.pairs.emplace_back(argv[i], argv[i + 1]);
  }
  return args;
}

// The options of a tool's command line, parsed by parse(const Args&); on an error prints
// "<tool>: <error>" and the usage to stderr and returns nothing.
template <class Options, class Parse>
std::optional<Options> parse_or_usage(std::string_view tool, std::string_view usage, int argc,
                                      char** argv, Parse parse) {
  absl::StatusOr<Args> args = split_args(argc, argv);
  absl::StatusOr<Options> options = args.ok() ? parse(*args) : args.status();
  if (options.ok()) return *std::move(options);
  fmt::print(stderr, "{}: {}\n{}", tool, std::string(options.status().message()), usage);
  return std::nullopt;
}

template <class T>
absl::Status parse_int_into(std::string_view key, std::string_view value,
                            std::type_identity_t<T> min, std::type_identity_t<T> max, T& out) {
  T v{};
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  if (value.empty() || ec != std::errc() || end != value.data() + value.size() || v < min ||
      v > max)
    return absl::InvalidArgumentError(
        fmt::format("{}: '{}' is not an integer in {}..{}", key, value, min, max));
  out = v;
  return absl::OkStatus();
}

inline absl::Status parse_double_into(std::string_view key, std::string_view value, double min,
                                      double max, double& out) {
  char* end = nullptr;
  const std::string text(value);
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end || !(v >= min && v <= max))
    return absl::InvalidArgumentError(
        fmt::format("{}: '{}' is not a number in {}..{}", key, value, min, max));
  out = v;
  return absl::OkStatus();
}

inline absl::Status parse_into(std::string_view key, std::string_view value, Variant& out) {
  const std::optional<Variant> v = parse_variant(value);
  if (!v)
    return absl::InvalidArgumentError(
        fmt::format("{}: unknown variant '{}' (bao, kigogo, kiswahili, kujifunza)", key, value));
  out = *v;
  return absl::OkStatus();
}

inline absl::Status parse_into(std::string_view key, std::string_view value, KichwaRule& out) {
  const std::optional<KichwaRule> k = parse_kichwa_rule(value);
  if (!k)
    return absl::InvalidArgumentError(
        fmt::format("{}: unknown kichwa rule '{}' (choose, follow)", key, value));
  out = *k;
  return absl::OkStatus();
}

// `I/N` with 0 <= I < N.
inline absl::Status parse_shard(std::string_view value, uint64_t& shard, uint64_t& shards) {
  const size_t slash = value.find('/');
  uint64_t i = 0, n = 0;
  const bool ok =
      slash != std::string_view::npos &&
      parse_int_into<uint64_t>("--shard", value.substr(0, slash), 0, 1'000'000, i).ok() &&
      parse_int_into<uint64_t>("--shard", value.substr(slash + 1), 1, 1'000'000, n).ok() && i < n;
  if (!ok)
    return absl::InvalidArgumentError(
        fmt::format("--shard: '{}' is not I/N with 0 <= I < N", value));
  shard = i;
  shards = n;
  return absl::OkStatus();
}

}  // namespace kete::tuning
