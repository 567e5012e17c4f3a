// Basic vocabulary of the rules library: sides, variants, rule options and the ring.
#pragma once

#include <cstdint>
#include <iterator>
#include <optional>
#include <string_view>

#include "rules/name_table.h"

namespace kete {

enum class Side : uint8_t { kSouth = 0, kNorth = 1 };

constexpr Side operator~(Side s) {
  return Side(uint8_t(s) ^ 1);
}
constexpr int index(Side s) {
  return int(s);
}

enum class Variant : uint8_t { kBao, kKigogo, kKiswahili, kKujifunza };

inline constexpr Variant kAllVariants[] = {Variant::kBao, Variant::kKigogo, Variant::kKiswahili,
                                           Variant::kKujifunza};
// The number of variants: the size of every table indexed by Variant.
inline constexpr int kVariantCount = int(std::size(kAllVariants));

// Bao la Kujifunza's kichwa for a central capture (rules.md section 5): the player's
// choice (the source's rule) or the championship rule of 6.3 (keep the direction).
enum class KichwaRule : uint8_t { kChoose, kFollow };

// The rules a game is played under: the variant and the options that change the rules.
struct RuleSet {
  Variant variant = Variant::kKiswahili;
  KichwaRule kichwa = KichwaRule::kChoose;
  friend bool operator==(const RuleSet&, const RuleSet&) = default;
};

constexpr int width(Variant v) {
  return v == Variant::kKigogo ? 12 : 8;
}

// Pits per player ring on the largest board (4x12).
inline constexpr int kMaxRing = 24;

// Kiswahili's nyumba (house): the ring index of front pit 5 (rules.md 6.1).
inline constexpr int kHouse = 4;

// The most seeds a hand holds: kiswahili's 22 at the start (rules.md 6.1); hands only
// shrink.
inline constexpr int kMaxHand = 22;

// Sowing direction along a player's ring (rules.md section 1): ring index + 1 is
// clockwise seen from above.
enum class Dir : uint8_t { kClockwise = 0, kAnticlockwise = 1 };

constexpr int step(Dir d) {
  return d == Dir::kClockwise ? 1 : -1;
}
constexpr Dir operator~(Dir d) {
  return Dir(uint8_t(d) ^ 1);
}

// The names that to_string gives and the parsers read, in the order of the values.
template <>
inline constexpr NameTable<Variant, kVariantCount> kNames<Variant>{
    {"bao", "kigogo", "kiswahili", "kujifunza"}};
template <>
inline constexpr NameTable<Side, 2> kNames<Side>{{"South", "North"}};
template <>
inline constexpr NameTable<KichwaRule, 2> kNames<KichwaRule>{{"choose", "follow"}};

std::optional<Variant> parse_variant(std::string_view name);
std::optional<KichwaRule> parse_kichwa_rule(std::string_view name);

}  // namespace kete
