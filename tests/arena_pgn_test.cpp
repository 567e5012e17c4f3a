// Game records (arena/game_record.h, arena/pgn.h): written, read back unchanged, checked
// against the rules, and malformed files rejected with the line.

#include <gtest/gtest.h>

#include "arena/pgn.h"
#include "rules/random.h"
#include "tests/test_util.h"

namespace kete::arena {
namespace {

// A finished game of random moves, as the runner would record it.
GameRecord random_game(RuleSet rules, uint64_t seed) {
  Random rng(seed);
  Game game(rules, Position::start(rules.variant), 200);
  GameRecord r;
  r.round = 3;
  r.game = 6;
  r.players = {"kete \"dev\"", "kete\\base"};
  r.rules = rules;
  r.max_plies = 200;
  r.time_control = "nodes=2000";
  r.start = position_string(game.start());
  r.opening_plies = 4;
  while (game.outcome().result == Result::kNone) {
    const MoveList moves = legal_moves(rules, game.position());
    const Move m = moves[int(rng.uniform_below(uint64_t(moves.size())))];
    r.moves.push_back(move_token(game.position(), m));
    if (r.moves.size() > size_t(r.opening_plies))
      r.move_ms.push_back(int64_t(rng.uniform_below(5000)));
    game.play(m);
  }
  r.result = game.outcome().result;
  r.reason = std::string(to_string(game.outcome().reason));
  r.disagreements = {"b: query result answered 'none', the referee says 'p1win'"};
  return r;
}

void expect_same(const GameRecord& a, const GameRecord& b) {
  EXPECT_EQ(a.round, b.round);
  EXPECT_EQ(a.game, b.game);
  EXPECT_EQ(a.players, b.players);
  EXPECT_EQ(a.rules, b.rules);
  EXPECT_EQ(a.max_plies, b.max_plies);
  EXPECT_EQ(a.time_control, b.time_control);
  EXPECT_EQ(a.start, b.start);
  EXPECT_EQ(a.opening_plies, b.opening_plies);
  EXPECT_EQ(a.moves, b.moves);
  EXPECT_EQ(a.move_ms, b.move_ms);
  EXPECT_EQ(a.result, b.result);
  EXPECT_EQ(a.termination, b.termination);
  EXPECT_EQ(a.reason, b.reason);
  EXPECT_EQ(a.disagreements, b.disagreements);
}

TEST(ArenaPgn, RoundTripsEveryVariant) {
  std::string text;
  std::vector<GameRecord> games;
  for (RuleSet rules :
       {test::kBao, test::kKiswahili, test::kKigogo, test::kChoose, test::kFollow}) {
    games.push_back(random_game(rules, games.size() + 1));
    ASSERT_TRUE(verify(games.back()).ok()) << verify(games.back());
    text += write_pgn(games.back());
  }
  absl::StatusOr<std::vector<GameRecord>> back = read_pgn(text, "games.pgn");
  ASSERT_TRUE(back.ok()) << back.status();
  ASSERT_EQ(back->size(), games.size());
  for (size_t i = 0; i < games.size(); ++i) {
    expect_same(games[i], (*back)[i]);
    EXPECT_TRUE(verify((*back)[i]).ok());
  }
}

// What an engine sent goes into the Reason tag as it came (issue #20): NUL, 0xFF, quotes,
// a 100 KB line. The file keeps one line of printable ASCII per tag, bounded, and the
// reader gives back the bytes.
TEST(ArenaPgn, EscapesAndBoundsRawEngineBytes) {
  GameRecord r = random_game(test::kBao, 3);
  r.reason = std::string("b: illegal move '\0\xFF\x01\t\x7F\"\\x41' \xC3\xA9", 27);
  std::string text = write_pgn(r);
  for (const char c : text)
    EXPECT_TRUE(c == '\n' || (c >= 0x20 && c < 0x7F)) << "byte " << int(uint8_t(c));
  absl::StatusOr<std::vector<GameRecord>> back = read_pgn(text, "g.pgn");
  ASSERT_TRUE(back.ok()) << back.status();
  ASSERT_EQ(back->size(), 1u);
  EXPECT_EQ((*back)[0].reason, r.reason);
  EXPECT_TRUE(verify((*back)[0]).ok());

  r.reason = "b: " + std::string(100'000, 'x');
  text = write_pgn(r);
  EXPECT_LT(text.size(), 20'000u);
  back = read_pgn(text, "g.pgn");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_TRUE((*back)[0].reason.starts_with("b: xxx"));
  EXPECT_LE((*back)[0].reason.size(), 1100u);
  EXPECT_TRUE((*back)[0].reason.ends_with("[cut]"));
}

TEST(ArenaPgn, WritesTheDocumentedFormat) {
  GameRecord r;
  r.round = 1;
  r.game = 2;
  r.players = {"b", "a"};
  r.time_control = "10+0.1";
  r.start = "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Hh -";
  r.moves = {"A6L", "a5L", "A3L"};
  r.result = Result::kNorthWins;
  r.termination = Termination::kCrash;
  r.reason = "b: crashed (exited with code 3)";
  EXPECT_EQ(write_pgn(r),
            "[Event \"kete-match\"]\n"
            "[Round \"1\"]\n"
            "[Game \"2\"]\n"
            "[South \"b\"]\n"
            "[North \"a\"]\n"
            "[Variant \"kiswahili\"]\n"
            "[KichwaRule \"choose\"]\n"
            "[MaxPlies \"1000\"]\n"
            "[TimeControl \"10+0.1\"]\n"
            "[Start \"0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Hh "
            "-\"]\n"
            "[OpeningPlies \"0\"]\n"
            "[Result \"0-1\"]\n"
            "[Termination \"crash\"]\n"
            "[Reason \"b: crashed (exited with code 3)\"]\n"
            "[Plies \"3\"]\n"
            "\n"
            "1. A6L a5L 2. A3L 0-1\n"
            "\n");
  EXPECT_TRUE(verify(r).ok()) << verify(r);
}

TEST(ArenaPgn, NumbersAGameThatStartsWithNorth) {
  GameRecord r;
  r.players = {"a", "b"};
  r.rules = test::kBao;
  r.start = position_string(test::after(test::kBao, Position::start(Variant::kBao), "B7R"));
  r.moves = {"b7R", "A1R"};
  r.result = Result::kNone;
  r.termination = Termination::kAborted;
  const std::string text = write_pgn(r);
  EXPECT_NE(text.find("\n1... b7R 2. A1R *\n"), std::string::npos) << text;
}

TEST(ArenaPgn, RejectsMalformedFilesNamingTheLine) {
  const std::string tags =
      "[South \"a\"]\n[North \"b\"]\n[Variant \"kiswahili\"]\n"
      "[Start \"0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Hh -\"]\n";
  const std::vector<std::pair<std::string, std::string>> cases{
      {tags + "[Result \"1-0\"]\n\n1. A6L\n", "g.pgn: the last game has no result"},
      {tags + "[Result \"1-0\"]\n\n1. A6L 0-1\n", "g.pgn:7: the moves end in 0-1 but the Result"},
      {tags + "\n1. A6L 1-0\n", "g.pgn:6: game without a Result tag"},
      {"[South a]\n", "g.pgn:1: expected [Name \"value\"]"},
      {"1. A6L *\n", "g.pgn:1: moves before any tag"},
      {tags + "[Result \"*\"]\n[Plies \"2\"]\n1. A6L *\n",
       "g.pgn:7: tag Plies is 2 but there are 1"},
      {tags + "[Result \"*\"]\n1. A6L\n[Game \"2\"]\n", "g.pgn:7: a tag inside the moves"},
      {tags + "[Result \"*\"]\n[Round \"x\"]\n", "g.pgn:6: tag Round: 'x' is not a number"},
      {"[Variant \"chess\"]\n", "tag Variant: unknown 'chess'"},
      {tags + "[Result \"2-0\"]\n", "tag Result: '2-0'"},
      {tags + "[Result \"*\"]\n1. A6L * A5L\n", "'A5L' after the result"},
  };
  for (const auto& [text, message] : cases) {
    absl::StatusOr<std::vector<GameRecord>> r = read_pgn(text, "g.pgn");
    ASSERT_FALSE(r.ok()) << message;
    EXPECT_NE(error_text(r.status()).find(message), std::string::npos)
        << error_text(r.status()) << " should contain " << message;
  }
  EXPECT_TRUE(read_pgn("", "empty.pgn")->empty());
  EXPECT_FALSE(load_pgn("/nonexistent/games.pgn").ok());
}

TEST(ArenaPgn, VerifyReplaysTheRules) {
  GameRecord r = random_game(test::kKiswahili, 7);
  ASSERT_TRUE(verify(r).ok());
  GameRecord wrong_result = r;
  wrong_result.result = r.result == Result::kDraw ? Result::kSouthWins : Result::kDraw;
  EXPECT_NE(error_text(verify(wrong_result)).find("but the rules give"), std::string::npos);
  GameRecord illegal = r;
  illegal.moves[1] = "Z9Q";
  EXPECT_NE(error_text(verify(illegal)).find("ply 2: malformed move 'Z9Q'"), std::string::npos);
  GameRecord fault_after_end = r;
  fault_after_end.termination = Termination::kCrash;
  EXPECT_NE(error_text(verify(fault_after_end)).find("already over"), std::string::npos);
  GameRecord extra = r;
  extra.moves.push_back(extra.moves.back());
  EXPECT_NE(error_text(verify(extra)).find("after the game ended"), std::string::npos);
}

TEST(ArenaPgn, ScoresFromAPlayersSide) {
  GameRecord r;
  r.players = {"a", "b"};
  r.result = Result::kNorthWins;
  EXPECT_EQ(r.score_of("a"), 0.0);
  EXPECT_EQ(r.score_of("b"), 1.0);
  EXPECT_EQ(r.score_of("c"), std::nullopt);
  r.result = Result::kDraw;
  EXPECT_EQ(r.score_of("a"), 0.5);
}

}  // namespace
}  // namespace kete::arena
