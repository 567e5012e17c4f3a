// Bao la Kujifunza is solved (docs/solver.md): with ProofFile at its default, the embedded
// proofs make kete play it perfectly. Against itself from the start, South wins in exactly
// the proven distance, 2 own moves under `choose` and 11 under `follow` (North delaying the
// loss longest), the numbers kete-solve proved and tuning/proofs records; `<empty>` turns
// the proofs off.
#include <atomic>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/engine.h"
#include "rules/notation.h"

namespace kete::test {
namespace {

struct SelfPlay {
  Outcome outcome;
  int plies = 0;
  Score first_score;  // the score of South's first search
};

// kete against itself from the start of kujifunza under `kichwa`, each move a depth-2
// search (with a proof a move needs no deeper: the root's proven move, or the children's
// proven distances one ply down).
SelfPlay self_play(KichwaRule kichwa, std::string_view proof_file) {
  Engine engine;
  engine.set_variant(Variant::kKujifunza);
  engine.set_kichwa_rule(kichwa);
  EXPECT_TRUE(engine.set_proof_file(proof_file).ok());
  std::vector<std::string> tokens;
  SelfPlay game;
  bool first = true;
  while (engine.game().outcome().result == Result::kNone && tokens.size() < 200) {
    Limits limits;
    limits.depth = 2;
    SearchResult result;
    engine.go(
        limits,
        [&](const SearchInfo& i) {
          if (first && i.multipv == 1) game.first_score = i.score;
        },
        [&](const SearchResult& r) { result = r; });
    engine.wait();
    first = false;
    EXPECT_TRUE(result.best.has_value());
    if (!result.best) break;
    tokens.push_back(move_token(engine.position(), *result.best));
    const std::vector<std::string_view> moves(tokens.begin(), tokens.end());
    EXPECT_TRUE(engine.set_position("", moves).ok());
  }
  game.outcome = engine.game().outcome();
  game.plies = engine.game().plies();
  return game;
}

TEST(PerfectPlay, KujifunzaChooseSouthWinsInExactlyTwoMoves) {
  const SelfPlay game = self_play(KichwaRule::kChoose, Engine::kDefaultProofFile);
  EXPECT_EQ(game.outcome.result, Result::kSouthWins);
  EXPECT_EQ(game.plies, 3);  // South, North, South
  EXPECT_TRUE(game.first_score.is_mate());
  EXPECT_EQ(game.first_score.mate_moves(), 2);
}

TEST(PerfectPlay, KujifunzaFollowSouthWinsInExactlyElevenMoves) {
  const SelfPlay game = self_play(KichwaRule::kFollow, Engine::kDefaultProofFile);
  EXPECT_EQ(game.outcome.result, Result::kSouthWins);
  EXPECT_EQ(game.plies, 21);
  EXPECT_TRUE(game.first_score.is_mate());
  EXPECT_EQ(game.first_score.mate_moves(), 11);
}

// The default follows the rules being played, and `<empty>` turns it off: a depth-2 search
// from the start then sees no mate.
TEST(PerfectPlay, TheDefaultFollowsTheRulesAndEmptyTurnsItOff) {
  Engine engine;
  EXPECT_EQ(engine.proven(), nullptr);  // kiswahili: not solved
  engine.set_variant(Variant::kKujifunza);
  ASSERT_NE(engine.proven(), nullptr);
  const Position start = Position::start(Variant::kKujifunza);
  EXPECT_NE(engine.proven()->find({Variant::kKujifunza, KichwaRule::kChoose}, start), nullptr);
  engine.set_kichwa_rule(KichwaRule::kFollow);
  EXPECT_NE(engine.proven()->find({Variant::kKujifunza, KichwaRule::kFollow}, start), nullptr);
  const SelfPlay off = self_play(KichwaRule::kFollow, Engine::kNoProofFile);
  EXPECT_FALSE(off.first_score.is_mate());
}

}  // namespace
}  // namespace kete::test
