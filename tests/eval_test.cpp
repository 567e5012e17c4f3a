// The evaluation: the trace sums to the score, the features count what they claim, and
// the weights files load, round-trip and refuse every malformed line.
#include <fstream>
#include <random>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "engine/engine.h"
#include "eval/eval_file.h"
#include "eval/evaluate.h"
#include "eval/weights.h"
#include "test_util.h"

namespace kete {
namespace {

using test::kBao;
using test::kChoose;
using test::kKigogo;
using test::kKiswahili;
using test::kSanitized;
using test::parse_or_die;

constexpr RuleSet kAllRules[] = {kBao, kKigogo, kKiswahili, kChoose};

// Positions from random games of every variant, the start positions included.
std::vector<Position> random_positions(RuleSet rules, int games, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Position> out;
  for (int g = 0; g < games; ++g) {
    Position p = Position::start(rules.variant);
    for (int ply = 0; ply < 200 && !loser(rules, p); ++ply) {
      out.push_back(p);
      const MoveList moves = legal_moves(rules, p);
      p = *play(rules, p, moves[int(rng() % uint64_t(moves.size()))]);
    }
  }
  return out;
}

Weights random_weights(std::mt19937_64& rng) {
  Weights w;
  for (int32_t& x : w)
    x = int32_t(rng() % 401) - 200;
  return w;
}

// A feature's value in the trace, at the weight index of the position's stage.
int feature(const Position& p, Feature f) {
  return features(p)[weight_index(stage_of(p), f)];
}

TEST(Evaluation, TraceTimesWeightsIsTheEvaluation) {
  std::mt19937_64 rng(7);
  for (RuleSet rules : kAllRules) {
    for (const Position& p : random_positions(rules, 20, 1)) {
      const Weights w = random_weights(rng);
      const FeatureVector f = features(p);
      int64_t sum = 0, terms = 0;
      for (int k = 0; k < kWeightCount; ++k)
        sum += int64_t(f[k]) * w[k];
      for (const EvalTerm& t : evaluation_terms(p, w))
        terms += t.value;
      ASSERT_EQ(evaluate(p, w), sum) << position_string(p);
      ASSERT_EQ(terms, sum) << position_string(p);
    }
  }
}

TEST(Evaluation, EveryFeatureIsNamedOnceInTheTrace) {
  const std::vector<EvalTerm> terms = evaluation_terms(Position::start(Variant::kBao), Weights{});
  ASSERT_EQ(int(terms.size()), kFeatureCount);
  for (int k = 0; k < kFeatureCount; ++k)
    EXPECT_EQ(terms[k].name, kFeatureNames[k]);
  // Kiswahili's start is in namua: the terms carry the namua weights' names.
  const std::vector<EvalTerm> namua =
      evaluation_terms(Position::start(Variant::kKiswahili), Weights{});
  ASSERT_EQ(int(namua.size()), kFeatureCount);
  for (int k = 0; k < kFeatureCount; ++k)
    EXPECT_EQ(namua[k].name, "namua_" + std::string(kFeatureNames[k]));
}

TEST(Evaluation, TheStageChoosesTheWeights) {
  Weights w{};
  w[weight_index(Stage::kNamua, Feature::kTempo)] = 5;
  w[weight_index(Stage::kMtaji, Feature::kTempo)] = 7;
  const Position namua = Position::start(Variant::kKiswahili);
  EXPECT_EQ(stage_of(namua), Stage::kNamua);
  EXPECT_EQ(evaluate(namua, w), 5);
  Position mtaji = namua;
  mtaji.set_hand(Side::kSouth, 0);
  mtaji.set_hand(Side::kNorth, 0);
  EXPECT_EQ(stage_of(mtaji), Stage::kMtaji);
  EXPECT_EQ(evaluate(mtaji, w), 7);
  EXPECT_EQ(evaluate(Position::start(Variant::kBao), w), 7);
}

TEST(Evaluation, ClampsBelowMateScores) {
  Weights w{};
  w[size_t(Feature::kFront)] = kMaxWeight;
  const Position p = parse_or_die(
      Variant::kBao, "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/50,13,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S");
  EXPECT_EQ(evaluate(p, w), kMateBound - 1);
}

// Swapping the side to move turns every difference around and swaps the two threats.
TEST(Evaluation, FeaturesAreCountedFromTheSideToMove) {
  for (RuleSet rules : kAllRules) {
    for (const Position& p : random_positions(rules, 5, 2)) {
      Position q = p;
      q.pass_turn();
      const FeatureVector a = features(p), b = features(q);
      const int o = weight_index(stage_of(p), Feature::kFront);
      const int other = weight_index(Stage(1 - int(stage_of(p))), Feature::kFront);
      for (int k = 0; k < kFeatureCount; ++k) {
        const Feature f = Feature(k);
        EXPECT_EQ(a[other + k], 0) << "the other stage's half of the trace";
        if (f == Feature::kTempo) {
          EXPECT_EQ(a[o + k], 1);
        } else if (f == Feature::kThreatUs) {
          EXPECT_EQ(a[o + k], b[o + int(Feature::kThreatThem)]);
        } else if (f != Feature::kThreatThem) {
          EXPECT_EQ(a[o + k], -b[o + k]) << kFeatureNames[k] << " in " << position_string(p);
        }
      }
    }
  }
}

TEST(Evaluation, CountsRowsPitsAndHouses) {
  const Position p = Position::start(Variant::kKiswahili);
  Position q = p;
  q.set_seeds(Side::kSouth, 0, 1);  // A1: a singleton in South's kichwa
  q.set_seeds(Side::kSouth, 9, 3);  // B7
  q.set_hand(Side::kSouth, 20);
  q.set_hand(Side::kNorth, 20);  // hands stay equal, South to move
  EXPECT_EQ(feature(q, Feature::kFront), 1);
  EXPECT_EQ(feature(q, Feature::kBack), 3);
  EXPECT_EQ(feature(q, Feature::kHand), 0);
  EXPECT_EQ(feature(q, Feature::kMobility), 1);
  EXPECT_EQ(feature(q, Feature::kSingletons), 1);
  EXPECT_EQ(feature(q, Feature::kEmptyFront), -1);
  EXPECT_EQ(feature(q, Feature::kKichwa), 1);
  EXPECT_EQ(feature(q, Feature::kHouse), 0);
  q.set_house(Side::kNorth, false);
  EXPECT_EQ(feature(q, Feature::kHouse), 1);
  EXPECT_EQ(feature(q, Feature::kHouseSeeds), 6);
}

TEST(Evaluation, ThreatIsTheLargestFirstLapCapture) {
  // Bao, South to move: A1's 2 seeds sown clockwise end on A3, which holds a seed, facing
  // a6 with 7; A8's 2 seeds sown anticlockwise end on A6, facing a3 with 5. B1's 43 seeds
  // go round the ring and are not judged.
  const Position p = parse_or_die(
      Variant::kBao, "0,0,0,0,0,0,0,0/0,0,7,0,0,5,0,0/2,0,1,0,0,4,0,2/43,0,0,0,0,0,0,0 S");
  EXPECT_EQ(feature(p, Feature::kThreatUs), 7);
  // North to move: a6 and a3 end on empty or back pits: no capture.
  Position q = p;
  q.pass_turn();
  EXPECT_EQ(feature(q, Feature::kThreatUs), 0);
  EXPECT_EQ(feature(q, Feature::kThreatThem), 7);
}

// The capture targets as masks of the opponent's front pits (ring indices: front pits
// 0-7, facing the opponent's 7-0), worked out by hand. South: pit 0's 2 seeds clockwise
// end on pit 2, facing North's 5; pit 7's 2 anticlockwise end on pit 5, facing North's 2.
// Pit 3 faces seeds too, but no lap ends there: pit 3's own 16 go round the whole ring,
// and pit 2's single seed is no move. North's laps all end on empty or back pits.
TEST(Evaluation, CaptureTargetsAreTheFacingPitsOfFirstLapEnds) {
  Position p = Position::empty(Variant::kBao);
  for (auto [i, n] : {std::pair{0, 2}, {2, 1}, {3, 16}, {5, 4}, {6, 1}, {7, 2}})
    p.set_seeds(Side::kSouth, i, n);
  for (auto [i, n] : {std::pair{0, 9}, {2, 5}, {4, 3}, {5, 7}})
    p.set_seeds(Side::kNorth, i, n);
  EXPECT_EQ(capture_targets<8>(p, Side::kSouth), (1u << 5) | (1u << 2));
  EXPECT_EQ(capture_targets<8>(p, Side::kNorth), 0u);
  // 15 seeds on pit 4 end on pit 3 clockwise (facing North's 4) and on pit 5 the other way.
  p.set_seeds(Side::kSouth, 4, 15);
  EXPECT_EQ(capture_targets<8>(p, Side::kSouth), (1u << 5) | (1u << 4) | (1u << 2));
}

// The word form of capture_targets against the lap-by-lap form, over random games of the
// 8-wide variants and boards of random pits (0 to 40 seeds, hands in namua).
TEST(Evaluation, CaptureTargetsAWordAtATimeFollowTheLaps) {
  std::vector<Position> positions;
  for (RuleSet rules : {kBao, kKiswahili, kChoose})
    for (const Position& p : random_positions(rules, kSanitized ? 5 : 40, 11))
      positions.push_back(p);
  std::mt19937_64 rng(12);
  for (int k = 0; k < 20000; ++k) {
    Position p = Position::empty(k % 2 ? Variant::kBao : Variant::kKiswahili);
    for (Side s : {Side::kSouth, Side::kNorth})
      for (int i = 0; i < 16; ++i)
        p.set_seeds(s, i, rng() % 3 == 0 ? 0 : int(rng() % 41));
    if (k % 4 == 1) p.set_hand(Side::kSouth, 3);
    positions.push_back(p);
  }
  for (const Position& p : positions)
    for (Side s : {Side::kSouth, Side::kNorth})
      ASSERT_EQ(capture_targets<8>(p, s), capture_targets_by_laps<8>(p, s))
          << position_string(p) << " side " << int(s);
}

TEST(Evaluation, KigogoThreatTakesTheFileBehind) {
  // A lap ending in an empty own front pit takes the facing pit and the back pit behind.
  Position p = Position::empty(Variant::kKigogo);
  p.set_seeds(Side::kSouth, 3, 2);   // A4: 2 seeds, anticlockwise ends on A2
  p.set_seeds(Side::kNorth, 10, 4);  // a11 faces A2
  p.set_seeds(Side::kNorth, 13, 6);  // b11, behind a11
  p.set_seeds(Side::kNorth, 0, 1);
  EXPECT_EQ(feature(p, Feature::kThreatUs), 10);
}

// A6's 2 seeds end on A4, which holds one: the relay lifts both and sows on to end in the
// empty A2, taking a11 and b11. A first-lap estimate would see no capture.
TEST(Evaluation, KigogoThreatFollowsTheRelay) {
  Position p = Position::empty(Variant::kKigogo);
  p.set_seeds(Side::kSouth, 5, 2);   // A6
  p.set_seeds(Side::kSouth, 3, 1);   // A4
  p.set_seeds(Side::kNorth, 10, 4);  // a11 faces A2
  p.set_seeds(Side::kNorth, 13, 6);  // b11, behind a11
  p.set_seeds(Side::kNorth, 0, 1);
  EXPECT_EQ(feature(p, Feature::kThreatUs), 10);
  // North's a11 (4 seeds) ends in the empty a7, facing A6 (2) with an empty B6 behind.
  EXPECT_EQ(feature(p, Feature::kThreatThem), 2);
}

TEST(Evaluation, NamuaThreatIsAnyOccupiedPitFacingSeeds) {
  const Position start = Position::start(Variant::kKiswahili);
  EXPECT_EQ(feature(start, Feature::kThreatUs), 0);  // the opening rows do not face
  Position p = start;
  p.set_seeds(Side::kNorth, 3, 4);  // a4 faces A5, South's house
  EXPECT_EQ(feature(p, Feature::kThreatUs), 4);
}

// --- Weights files ---------------------------------------------------------------------

std::string weights_text(std::string_view extra = "", std::string_view skip = "") {
  std::string text = "# a comment\nvariant bao\n";
  for (std::string_view name : kFeatureNames)
    if (name != skip) text += std::string(name) + " 7\n";
  return text + std::string(extra);
}

TEST(WeightsFile, RoundTripsEveryVariant) {
  std::mt19937_64 rng(3);
  for (Variant v : kAllVariants) {
    WeightsFile file{v, random_weights(rng)};
    if (v != Variant::kKiswahili)  // only kiswahili has namua weights
      std::fill(file.weights.begin() + kFeatureCount, file.weights.end(), 0);
    absl::StatusOr<WeightsFile> back = parse_weights(format_weights(file, "two\nlines"));
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(back->variant, v);
    EXPECT_EQ(back->weights, file.weights);
  }
}

TEST(WeightsFile, EmbeddedDefaultsAreTheFilesInTuningWeights) {
  ASSERT_TRUE(embedded_weights().ok()) << embedded_weights().status();
  for (Variant v : kAllVariants) {
    absl::StatusOr<WeightsFile> f =
        read_weights_file(fmt::format("{}/tuning/weights/{}.txt", KETE_SOURCE_DIR, to_string(v)));
    ASSERT_TRUE(f.ok()) << f.status();
    EXPECT_EQ(f->variant, v);
    EXPECT_EQ(f->weights, default_weights(v));
  }
}

TEST(WeightsFile, AcceptsSignsCaseAndComments) {
  absl::StatusOr<WeightsFile> f =
      parse_weights("variant BAO   # trailing comment\r\n" + weights_text().substr(24) + "\n\n");
  ASSERT_TRUE(f.ok()) << f.status();
  absl::StatusOr<WeightsFile> g =
      parse_weights("variant kigogo\nFRONT -3\n" + weights_text("", "front").substr(24));
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ(g->weights[0], -3);
}

void expect_error(std::string_view text, std::string_view message) {
  absl::StatusOr<WeightsFile> f = parse_weights(text);
  ASSERT_FALSE(f.ok()) << text;
  EXPECT_NE(error_text(f.status()).find(message), std::string::npos) << f.status();
}

TEST(WeightsFile, RefusesEveryMalformedFile) {
  expect_error(weights_text("kichwaa 3\n"), "line 16: unknown weight 'kichwaa'");
  expect_error(weights_text("", "mobility"), "missing weight(s) mobility");
  expect_error(weights_text("front 3\n"), "weight 'front' repeats line 3");
  expect_error("variant bao\nfront 1.5\n", "line 2: weight 'front': '1.5' is not an integer");
  expect_error("variant bao\nfront 12abc\n", "'12abc' is not an integer");
  expect_error("variant bao\nfront 100001\n", "is not an integer in -100000..100000");
  expect_error("variant bao\nfront 99999999999999\n", "is not an integer");
  expect_error("variant bao\nfront\n", "line 2: expected '<name> <value>'");
  expect_error("variant bao\nfront 1 2\n", "expected '<name> <value>'");
  expect_error("front 100\n", "line 1: expected 'variant <name>'");
  expect_error("variant chess\n", "unknown variant 'chess'");
  expect_error(weights_text("namua_front 3\n"),
               "line 16: weight 'namua_front': only kiswahili has a namua stage");
  std::string kiswahili = "variant kiswahili\n";
  for (std::string_view name : kWeightNames)
    if (name != "namua_tempo") kiswahili += std::string(name) + " 1\n";
  expect_error(kiswahili, "missing weight(s) namua_tempo");
  expect_error("", "no 'variant <name>' line");
  expect_error(std::string("variant bao\nfront \0 1\n", 22), "line 2");
}

class EvalFileTest : public ::testing::Test {
 protected:
  std::string write(std::string_view name, std::string_view text) {
    const std::string path = ::testing::TempDir() + std::string(name);
    std::ofstream(path) << text;
    return path;
  }
  Engine engine;
};

TEST_F(EvalFileTest, LoadsTheVariantTheFileNames) {
  WeightsFile file{Variant::kKigogo, default_weights(Variant::kKigogo)};
  file.weights[size_t(Feature::kMobility)] = 42;
  absl::StatusOr<Variant> v = engine.set_eval_file(write("kigogo.txt", format_weights(file)));
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(*v, Variant::kKigogo);
  EXPECT_EQ(engine.settings().eval[Variant::kKigogo], file.weights);
  EXPECT_EQ(engine.settings().eval[Variant::kBao], default_weights(Variant::kBao));
  ASSERT_TRUE(engine.set_eval_file("<default>").ok());
  EXPECT_EQ(engine.settings().eval[Variant::kKigogo], default_weights(Variant::kKigogo));
}

TEST_F(EvalFileTest, AnErrorKeepsTheOldWeights) {
  WeightsFile file{Variant::kBao, default_weights(Variant::kBao)};
  file.weights[size_t(Feature::kTempo)] = 9;
  ASSERT_TRUE(engine.set_eval_file(write("bao.txt", format_weights(file))).ok());
  const EvalWeights before = engine.settings().eval;
  for (const std::string& path : {write("bad.txt", "variant bao\nfront x\n"),
                                  std::string("/no/such/file"), ::testing::TempDir()}) {
    absl::StatusOr<Variant> v = engine.set_eval_file(path);
    ASSERT_FALSE(v.ok()) << path;
    EXPECT_TRUE(error_text(v.status()).starts_with("EvalFile: ")) << v.status();
    EXPECT_EQ(engine.settings().eval.by_variant, before.by_variant);
  }
}

}  // namespace
}  // namespace kete
