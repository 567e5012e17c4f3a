// Parsing and printing of docs/interface.md sections 1-2: pit names, position strings and move
// tokens, including every rejection the contract names. Kiswahili position strings are
// parsed here (its moves are not implemented yet).
#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/test_util.h"

namespace kete::test {
namespace {

using ::testing::HasSubstr;

constexpr std::string_view kBaoStart =
    "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S";
constexpr std::string_view kKigogoStart =
    "2,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,0/"
    "0,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,2 S";
constexpr std::string_view kKiswahiliStart =
    "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Hh -";
// A kiswahili mtaji position (hands empty), 64 seeds on the board.
constexpr std::string_view kMtajiPits =
    "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2";
// A block rules.md 6.6 sets: after South's takata A3R, North has no capture and South's
// only capture (A2R) would take a5 first (tests/kiswahili_clauses_test.cpp).
constexpr std::string_view kBlockA5 =
    "24,16,16,0,0,0,0,0/0,0,0,2,0,0,0,2/0,2,0,1,1,0,0,0/0,0,0,0,0,0,0,0 N 0,0 - a5";

// Expects text to be rejected for variant v with a message that names `field`.
void expect_rejected(Variant v, std::string_view text, std::string_view field) {
  absl::StatusOr<Position> p = parse_position(v, text);
  ASSERT_FALSE(p.ok()) << "'" << text << "' was accepted as " << position_string(*p);
  EXPECT_THAT(error_text(p.status()), HasSubstr(std::string(field))) << "'" << text << "'";
}

// Expects text to parse for variant v and to print as `canonical`.
void expect_canonical(Variant v, std::string_view text, std::string_view canonical) {
  absl::StatusOr<Position> p = parse_position(v, text);
  ASSERT_TRUE(p.ok()) << "'" << text << "': " << p.status();
  EXPECT_EQ(position_string(*p), canonical);
}

// Expects token to be rejected in p with a message containing `what` ("malformed" or
// "illegal").
void expect_bad_token(RuleSet rules, const Position& p, std::string_view token,
                      std::string_view what) {
  absl::StatusOr<Move> m = parse_move(rules, p, token);
  ASSERT_FALSE(m.ok()) << "'" << token << "' named " << move_token(p, *m);
  EXPECT_THAT(error_text(m.status()), HasSubstr(std::string(what)))
      << "token of " << token.size() << " bytes";
}

// ---------------------------------------------------------------------------------------
// Pit names (rules.md 1, docs/interface.md 1).
// ---------------------------------------------------------------------------------------

// rules.md 1: front pits 1..W are ring indices 0..W-1, back pits W..1 are W..2W-1; South
// upper case, North lower case.
TEST(PitNames, KnownNames) {
  EXPECT_EQ(pit_name(8, {Side::kSouth, 0}), "A1");
  EXPECT_EQ(pit_name(8, {Side::kSouth, 7}), "A8");
  EXPECT_EQ(pit_name(8, {Side::kSouth, 8}), "B8");
  EXPECT_EQ(pit_name(8, {Side::kSouth, 15}), "B1");
  EXPECT_EQ(pit_name(8, {Side::kNorth, 4}), "a5");
  EXPECT_EQ(pit_name(8, {Side::kNorth, 13}), "b3");
  EXPECT_EQ(pit_name(12, {Side::kSouth, 11}), "A12");
  EXPECT_EQ(pit_name(12, {Side::kSouth, 12}), "B12");
  EXPECT_EQ(pit_name(12, {Side::kSouth, 23}), "B1");
  EXPECT_EQ(pit_name(12, {Side::kNorth, 9}), "a10");
  EXPECT_EQ(pit_name(12, {Side::kNorth, 14}), "b10");
}

TEST(PitNames, RoundTripOn4x8And4x12) {
  for (int width : {8, 12}) {
    std::vector<std::string> names;
    for (Side side : {Side::kSouth, Side::kNorth}) {
      for (int i = 0; i < 2 * width; ++i) {
        const Pit pit{side, i};
        const std::string name = pit_name(width, pit);
        names.push_back(name);
        absl::StatusOr<Pit> parsed = parse_pit(width, name);
        ASSERT_TRUE(parsed.ok()) << name << ": " << parsed.status();
        EXPECT_EQ(*parsed, pit) << name;
      }
    }
    std::sort(names.begin(), names.end());
    EXPECT_EQ(std::unique(names.begin(), names.end()), names.end()) << "width " << width;
  }
}

TEST(PitNames, UnknownNamesAreRejected) {
  for (std::string_view name : {"", "A", "B", "A0", "A9", "B9", "a9", "C1", "c1", "AA", "1A", "A01",
                                "A1 ", " A1", "A-1", "A+1", "A1x", "A100", "Z3"}) {
    absl::StatusOr<Pit> p = parse_pit(8, name);
    EXPECT_FALSE(p.ok()) << "'" << name << "'";
    if (!p.ok()) {
      EXPECT_THAT(error_text(p.status()), HasSubstr("pit")) << name;
    }
  }
  EXPECT_TRUE(parse_pit(12, "A12").ok());
  EXPECT_TRUE(parse_pit(12, "b12").ok());
  EXPECT_FALSE(parse_pit(12, "A13").ok());
  EXPECT_FALSE(parse_pit(12, "B0").ok());
  EXPECT_FALSE(parse_pit(8, "A12").ok());
}

// ---------------------------------------------------------------------------------------
// Position strings (docs/interface.md 2).
// ---------------------------------------------------------------------------------------

// Canonical form: two fields for bao, kujifunza and kigogo, five for kiswahili.
TEST(PositionString, CanonicalStartPositions) {
  EXPECT_EQ(position_string(Position::start(Variant::kBao)), kBaoStart);
  EXPECT_EQ(position_string(Position::start(Variant::kKujifunza)), kBaoStart);
  // rules.md 4: two seeds everywhere except A1 and a1 (a1 is the last column of North's
  // front row a12..a1, A1 the first of South's A1..A12).
  EXPECT_EQ(position_string(Position::start(Variant::kKigogo)), kKigogoStart);
  EXPECT_EQ(position_string(Position::start(Variant::kKiswahili)), kKiswahiliStart);
  for (Variant v : kAllVariants) {
    SCOPED_TRACE(to_string(v));
    const Position start = Position::start(v);
    absl::StatusOr<Position> parsed = parse_position(v, position_string(start));
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    EXPECT_EQ(*parsed, start);
  }
}

// The seeds of a ring, counted a word of pits at a time, on both widths and with pits full
// to kMaxSeeds (sums worked out by hand).
TEST(PositionSeeds, RingSeedsCountsEveryPit) {
  Position bao = Position::start(Variant::kBao);
  EXPECT_EQ(bao.ring_seeds(Side::kSouth), 32);
  for (int i = 0; i < 16; ++i)
    bao.set_seeds(Side::kSouth, i, i + 1);  // 1 + 2 + ... + 16
  EXPECT_EQ(bao.ring_seeds(Side::kSouth), 136);
  EXPECT_EQ(bao.ring_seeds(Side::kNorth), 32);
  Position kigogo = Position::start(Variant::kKigogo);
  EXPECT_EQ(kigogo.ring_seeds(Side::kNorth), 46);  // 24 pits of 2 but a1
  for (int i = 0; i < 24; ++i)
    kigogo.set_seeds(Side::kNorth, i, kMaxSeeds);
  EXPECT_EQ(kigogo.ring_seeds(Side::kNorth), 24 * 92);
  kigogo.set_seeds(Side::kNorth, 23, 0);
  EXPECT_EQ(kigogo.ring_seeds(Side::kNorth), 23 * 92);
  EXPECT_EQ(kigogo.ring_seeds(Side::kSouth), 46);
}

// "Parsing accepts the trailing - fields omitted"; the canonical form drops them again
// (and prints all five for kiswahili, hands 0,0 in mtaji).
TEST(PositionString, OptionalTrailingFields) {
  const std::string bao(kBaoStart);
  for (Variant v : {Variant::kBao, Variant::kKujifunza}) {
    expect_canonical(v, bao, kBaoStart);
    expect_canonical(v, bao + " -", kBaoStart);
    expect_canonical(v, bao + " - -", kBaoStart);
    expect_canonical(v, bao + " - - -", kBaoStart);
  }
  expect_canonical(Variant::kKigogo, std::string(kKigogoStart) + " - - -", kKigogoStart);
  expect_canonical(Variant::kKiswahili, std::string(kMtajiPits) + " N",
                   std::string(kMtajiPits) + " N 0,0 - -");
  expect_canonical(Variant::kKiswahili, std::string(kMtajiPits) + " S - - -",
                   std::string(kMtajiPits) + " S 0,0 - -");
  expect_canonical(Variant::kKiswahili, std::string(kMtajiPits) + " S 0,0 - a3",
                   std::string(kMtajiPits) + " S 0,0 - a3");
  expect_canonical(Variant::kKiswahili, kBlockA5, kBlockA5);
}

// The rows run bW..b1, aW..a1, A1..AW, B1..BW, as the board looks from South.
TEST(PositionString, RowOrder) {
  const Position p = parse_or_die(
      Variant::kBao, "1,0,0,0,0,0,0,2/3,0,0,0,0,0,0,4/5,0,0,0,0,0,0,6/7,0,0,0,0,0,0,36 N");
  EXPECT_EQ(p.side_to_move(), Side::kNorth);
  EXPECT_EQ(p.seeds(*parse_pit(8, "b8")), 1);
  EXPECT_EQ(p.seeds(*parse_pit(8, "b1")), 2);
  EXPECT_EQ(p.seeds(*parse_pit(8, "a8")), 3);
  EXPECT_EQ(p.seeds(*parse_pit(8, "a1")), 4);
  EXPECT_EQ(p.seeds(*parse_pit(8, "A1")), 5);
  EXPECT_EQ(p.seeds(*parse_pit(8, "A8")), 6);
  EXPECT_EQ(p.seeds(*parse_pit(8, "B1")), 7);
  EXPECT_EQ(p.seeds(*parse_pit(8, "B8")), 36);
}

TEST(PositionString, RejectsWrongRowCountOrWidth) {
  const std::string row8 = "2,2,2,2,2,2,2,2";
  for (Variant v : {Variant::kBao, Variant::kKujifunza, Variant::kKiswahili}) {
    SCOPED_TRACE(to_string(v));
    expect_rejected(v, row8 + "/" + row8 + "/" + row8 + " S", "pits");
    expect_rejected(v, row8 + "/" + row8 + "/" + row8 + "/" + row8 + "/" + row8 + " S", "pits");
    expect_rejected(v, "2,2,2,2,2,2,2/" + row8 + "/" + row8 + "/" + row8 + ",2 S", "pits");
    expect_rejected(v, std::string(kKigogoStart), "pits");  // 12 pits a row
  }
  expect_rejected(Variant::kKigogo, std::string(kBaoStart), "pits");  // 8 pits a row
  expect_rejected(Variant::kKigogo, "2,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,0/ S", "pits");
  expect_rejected(Variant::kBao, "", "fields");
}

TEST(PositionString, RejectsBadCounts) {
  const std::string rest = "2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S";
  for (std::string_view bad : {"x", "-1", "-0", "+2", "2.0", "0x2", "2a", "", " ", "1e1", "\xff",
                               "999999999999999999999"}) {
    SCOPED_TRACE(std::string("count '") + std::string(bad) + "'");
    expect_rejected(Variant::kBao, std::string(bad) + "," + rest, "pits");
  }
  // Oversized: more seeds in one pit than the game has.
  expect_rejected(Variant::kBao,
                  "65,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S", "pits");
  expect_rejected(Variant::kBao,
                  "1000,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S", "pits");
  expect_rejected(Variant::kKigogo,
                  "93,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0/"
                  "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 S",
                  "pits");
  // A pit may hold every seed of the game (64): a finished position, but a valid string.
  EXPECT_TRUE(parse_position(Variant::kBao,
                             "64,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S")
                  .ok());
}

// "a seed total impossible for the variant (64 on the board plus hands for bao, kujifunza
// and kiswahili; at most 92 for kigogo)".
TEST(PositionString, RejectsImpossibleSeedTotals) {
  const std::string bao63 = "2,2,2,2,2,2,2,1/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S";
  const std::string bao65 = "2,2,2,2,2,2,2,3/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S";
  for (Variant v : {Variant::kBao, Variant::kKujifunza, Variant::kKiswahili}) {
    SCOPED_TRACE(to_string(v));
    expect_rejected(v, bao63, "pits");
    expect_rejected(v, bao65, "pits");
  }
  // Kiswahili counts the hands: the start position with one hand seed too few or too many.
  expect_rejected(Variant::kKiswahili,
                  "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 21,21 Hh -",
                  "pits");
  expect_rejected(Variant::kKiswahili,
                  "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,1/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Hh -",
                  "pits");
  // Kigogo: at most 92 (captures remove seeds, so fewer is fine).
  expect_rejected(Variant::kKigogo,
                  "2,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,1/"
                  "0,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,2 S",
                  "pits");
  EXPECT_TRUE(parse_position(Variant::kKigogo,
                             "2,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,0/"
                             "0,2,2,2,2,2,2,2,2,2,2,1/2,2,2,2,2,2,2,2,2,2,2,2 S")
                  .ok());
}

// "a house flag on a variant without houses or on an empty house pit".
TEST(PositionString, RejectsBadHouseFlags) {
  const std::string bao(kBaoStart);
  for (Variant v : {Variant::kBao, Variant::kKujifunza}) {
    SCOPED_TRACE(to_string(v));
    expect_rejected(v, bao + " - H", "houses");
    expect_rejected(v, bao + " - h", "houses");
    expect_rejected(v, bao + " - Hh", "houses");
    expect_rejected(v, bao + " - Hh -", "houses");
  }
  expect_rejected(Variant::kKigogo, std::string(kKigogoStart) + " - Hh", "houses");
  // Kiswahili: South's house A5 is empty here, North's a5 holds 2.
  const std::string empty_house =
      "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,0,2,2,4/2,2,2,2,2,2,2,2 S 0,0 ";
  expect_rejected(Variant::kKiswahili, empty_house + "H -", "houses");
  expect_rejected(Variant::kKiswahili, empty_house + "Hh -", "houses");
  expect_canonical(Variant::kKiswahili, empty_house + "h -", empty_house + "h -");
  expect_rejected(Variant::kKiswahili, std::string(kMtajiPits) + " S 0,0 X -", "houses");
  expect_rejected(Variant::kKiswahili, std::string(kMtajiPits) + " S 0,0 hH -", "houses");
}

// "hands that cannot occur (South to move: equal hands; North to move: North's hand one more
// than South's, or both empty)", and hands on a variant without hands.
TEST(PositionString, RejectsImpossibleHands) {
  // South's first namua move puts one hand seed on the board: 21 board seeds + 21 + 22.
  const std::string after_first =
      "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,7,2,2,0/0,0,0,0,0,0,0,0 ";
  expect_canonical(Variant::kKiswahili, after_first + "N 21,22 Hh -", after_first + "N 21,22 Hh -");
  expect_rejected(Variant::kKiswahili, after_first + "S 21,22 Hh -", "hands");
  expect_rejected(Variant::kKiswahili, after_first + "N 22,21 Hh -", "hands");
  expect_rejected(Variant::kKiswahili,
                  "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 N 22,22 Hh -",
                  "hands");
  // Malformed hands.
  for (std::string_view hands : {"22", "22,", ",22", "a,b", "23,23", "-1,1", "22,22,0", "x"}) {
    SCOPED_TRACE(hands);
    expect_rejected(Variant::kKiswahili, std::string(kMtajiPits) + " S " + std::string(hands),
                    "hands");
  }
  // Hands on variants without hands.
  const std::string bao(kBaoStart);
  expect_rejected(Variant::kBao, bao + " 1,1", "hands");
  expect_rejected(Variant::kKujifunza, bao + " 22,22", "hands");
  expect_rejected(Variant::kKigogo, std::string(kKigogoStart) + " 1,1", "hands");
}

// "a takasia field outside kiswahili's mtaji or not on a front pit, an unknown pit name".
TEST(PositionString, RejectsBadTakasia) {
  const std::string bao(kBaoStart);
  expect_rejected(Variant::kBao, bao + " - - A3", "takasia");
  expect_rejected(Variant::kKujifunza, bao + " - - a3", "takasia");
  expect_rejected(Variant::kKigogo, std::string(kKigogoStart) + " - - A3", "takasia");
  // Namua: hands not empty.
  expect_rejected(Variant::kKiswahili,
                  "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Hh A6",
                  "takasia");
  const std::string mtaji = std::string(kMtajiPits) + " S 0,0 - ";
  expect_rejected(Variant::kKiswahili, mtaji + "B3", "takasia");  // a back pit
  expect_rejected(Variant::kKiswahili, mtaji + "b3", "takasia");
  for (std::string_view name : {"A9", "A0", "C3", "a10", "A", "3", "AA"}) {
    SCOPED_TRACE(name);
    expect_rejected(Variant::kKiswahili, mtaji + std::string(name), "takasia");
  }
  expect_canonical(Variant::kKiswahili, std::string(kMtajiPits) + " N 0,0 - A6",
                   std::string(kMtajiPits) + " N 0,0 - A6");  // a target
}

// "a block (a takasia pit of the side to move) that rules.md 6.6 could never have set,
// judged on the position itself" (docs/interface.md section 2). Each case differs from a
// block that can arise (kBlockA5, the bench's a6) in one clause.
TEST(PositionString, RejectsImpossibleBlock) {
  expect_canonical(Variant::kKiswahili, kBlockA5, kBlockA5);
  const std::string bench_block =
      "1,2,0,2,3,1,0,0/0,0,11,0,0,2,7,1/2,0,3,23,0,0,0,0/0,2,1,0,0,1,2,0 N 0,0 - a6";
  expect_canonical(Variant::kKiswahili, bench_block, bench_block);
  // The side to move has a capture move: before this check the block was accepted and
  // the capture from the blocked pit allowed.
  expect_rejected(Variant::kKiswahili, std::string(kMtajiPits) + " N 0,0 - a3",
                  "takasia: a3 cannot be blocked: the side to move has a capture move");
  expect_rejected(Variant::kKiswahili, std::string(kMtajiPits) + " S 0,0 - A6",
                  "takasia: A6 cannot be blocked");
  // The opponent has no capture at all (South's only front seed faces an empty pit).
  expect_rejected(Variant::kKiswahili,
                  "8,8,8,7,7,7,7,7/0,0,2,0,0,2,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 N 0,0 - a3",
                  "takasia: a3 cannot be blocked: the opponent's captures");
  // A pit the opponent's capture does not take first (it takes a5, not a1).
  expect_rejected(Variant::kKiswahili,
                  "24,16,16,0,0,0,0,0/0,0,0,2,0,0,0,2/0,2,0,1,1,0,0,0/0,0,0,0,0,0,0,0 N 0,0 - a1",
                  "takasia: a1 cannot be blocked");
  // The exceptions: an intact house, the only occupied front pit, the only pit of 2+.
  expect_rejected(Variant::kKiswahili,
                  "24,17,17,0,0,0,0,0/0,0,0,1,0,0,0,1/0,2,0,1,1,0,0,0/0,0,0,0,0,0,0,0 N 0,0 h a5",
                  "takasia: a5 cannot be blocked");
  expect_canonical(Variant::kKiswahili,
                   "24,17,17,0,0,0,0,0/0,0,0,1,0,0,0,1/0,2,0,1,1,0,0,0/0,0,0,0,0,0,0,0 N 0,0 - a5",
                   "24,17,17,0,0,0,0,0/0,0,0,1,0,0,0,1/0,2,0,1,1,0,0,0/0,0,0,0,0,0,0,0 N 0,0 - a5");
  expect_rejected(Variant::kKiswahili,
                  "24,18,17,0,0,0,0,0/0,0,0,1,0,0,0,0/0,2,0,1,1,0,0,0/0,0,0,0,0,0,0,0 N 0,0 - a5",
                  "takasia: a5 cannot be blocked");
  expect_rejected(Variant::kKiswahili,
                  "24,17,16,0,0,0,0,0/0,0,0,2,0,0,0,1/0,2,0,1,1,0,0,0/0,0,0,0,0,0,0,0 N 0,0 - a5",
                  "takasia: a5 cannot be blocked");
}

TEST(PositionString, RejectsBadFieldCountOrSide) {
  const std::string bao(kBaoStart);
  expect_rejected(Variant::kBao, bao + " - - - -", "fields");  // six fields
  expect_rejected(Variant::kKiswahili, std::string(kKiswahiliStart) + " -", "fields");
  const std::string pits = bao.substr(0, bao.size() - 2);
  for (std::string_view side : {"X", "s", "n", "SN", "South", "W", "B", "1", "-"}) {
    SCOPED_TRACE(side);
    expect_rejected(Variant::kBao, pits + " " + std::string(side), "side");
    expect_rejected(
        Variant::kKigogo,
        std::string(kKigogoStart.substr(0, kKigogoStart.size() - 2)) + " " + std::string(side),
        "side");
  }
  // A missing side field, and fields not separated by single spaces.
  EXPECT_FALSE(parse_position(Variant::kBao, pits).ok());
  EXPECT_FALSE(parse_position(Variant::kBao, pits + "  S").ok());
  EXPECT_FALSE(parse_position(Variant::kBao, pits + " S  -").ok());
}

// Nothing a GUI might send crashes the parser.
TEST(PositionString, JunkIsRejected) {
  const std::string binary("\x00\x01\xff/\x7f,\x80 S", 9);
  const std::string long_count(10000, '9');
  const std::string many_rows(20000, '/');
  for (const std::string& junk : {binary, long_count, many_rows, std::string(" "), std::string("S"),
                                  std::string("/ / / /")}) {
    for (Variant v : kAllVariants)
      EXPECT_FALSE(parse_position(v, junk).ok());
  }
}

// ---------------------------------------------------------------------------------------
// Move tokens (docs/interface.md 1).
// ---------------------------------------------------------------------------------------

// "Every legal move has exactly one token and every token names at most one legal move."
TEST(MoveTokens, EveryLegalMoveRoundTrips) {
  const std::vector<std::pair<RuleSet, Position>> cases = {
      {kBao, Position::start(Variant::kBao)},
      {kKigogo, Position::start(Variant::kKigogo)},
      {kChoose, Position::start(Variant::kKujifunza)},
      {kFollow, Position::start(Variant::kKujifunza)},
      {kBao, after(kBao, Position::start(Variant::kBao), "A1R")},
      {kKigogo, after(kKigogo, Position::start(Variant::kKigogo), "A5")},
      {kChoose, after(kFollow, Position::start(Variant::kKujifunza), "A1R")},
  };
  for (const auto& [rules, p] : cases) {
    SCOPED_TRACE(position_string(p));
    std::vector<std::string> seen;
    for (Move m : legal_moves(rules, p)) {
      const std::string token = move_token(p, m);
      seen.push_back(token);
      absl::StatusOr<Move> parsed = parse_move(rules, p, token);
      ASSERT_TRUE(parsed.ok()) << token << ": " << parsed.status();
      EXPECT_EQ(*parsed, m) << token;
    }
    std::sort(seen.begin(), seen.end());
    EXPECT_EQ(std::adjacent_find(seen.begin(), seen.end()), seen.end());
  }
}

// Every spelling in `others` names the same move of p as `canonical`, which is how the move
// is written.
void expect_same_move(RuleSet rules, const Position& p, std::string_view canonical,
                      std::initializer_list<std::string_view> others) {
  const absl::StatusOr<Move> move = parse_move(rules, p, canonical);
  ASSERT_TRUE(move.ok()) << canonical << ": " << move.status();
  EXPECT_EQ(move_token(p, *move), canonical);
  for (std::string_view token : others) {
    absl::StatusOr<Move> m = parse_move(rules, p, token);
    ASSERT_TRUE(m.ok()) << token << ": " << m.status();
    EXPECT_EQ(*m, *move) << token;
  }
}

// "Pit names and L/R letters are matched case-insensitively against the legal moves of the
// side to move (a5r and A5R both name North's a5R when North is to move)."
TEST(MoveTokens, CaseInsensitive) {
  const Position bao = Position::start(Variant::kBao);
  expect_same_move(kBao, bao, "A1R", {"a1r", "a1R", "A1r"});
  expect_same_move(kBao, after(kBao, bao, "A1R"), "a5R", {"a5r", "A5R", "A5r"});
  expect_same_move(kKigogo, Position::start(Variant::kKigogo), "B12", {"b12"});
  // Kujifunza: the kichwa letters too.
  const Position kuj = Position::start(Variant::kKujifunza);
  const std::vector<std::string> choose = tokens(kChoose, kuj);
  ASSERT_FALSE(choose.empty());
  for (const std::string& token : choose) {
    std::string lower = token;
    for (char& c : lower)
      c = char(std::tolower(static_cast<unsigned char>(c)));
    absl::StatusOr<Move> m = parse_move(kChoose, kuj, lower);
    ASSERT_TRUE(m.ok()) << lower << ": " << m.status();
    EXPECT_EQ(move_token(kuj, *m), token);
  }
}

TEST(MoveTokens, MalformedBaoTokens) {
  const Position p = Position::start(Variant::kBao);
  const std::string binary("\x00\x01\xff", 3);
  const std::string long_pits(10000, 'A');
  const std::string long_tail = "A1" + std::string(10000, 'R');
  const std::string long_number = "A" + std::string(10000, '1') + "R";
  for (const std::string& token :
       {std::string(""),     std::string("A"),    std::string("A1"),    std::string("A1LR"),
        std::string("A1RR"), std::string("A1X"),  std::string("A9R"),   std::string("A0R"),
        std::string("C1R"),  std::string("1AR"),  std::string("AR"),    std::string("A1 R"),
        std::string(" A1R"), std::string("A1R "), std::string("A1R:L"), std::string("A1R:"),
        std::string("A1R+"), std::string("A1-R"), std::string("A01R"),  binary,
        long_pits,           long_tail,           long_number}) {
    SCOPED_TRACE(token.size() < 20 ? token : "long token");
    expect_bad_token(kBao, p, token, "malformed");
  }
}

TEST(MoveTokens, MalformedKigogoTokens) {
  const Position p = Position::start(Variant::kKigogo);
  for (std::string_view token :
       {"", "A", "A5L", "A5R", "a5r", "A13", "B13", "B0", "A5:L", "A5+", "A5 ", "5", "AB5"}) {
    SCOPED_TRACE(token);
    expect_bad_token(kKigogo, p, token, "malformed");
  }
}

TEST(MoveTokens, MalformedKujifunzaTokens) {
  const Position p = Position::start(Variant::kKujifunza);
  for (RuleSet rules : {kChoose, kFollow}) {
    for (std::string_view token : {"", "A1", "A9R", "A1X", "A1RL", "A1R:", "A1R:LRLRL", "A1R:X",
                                   "A1R:L:R", "A1R+", "A1R:L+", "A1R;L", "A1:L"}) {
      SCOPED_TRACE(token);
      expect_bad_token(rules, p, token, "malformed");
    }
  }
}

// A kichwa suffix belongs to kujifunza only: on bao and kigogo it is malformed; under
// `follow` no move has one, so it names no legal move.
TEST(MoveTokens, KichwaSuffixOnTheWrongVariant) {
  expect_bad_token(kBao, Position::start(Variant::kBao), "A2R:L", "malformed");
  expect_bad_token(kBao, Position::start(Variant::kBao), "A2R:LR", "malformed");
  expect_bad_token(kKigogo, Position::start(Variant::kKigogo), "A2:L", "malformed");
  const Position kuj = Position::start(Variant::kKujifunza);
  for (std::string_view token : {"A2R:L", "A2R:R", "A2R:LR"})
    EXPECT_FALSE(parse_move(kFollow, kuj, token).ok()) << token;
}

// Well-formed tokens that name no legal move say "illegal".
TEST(MoveTokens, IllegalTokens) {
  // Bao: A4 = 3 is South's only pit of 2+.
  const Position bao = parse_or_die(
      Variant::kBao, "10,10,10,10,10,10,0,0/0,0,0,0,0,0,0,1/0,0,0,3,0,0,0,0/0,0,0,0,0,0,0,0 S");
  for (std::string_view token : {"A1R", "A5L", "B4R", "A8L", "b1L"})
    expect_bad_token(kBao, bao, token, "illegal");
  EXPECT_TRUE(parse_move(kBao, bao, "A4R").ok());
  // Kigogo start: A1 is empty.
  expect_bad_token(kKigogo, Position::start(Variant::kKigogo), "A1", "illegal");
  // Kujifunza start: every A1R capture is central (A3) and needs its kichwa letters under
  // `choose`; under `follow` none are written. B1 moves are no capture moves.
  const Position kuj = Position::start(Variant::kKujifunza);
  expect_bad_token(kChoose, kuj, "A1R", "illegal");
  expect_bad_token(kFollow, kuj, "A1R:L", "illegal");
  expect_bad_token(kFollow, kuj, "A1R:LRLR", "illegal");
  EXPECT_TRUE(parse_move(kFollow, kuj, "A1R").ok());
  // Finished position: nothing is legal.
  const Position over = parse_or_die(
      Variant::kBao, "10,10,10,10,10,10,0,0/0,0,0,0,0,0,0,0/2,2,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S");
  expect_bad_token(kBao, over, "A1R", "illegal");
}

}  // namespace
}  // namespace kete::test
