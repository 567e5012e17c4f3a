#include "arena/arg_cursor.h"

namespace kete::arena {

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

const std::string* ArgCursor::word() {
  if (done() || is_flag(args_[at_])) return nullptr;
  return &next();
}

}  // namespace kete::arena
