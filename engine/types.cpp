#include "engine/types.h"

namespace kete {

std::string_view to_string(Variant v) {
  switch (v) {
    case Variant::kBao:
      return "bao";
    case Variant::kKigogo:
      return "kigogo";
    case Variant::kKiswahili:
      return "kiswahili";
    case Variant::kKujifunza:
      return "kujifunza";
  }
  return "?";
}

std::string_view to_string(KichwaRule k) {
  return k == KichwaRule::kChoose ? "choose" : "follow";
}

std::optional<Variant> parse_variant(std::string_view name) {
  for (Variant v : kAllVariants)
    if (name == to_string(v)) return v;
  return std::nullopt;
}

std::optional<KichwaRule> parse_kichwa_rule(std::string_view name) {
  for (KichwaRule k : {KichwaRule::kChoose, KichwaRule::kFollow})
    if (name == to_string(k)) return k;
  return std::nullopt;
}

}  // namespace kete
