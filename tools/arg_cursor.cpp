#include "tools/arg_cursor.h"

#include <algorithm>

namespace kete::tools {

absl::Status unknown_argument(std::string_view flag) {
  return bad_argument(fmt::format("unknown argument '{}'", flag));
}

std::vector<std::string> arguments(int argc, char** argv) {
  return argc > 1 ? std::vector<std::string>(argv + 1, argv + argc) : std::vector<std::string>();
}

std::pair<std::string, std::string> key_value(const std::string& arg) {
  const size_t eq = arg.find('=');
  if (eq == std::string::npos) return {arg, ""};
  return {arg.substr(0, eq), arg.substr(eq + 1)};
}

bool is_flag(const std::string& arg) {
  return arg.rfind("--", 0) == 0;
}

absl::StatusOr<std::string> ArgCursor::value(std::string_view flag) {
  if (done()) return bad_argument(fmt::format("{} needs a value", flag));
  return next();
}

absl::Status ArgCursor::text(std::string_view flag, std::string& out, bool empty_ok) {
  absl::StatusOr<std::string> v = value(flag);
  if (!v.ok()) return v.status();
  if (v->empty() && !empty_ok) return bad_argument(fmt::format("{}: empty value", flag));
  out = *std::move(v);
  return absl::OkStatus();
}

absl::Status ArgCursor::variant(std::string_view flag, Variant& out) {
  absl::StatusOr<std::string> v = value(flag);
  if (!v.ok()) return v.status();
  const std::optional<Variant> variant = parse_variant(*v);
  if (!variant)
    return bad_argument(
        fmt::format("{}: unknown '{}' (bao, kigogo, kiswahili, kujifunza)", flag, *v));
  out = *variant;
  return absl::OkStatus();
}

absl::Status ArgCursor::kichwa(std::string_view flag, KichwaRule& out) {
  absl::StatusOr<std::string> v = value(flag);
  if (!v.ok()) return v.status();
  const std::optional<KichwaRule> k = parse_kichwa_rule(*v);
  if (!k) return bad_argument(fmt::format("{}: unknown '{}' (choose, follow)", flag, *v));
  out = *k;
  return absl::OkStatus();
}

const std::string* ArgCursor::word() {
  if (done() || is_flag(args_[at_])) return nullptr;
  return &next();
}

bool wants_help(const std::vector<std::string>& argv) {
  return std::find(argv.begin(), argv.end(), "--help") != argv.end() ||
         std::find(argv.begin(), argv.end(), "-h") != argv.end();
}

int print_help(std::string_view usage) {
  tools::print("{}", usage);
  return flush_stdout().ok() ? 0 : 1;
}

}  // namespace kete::tools
