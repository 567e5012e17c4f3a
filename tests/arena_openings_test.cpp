// Openings (arena/openings.h): the file format, its errors, and random openings that are
// distinct, undecided and repeatable.
#include <set>

#include <gtest/gtest.h>

#include "arena/openings.h"
#include "rules/game.h"
#include "tests/test_util.h"

namespace kete::arena {
namespace {

constexpr std::string_view kKiswahiliStart =
    "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Hh -";

TEST(ArenaOpenings, ReadsEveryLineForm) {
  const std::string text = std::string("# a comment, then a blank line\n\n") +
                           "a6l A5L\n" +                          // moves from the start
                           "startpos moves A6L\n" +               // the same, spelled out
                           std::string(kKiswahiliStart) + "\n" +  // a position
                           std::string(kKiswahiliStart) + " moves A6L a5L\n";
  absl::StatusOr<std::vector<Opening>> o = parse_openings(test::kKiswahili, text, "book.txt");
  ASSERT_TRUE(o.ok()) << o.status();
  ASSERT_EQ(o->size(), 4u);
  EXPECT_EQ((*o)[0].moves, (std::vector<std::string>{"A6L", "a5L"}));  // canonical tokens
  EXPECT_TRUE((*o)[0].from_start_position);
  EXPECT_EQ((*o)[0].start_text(), "");
  EXPECT_EQ((*o)[1].moves, std::vector<std::string>{"A6L"});
  EXPECT_TRUE((*o)[2].moves.empty());
  EXPECT_TRUE((*o)[2].from_start_position);  // the start, even when written out
  EXPECT_EQ((*o)[3].moves.size(), 2u);
}

TEST(ArenaOpenings, APositionThatIsNotTheStartIsSentAsAPositionString) {
  const Position p = test::after(test::kBao, Position::start(Variant::kBao), "B7R");
  absl::StatusOr<std::vector<Opening>> o =
      parse_openings(test::kBao, position_string(p) + "\n", "book.txt");
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_FALSE((*o)[0].from_start_position);
  EXPECT_EQ((*o)[0].start_text(), position_string(p));
}

TEST(ArenaOpenings, ErrorsNameTheFileAndLine) {
  const std::vector<std::pair<std::string, std::string>> cases{
      {"A6L\nA6L Z9\n", "book.txt:2: malformed move 'Z9'"},
      {"A1L\n", "book.txt:1: illegal move 'A1L'"},
      {"1,2/3 S\n", "book.txt:1: position string"},
      {"# nothing\n", "book.txt: no openings in it"},
      // South has no seeds in its front row: the game is over before it starts.
      {"0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 S 0,0 - -\n",
       "book.txt:1: the game is already over (front row emptied)"},
  };
  for (const auto& [text, message] : cases) {
    absl::StatusOr<std::vector<Opening>> o = parse_openings(test::kKiswahili, text, "book.txt");
    ASSERT_FALSE(o.ok()) << message;
    EXPECT_NE(error_text(o.status()).find(message), std::string::npos)
        << error_text(o.status()) << " should contain " << message;
  }
  EXPECT_NE(error_text(load_openings(test::kBao, "/nonexistent/book.txt").status())
                .find("cannot read '/nonexistent/book.txt'"),
            std::string::npos);
}

TEST(ArenaOpenings, RandomOpeningsAreDistinctUndecidedAndRepeatable) {
  for (RuleSet rules : {test::kBao, test::kKiswahili, test::kKigogo, test::kChoose}) {
    const std::vector<Opening> o = random_openings(rules, 20, 6, 42);
    ASSERT_EQ(o.size(), 20u) << to_string(rules.variant);
    std::set<uint64_t> keys;
    for (const Opening& opening : o) {
      EXPECT_EQ(opening.moves.size(), 6u);
      Game game(rules, opening.start);
      for (const std::string& token : opening.moves)
        ASSERT_TRUE(game.play(*parse_move(rules, game.position(), token)));
      EXPECT_EQ(game.outcome().result, Result::kNone);
      // Not decided: no move of the side to move wins at once.
      for (Move m : legal_moves(rules, game.position()))
        EXPECT_NE(loser(rules, *play(rules, game.position(), m)), ~game.position().side_to_move());
      // Not lopsided: each side holds at least a third of the seeds.
      const Position& p = game.position();
      const int south = p.ring_seeds(Side::kSouth) + p.hand(Side::kSouth);
      const int north = p.ring_seeds(Side::kNorth) + p.hand(Side::kNorth);
      EXPECT_GE(3 * std::min(south, north), south + north);
      keys.insert(p.key());
    }
    EXPECT_EQ(keys.size(), o.size());
    const std::vector<Opening> again = random_openings(rules, 20, 6, 42);
    for (size_t i = 0; i < o.size(); ++i)
      EXPECT_EQ(again[i].moves, o[i].moves);
  }
  EXPECT_NE(random_openings(test::kKiswahili, 5, 6, 1)[0].moves,
            random_openings(test::kKiswahili, 5, 6, 2)[0].moves);
  // Zero plies: the start position, once.
  EXPECT_EQ(random_openings(test::kKiswahili, 3, 0, 1).size(), 1u);
}

}  // namespace
}  // namespace kete::arena
