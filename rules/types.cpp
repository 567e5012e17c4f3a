#include "rules/types.h"

namespace kete {

std::optional<Variant> parse_variant(std::string_view name) {
  return kNames<Variant>.value_named(name);
}

std::optional<KichwaRule> parse_kichwa_rule(std::string_view name) {
  return kNames<KichwaRule>.value_named(name);
}

}  // namespace kete
