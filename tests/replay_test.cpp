// Full-game replays (tests/data/games/*.txt): each file is a random game whose moves and
// positions came from the independent reference generator (tests/reference) only. The
// engine replays every move token with parse_move/play and must reproduce every
// intermediate position string and, through kete::Game, the game's outcome.
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/game.h"
#include "rules/text.h"
#include "tests/test_util.h"

namespace kete::test {
namespace {

struct Ply {
  std::string token;
  std::string position;  // the expected position string after the move
};

struct Replay {
  RuleSet rules;
  std::string start;
  std::vector<Ply> plies;
  std::string winner;  // "south" or "north"
};

// Reads the documented format (see the header comment of every data file).
Replay read_replay(const std::string& name) {
  Replay r;
  std::ifstream in(std::string(KETE_TEST_DATA) + "/games/" + name + ".txt");
  EXPECT_TRUE(in.good()) << "cannot open " << name;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t space = line.find(' ');
    if (space == std::string::npos) {
      ADD_FAILURE() << name << ": bad line '" << line << "'";
      continue;
    }
    const std::string head = line.substr(0, space), rest = line.substr(space + 1);
    if (head == "variant") {
      const std::vector<std::string_view> fields = split_words(rest);
      const std::optional<Variant> v = parse_variant(fields.size() > 0 ? fields[0] : "");
      const std::optional<KichwaRule> k = parse_kichwa_rule(fields.size() > 1 ? fields[1] : "");
      EXPECT_TRUE(v && k) << name << ": " << line;
      if (v && k) r.rules = RuleSet{*v, *k};
    } else if (head == "start") {
      r.start = rest;
    } else if (head == "winner") {
      r.winner = rest;
    } else {
      r.plies.push_back({head, rest});
    }
  }
  return r;
}

class ReplayTest : public testing::TestWithParam<std::string> {};

TEST_P(ReplayTest, EngineReproducesEveryPositionAndTheOutcome) {
  const Replay r = read_replay(GetParam());
  ASSERT_GE(r.plies.size(), 60u);
  ASSERT_TRUE(r.winner == "south" || r.winner == "north") << r.winner;
  const Position start = parse_or_die(r.rules.variant, r.start);
  ASSERT_EQ(position_string(start), r.start);

  Game game(r.rules, start);
  Position p = start;
  bool reached_mtaji = false;
  for (size_t i = 0; i < r.plies.size(); ++i) {
    const Ply& ply = r.plies[i];
    SCOPED_TRACE("ply " + std::to_string(i + 1) + " " + ply.token + " from " + position_string(p));
    ASSERT_EQ(game.outcome().result, Result::kNone);
    absl::StatusOr<Move> m = parse_move(r.rules, p, ply.token);
    ASSERT_TRUE(m.ok()) << error_text(m.status());
    EXPECT_EQ(move_token(p, *m), ply.token);  // the canonical token round-trips
    const std::optional<Position> q = play(r.rules, p, *m);
    ASSERT_TRUE(q.has_value());
    ASSERT_EQ(position_string(*q), ply.position);
    ASSERT_TRUE(game.play(*m));
    ASSERT_EQ(game.position(), *q);
    p = *q;
    reached_mtaji |= p.hand(Side::kSouth) == 0 && p.hand(Side::kNorth) == 0;
  }
  if (r.rules.variant == Variant::kKiswahili) {
    EXPECT_TRUE(reached_mtaji);
  }

  // The reference ends the game where the side to move has no legal move: it loses.
  EXPECT_TRUE(legal_moves(r.rules, p).empty());
  const Side expected_loser = r.winner == "south" ? Side::kNorth : Side::kSouth;
  EXPECT_EQ(p.side_to_move(), expected_loser);
  EXPECT_EQ(loser(r.rules, p), expected_loser);
  const Outcome o = game.outcome();
  EXPECT_EQ(o.result, r.winner == "south" ? Result::kSouthWins : Result::kNorthWins);
  EXPECT_TRUE(o.reason == EndReason::kNoLegalMove || o.reason == EndReason::kFinished)
      << to_string(o.reason);
  EXPECT_EQ(game.plies(), int(r.plies.size()));
}

INSTANTIATE_TEST_SUITE_P(Games, ReplayTest,
                         testing::Values("kiswahili-1", "kiswahili-2", "kiswahili-3", "bao-1",
                                         "kigogo-1", "kujifunza-follow-1"),
                         [](const testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

}  // namespace
}  // namespace kete::test
