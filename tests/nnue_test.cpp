// The learned evaluation: the inputs of hand-built positions and the output of a
// hand-made net against values worked out by hand, quantized inference against the float
// reference, the incremental accumulator and the search's evaluator against a refresh,
// a search with a net, the net file's errors, EvalFile, and a tiny training run
// (docs/evaluation.md, docs/tuning.md).
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <fstream>
#include <map>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "engine/engine.h"
#include "eval/net_file.h"
#include "eval/nnue.h"
#include "eval/weights.h"
#include "rules/random.h"
#include "test_util.h"
#include "tuning/selfplay.h"
#include "tuning/trainer.h"

namespace kete {
namespace {

using nnue::Accumulator;
using tuning::FloatNet;

constexpr RuleSet kEveryRules[] = {test::kBao, test::kKiswahili, test::kKigogo, test::kChoose,
                                   test::kFollow};

// The positions of a random game from the start, the start included.
std::vector<Position> random_game(RuleSet rules, uint64_t seed, int max_plies = 120) {
  Random rng(seed);
  std::vector<Position> game{Position::start(rules.variant)};
  while (int(game.size()) <= max_plies) {
    const MoveList moves = legal_moves(rules, game.back());
    if (moves.empty()) break;
    game.push_back(*play(rules, game.back(), moves[int(rng.uniform_below(moves.size()))]));
  }
  return game;
}

// A float net with random weights and a random output bias, its scale a typical fit's.
FloatNet random_net(Variant v, uint64_t seed, bool threats = false) {
  FloatNet net = tuning::initial_net(v, seed, nnue::Form::kPlain, threats);
  net.k = 1.0 / 300;
  net.params[net.output_bias()] = 0.25f;
  return net;
}

void expect_same(const Accumulator& a, const Accumulator& b, const std::string& where) {
  ASSERT_EQ(std::memcmp(a.v.data(), b.v.data(), sizeof a.v), 0) << where;
}

// The inputs a position sets, seen from `us`: input index -> value.
std::map<int, int> inputs_of(const Position& p, Side us, bool threats = false) {
  std::map<int, int> set;
  const auto add = [&](int input, int value) { EXPECT_TRUE(set.emplace(input, value).second); };
  if (width(p.variant()) == 8)
    nnue::for_each_input<8>(p, us, add, threats);
  else
    nnue::for_each_input<12>(p, us, add, threats);
  return set;
}

// The threat inputs alone (those from input_count(v) on).
std::map<int, int> threat_inputs_of(const Position& p, Side us) {
  std::map<int, int> set = inputs_of(p, us, true);
  std::erase_if(set, [&](const auto& kv) { return kv.first < nnue::input_count(p.variant()); });
  return set;
}

// The input layout of docs/evaluation.md ("Inputs") counted by hand. On the 4x8 board a
// ring has 16 pits: slots 0-15 are our pits (ring index: front pits 1..8 are 0..7, back
// pits 8..1 are 8..15), 16-31 theirs, 32 our hand, 33 theirs; slot s holds inputs
// 17s .. 17s + 16 (a seed count n of 1..16 sets 17s + n - 1, the large-count input
// 17s + 16 is min(n - 16, 32) when n > 16). Then the houses 578 (ours) and 579 (theirs),
// the takasia pit 580 + ring index (ours) or 596 + ring index (theirs), and the namua
// stage 612: 613 inputs. On kigogo's 4x12 board, 50 slots: houses 850, 851, takasia 852
// (ours) and 876 (theirs), the stage 900: 901 inputs.
//
// With the threat inputs, W target flags per side and 17 largest-capture inputs per side
// follow: on the 4x8 board 613-620 (their front pits 1..8 that we could capture, by ring
// index), 621-628 (ours that they could), 629-645 (our largest capture, 0..16 seeds) and
// 646-662 (theirs): 663 inputs; on the 4x12 board 901 + 24 + 34 = 959.
TEST(NnueInputs, CountsOfEachBoard) {
  EXPECT_EQ(nnue::input_count(Variant::kBao), 613);
  EXPECT_EQ(nnue::input_count(Variant::kKiswahili), 613);
  EXPECT_EQ(nnue::input_count(Variant::kKujifunza), 613);
  EXPECT_EQ(nnue::input_count(Variant::kKigogo), 901);
  EXPECT_EQ(nnue::input_count(Variant::kKiswahili, true), 663);
  EXPECT_EQ(nnue::input_count(Variant::kKigogo, true), 959);
}

// Kiswahili in mtaji, South to move. South: A1 7, A3 2, A5 1, B1 3, B8 37; North: a1 2,
// a2 6, a4 5, a8 1. Front pit i (ring index, A1 = 0) faces the other side's front pit
// 7 - i (A1 faces a8). First laps of 2..15 seeds:
//   South: A3's 2 end on A5 (1 seed) facing a4 (5) or on A1 (7) facing a8 (1); B1's 3
//   end on A3 (2) facing a6, empty, or on B5; A1's 7 end on A8 (empty) or on B7; A5's
//   single seed and B8's 37 make no such lap. Targets a4 and a8, the largest 5.
//   North: a2's 6 end on a8 (1) facing A1 (7) or on b5; a1's 2 on a3 (empty) or b2;
//   a4's 5 on b6 or b7; a8's single seed none. Target A1, the largest 7.
TEST(NnueInputs, KiswahiliThreatInputsInMtaji) {
  const Position p = test::parse_or_die(
      Variant::kKiswahili,
      "0,0,0,0,0,0,0,0/1,0,0,0,5,0,6,2/7,0,2,0,1,0,0,0/3,0,0,0,0,0,0,37 S 0,0 - -");
  // South is "us": their a4 (ring 3) -> 616, a8 (ring 7) -> 620; our A1 -> 621; our
  // largest 5 -> 629 + 5 = 634, theirs 7 -> 646 + 7 = 653.
  const std::map<int, int> south = {{616, 1}, {620, 1}, {621, 1}, {634, 1}, {653, 1}};
  EXPECT_EQ(threat_inputs_of(p, Side::kSouth), south);
  // North is "us": their A1 -> 613; our a4 -> 624, a8 -> 628; our largest 7 -> 636,
  // theirs 5 -> 651.
  const std::map<int, int> north = {{613, 1}, {624, 1}, {628, 1}, {636, 1}, {651, 1}};
  EXPECT_EQ(threat_inputs_of(p, Side::kNorth), north);
  // Without the threats the board's inputs alone.
  EXPECT_LT(inputs_of(p, Side::kSouth).rbegin()->first, 613);
  const std::vector<std::string> words = nnue::input_summary(p, true);
  for (const char* word :
       {"capturable_them3", "capturable_them7", "capturable_us0", "largest_us:5", "largest_them:7"})
    EXPECT_NE(std::find(words.begin(), words.end(), word), words.end())
        << word << " in " << fmt::format("{}", fmt::join(words, " "));
}

// In namua a hand seed sown on an occupied front pit takes the facing pit. The position
// of KiswahiliNamuaFromEitherSide: North's a3 (1) faces South's A6 (1), a6 (2) faces A3
// (empty); South's A5 faces a4 (empty), A6 faces a3 (1). Both largest captures are 1.
TEST(NnueInputs, KiswahiliThreatInputsInNamua) {
  const Position p = test::parse_or_die(
      Variant::kKiswahili,
      "0,0,0,0,0,0,0,0/0,0,2,0,0,1,0,0/0,0,0,0,25,1,0,0/16,0,0,0,0,0,0,0 N 9,10 H -");
  // North is "us": their A6 (ring 5) -> 618; our a3 (ring 2) -> 623; largest 1 each ->
  // 630 and 647.
  const std::map<int, int> north = {{618, 1}, {623, 1}, {630, 1}, {647, 1}};
  EXPECT_EQ(threat_inputs_of(p, Side::kNorth), north);
}

// Kiswahili in namua, North to move (North holds one seed more: South has just placed
// one): South's house A5 holds 25 seeds (bucket 16 and a large count of 25 - 16 = 9), B1
// exactly 16 (bucket 16, no large count), A6 1; North's a3 1 and a6 2; hands 9 and 10;
// only South's house intact.
TEST(NnueInputs, KiswahiliNamuaFromEitherSide) {
  const Position p = test::parse_or_die(
      Variant::kKiswahili,
      "0,0,0,0,0,0,0,0/0,0,2,0,0,1,0,0/0,0,0,0,25,1,0,0/16,0,0,0,0,0,0,0 N 9,10 H -");
  // North, the side to move, is "us": a3 (ring 2, slot 2) 1 seed -> 34; a6 (slot 5) 2 ->
  // 86; South's A5 (slot 16 + 4 = 20) 25 -> 355 and 356 = 9; A6 (slot 21) 1 -> 357; B1
  // (ring 15, slot 31) 16 -> 542; our hand 10 (slot 32) -> 553; theirs 9 (slot 33) ->
  // 569; their house 579; namua 612.
  const std::map<int, int> north = {{34, 1},  {86, 1},  {355, 1}, {356, 9}, {357, 1},
                                    {542, 1}, {553, 1}, {569, 1}, {579, 1}, {612, 1}};
  EXPECT_EQ(inputs_of(p, Side::kNorth), north);
  // The same position seen from South: A5 (slot 4) -> 83, 84 = 9; A6 (slot 5) -> 85; B1
  // (slot 15) -> 270; a3 (slot 18) -> 306; a6 (slot 21) -> 358; our hand 9 -> 552, theirs
  // 10 -> 570; our house 578; namua 612.
  const std::map<int, int> south = {{83, 1},  {84, 9},  {85, 1},  {270, 1}, {306, 1},
                                    {358, 1}, {552, 1}, {570, 1}, {578, 1}, {612, 1}};
  EXPECT_EQ(inputs_of(p, Side::kSouth), south);
  // The net evaluates from the side to move's view.
  const std::vector<std::string> words = nnue::input_summary(p);
  EXPECT_EQ(words.size(), north.size());
  EXPECT_NE(std::find(words.begin(), words.end(), "them4+=9"), words.end())
      << fmt::format("{}", fmt::join(words, " "));
}

// Kiswahili in mtaji, South to move with North's a6 as its takasia target: B8 holds 50
// seeds (bucket 16, the large count capped at 32, not 34); North's house a5 intact.
TEST(NnueInputs, KiswahiliMtajiTakasiaAndTheCappedLargeCount) {
  const Position p = test::parse_or_die(
      Variant::kKiswahili,
      "0,0,0,0,0,0,0,1/0,0,2,3,0,0,0,0/4,0,0,0,0,0,0,0/0,4,0,0,0,0,0,50 S 0,0 h a6");
  ASSERT_TRUE(p.has_takasia());
  // South is "us": A1 (slot 0) 4 -> 3; B8 (ring 8, slot 8) 50 -> 151 and 152 = 32; B2
  // (ring 14) 4 -> 241; a5 (slot 20) 3 -> 342; a6 (slot 21) 2 -> 358; b1 (ring 15, slot
  // 31) 1 -> 527; their house 579; the takasia pit on their ring, a6: 596 + 5 = 601.
  const std::map<int, int> south = {{3, 1},   {151, 1}, {152, 32}, {241, 1}, {342, 1},
                                    {358, 1}, {527, 1}, {579, 1},  {601, 1}};
  EXPECT_EQ(inputs_of(p, Side::kSouth), south);
  // From North: a5 (slot 4) -> 70; a6 (slot 5) -> 86; b1 (slot 15) -> 255; A1 (slot 16)
  // -> 275; B8 (slot 24) -> 423, 424 = 32; B2 (slot 30) -> 513; our house 578; the
  // takasia pit on our ring: 580 + 5 = 585. No namua input: no seed in hand.
  const std::map<int, int> north = {{70, 1},   {86, 1},  {255, 1}, {275, 1}, {423, 1},
                                    {424, 32}, {513, 1}, {578, 1}, {585, 1}};
  EXPECT_EQ(inputs_of(p, Side::kNorth), north);
}

// Kigogo's 4x12 board: a ring of 24 pits, slots 0-23 ours, 24-47 theirs, 48 and 49 the
// (always empty) hands. A12 (ring 11) holds 17: bucket 16 and a large count of 1.
TEST(NnueInputs, KigogoRingsOfTwentyFourPits) {
  const Position p = test::parse_or_die(Variant::kKigogo,
                                        "0,0,0,0,0,0,0,0,0,0,0,20/0,0,0,0,0,0,0,0,0,0,0,5/"
                                        "3,0,0,0,0,0,0,0,0,0,0,17/2,0,0,0,0,0,0,0,0,0,0,1 S");
  // South: A1 (slot 0) 3 -> 2; A12 (slot 11) 17 -> 202 and 203 = 1; B12 (ring 12) 1 ->
  // 204; B1 (ring 23) 2 -> 392. North: a1 (slot 24) 5 -> 412; b1 (ring 23, slot 47) 20
  // -> 814 and 815 = 4.
  const std::map<int, int> south = {{2, 1},   {202, 1}, {203, 1}, {204, 1},
                                    {392, 1}, {412, 1}, {814, 1}, {815, 4}};
  EXPECT_EQ(inputs_of(p, Side::kSouth), south);
  // From North: a1 (slot 0) -> 4; b1 (slot 23) -> 406, 407 = 4; A1 (slot 24) -> 410;
  // A12 (slot 35) -> 610, 611 = 1; B12 (slot 36) -> 612; B1 (slot 47) -> 800.
  const std::map<int, int> north = {{4, 1},   {406, 1}, {407, 4}, {410, 1},
                                    {610, 1}, {611, 1}, {612, 1}, {800, 1}};
  EXPECT_EQ(inputs_of(p, Side::kNorth), north);
}

// A hand-made net on a hand-built kujifunza position, its output worked out by hand.
// South to move; South's A1 holds 20, A2..A8 2 each, B1 6 (40 seeds); North's a1..a8 3
// each (24). From South's view the inputs set are 15 (A1 bucket 16), 16 (A1's large
// count, 4), 18, 35, .., 120 (A2..A8 hold 2), 260 (B1 holds 6) and 274, 291, .., 393
// (a1..a8 hold 3); from North's view 2, 19, .., 121 (a1..a8), 287, 288 (= 4), 290,
// 307, .., 392 (A2..A8) and 532 (B1).
constexpr char kHandPosition[] =
    "0,0,0,0,0,0,0,0/3,3,3,3,3,3,3,3/20,2,2,2,2,2,2,2/6,0,0,0,0,0,0,0 S";

// Quantized by hand: hidden 0 = bias 60 + 4 x 30 (input 16) = 180, clipped to 127;
// hidden 1 = -50 + 80 (input 274) = 30; hidden 2 = 20 - 100 (input 15) = -80, clipped to
// 0; hidden 3 = 10 (input 260) + 4 x 5 (input 16) = 30, its weight 100 on input 14 (A1
// holding exactly 15) not set; the other 60 units 0. Output weights 64, -128, 1000, 32.
nnue::Net hand_made_net(nnue::Form form) {
  nnue::Net net;
  net.variant = Variant::kKujifunza;
  net.form = form;
  net.scale = 256;
  net.input_weights.assign(size_t(613) * nnue::kHidden, 0);
  const auto w = [&](int input, int hidden) -> int16_t& {
    return net.input_weights[size_t(input) * nnue::kHidden + size_t(hidden)];
  };
  net.input_bias[0] = 60;
  w(16, 0) = 30;
  net.input_bias[1] = -50;
  w(274, 1) = 80;
  net.input_bias[2] = 20;
  w(15, 2) = -100;
  w(260, 3) = 10;
  w(16, 3) = 5;
  w(14, 3) = 100;
  net.output_weights[0] = 64;
  net.output_weights[1] = -128;
  net.output_weights[2] = 1000;
  net.output_weights[3] = 32;
  return net;
}

// The same net in floats (quantized values / 127 and / 64), its scale k = 1/256.
FloatNet hand_made_float_net(nnue::Form form) {
  const nnue::Net q = hand_made_net(form);
  FloatNet f;
  f.variant = Variant::kKujifunza;
  f.form = form;
  f.k = 1.0 / 256;
  f.params.assign(FloatNet::param_count(Variant::kKujifunza), 0.0f);
  for (size_t i = 0; i < q.input_weights.size(); ++i)
    f.params[i] = float(q.input_weights[i]) / nnue::kQa;
  for (int j = 0; j < nnue::kHidden; ++j) {
    f.params[f.input_bias() + size_t(j)] = float(q.input_bias[size_t(j)]) / nnue::kQa;
    f.params[f.output_weights() + size_t(j)] = float(q.output_weights[size_t(j)]) / nnue::kQb;
  }
  return f;
}

TEST(Nnue, HandMadeNetGivesTheOutputWorkedOutByHand) {
  const Position south = test::parse_or_die(Variant::kKujifunza, kHandPosition);
  const Weights& weights = default_weights(Variant::kKujifunza);  // 100 a seed, nothing else
  const nnue::Net plain = hand_made_net(nnue::Form::kPlain);
  // raw = 127 x 64 + 30 x -128 + 0 x 1000 + 30 x 32 = 5248 in units of 127 x 64 = 8128;
  // x 256 / 8128 = 165.3, truncated to 165 centi-seeds.
  nnue::Accumulator acc;
  nnue::refresh<8>(plain, south, Side::kSouth, acc);
  EXPECT_EQ(acc.v[0], 180);
  EXPECT_EQ(acc.v[1], 30);
  EXPECT_EQ(acc.v[2], -80);
  EXPECT_EQ(acc.v[3], 30);
  EXPECT_EQ(nnue::raw_output(plain, acc), 5248);
  EXPECT_EQ(nnue::evaluate(plain, south), 165);
  EXPECT_EQ(nnue::evaluate(plain, south, weights), 165);
  // The residual form adds the linear evaluation: 100 x (40 - 24) = 1600, so 1765.
  const nnue::Net residual = hand_made_net(nnue::Form::kResidual);
  EXPECT_EQ(nnue::evaluate(residual, south), 165);
  EXPECT_EQ(nnue::evaluate(residual, south, weights), 1765);

  // North to move on the same board: hidden 0 = 60, 1 = -50 -> 0, 2 = 20, 3 = 0 (none of
  // their inputs is set from North's view); raw = 60 x 64 + 20 x 1000 = 23840, x 256 /
  // 8128 = 750.9 -> 750; the linear evaluation -1600, so the residual sum -850.
  const Position north = test::parse_or_die(
      Variant::kKujifunza, "0,0,0,0,0,0,0,0/3,3,3,3,3,3,3,3/20,2,2,2,2,2,2,2/6,0,0,0,0,0,0,0 N");
  EXPECT_EQ(nnue::evaluate(plain, north), 750);
  EXPECT_EQ(nnue::evaluate(residual, north, weights), -850);

  // The sum stays inside the non-mate range (kMateBound 30000): 29900 + 200 -> 29999.
  EXPECT_EQ(nnue::combine(residual, 29900, 200), 29999);
  EXPECT_EQ(nnue::combine(residual, -29900, -200), -29999);
  EXPECT_EQ(nnue::combine(plain, 1600, 165), 165);
}

// The trainer's float net: its output is the logit 1 - 2 x 30/127 + 0.5 x 30/127 =
// 82/127 (= 5248 / 8128 above); a residual net adds the base logit k x 1600 = 6.25 from
// South's view, -6.25 from North's; a plain net's base is 0. Quantizing it gives the
// hand-made net back, scale round(1 / k) = 256.
TEST(Nnue, FloatNetBaseLogitAndForwardWorkedOutByHand) {
  const Position south = test::parse_or_die(Variant::kKujifunza, kHandPosition);
  const Position north = test::parse_or_die(
      Variant::kKujifunza, "0,0,0,0,0,0,0,0/3,3,3,3,3,3,3,3/20,2,2,2,2,2,2,2/6,0,0,0,0,0,0,0 N");
  const FloatNet plain = hand_made_float_net(nnue::Form::kPlain);
  const FloatNet residual = hand_made_float_net(nnue::Form::kResidual);
  EXPECT_EQ(tuning::base_logit(plain, south), 0.0);
  EXPECT_EQ(tuning::base_logit(residual, south), 6.25);
  EXPECT_EQ(tuning::base_logit(residual, north), -6.25);
  EXPECT_NEAR(tuning::forward(plain, south), 82.0 / 127, 1e-6);
  EXPECT_NEAR(tuning::forward(residual, south), 6.25 + 82.0 / 127, 1e-6);
  // From North: 60/127 x 1 + 20/127 x 1000/64 = (60 + 312.5) / 127.
  EXPECT_NEAR(tuning::forward(residual, north), -6.25 + 372.5 / 127, 1e-5);
  for (nnue::Form form : {nnue::Form::kPlain, nnue::Form::kResidual}) {
    const nnue::Net q = tuning::quantize(hand_made_float_net(form));
    const nnue::Net expected = hand_made_net(form);
    EXPECT_EQ(q.input_weights, expected.input_weights);
    EXPECT_EQ(q.input_bias, expected.input_bias);
    EXPECT_EQ(q.output_weights, expected.output_weights);
    EXPECT_EQ(q.output_bias, 0);
    EXPECT_EQ(q.scale, 256);
    EXPECT_EQ(q.form, form);
  }
}

template <int W>
void check_incremental(const nnue::Net& net, const std::vector<Position>& game) {
  for (size_t i = 1; i < game.size(); ++i)
    for (Side us : {Side::kSouth, Side::kNorth}) {
      Accumulator inc, full;
      nnue::refresh<W>(net, game[i - 1], us, inc);
      nnue::update<W>(net, game[i - 1], game[i], us, inc);
      nnue::refresh<W>(net, game[i], us, full);
      expect_same(inc, full, fmt::format("ply {}: {}", i, position_string(game[i])));
    }
}

TEST(Nnue, IncrementalAccumulatorEqualsRefreshAfterEveryMove) {
  for (RuleSet rules : kEveryRules)
    for (bool threats : {false, true}) {
      const nnue::Net net = tuning::quantize(random_net(rules.variant, 3, threats));
      for (uint64_t g = 0; g < (test::kSanitized ? 2 : 10); ++g) {
        const std::vector<Position> game = random_game(rules, 100 + g);
        if (width(rules.variant) == 8)
          check_incremental<8>(net, game);
        else
          check_incremental<12>(net, game);
      }
    }
}

// The search's evaluator, updating each child from its parent's cached accumulator,
// against a refresh of the child, in every variant (each board width).
template <int W>
void check_evaluator_siblings(RuleSet rules, const nnue::Net& net) {
  nnue::Evaluator evaluator(net, true);
  for (const Position& p : random_game(rules, 7, 40))
    for (Move m : legal_moves(rules, p)) {
      const Position c = *play(rules, p, m);
      EXPECT_EQ(evaluator.evaluate<W>(c, &p), nnue::evaluate(net, c)) << position_string(c);
    }
}

TEST(Nnue, SearchEvaluatorEqualsRefreshForSiblings) {
  for (RuleSet rules : kEveryRules)
    for (bool threats : {false, true}) {
      const nnue::Net net = tuning::quantize(random_net(rules.variant, 4, threats));
      if (width(rules.variant) == 8)
        check_evaluator_siblings<8>(rules, net);
      else
        check_evaluator_siblings<12>(rules, net);
    }
}

// Kigogo is the one variant whose shipped net the search updates incrementally
// (docs/evaluation.md, "The accumulator"): along a game that kete plays against itself
// with its defaults, the incremental evaluator gives, for every position and every child
// of it, what a refresh from scratch gives, in the order a search asks (a child, its
// siblings, then the next position down the game).
TEST(Nnue, KigogoIncrementalEvaluatorEqualsRefreshAlongAPlayedGame) {
  ASSERT_TRUE(nnue::embedded_nets().ok()) << nnue::embedded_nets().status();
  const std::shared_ptr<const nnue::Net> shipped =
      (*nnue::embedded_nets())[size_t(Variant::kKigogo)];
  ASSERT_NE(shipped, nullptr);
  ASSERT_TRUE(nnue::incremental_by_default(Variant::kKigogo));
  std::vector<Position> game{Position::start(Variant::kKigogo)};
  const std::atomic<bool> stop{false};
  while (game.size() < (test::kSanitized ? 30u : 100u)) {
    TranspositionTable tt(1);
    Limits limits;
    limits.nodes = 300;
    const SearchResult r = search(test::kKigogo, game.back(), GameContext{}, limits,
                                  SearchSettings{}, tt, stop, [](const SearchInfo&) {});
    if (!r.best) break;
    game.push_back(*play(test::kKigogo, game.back(), *r.best));
  }
  ASSERT_GE(game.size(), 30u);
  const nnue::Net random = tuning::quantize(random_net(Variant::kKigogo, 12));
  for (const nnue::Net* net : {shipped.get(), &random}) {
    nnue::Evaluator evaluator(*net, true);
    int children = 0;
    for (size_t i = 1; i < game.size(); ++i) {
      const Position& parent = game[i - 1];
      for (Move m : legal_moves(test::kKigogo, parent)) {
        const Position c = *play(test::kKigogo, parent, m);
        ASSERT_EQ(evaluator.evaluate<12>(c, &parent), nnue::evaluate(*net, c))
            << "ply " << i << ": " << position_string(c);
        ++children;
      }
      ASSERT_EQ(evaluator.evaluate<12>(game[i], &parent), nnue::evaluate(*net, game[i]))
          << "ply " << i << ": " << position_string(game[i]);
    }
    EXPECT_GT(children, 100);
  }
}

// The quantization rounds every weight to 1/kQa (input layer) or 1/kQb (output layer):
// with some 30-40 inputs set, each hidden unit is off by about 0.015 and the output by
// about 0.02 of a logit (one standard deviation); the worst of some 2000 positions stays
// under 0.1 of a logit, 30 centi-seeds at this net's scale of 300 per logit.
constexpr double kQuantizationBound = 0.1 * 300;  // centi-seeds

TEST(Nnue, QuantizedInferenceEqualsFloatReferenceWithinBound) {
  for (RuleSet rules : kEveryRules)
    for (bool threats : {false, true}) {
      const FloatNet f = random_net(rules.variant, 11, threats);
      const nnue::Net net = tuning::quantize(f);
      EXPECT_EQ(net.threats, threats);
      double worst = 0;
      for (uint64_t g = 0; g < 4; ++g)
        for (const Position& p : random_game(rules, 200 + g)) {
          const double reference = tuning::forward(f, p) / f.k;
          worst = std::max(worst, std::abs(nnue::evaluate(net, p) - reference));
        }
      EXPECT_LE(worst, kQuantizationBound) << to_string(rules.variant) << " threats " << threats;
    }
}

// A residual net is the linear evaluation plus its output: the quantized sum against the
// float reference, whose base is k times the same linear evaluation (both worked out by
// hand on one position above). The net and the positions are the plain test's, so the
// quantization error is the same.
TEST(Nnue, ResidualInferenceEqualsFloatReferenceWithinBound) {
  for (RuleSet rules : kEveryRules) {
    FloatNet f = random_net(rules.variant, 11);
    f.form = nnue::Form::kResidual;
    const nnue::Net net = tuning::quantize(f);
    const Weights& w = default_weights(rules.variant);
    double worst = 0;
    for (uint64_t g = 0; g < 4; ++g)
      for (const Position& p : random_game(rules, 200 + g)) {
        const Value full = nnue::evaluate(net, p, w);
        worst = std::max(worst, std::abs(full - tuning::forward(f, p) / f.k));
      }
    EXPECT_LE(worst, kQuantizationBound) << to_string(rules.variant);
  }
}

std::string valid_file(Variant v = Variant::kBao) {
  return nnue::format_net(tuning::quantize(random_net(v, 5)));
}

// Rewrites the u32 at `offset` without fixing the checksum: the header checks come first.
std::string with_u32(std::string bytes, size_t offset, uint32_t value) {
  std::memcpy(bytes.data() + offset, &value, sizeof value);
  return bytes;
}

TEST(NetFile, RoundTrips) {
  for (Variant v : kAllVariants)
    for (bool threats : {false, true}) {
      FloatNet f = random_net(v, 6, threats);
      f.form = v == Variant::kBao ? nnue::Form::kResidual : nnue::Form::kPlain;
      const nnue::Net net = tuning::quantize(f);
      const std::string bytes = nnue::format_net(net);
      EXPECT_EQ(bytes.size(), nnue::net_file_bytes(v, threats));
      EXPECT_EQ(bytes.size() - nnue::net_file_bytes(v),
                threats
                    ? 2 * size_t(nnue::input_count(v, true) - nnue::input_count(v)) * nnue::kHidden
                    : 0);
      absl::StatusOr<nnue::Net> back = nnue::parse_net(bytes, v);
      ASSERT_TRUE(back.ok()) << back.status();
      EXPECT_EQ(back->input_weights, net.input_weights);
      EXPECT_EQ(back->input_bias, net.input_bias);
      EXPECT_EQ(back->output_weights, net.output_weights);
      EXPECT_EQ(back->output_bias, net.output_bias);
      EXPECT_EQ(back->scale, net.scale);
      EXPECT_EQ(back->variant, v);
      EXPECT_EQ(back->form, f.form);
      EXPECT_EQ(back->threats, threats);
    }
}

TEST(NetFile, EveryErrorIsRefusedAndNamed) {
  const std::string good = valid_file();
  std::string corrupt = good;
  corrupt[nnue::kNetHeaderBytes + 100] ^= 1;
  const std::pair<std::string, std::string> cases[] = {
      {"", "KETENNUE"},
      {"variant bao\nfront 1\n", "KETENNUE"},
      {"XETENNUE" + good.substr(8), "KETENNUE"},
      {good.substr(0, 20), "truncated"},
      {good.substr(0, good.size() - 1), "truncated"},
      {good + "x", "overlong"},
      {with_u32(good, 8, 3), "version 3"},
      {with_u32(good, 8, 0), "version 0"},
      {with_u32(good, 12, 9), "unknown variant 9"},
      {with_u32(good, 16, 2), "unknown form 2"},
      {with_u32(good, 20, 10), "architecture"},
      {with_u32(good, 24, 128), "architecture"},
      {with_u32(good, 28, 2), "architecture"},
      {with_u32(good, 32, 8), "buckets"},
      {with_u32(good, 40, 255), "quantization"},
      {with_u32(good, 48, 0), "scale"},
      {with_u32(good, 16, 1), "checksum"},  // a plain net relabelled residual
      {corrupt, "checksum"},
  };
  for (const auto& [bytes, what] : cases) {
    absl::StatusOr<nnue::Net> net = nnue::parse_net(bytes);
    ASSERT_FALSE(net.ok()) << what;
    EXPECT_NE(net.status().message().find(what), std::string_view::npos) << net.status();
  }
  absl::StatusOr<nnue::Net> other = nnue::parse_net(good, Variant::kKiswahili);
  ASSERT_FALSE(other.ok());
  EXPECT_NE(other.status().message().find("net is for bao, not kiswahili"), std::string_view::npos)
      << other.status();
}

// A net file whose values would overflow a sum is refused, the checksum being right (issue
// 29: an output bias of 2^31 - 1 made UBSan abort and the release build flip the
// evaluation's sign); the largest values allowed evaluate without overflow (UBSan checks
// the sanitizer build), and scale 30000 is past docs/evaluation.md's 1..29999.
TEST(NetFile, ValuesThatCouldOverflowASumAreRefused) {
  const nnue::Net good = *nnue::parse_net(valid_file(Variant::kKigogo));
  const auto refused = [](const nnue::Net& net, std::string_view what) {
    const absl::StatusOr<nnue::Net> back = nnue::parse_net(nnue::format_net(net));
    ASSERT_FALSE(back.ok()) << what;
    EXPECT_NE(error_text(back.status()).find(what), std::string::npos) << back.status();
  };
  nnue::Net net = good;
  net.output_bias = INT32_MAX;
  refused(net, "output bias 2147483647 out of range");
  net = good;
  net.input_weights[7] = 252;  // 1.98 x 127 = 251.46: the trainer's bound
  refused(net, "input weight 252 out of range -251..251");
  net = good;
  net.input_weights[0] = INT16_MIN;
  refused(net, "input weight -32768");
  net = good;
  net.input_bias[3] = int16_t(nnue::kMaxInputBias + 1);
  refused(net, "input bias");
  net = good;
  net.scale = 30000;
  refused(net, "net scale 30000 out of range 1..29999");

  // With the threat inputs up to 26 more inputs are set, so the biases' bound is lower.
  const nnue::Net good_threats =
      tuning::quantize(random_net(Variant::kKigogo, 5, /*threats=*/true));
  net = good_threats;
  net.input_bias[3] = int16_t(nnue::kMaxInputBiasWithThreats + 1);
  refused(net, fmt::format("input bias {} out of range", nnue::kMaxInputBiasWithThreats + 1));

  // The extremes allowed: every input weight +251 and every bias at its bound, the output
  // weights at 32767 and the output bias at its bound, on the positions of a random kigogo
  // game (the variant with the most seeds): every sum stays inside its type.
  for (const nnue::Net* base : {&good, &good_threats}) {
    net = *base;
    std::fill(net.input_weights.begin(), net.input_weights.end(),
              int16_t(nnue::kMaxQuantizedWeight));
    net.input_bias.fill(int16_t(nnue::max_input_bias(net.threats)));
    net.output_weights.fill(INT16_MAX);
    net.output_bias = nnue::kMaxOutputBias;
    net.scale = kMateBound - 1;
    const absl::StatusOr<nnue::Net> extreme = nnue::parse_net(nnue::format_net(net));
    ASSERT_TRUE(extreme.ok()) << extreme.status();
    for (const Position& p : random_game({Variant::kKigogo, KichwaRule::kChoose}, 3))
      EXPECT_EQ(nnue::evaluate(*extreme, p), kMateBound - 1) << position_string(p);
  }
}

// The version 1 bytes of a plain net: no form field, the checksum four bytes earlier.
std::string as_version_1(std::string bytes) {
  bytes.erase(16, 4);
  const uint32_t one = 1;
  std::memcpy(bytes.data() + 8, &one, sizeof one);
  uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a 64 of every byte but the checksum's
  for (size_t i = 0; i < bytes.size(); ++i)
    if (i < 48 || i >= 56) h = (h ^ uint8_t(bytes[i])) * 0x100000001b3ull;
  std::memcpy(bytes.data() + 48, &h, sizeof h);
  return bytes;
}

TEST(NetFile, Version1IsReadAsAPlainNet) {
  const nnue::Net net = tuning::quantize(random_net(Variant::kBao, 6));
  const std::string old = as_version_1(nnue::format_net(net));
  EXPECT_EQ(old.size(), nnue::net_file_bytes(Variant::kBao) - 4);
  absl::StatusOr<nnue::Net> back = nnue::parse_net(old, Variant::kBao);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->form, nnue::Form::kPlain);
  EXPECT_EQ(back->input_weights, net.input_weights);
  EXPECT_EQ(back->output_bias, net.output_bias);
  std::string corrupt = old;
  corrupt.back() ^= 1;
  EXPECT_FALSE(nnue::parse_net(corrupt).ok());
  EXPECT_FALSE(nnue::parse_net(old + "x").ok());
}

// The shipped defaults (docs/evaluation.md, "Built-in nets"): plain nets in kigogo and
// kiswahili, where they won their matches, kiswahili's with the threat inputs; bao and
// kujifunza evaluate with their weights.
TEST(NetFile, EmbeddedNetsParse) {
  ASSERT_TRUE(nnue::embedded_nets().ok()) << nnue::embedded_nets().status();
  const nnue::Nets& nets = *nnue::embedded_nets();
  for (Variant v : {Variant::kKigogo, Variant::kKiswahili}) {
    ASSERT_NE(nets[size_t(v)], nullptr) << to_string(v);
    EXPECT_EQ(nets[size_t(v)]->variant, v);
    EXPECT_EQ(nets[size_t(v)]->form, nnue::Form::kPlain);
    EXPECT_EQ(nets[size_t(v)]->threats, v == Variant::kKiswahili) << to_string(v);
  }
  EXPECT_EQ(nets[size_t(Variant::kBao)], nullptr);
  EXPECT_EQ(nets[size_t(Variant::kKujifunza)], nullptr);
}

std::string write_temp(const std::string& name, const std::string& bytes) {
  const std::string path = testing::TempDir() + name;
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

TEST(NetFile, EvalFileLoadsANetAndKeepsTheEvaluationOnError) {
  Engine engine;
  const std::string good = valid_file(Variant::kKiswahili);
  absl::StatusOr<Variant> loaded = engine.set_eval_file(write_temp("good.nnue", good));
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  EXPECT_EQ(*loaded, Variant::kKiswahili);
  const nnue::Net* net = engine.settings().nets[size_t(Variant::kKiswahili)].get();
  ASSERT_NE(net, nullptr);
  std::string corrupt = good;
  corrupt.back() ^= 1;
  for (const std::string& bad : {corrupt, good.substr(0, 100), std::string("KETENNUE")}) {
    absl::StatusOr<Variant> r = engine.set_eval_file(write_temp("bad.nnue", bad));
    EXPECT_FALSE(r.ok());
    EXPECT_NE(r.status().message().find("bad.nnue"), std::string_view::npos) << r.status();
    EXPECT_EQ(engine.settings().nets[size_t(Variant::kKiswahili)].get(), net);
  }
  // A weights file for the variant replaces its net; <default> restores the built-in.
  ASSERT_TRUE(
      engine
          .set_eval_file(write_temp(
              "w.txt", format_weights({Variant::kKiswahili, default_weights(Variant::kKiswahili)})))
          .ok());
  EXPECT_EQ(engine.settings().nets[size_t(Variant::kKiswahili)], nullptr);
  ASSERT_TRUE(engine.set_eval_file("<default>").ok());
  EXPECT_EQ(engine.settings().nets, SearchSettings::default_nets());
}

// `go nodes 3000` stops at the first poll at or after 3000 nodes; the search polls every
// bit_floor(3000 / 1024) = 2 nodes (search.h, node_poll_interval), so it ends on 3000 or
// 3001.
TEST(Nnue, SearchWithANetKeepsItsNodeLimit) {
  for (RuleSet rules : {test::kBao, test::kKigogo}) {
    SearchSettings settings;
    settings.nets[size_t(rules.variant)] =
        std::make_shared<const nnue::Net>(tuning::quantize(random_net(rules.variant, 8)));
    TranspositionTable tt(1);
    const std::atomic<bool> stop{false};
    Limits limits;
    limits.nodes = 3000;
    const SearchResult r = search(rules, Position::start(rules.variant), GameContext{}, limits,
                                  settings, tt, stop, [](const SearchInfo&) {});
    EXPECT_TRUE(r.best.has_value());
    EXPECT_GE(r.nodes, 3000u) << to_string(rules.variant);
    EXPECT_LE(r.nodes, 3001u) << to_string(rules.variant);
  }
}

// A plain net whose output is the same +500 centi-seeds for the side to move in every
// position (no weights, output bias 5 x 127 x 64, scale 100): a depth-1 search scores
// each move by its child's evaluation seen from the other side, so the root's score is
// -500 whatever the move. The weights (no net) score the start otherwise; a search that
// ignored the net would too.
TEST(Nnue, SearchEvaluatesWithTheNet) {
  for (RuleSet rules : {test::kKiswahili, test::kKigogo}) {
    nnue::Net constant;
    constant.variant = rules.variant;
    constant.scale = 100;
    constant.input_weights.assign(size_t(nnue::input_count(rules.variant)) * nnue::kHidden, 0);
    constant.output_bias = 5 * nnue::kQa * nnue::kQb;
    ASSERT_EQ(nnue::evaluate(constant, Position::start(rules.variant)), 500);
    auto root_score = [&](std::shared_ptr<const nnue::Net> net) {
      SearchSettings settings;
      settings.nets[size_t(rules.variant)] = std::move(net);
      TranspositionTable tt(1);
      const std::atomic<bool> stop{false};
      Limits limits;
      limits.depth = 1;
      Value score = 0;
      search(rules, Position::start(rules.variant), GameContext{}, limits, settings, tt, stop,
             [&](const SearchInfo& i) { score = i.score.value; });
      return score;
    };
    EXPECT_EQ(root_score(std::make_shared<const nnue::Net>(constant)), -500)
        << to_string(rules.variant);
    EXPECT_NE(root_score(nullptr), -500) << to_string(rules.variant);
  }
}

// A residual net whose output is 0 leaves the linear evaluation as it is: the search
// visits the same nodes and picks the same move as without a net.
TEST(Nnue, SearchWithAZeroResidualNetSearchesAsTheWeights) {
  FloatNet f = random_net(Variant::kKiswahili, 9);
  f.form = nnue::Form::kResidual;
  std::fill(f.params.begin() + ptrdiff_t(f.output_weights()), f.params.end(), 0.0f);
  Limits limits;
  limits.depth = 5;
  const std::atomic<bool> stop{false};
  auto run = [&](std::shared_ptr<const nnue::Net> net) {
    SearchSettings settings;
    settings.nets[size_t(Variant::kKiswahili)] = std::move(net);
    TranspositionTable tt(1);
    return search(test::kKiswahili, Position::start(Variant::kKiswahili), GameContext{}, limits,
                  settings, tt, stop, [](const SearchInfo&) {});
  };
  const SearchResult with = run(std::make_shared<const nnue::Net>(tuning::quantize(f)));
  const SearchResult without = run(nullptr);
  EXPECT_EQ(with.nodes, without.nodes);
  EXPECT_EQ(with.best, without.best);
}

// The positions of `games` kiswahili self-play games at 200 nodes a move played with the
// weights, without the ones scored as found wins or losses (as kete-train reads them).
std::vector<tuning::Sample> selfplay_samples(int games) {
  tuning::SelfPlayConfig c;
  c.rules = test::kKiswahili;
  c.settings.nets = {};  // the weights play: the data does not change with the built-in net
  c.nodes = 200;
  c.games = games;
  c.max_plies = 150;
  std::vector<tuning::Sample> samples;
  tuning::run_selfplay(
      c,
      [&](uint64_t, const std::vector<tuning::Sample>& s) {
        for (const tuning::Sample& x : s)
          if (std::abs(x.score) < kMateBound) samples.push_back(x);
      },
      std::atomic<bool>{false});
  return samples;
}

tuning::TrainOptions small_batches() {
  tuning::TrainOptions options;
  options.batch = 64;
  options.learning_rate = 3e-3;
  return options;
}

// A tiny end-to-end run: self-play data, training, the held-out loss falling, and a
// resumed run ending exactly where an unbroken one does.
TEST(Trainer, HeldOutLossFallsAndResumeIsExact) {
  const std::vector<tuning::Sample> samples = selfplay_samples(test::kSanitized ? 12 : 60);
  ASSERT_GT(samples.size(), 300u);
  const tuning::TrainOptions options = small_batches();
  FloatNet net = tuning::initial_net(Variant::kKiswahili, 1);
  net.k = tuning::fit_scale(samples);
  tuning::Trainer straight(net, samples, options);
  const double before = straight.loss(true);
  for (int e = 0; e < 3; ++e)
    straight.train_epoch();
  EXPECT_LT(straight.loss(true), before);
  EXPECT_LT(straight.loss(false), before);

  // A residual net starts from the linear evaluation and learns a correction to it; a net
  // with the threat inputs trains too. A plain net's checkpoint fits neither.
  for (const auto& [form, threats] :
       {std::pair{nnue::Form::kResidual, false}, std::pair{nnue::Form::kPlain, true}}) {
    FloatNet other = tuning::initial_net(Variant::kKiswahili, 1, form, threats);
    other.k = net.k;
    tuning::Trainer trainer(other, samples, options);
    const double train_before = trainer.loss(false);
    for (int e = 0; e < 3; ++e)
      trainer.train_epoch();
    EXPECT_LT(trainer.loss(false), train_before) << "threats " << threats;
    EXPECT_FALSE(trainer.resume(straight.checkpoint()).ok()) << "threats " << threats;
  }

  tuning::Trainer first(net, samples, options);
  for (int e = 0; e < 2; ++e)
    first.train_epoch();
  tuning::Trainer resumed(net, samples, options);
  ASSERT_TRUE(resumed.resume(first.checkpoint()).ok());
  resumed.train_epoch();
  EXPECT_EQ(resumed.epoch(), 3);
  EXPECT_EQ(resumed.net().params, straight.net().params);
  EXPECT_FALSE(resumed.resume("not a checkpoint").ok());
}

// A residual net starts from the linear evaluation and learns a correction to it that
// holds on games it has not seen: the held-out loss falls over three epochs of 60 games.
// The linear evaluation already predicts held-out games well, so on the 12 games the
// sanitizer builds can afford the correction overfits (held-out 0.117 -> 0.126 once):
// there the test is skipped, and says so.
TEST(Trainer, ResidualHeldOutLossFalls) {
  if (test::kSanitized) GTEST_SKIP() << "needs 60 self-play games, too slow under the sanitizers";
  const std::vector<tuning::Sample> samples = selfplay_samples(60);
  ASSERT_GT(samples.size(), 300u);
  FloatNet residual = tuning::initial_net(Variant::kKiswahili, 1, nnue::Form::kResidual);
  residual.k = tuning::fit_scale(samples);
  tuning::Trainer on_top(residual, samples, small_batches());
  const double before = on_top.loss(true);
  for (int e = 0; e < 3; ++e)
    on_top.train_epoch();
  EXPECT_LT(on_top.loss(true), before);
}

}  // namespace
}  // namespace kete
