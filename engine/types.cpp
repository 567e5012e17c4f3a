#include "engine/types.h"

#include "engine/name_table.h"

namespace kete {
namespace {

constexpr NameTable<Variant, kVariantCount> kVariantNames{{
    {Variant::kBao, "bao"},
    {Variant::kKigogo, "kigogo"},
    {Variant::kKiswahili, "kiswahili"},
    {Variant::kKujifunza, "kujifunza"},
}};

constexpr NameTable<KichwaRule, 2> kKichwaRuleNames{{
    {KichwaRule::kChoose, "choose"},
    {KichwaRule::kFollow, "follow"},
}};

}  // namespace

std::string_view to_string(Variant v) {
  return name_of(kVariantNames, v);
}

std::string_view to_string(KichwaRule k) {
  return name_of(kKichwaRuleNames, k);
}

std::optional<Variant> parse_variant(std::string_view name) {
  return value_named(kVariantNames, name);
}

std::optional<KichwaRule> parse_kichwa_rule(std::string_view name) {
  return value_named(kKichwaRuleNames, name);
}

}  // namespace kete
