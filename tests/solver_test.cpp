// The solver: the test suite's forced wins proven with the distance the alpha-beta search
// gives, draws by the game's history, Bao la Kujifunza solved under both kichwa rules
// (with and without the evaluation's initial numbers), and the proof checker accepting
// good proofs and naming what is wrong in bad ones.
#include <algorithm>
#include <fstream>
#include <sstream>
#include <unordered_set>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "eval/evaluate.h"
#include "eval/weights.h"
#include "proof/proof.h"
#include "rules/random.h"
#include "search/search.h"
#include "search/tt.h"
#include "solver/solver.h"
#include "tests/forced_wins.h"
#include "tests/kete_process.h"
#include "tests/test_util.h"

namespace kete::test {
namespace {

const std::atomic<bool> kNoStop{false};

SolveResult prove(RuleSet rules, const Position& p, Side attacker, int max_moves = 0,
                  const GameContext& game = {}) {
  SolveLimits limits;
  limits.hash_mb = 16;
  limits.max_moves = max_moves;
  limits.nodes = 5'000'000;
  return Solver(rules, limits).prove(p, attacker, game, kNoStop, nullptr);
}

// The shortest forced win of the side to move, by `go mate` N = 1, 2, ... up to `most`.
int shortest_mate(RuleSet rules, const Position& p, int most) {
  for (int n = 1; n <= most; ++n) {
    const SolveResult r = prove(rules, p, p.side_to_move(), n);
    if (r.proof == Proof::kProven) return n;
    EXPECT_EQ(r.proof, Proof::kDisproven) << "mate " << n << " undecided";
    EXPECT_FALSE(r.path_dependent);
  }
  return 0;
}

int alpha_beta_mate(RuleSet rules, const Position& p, int depth) {
  TranspositionTable tt(16);
  Limits limits;
  limits.depth = depth;
  SearchInfo last;
  search(rules, p, GameContext{}, limits, SearchSettings{}, tt, kNoStop,
         [&](const SearchInfo& i) { last = i; });
  return last.score.is_mate() ? last.score.mate_moves() : 0;
}

// A proof of `attacker`'s win from p, written as a proof file's text.
std::string proof_text(RuleSet rules, const Position& p, Side attacker, int max_moves = 0) {
  SolveLimits limits;
  limits.hash_mb = 16;
  limits.max_moves = max_moves;
  Solver solver(rules, limits);
  const SolveResult r = solver.prove(p, attacker, GameContext{}, kNoStop, nullptr);
  EXPECT_EQ(r.proof, Proof::kProven);
  std::optional<std::vector<StrategyLine>> lines = solver.strategy(p, attacker, {}, kNoStop);
  EXPECT_TRUE(lines.has_value());
  std::string text = proof_header_text({rules, Game::kDefaultMaxPlies, p, attacker});
  for (const StrategyLine& l : lines.value_or(std::vector<StrategyLine>{}))
    text += proof_line_text(l.position, l.move);
  return text;
}

absl::StatusOr<ProofReport> check(const std::string& text) {
  std::istringstream in(text);
  return check_proof(in);
}

class SolverForcedWins : public ::testing::TestWithParam<ForcedWin> {};

TEST_P(SolverForcedWins, ProvenWithTheAlphaBetaDistance) {
  const ForcedWin w = GetParam();
  const Position p = parse_or_die(w.rules.variant, w.position);
  const SolveResult any = prove(w.rules, p, p.side_to_move());
  ASSERT_EQ(any.proof, Proof::kProven);
  ASSERT_TRUE(any.best.has_value());
  EXPECT_EQ(shortest_mate(w.rules, p, w.moves), w.moves);
  EXPECT_EQ(alpha_beta_mate(w.rules, p, 2 * w.moves + 1), w.moves);
  // The loser proves nothing.
  EXPECT_EQ(prove(w.rules, p, ~p.side_to_move()).proof, Proof::kDisproven);
  // The proof of the shortest win checks, and its longest line is that win.
  absl::StatusOr<ProofReport> report = check(proof_text(w.rules, p, p.side_to_move(), w.moves));
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_EQ(report->longest_line, 2 * w.moves - 1);
}

INSTANTIATE_TEST_SUITE_P(AllVariants, SolverForcedWins, ::testing::ValuesIn(kForcedWins));
INSTANTIATE_TEST_SUITE_P(LongerMateFirst, SolverForcedWins, ::testing::ValuesIn(kLongerMateFirst));

TEST(Solver, PositionsOfTheGameBeforeTheRootAreDraws) {
  // A win in two whose every first move leads back to a position of the game: with those
  // positions drawn (rules.md section 2) there is no win at all, and the disproof says it
  // rests on the game's history.
  const ForcedWin w = kForcedWins[2];
  const Position p = parse_or_die(w.rules.variant, w.position);
  GameContext game;
  for (Move m : legal_moves(w.rules, p))
    game.history.push_back(play(w.rules, p, m)->key());
  EXPECT_EQ(prove(w.rules, p, p.side_to_move(), 2).proof, Proof::kProven);
  EXPECT_EQ(prove(w.rules, p, p.side_to_move(), 2, game).proof, Proof::kDisproven);
  const SolveResult any = prove(w.rules, p, p.side_to_move(), 0, game);
  EXPECT_EQ(any.proof, Proof::kDisproven);
  EXPECT_TRUE(any.path_dependent);
}

TEST(Solver, TheMoveLimitDraws) {
  const ForcedWin w = kForcedWins[3];  // bao, a win in three moves: five plies
  const Position p = parse_or_die(w.rules.variant, w.position);
  GameContext game;
  game.max_plies = 4;
  const SolveResult r = prove(w.rules, p, p.side_to_move(), 0, game);
  EXPECT_EQ(r.proof, Proof::kDisproven);
  EXPECT_TRUE(r.path_dependent);
  game.max_plies = 5;
  EXPECT_EQ(prove(w.rules, p, p.side_to_move(), 0, game).proof, Proof::kProven);
}

TEST(Solver, KujifunzaChooseIsWonBySouthInTwo) {
  const Position start = Position::start(Variant::kKujifunza);
  const SolveResult r = prove(kChoose, start, Side::kSouth);
  ASSERT_EQ(r.proof, Proof::kProven);
  EXPECT_EQ(move_token(start, *r.best), "A1R:RLL");
  EXPECT_EQ(shortest_mate(kChoose, start, 2), 2);
}

TEST(Solver, KujifunzaFollowIsWonBySouthInEleven) {
  const Position start = Position::start(Variant::kKujifunza);
  EXPECT_EQ(prove(kFollow, start, Side::kSouth).proof, Proof::kProven);
  EXPECT_EQ(prove(kFollow, start, Side::kSouth, 10).proof, Proof::kDisproven);
  EXPECT_EQ(prove(kFollow, start, Side::kSouth, 11).proof, Proof::kProven);
}

// Mirror images at the root (docs/solver.md): where the attacker moves at a start that is
// its own mirror image, in the left-right symmetric rules, his moves whose children
// mirror an earlier move's child are left out. Nowhere else: not for the defender, not
// in kiswahili or kigogo, not after a move, not with an earlier position in the game.
TEST(Solver, MirrorImagesAtTheRootAreLeftOut) {
  const GameContext none;
  GameContext earlier;
  earlier.history.push_back(Position::start(Variant::kBao).key() ^ 1);  // any other key
  for (RuleSet rules : {kBao, kChoose, kFollow}) {
    const Position start = Position::start(rules.variant);
    SCOPED_TRACE(position_string(start));
    EXPECT_TRUE(leaves_out_mirror_images(rules, start, Side::kSouth, none));
    EXPECT_FALSE(leaves_out_mirror_images(rules, start, Side::kNorth, none));
    EXPECT_FALSE(leaves_out_mirror_images(rules, start, Side::kSouth, earlier));
    const Position after = *play(rules, start, legal_moves(rules, start)[0]);
    EXPECT_FALSE(leaves_out_mirror_images(rules, after, after.side_to_move(), none));
  }
  for (Variant v : {Variant::kKiswahili, Variant::kKigogo}) {
    const Position start = Position::start(v);
    EXPECT_FALSE(leaves_out_mirror_images(RuleSet{v}, start, start.side_to_move(), none))
        << to_string(v);
  }
  // The same verdicts, and bao's South disproof from the start (no win in 4) with about
  // half the nodes: 16 of the 32 first moves are searched instead of 32.
  const Position bao = Position::start(Variant::kBao);
  const SolveResult mirror = prove(kBao, bao, Side::kSouth, 4);
  const SolveResult all = prove(kBao, bao, Side::kSouth, 4, earlier);
  EXPECT_EQ(mirror.proof, Proof::kDisproven);
  EXPECT_EQ(all.proof, Proof::kDisproven);
  EXPECT_LT(mirror.info.nodes * 10, all.info.nodes * 6)
      << mirror.info.nodes << " " << all.info.nodes;
  const Position kujifunza = Position::start(Variant::kKujifunza);
  for (int mate : {10, 11})
    EXPECT_EQ(prove(kFollow, kujifunza, Side::kSouth, mate).proof,
              prove(kFollow, kujifunza, Side::kSouth, mate, earlier).proof);
}

// Guidance (docs/solver.md, "Guidance (df-pn+)"): initial numbers from the evaluation
// change the order of the search, never a verdict.
SolveResult prove_guided(RuleSet rules, Side attacker, int max_moves) {
  SolveLimits limits;
  limits.hash_mb = 16;
  limits.max_moves = max_moves;
  limits.nodes = 5'000'000;
  limits.guide = SolveGuide::kEval;
  return Solver(rules, limits)
      .prove(Position::start(rules.variant), attacker, GameContext{}, kNoStop, nullptr);
}

std::pair<uint32_t, uint32_t> numbers_of(InitialNumbers n) {
  return {n.proof, n.disproof};
}

// One per centi-seed of the attacker's advantage on the disproof number, of his
// disadvantage on the proof number; 1 and 1 at an even position, at most 1024.
TEST(SolverGuide, TheInitialNumbersOfAnEvaluation) {
  const std::vector<std::pair<Value, std::pair<uint32_t, uint32_t>>> cases = {
      {0, {1, 1}},       {1, {1, 2}},         {-1, {2, 1}},       {250, {1, 251}},
      {-700, {701, 1}},  {1023, {1, 1024}},   {1024, {1, 1024}},  {-1023, {1024, 1}},
      {5000, {1, 1024}}, {-29999, {1024, 1}}, {29999, {1, 1024}},
  };
  for (const auto& [value, numbers] : cases)
    EXPECT_EQ(numbers_of(guided_numbers(value)), numbers) << value;
}

// Kujifunza's built-in weights count material alone, 100 a seed (the values below rest on
// it): South's 35 seeds against North's 29 are +600 for South whoever is to move, so his
// disproof number is 601 and North's proof number; 38 against 26 (+1200) reach the cap.
TEST(SolverGuide, TheInitialNumbersOfAPositionAreItsEvaluationForTheAttacker) {
  const Weights& w = default_weights(Variant::kKujifunza);
  for (int k = 0; k < kFeatureCount; ++k) {
    const Feature f = Feature(k);
    const bool material = f == Feature::kFront || f == Feature::kBack || f == Feature::kHand;
    ASSERT_EQ(w[size_t(weight_index(Stage::kMtaji, f))], material ? 100 : 0) << kFeatureNames[k];
  }
  const auto numbers = [](SolveGuide guide, const std::string& position, Side attacker) {
    return numbers_of(
        initial_numbers(kFollow, guide, parse_or_die(Variant::kKujifunza, position), attacker));
  };
  using Numbers = std::pair<uint32_t, uint32_t>;
  for (const char* to_move : {" S", " N"}) {
    const std::string six =
        std::string("2,2,2,2,2,2,2,2/2,2,2,2,2,1,1,1/3,3,3,3,2,2,2,2/2,2,2,2,2,2,2,1") + to_move;
    EXPECT_EQ(numbers(SolveGuide::kEval, six, Side::kSouth), Numbers(1, 601)) << six;
    EXPECT_EQ(numbers(SolveGuide::kEval, six, Side::kNorth), Numbers(601, 1)) << six;
    EXPECT_EQ(numbers(SolveGuide::kNone, six, Side::kNorth), Numbers(1, 1)) << six;
    const std::string twelve =
        std::string("2,2,2,2,2,2,2,2/2,2,1,1,1,1,1,1/3,3,3,3,3,3,2,2/2,2,2,2,2,2,2,2") + to_move;
    EXPECT_EQ(numbers(SolveGuide::kEval, twelve, Side::kNorth), Numbers(1024, 1)) << twelve;
  }
  // Bao's start is symmetric: every difference is 0 and the evaluation without the threat
  // terms is the side to move's tempo weight alone. With them it is not (each side has
  // captures there).
  const Position start = Position::start(Variant::kBao);
  const Weights& bao = default_weights(Variant::kBao);
  const uint32_t tempo = uint32_t(bao[size_t(weight_index(Stage::kMtaji, Feature::kTempo))]);
  EXPECT_EQ(numbers_of(initial_numbers({Variant::kBao}, SolveGuide::kEval, start, Side::kSouth)),
            Numbers(1, 1 + tempo));
  EXPECT_EQ(numbers_of(initial_numbers({Variant::kBao}, SolveGuide::kEval, start, Side::kNorth)),
            Numbers(1 + tempo, 1));
  EXPECT_NE(evaluate(start, bao), Value(tempo));
}

TEST(SolverGuide, KujifunzaFollowIsWonBySouthInExactlyEleven) {
  EXPECT_EQ(prove_guided(kFollow, Side::kSouth, 0).proof, Proof::kProven);
  const SolveResult ten = prove_guided(kFollow, Side::kSouth, 10);
  EXPECT_EQ(ten.proof, Proof::kDisproven);
  EXPECT_FALSE(ten.path_dependent);
  const SolveResult eleven = prove_guided(kFollow, Side::kSouth, 11);
  ASSERT_EQ(eleven.proof, Proof::kProven);
  EXPECT_EQ(eleven.plies, 21);
}

TEST(SolverGuide, KujifunzaChooseIsWonBySouthInTwo) {
  EXPECT_EQ(prove_guided(kChoose, Side::kSouth, 1).proof, Proof::kDisproven);
  const SolveResult two = prove_guided(kChoose, Side::kSouth, 2);
  ASSERT_EQ(two.proof, Proof::kProven);
  ASSERT_TRUE(two.best.has_value());
  EXPECT_EQ(move_token(Position::start(Variant::kKujifunza), *two.best), "A1R:RLL");
}

// The guide is used: bao's mate-3 disproof takes 2,292 nodes with it, 2,680 without.
TEST(SolverGuide, BaoHasNoWinForSouthWithinThreeOrFourMoves) {
  for (int mate : {3, 4}) {
    const SolveResult r = prove_guided({Variant::kBao}, Side::kSouth, mate);
    EXPECT_EQ(r.proof, Proof::kDisproven) << mate;
    EXPECT_FALSE(r.path_dependent) << mate;
  }
  const Position start = Position::start(Variant::kBao);
  EXPECT_LT(prove_guided({Variant::kBao}, Side::kSouth, 3).info.nodes,
            prove({Variant::kBao}, start, Side::kSouth, 3).info.nodes);
}

std::string read(const std::string& name) {
  std::ifstream in(std::string(KETE_SOURCE_DIR) + "/tuning/proofs/" + name);
  std::stringstream s;
  s << in.rdbuf();
  EXPECT_FALSE(s.str().empty()) << name;
  return s.str();
}

TEST(ProofChecker, TheCommittedProofsCheck) {
  absl::StatusOr<ProofReport> choose = check(read("kujifunza-choose.proof"));
  ASSERT_TRUE(choose.ok()) << choose.status();
  EXPECT_EQ(choose->header.winner, Side::kSouth);
  EXPECT_EQ(choose->longest_line, 3);
  absl::StatusOr<ProofReport> follow = check(read("kujifunza-follow.proof"));
  ASSERT_TRUE(follow.ok()) << follow.status();
  EXPECT_EQ(follow->header.rules, kFollow);
  EXPECT_EQ(follow->longest_line, 21);  // South's 11th move wins
}

// The text with the first occurrence of `from` replaced.
std::string replaced(std::string text, std::string_view from, std::string_view to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

void expect_error(const std::string& text, std::string_view what) {
  absl::StatusOr<ProofReport> r = check(text);
  ASSERT_FALSE(r.ok()) << "accepted a bad proof, expected: " << what;
  EXPECT_NE(error_text(r.status()).find(what), std::string::npos) << r.status();
}

TEST(ProofChecker, NamesWhatIsWrong) {
  const std::string good = read("kujifunza-choose.proof");
  const std::string second = "3,0,2,2,2,2,2,2/4,1,1,1,2,0,0,0/0,1,1,5,5,6,0,7/3,0,3,3,0,3,3,0 S";
  ASSERT_TRUE(check(good).ok());
  // A legal move that does not win: the loser's replies have no lines.
  expect_error(replaced(good, "\tA1R:RLL", "\tA1R:RLR"), "the proof has no line for it");
  expect_error(replaced(good, "\tB1L:LLL", "\tZ9L"), "line 8: position " + second);
  expect_error(replaced(good, "\tB1L:LLL", "\tA2L"), "illegal move 'A2L'");
  // A missing line names the position that needs it.
  expect_error(replaced(good, second + "\tB1L:LLL\n", ""), second + ": the winner is to move");
  expect_error(good + "junk\n", "line 9: expected <position string><TAB><move token>");
  expect_error(good + second + "\tB1L:LLL\n", "has a line already (line 8)");
  expect_error(replaced(good, "winner S", "winner N"), "the loser is to move");
  expect_error(replaced(good, "variant kujifunza", "variant chess"), "unknown variant 'chess'");
  expect_error(replaced(good, "kete-proof 1", "kete-proof 2"), "line 1: expected the first line");
  expect_error(replaced(good, "winner S\n", ""), "header: no 'winner' line");
  expect_error(replaced(good, "MaxPlies 1000", "MaxPlies 2"), "beyond MaxPlies 2");
  expect_error(replaced(good, "2,2,2,2,2,2,2,2 S\tA1R", "2,2,2,2,2,2,2,02 S\tA1R"),
               "not the canonical position string");
  // A line that is never reached from the root.
  const Position start = Position::start(Variant::kKujifunza);
  const Position north = *play(kChoose, start, legal_moves(kChoose, start).end()[-1]);
  const Position unreached = *play(kChoose, north, legal_moves(kChoose, north)[0]);
  ASSERT_EQ(good.find(position_string(unreached)), std::string::npos);
  expect_error(good + proof_line_text(unreached, legal_moves(kChoose, unreached)[0]),
               "is not reached from the root");
}

// A line of `plies` plies from the start of `rules` in which South plays any move that keeps
// the game going and meets none of his positions twice, North always his first legal move
// (the one the checker follows first): South's positions, the last one after the line.
struct Line {
  std::vector<Position> positions;  // South to move; plies / 2 + 1 of them
  std::vector<Move> moves;          // South's move in each but the last
};

Line long_line(RuleSet rules, int plies) {
  Random rng(99);
  struct Step {
    Position position;
    std::vector<Move> moves;  // South's, in a random order
    size_t next = 0;
  };
  const auto step = [&](const Position& p) {
    Step s{p, {}};
    for (Move m : legal_moves(rules, p))
      s.moves.push_back(m);
    for (size_t i = s.moves.size(); i > 1; --i)
      std::swap(s.moves[i - 1], s.moves[rng.uniform_below(i)]);
    return s;
  };
  std::vector<Step> walk{step(Position::start(rules.variant))};
  std::unordered_set<uint64_t> seen{walk[0].position.key()};
  while (!walk.empty() && 2 * (walk.size() - 1) < size_t(plies)) {
    Step& s = walk.back();
    if (s.next == s.moves.size()) {  // a dead end: back one move of South
      seen.erase(s.position.key());
      walk.pop_back();
      continue;
    }
    const Position north = *play(rules, s.position, s.moves[s.next++]);
    if (loser(rules, north) || legal_moves(rules, north).empty()) continue;
    const Position south = *play(rules, north, legal_moves(rules, north)[0]);
    if (loser(rules, south) || !seen.insert(south.key()).second) continue;
    walk.push_back(step(south));
  }
  Line line;
  for (const Step& s : walk) {
    line.positions.push_back(s.position);
    if (&s != &walk.back()) line.moves.push_back(s.moves[s.next - 1]);
  }
  return line;
}

// Issue 29: the checker called itself once per ply, and a proof of 10,000 plies ended in
// SIGSEGV; it keeps a stack of its own now and follows any depth (docs/solver.md). The proof
// of a bao line of 10,000 plies has a line for each of South's positions but the last: the
// checker must walk down to that one and say that it has no line, after 5,000 moves of North.
TEST(ProofChecker, FollowsALineOfTenThousandPlies) {
  const Line line = long_line(kBao, 10'000);
  ASSERT_EQ(line.positions.size(), 5'001u);
  std::string text = proof_header_text({kBao, 100'000, line.positions[0], Side::kSouth});
  for (size_t i = 0; i < line.moves.size(); ++i)
    text += proof_line_text(line.positions[i], line.moves[i]);
  const absl::StatusOr<ProofReport> r = check(text);
  ASSERT_FALSE(r.ok());
  const std::string message = error_text(r.status());
  EXPECT_TRUE(message.ends_with("position " + position_string(line.positions.back()) +
                                ": the winner is to move and the proof has no line for it"))
      << message.substr(message.size() - std::min<size_t>(message.size(), 300));
  size_t afters = 0;
  for (size_t at = 0; (at = message.find("after ", at)) != std::string::npos; ++at)
    ++afters;
  EXPECT_EQ(afters, 5'000u);
}

// Issue 29: a strategy that meets one of its positions again along a line is refused
// ("repeats along a line"). A kigogo cycle of 32 plies, found by a search of positions of a
// few seeds (docs/solver.md): each side has a pit of 2 and five single seeds, a single seed
// moves only when no pit holds 2+, so in each of the 32 positions the side to move has
// exactly one legal move; nothing is captured (captured seeds leave the game). The proof
// has a line for each of South's 16 positions; after 16 moves of North, each his only one,
// the checker's walk meets the root again.
TEST(ProofChecker, RefusesAStrategyThatRepeatsAPosition) {
  const std::string root_text =
      "0,0,1,0,0,0,0,0,1,2,0,0/0,1,0,1,0,0,1,0,0,0,0,0/"
      "0,1,0,1,0,0,1,0,0,0,0,1/1,0,0,0,0,0,0,0,0,0,0,2 S";
  const std::vector<std::string> south = {"B12", "A12", "A11", "A10", "A9", "A8", "A5",  "B3",
                                          "B4",  "B5",  "B6",  "B7",  "B8", "B9", "B10", "B11"};
  const absl::StatusOr<Position> root = parse_position(Variant::kKigogo, root_text);
  ASSERT_TRUE(root.ok()) << root.status();
  std::string text = proof_header_text({kKigogo, 1000, *root, Side::kSouth});
  Position p = *root;
  for (const std::string& token : south) {
    ASSERT_EQ(legal_moves(kKigogo, p).size(), 1u) << position_string(p);
    const absl::StatusOr<Move> m = parse_move(kKigogo, p, token);
    ASSERT_TRUE(m.ok()) << m.status();
    text += proof_line_text(p, *m);
    const Position north = *play(kKigogo, p, *m);
    ASSERT_FALSE(loser(kKigogo, north)) << position_string(north);
    const MoveList replies = legal_moves(kKigogo, north);
    ASSERT_EQ(replies.size(), 1u) << position_string(north);  // the loser's only move
    p = *play(kKigogo, north, replies[0]);
    ASSERT_FALSE(loser(kKigogo, p)) << position_string(p);
  }
  ASSERT_EQ(position_string(p), root_text);  // round the cycle, back at the root
  const absl::StatusOr<ProofReport> r = check(text);
  ASSERT_FALSE(r.ok()) << "accepted a strategy that repeats its root";
  const std::string message = error_text(r.status());
  // The root's line is line 6, after the magic line and four header lines.
  EXPECT_TRUE(message.ends_with("position " + root_text + " (line 6) repeats along a line"))
      << message;
  size_t afters = 0;
  for (size_t at = 0; (at = message.find("after ", at)) != std::string::npos; ++at)
    ++afters;
  EXPECT_EQ(afters, 16u);
}

// `go mate N` and `go solve` through the protocol (docs/solver.md).
std::string last_info(const std::vector<std::string>& lines) {
  return lines.size() >= 2 ? lines[lines.size() - 2] : "";
}

TEST(ProtocolSolver, GoMateFindsTheKnownMates) {
  KeteProcess engine;
  for (const ForcedWin& w : kForcedWins) {
    engine.ask(fmt::format("setoption name UCI_Variant value {}", to_string(w.rules.variant)));
    engine.ask(fmt::format("setoption name KichwaRule value {}", to_string(w.rules.kichwa)));
    engine.ask(fmt::format("position fen {}", w.position));
    ASSERT_TRUE(engine.send(fmt::format("go mate {}", w.moves)));
    const std::vector<std::string> lines = engine.until_bestmove("go");
    EXPECT_NE(last_info(lines).find(fmt::format(" score mate {} ", w.moves)), std::string::npos)
        << w.position << ": " << last_info(lines);
    if (w.moves > 1) {
      ASSERT_TRUE(engine.send(fmt::format("go mate {}", w.moves - 1)));
      EXPECT_EQ(last_info(engine.until_bestmove("go")),
                fmt::format("info string mate: no forced win within {} moves", w.moves - 1));
    }
  }
}

TEST(ProtocolSolver, GoSolveProvesKujifunzaAndReportsProgress) {
  KeteProcess engine;
  engine.ask("setoption name UCI_Variant value kujifunza");
  ASSERT_TRUE(engine.send("go solve"));
  std::vector<std::string> lines = engine.until_bestmove("go");
  EXPECT_EQ(lines.back(), "bestmove A1R:RLL");
  EXPECT_EQ(last_info(lines), "info string solve: South (to move) wins, line A1R:RLL b7R B1L:LLL");
  // Bao is not solved in a few thousand nodes: the limit ends it, with its numbers.
  engine.ask("setoption name UCI_Variant value bao");
  ASSERT_TRUE(engine.send("go solve nodes 3000"));
  lines = engine.until_bestmove("go");
  EXPECT_EQ(last_info(lines), "info string solve: not proven within the limits");
  const std::vector<std::string> errors = engine.ask("go mate 0");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0], "info string error: go mate: expected a number in 1..500, got '0'");
}

}  // namespace
}  // namespace kete::test
