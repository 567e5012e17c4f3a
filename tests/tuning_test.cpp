// The tuning pipeline: the data format, deterministic and shardable self-play, and a
// Texel fit that recovers known weights from data generated with them.
#include <cmath>
#include <map>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "eval/weights.h"
#include "rules/notation.h"
#include "rules/random.h"
#include "test_util.h"
#include "tuning/dataset.h"
#include "tuning/selfplay.h"
#include "tuning/texel.h"

namespace kete::tuning {
namespace {

TEST(Dataset, SampleRoundTrips) {
  const Sample s{Position::start(Variant::kKiswahili), -250, 0.5, 17};
  const std::string line = format_sample(s);
  EXPECT_EQ(line,
            "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Hh - | "
            "-250 | 0.5 | 17");
  absl::StatusOr<Sample> back = parse_sample(Variant::kKiswahili, line);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->position, s.position);
  EXPECT_EQ(back->score, s.score);
  EXPECT_EQ(back->result, s.result);
  EXPECT_EQ(back->game, s.game);
}

TEST(Dataset, ResultIsTurnedToTheSideToMove) {
  Sample s{Position::start(Variant::kBao), 0, 1, 0};
  EXPECT_EQ(result_for_side_to_move(s), 1);
  s.position.pass_turn();
  EXPECT_EQ(result_for_side_to_move(s), 0);
}

TEST(Dataset, RefusesMalformedLines) {
  const std::string start =
      "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Hh -";
  for (const std::string& line :
       {start, start + " | 1 | 1", start + " | x | 1 | 0", start + " | 40000 | 1 | 0",
        start + " | 1 | 2 | 0", start + " | 1 | 1 | -3", std::string("1,2 S | 0 | 1 | 0"),
        start + " | 1 | 1 | 0 | 5"})
    EXPECT_FALSE(parse_sample(Variant::kKiswahili, line).ok()) << line;
}

TEST(Flags, ShardMustBeIOfN) {
  uint64_t i = 9, n = 9;
  EXPECT_TRUE(parse_shard("1/3", i, n).ok());
  EXPECT_EQ(i, 1u);
  EXPECT_EQ(n, 3u);
  for (std::string_view bad : {"3/3", "1", "/2", "1/0", "a/b", "-1/2", "1/2/3"})
    EXPECT_FALSE(parse_shard(bad, i, n).ok()) << bad;
}

SelfPlayConfig small_config(RuleSet rules) {
  SelfPlayConfig c;
  c.rules = rules;
  c.nodes = 300;
  c.games = 6;
  c.max_plies = 120;
  c.seed = 5;
  return c;
}

std::map<uint64_t, std::vector<std::string>> run(const SelfPlayConfig& c) {
  std::map<uint64_t, std::vector<std::string>> games;
  std::vector<uint64_t> order;
  const std::atomic<bool> stop{false};
  run_selfplay(
      c,
      [&](uint64_t g, const std::vector<Sample>& samples) {
        order.push_back(g);
        for (const Sample& s : samples)
          games[g].push_back(format_sample(s));
      },
      stop);
  EXPECT_TRUE(std::is_sorted(order.begin(), order.end()));
  return games;
}

TEST(SelfPlay, GamesAreDeterministicAndShardsMakeTheWhole) {
  for (RuleSet rules : {test::kKiswahili, test::kKigogo}) {
    SelfPlayConfig c = small_config(rules);
    const auto whole = run(c);
    ASSERT_EQ(whole.size(), c.games);
    c.threads = 2;
    EXPECT_EQ(run(c), whole);  // concurrency changes nothing
    c.shards = 2;
    auto part = run(c);
    EXPECT_EQ(part.size(), 3u);
    c.shard = 1;
    part.merge(run(c));
    EXPECT_EQ(part, whole);
  }
}

// "position | score | result | game" without its last two fields.
std::string position_and_score(const std::string& sample) {
  return sample.substr(0, sample.rfind(" | ", sample.rfind(" | ") - 1));
}

// --random-rate: some moves at random after the opening, the same ones for a seed, on any
// number of threads; at rate 0 the games are the search's own.
TEST(SelfPlay, RandomMovesAreSeededAndChangeTheGames) {
  SelfPlayConfig c = small_config(test::kKiswahili);
  const auto best = run(c);
  c.random_rate = 0.5;
  const auto random = run(c);
  ASSERT_EQ(random.size(), c.games);
  EXPECT_EQ(run(c), random);
  c.threads = 2;
  EXPECT_EQ(run(c), random);
  size_t differ = 0;
  for (const auto& [g, samples] : random) {
    // The opening's position and its score come before any random move (the result
    // after it is the new game's).
    EXPECT_EQ(position_and_score(samples.front()), position_and_score(best.at(g).front()));
    differ += samples != best.at(g);
  }
  EXPECT_GT(differ, c.games / 2);
}

TEST(SelfPlay, SamplesCarryTheGameResultAndDifferentOpenings) {
  SelfPlayConfig c = small_config(test::kBao);
  std::set<std::string> firsts;
  for (uint64_t g = 0; g < c.games; ++g) {
    const std::vector<Sample> samples = play_game(c, g);
    ASSERT_FALSE(samples.empty());
    firsts.insert(position_string(samples[0].position));
    for (const Sample& s : samples) {
      EXPECT_EQ(s.result, samples[0].result);
      EXPECT_EQ(s.game, g);
      EXPECT_FALSE(loser(c.rules, s.position));
    }
  }
  EXPECT_GT(firsts.size(), 1u);
}

// --openings: game g starts where opening g mod N leaves the game, so a 100-line book
// gives every game a book start; random moves (seeded by the game) set its repeats apart.
TEST(SelfPlay, BookOpeningsStartTheGamesInTurn) {
  SelfPlayConfig c = small_config(test::kBao);
  const std::vector<std::string> lines = {"startpos moves B4L a6R B7L b1R",
                                          "startpos moves B6R b4L A3L b1R A5L"};
  absl::StatusOr<std::vector<arena::Opening>> book =
      arena::parse_openings(c.rules, lines[0] + "\n" + lines[1] + "\n", "test book");
  ASSERT_TRUE(book.ok()) << book.status();
  c.openings = *book;
  c.random_rate = 0.3;
  c.games = 4;
  // The starts, worked out by playing each line's moves by hand from the start.
  std::vector<std::string> starts;
  for (const std::string& line : lines) {
    Game game(c.rules, Position::start(c.rules.variant), c.max_plies);
    std::istringstream words(line.substr(std::string("startpos moves ").size()));
    for (std::string token; words >> token;) {
      absl::StatusOr<Move> m = parse_move(game.rules(), game.position(), token);
      ASSERT_TRUE(m.ok()) << token;
      game.play(*m);
    }
    starts.push_back(position_string(game.position()));
  }
  const auto games = run(c);
  ASSERT_EQ(games.size(), 4u);
  for (uint64_t g = 0; g < 4; ++g)
    EXPECT_EQ(games.at(g).front().rfind(starts[g % 2] + " | ", 0), 0u) << games.at(g).front();
  EXPECT_NE(games.at(0), games.at(2));  // the same opening, other random moves
}

// Synthetic data made with known weights: the fit must find the scale and the weights.
std::vector<TexelSample> synthetic(const RealWeights& truth, double k, int n, uint64_t seed) {
  Random rng(seed);
  std::vector<TexelSample> data;
  for (int i = 0; i < n; ++i) {
    TexelSample s{};
    for (int j = 0; j < kFeatureCount; ++j)
      s.features[j] = int32_t(rng.uniform_below(13)) - 6;
    double e = 0;
    for (int j = 0; j < kFeatureCount; ++j)
      e += truth[j] * s.features[j];
    s.target = predict(e, k);
    s.held_out = i % 10 == 0;
    data.push_back(s);
  }
  return data;
}

TEST(Texel, FitScaleFindsTheScaleOfTheData) {
  RealWeights truth{};
  truth[0] = 100;
  truth[3] = -40;
  const auto data = synthetic(truth, 0.004, 4000, 1);
  EXPECT_NEAR(fit_scale(data, truth), 0.004, 0.0001);
}

TEST(Texel, RecoversKnownWeights) {
  RealWeights truth;
  Random rng(2);
  for (double& w : truth)
    w = double(int(rng.uniform_below(201)) - 100);
  const double k = 0.005;
  const auto data = synthetic(truth, k, 6000, 3);
  RealWeights start{};
  FitOptions options;
  options.epochs = 4000;
  options.learning_rate = 2;
  const RealWeights fitted = fit_weights(data, start, k, options);
  for (int j = 0; j < kFeatureCount; ++j)
    EXPECT_NEAR(fitted[j], truth[j], 2.0) << kFeatureNames[j];
  EXPECT_LT(mean_loss(data, fitted, k, true), 1e-5);
  EXPECT_GT(mean_loss(data, start, k, true), 100 * mean_loss(data, fitted, k, true));
}

TEST(Texel, FrozenWeightsStay) {
  RealWeights truth{};
  truth[1] = 50;
  const auto data = synthetic(truth, 0.005, 1000, 4);
  FitOptions options;
  options.epochs = 300;
  options.frozen[1] = true;
  const RealWeights fitted = fit_weights(data, RealWeights{}, 0.005, options);
  EXPECT_EQ(fitted[1], 0);
  EXPECT_EQ(to_integer(RealWeights{1.4, -2.6}), (Weights{1, -3}));
}

}  // namespace
}  // namespace kete::tuning
