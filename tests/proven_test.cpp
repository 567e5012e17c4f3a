// Proven values in the search (docs/solver.md, "Proven values in the search"): the
// committed proof of Bao la Kujifunza under `follow` read into the store with its
// distances; a South that searches one node wins every line with it, and does not without
// it; the MaxPlies and game-history conditions; the ProofFile option's errors; `go solve`
// then `go`; a transcript of the protocol.
#include <atomic>
#include <chrono>
#include <fstream>
#include <future>
#include <mutex>
#include <sstream>
#include <unordered_map>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "engine/engine.h"
#include "rules/notation.h"
#include "rules/rules.h"
#include "search/proven.h"
#include "search/search.h"
#include "search/tt.h"
#include "tests/kete_process.h"
#include "tests/test_util.h"

namespace kete::test {
namespace {

const std::atomic<bool> kNoStop{false};

std::string proof_path(const std::string& name) {
  return std::string(KETE_SOURCE_DIR) + "/tuning/proofs/" + name;
}

const std::string kFollowProof = proof_path("kujifunza-follow.proof");
const std::string kChooseProof = proof_path("kujifunza-choose.proof");
// The committed follow proof: South wins in exactly 11 own moves (docs/solver.md).
constexpr int kFollowMoves = 11;
constexpr int kFollowPlies = 2 * kFollowMoves - 1;

std::shared_ptr<const ProvenValues> follow_values() {
  static const std::shared_ptr<const ProvenValues> values = [] {
    absl::StatusOr<ProvenValues> v = read_proven_values(kFollowProof, kFollow);
    EXPECT_TRUE(v.ok()) << v.status();
    return std::make_shared<const ProvenValues>(v.ok() ? *std::move(v) : ProvenValues{});
  }();
  return values;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream out(path);
  out << text;
  EXPECT_TRUE(out.good());
  return path;
}

TEST(ProvenValues, TheFollowProofGivesEveryPositionItsDistance) {
  const std::shared_ptr<const ProvenValues> values = follow_values();
  const Position start = Position::start(Variant::kKujifunza);
  const ProvenEntry* root = values->find(kFollow, start);
  ASSERT_NE(root, nullptr);
  EXPECT_TRUE(root->side_to_move_wins);
  EXPECT_EQ(root->plies, kFollowPlies);
  EXPECT_EQ(move_token(start, root->move), "A6L");
  // 534 positions of South, and North's positions between them.
  EXPECT_GT(values->size(), 534u);
  // After South's move every North position is lost, one ply closer; the longest
  // defence is exactly one ply shorter.
  const Position north = after(kFollow, start, "A6L");
  const ProvenEntry* defence = values->find(kFollow, north);
  ASSERT_NE(defence, nullptr);
  EXPECT_FALSE(defence->side_to_move_wins);
  EXPECT_EQ(defence->plies, kFollowPlies - 1);
  for (Move m : legal_moves(kFollow, north)) {
    const ProvenEntry* e = values->find(kFollow, *play(kFollow, north, m));
    ASSERT_NE(e, nullptr) << move_token(north, m);
    EXPECT_TRUE(e->side_to_move_wins);
    EXPECT_LE(e->plies, kFollowPlies - 2);
  }
  // The rules are part of the key: under `choose` the start is not this proof's.
  EXPECT_EQ(values->find(kChoose, start), nullptr);
}

// South's own moves to the win against every North defence, South playing the search's
// move with a budget of `nodes`; kNotWon when some line is not won within `most`.
constexpr int kNotWon = 1000;

class SouthWalk {
 public:
  SouthWalk(std::shared_ptr<const ProvenValues> proven, uint64_t nodes) : nodes_(nodes) {
    settings_.proven = std::move(proven);
  }

  int south(const Position& p, GameContext& game, int most) {
    if (most <= 0) return kNotWon;
    if (const auto it = won_.find(p.key()); it != won_.end())
      return it->second <= most ? it->second : kNotWon;
    if (const auto it = lost_.find(p.key()); it != lost_.end() && it->second >= most)
      return kNotWon;
    const int n = walk(p, game, most);
    if (n == kNotWon)
      lost_[p.key()] = std::max(lost_[p.key()], most);
    else
      won_[p.key()] = n;
    return n;
  }
  int searches() const { return searches_; }

 private:
  int walk(const Position& p, GameContext& game, int most) {
    Limits limits;
    limits.nodes = nodes_;
    ++searches_;
    const SearchResult r =
        search(kFollow, p, game, limits, settings_, tt_, kNoStop, [](const SearchInfo&) {});
    if (!r.best) return kNotWon;
    const Position child = *play(kFollow, p, *r.best);
    if (const std::optional<Side> lost = loser(kFollow, child))
      return *lost == Side::kNorth ? 1 : kNotWon;
    int longest = 1;
    push(game, p);
    push(game, child);
    for (Move m : legal_moves(kFollow, child)) {
      const Position q = *play(kFollow, child, m);
      if (const std::optional<Side> lost = loser(kFollow, q)) {
        if (*lost == Side::kSouth) return pop(game, 2, kNotWon);
        continue;
      }
      const int n = south(q, game, most - 1);
      if (n == kNotWon) return pop(game, 2, kNotWon);
      longest = std::max(longest, 1 + n);
    }
    return pop(game, 2, longest);
  }
  static void push(GameContext& game, const Position& p) {
    game.history.push_back(p.key());
    ++game.plies;
  }
  static int pop(GameContext& game, int n, int result) {
    game.history.resize(game.history.size() - size_t(n));
    game.plies -= n;
    return result;
  }

  SearchSettings settings_;
  uint64_t nodes_;
  TranspositionTable tt_{1};
  std::unordered_map<uint64_t, int> won_;   // South's position -> own moves to the win
  std::unordered_map<uint64_t, int> lost_;  // -> the largest budget it failed within
  int searches_ = 0;
};

TEST(ProvenSearch, WithTheProofOneNodeWinsEveryLineWithinEleven) {
  SouthWalk walk(follow_values(), 1);
  GameContext game;
  EXPECT_EQ(walk.south(Position::start(Variant::kKujifunza), game, kFollowMoves), kFollowMoves);
  EXPECT_GE(walk.searches(), 534);  // every South position of the proof was searched
}

TEST(ProvenSearch, WithoutTheProofOneNodeDoesNotAlwaysWin) {
  SouthWalk walk(nullptr, 1);
  GameContext game;
  EXPECT_EQ(walk.south(Position::start(Variant::kKujifunza), game, kFollowMoves), kNotWon);
  // Not the search failing to move: North escapes along a line of South's moves.
  EXPECT_GT(walk.searches(), 1);
}

SearchInfo search_depth(const Position& p, const GameContext& game, int depth,
                        std::shared_ptr<const ProvenValues> proven,
                        SearchResult* result = nullptr) {
  TranspositionTable tt(1);
  SearchSettings settings;
  settings.proven = std::move(proven);
  Limits limits;
  limits.depth = depth;
  SearchInfo last;
  const SearchResult r = search(kFollow, p, game, limits, settings, tt, kNoStop,
                                [&](const SearchInfo& i) { last = i; });
  if (result) *result = r;
  return last;
}

TEST(ProvenSearch, TheRootPlaysTheProofAndReportsItsMate) {
  const Position start = Position::start(Variant::kKujifunza);
  SearchResult r;
  const SearchInfo info = search_depth(start, {}, 1, follow_values(), &r);
  EXPECT_EQ(info.score.mate_moves(), kFollowMoves);
  ASSERT_TRUE(r.best.has_value());
  EXPECT_EQ(move_token(start, *r.best), "A6L");
  // Without the proof a search of depth 1 sees no mate.
  EXPECT_FALSE(search_depth(start, {}, 1, nullptr).score.is_mate());
  // Inside the search every South position after North's reply is a probe's hit: North,
  // to move, sees his longest defence, lost in 10.
  const Position north = after(kFollow, start, "A6L");
  GameContext game;
  game.history = {start.key()};
  game.plies = 1;
  EXPECT_EQ(search_depth(north, game, 1, follow_values()).score.mate_moves(), -(kFollowMoves - 1));
}

TEST(ProvenSearch, AProvenWinNeedsRoomBeforeMaxPlies) {
  const Position start = Position::start(Variant::kKujifunza);
  const ProvenValues& values = *follow_values();
  GameContext game;
  game.max_plies = 100;
  game.plies = game.max_plies - kFollowPlies;
  EXPECT_TRUE(proven_root_move(values, kFollow, start, game).has_value());
  EXPECT_EQ(search_depth(start, game, 1, follow_values()).score.mate_moves(), kFollowMoves);
  // One ply less and the longest line would reach the MaxPlies draw first: no proof.
  ++game.plies;
  EXPECT_FALSE(proven_root_move(values, kFollow, start, game).has_value());
  EXPECT_FALSE(search_depth(start, game, 1, follow_values()).score.is_mate());
}

TEST(ProvenSearch, APositionOfTheGameThatTheStrategyMayMeetAgainRefusesTheProof) {
  const ProvenValues& values = *follow_values();
  const Position start = Position::start(Variant::kKujifunza);
  const Position north = after(kFollow, start, "A6L");
  const Move reply = legal_moves(kFollow, north)[0];
  const Position root = *play(kFollow, north, reply);
  const ProvenEntry* e = values.find(kFollow, root);
  ASSERT_NE(e, nullptr);
  // Positions with more plies to the win than the root's are never met again.
  GameContext game;
  game.history = {start.key(), north.key()};
  game.plies = 2;
  EXPECT_TRUE(proven_root_move(values, kFollow, root, game).has_value());
  // One with fewer plies might be: the proof did not see it, so it is not trusted.
  const Position below = *play(kFollow, root, e->move);
  ASSERT_LT(values.find(kFollow, below)->plies, e->plies);
  game.history.push_back(below.key());
  EXPECT_FALSE(proven_root_move(values, kFollow, root, game).has_value());
}

TEST(ProvenSearch, AnEmptyStoreLeavesTheSearchAsItWas) {
  const Position start = Position::start(Variant::kKujifunza);
  SearchResult with, without;
  const SearchInfo a = search_depth(start, {}, 6, std::make_shared<const ProvenValues>(), &with);
  const SearchInfo b = search_depth(start, {}, 6, nullptr, &without);
  EXPECT_EQ(with.nodes, without.nodes);
  EXPECT_EQ(a.score.value, b.score.value);
  EXPECT_EQ(with.best, without.best);
}

// The ProofFile option through the engine facade: every refusal keeps the values.
class ProofFileOption : public ::testing::Test {
 protected:
  void SetUp() override {
    engine_.set_variant(Variant::kKujifunza);
    engine_.set_kichwa_rule(KichwaRule::kFollow);
    ASSERT_TRUE(engine_.set_proof_file(kFollowProof).ok());
    ASSERT_TRUE(engine_.wait_proof_file().ok());
    loaded_ = engine_.proven();
    ASSERT_NE(loaded_, nullptr);
  }
  // Refused at once, or by the load on the loader's thread.
  void expect_refused(const std::string& path, std::string_view what) {
    absl::Status s = engine_.set_proof_file(path);
    if (s.ok()) s = engine_.wait_proof_file();
    EXPECT_FALSE(s.ok()) << path;
    const std::string message = error_text(s);
    EXPECT_NE(message.find("ProofFile: "), std::string::npos) << message;
    EXPECT_NE(message.find(what), std::string::npos) << message;
    EXPECT_EQ(engine_.proven(), loaded_) << "the values changed";
  }
  std::string edited(std::string_view from, std::string_view to) {
    std::string text = read_text(kFollowProof);
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
  }

  Engine engine_;
  std::shared_ptr<const ProvenValues> loaded_;
};

TEST_F(ProofFileOption, AMissingFile) {
  expect_refused("/nonexistent/x.proof", "cannot read '/nonexistent/x.proof'");
}

TEST_F(ProofFileOption, NothingButARegularFile) {
  expect_refused(::testing::TempDir(), "is a directory, not a proof file");
  expect_refused("/dev/null", "is a character device, not a proof file");
}

TEST_F(ProofFileOption, ACorruptLine) {
  expect_refused(write_temp("corrupt.proof", edited("\tA6L\n", "\tA6L\tjunk\n")),
                 "line 7: expected <position string><TAB><move token>");
}

TEST_F(ProofFileOption, AProofOfOtherRules) {
  expect_refused(kChooseProof,
                 "is a proof for kujifunza (KichwaRule choose), the engine plays "
                 "kujifunza (KichwaRule follow)");
  engine_.set_variant(Variant::kBao);
  expect_refused(kFollowProof, "the engine plays bao");
}

TEST_F(ProofFileOption, AProofThatFailsTheCheck) {
  // The first line of South's strategy, another legal move: North escapes somewhere.
  const std::string text = edited("\tA6L\n", "\tA1R\n");
  expect_refused(write_temp("wrong.proof", text), "proof invalid: ");
  expect_refused(write_temp("winner.proof", edited("winner S", "winner N")), "proof invalid: ");
}

TEST(ProofChecker, FollowsLinesOnlyAsDeepAsAsked) {
  std::ifstream in(kFollowProof);
  const absl::StatusOr<ProofReport> r = check_proof(in, kFollowPlies - 2);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(
      error_text(r.status()).find("a line runs beyond 19 plies, the deepest this reader follows"),
      std::string::npos)
      << r.status();
}

TEST_F(ProofFileOption, EmptyDropsTheValuesAndNewGamesKeepThem) {
  engine_.new_game();
  EXPECT_EQ(engine_.proven(), loaded_);
  ASSERT_TRUE(engine_.set_proof_file(std::string(Engine::kNoProofFile)).ok());
  EXPECT_EQ(engine_.proven(), nullptr);
  ASSERT_TRUE(engine_.set_proof_file(kFollowProof).ok());
  ASSERT_TRUE(engine_.set_proof_file("").ok());  // supersedes the load, whatever its stage
  EXPECT_EQ(engine_.proven(), nullptr);
  ASSERT_TRUE(engine_.wait_proof_file().ok());
  EXPECT_EQ(engine_.proven(), nullptr);
}

// Issue 29: a 250 MB proof held `isready` for 26 s and `stop` for 60 s; a file now loads
// on a thread of its own. A reader that waits for the test's word stands for a long load:
// meanwhile the old values answer, a search waits for the load and stop() ends it at
// once, and a later ProofFile supersedes the load.
class SlowProofFile : public ::testing::Test {
 protected:
  void SetUp() override {
    engine_.set_variant(Variant::kKujifunza);
    engine_.set_kichwa_rule(KichwaRule::kFollow);
    ASSERT_TRUE(engine_.set_proof_file(std::string(Engine::kNoProofFile)).ok());
    engine_.set_proof_load_callback(
        [this](std::string_view, const absl::StatusOr<size_t>& positions) {
          const std::lock_guard lock(mutex_);
          news_.push_back(positions.ok() ? fmt::format("{} positions", *positions)
                                         : error_text(positions.status()));
        });
    engine_.set_proof_reader([this](std::string_view path, RuleSet rules) {
      reading_.set_value();
      released_.wait_for(std::chrono::seconds(60));  // bounded: a wrong engine fails, not hangs
      return read_proven_values(path, rules);
    });
  }
  // Starts a search at depth 1; its result comes to result_.
  void go() {
    Limits limits;
    limits.depth = 1;
    engine_.go(
        limits, [this](const SearchInfo& i) { last_mate_ = i.score.mate_moves(); },
        [this](const SearchResult& r) { result_.set_value(r); });
  }
  // The search's result, waited for as long as a loaded machine may need.
  std::optional<SearchResult> result() {
    std::future<SearchResult> f = result_.get_future();
    if (f.wait_for(std::chrono::seconds(60)) != std::future_status::ready) return std::nullopt;
    return f.get();
  }
  std::vector<std::string> news() {
    const std::lock_guard lock(mutex_);
    return news_;
  }

  Engine engine_;
  std::promise<void> reading_, release_;
  std::shared_future<void> released_ = release_.get_future().share();
  std::promise<SearchResult> result_;
  std::atomic<int> last_mate_{0};
  std::mutex mutex_;
  std::vector<std::string> news_;
};

TEST_F(SlowProofFile, TheOldValuesAnswerAndStopEndsAWaitingSearch) {
  ASSERT_TRUE(engine_.set_proof_file(kFollowProof).ok());  // returned: the reader waits
  reading_.get_future().wait();
  EXPECT_EQ(engine_.proven(), nullptr);
  go();  // waits for the load
  engine_.stop();
  const std::optional<SearchResult> stopped = result();
  ASSERT_TRUE(stopped.has_value()) << "stop() did not end a search waiting for a proof file";
  EXPECT_TRUE(stopped->best.has_value());
  EXPECT_EQ(engine_.proven(), nullptr);
  EXPECT_TRUE(news().empty());
  release_.set_value();
  ASSERT_TRUE(engine_.wait_proof_file().ok());
  ASSERT_NE(engine_.proven(), nullptr);
  EXPECT_EQ(news(), std::vector<std::string>{fmt::format("{} positions", follow_values()->size())});
}

TEST_F(SlowProofFile, ASearchStartedDuringTheLoadPlaysTheNewProof) {
  ASSERT_TRUE(engine_.set_proof_file(kFollowProof).ok());
  reading_.get_future().wait();
  go();
  release_.set_value();
  const std::optional<SearchResult> r = result();
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(last_mate_.load(), kFollowMoves);
  ASSERT_TRUE(r->best.has_value());
  EXPECT_EQ(move_token(Position::start(Variant::kKujifunza), *r->best), "A6L");
}

TEST_F(SlowProofFile, ALaterSettingSupersedesTheLoad) {
  ASSERT_TRUE(engine_.set_proof_file(kFollowProof).ok());
  reading_.get_future().wait();
  ASSERT_TRUE(engine_.set_proof_file(std::string(Engine::kNoProofFile)).ok());
  release_.set_value();
  ASSERT_TRUE(engine_.wait_proof_file().ok());
  EXPECT_EQ(engine_.proven(), nullptr);
  EXPECT_TRUE(news().empty()) << news()[0];
}

// Through the protocol.
std::vector<std::string> until_bestmove(KeteProcess& engine) {
  return engine.until_bestmove("the search");
}

// The score and PV of an info line: "score mate 11 ... pv A6L" -> "mate 11 | A6L".
std::string score_and_pv(const std::vector<std::string>& lines) {
  for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
    const size_t score = it->find(" score ");
    const size_t pv = it->find(" pv ");
    if (!it->starts_with("info depth") || score == std::string::npos) continue;
    const size_t end = it->find(' ', it->find(' ', score + 7) + 1);
    return it->substr(score + 7, end - score - 7) + " |" +
           (pv == std::string::npos ? "" : it->substr(pv + 3));
  }
  return "";
}

TEST(ProtocolProven, ATranscriptWithAProofFile) {
  KeteProcess engine;
  engine.ask("setoption name UCI_Variant value kujifunza");
  engine.ask("setoption name KichwaRule value follow");
  std::vector<std::string> uci = engine.ask("uci");
  EXPECT_NE(
      std::find(uci.begin(), uci.end(), "option name ProofFile type string default <default>"),
      uci.end());
  EXPECT_TRUE(engine.ask("setoption name ProofFile value <empty>").empty());
  // Loaded on the engine's thread: its end is a line of its own.
  ASSERT_TRUE(engine.send("setoption name ProofFile value " + kFollowProof));
  bool loaded = false;
  const std::vector<std::string> news = engine.read_until(
      [](const std::string& line) { return line.starts_with("info string ProofFile: "); }, loaded);
  ASSERT_TRUE(loaded);
  EXPECT_TRUE(
      news.back().ends_with(fmt::format("' loaded: {} positions proven", follow_values()->size())))
      << news.back();
  engine.ask("position startpos");
  ASSERT_TRUE(engine.send("go depth 1"));
  std::vector<std::string> lines = until_bestmove(engine);
  EXPECT_EQ(score_and_pv(lines), "mate 11 | A6L");
  EXPECT_EQ(lines.back(), "bestmove A6L");

  // After any reply, one node plays the proof's move.
  const Position start = Position::start(Variant::kKujifunza);
  const Position north = after(kFollow, start, "A6L");
  const std::string reply = move_token(north, legal_moves(kFollow, north).end()[-1]);
  const Position root = after(kFollow, north, reply);
  const ProvenEntry* e = follow_values()->find(kFollow, root);
  ASSERT_NE(e, nullptr);
  engine.ask("position startpos moves A6L " + reply);
  ASSERT_TRUE(engine.send("go nodes 1"));
  lines = until_bestmove(engine);
  EXPECT_EQ(lines.back(), "bestmove " + move_token(root, e->move));
  // Its one iteration, cut before any root move had a value, reports the proof's move and
  // mate (it said "score cp 0" with an empty PV).
  EXPECT_EQ(score_and_pv(lines),
            fmt::format("mate {} | {}", (e->plies + 1) / 2, move_token(root, e->move)));

  // A refused file keeps the proof; so does a new game.
  EXPECT_EQ(engine.ask("setoption name ProofFile value /nope"),
            std::vector<std::string>{
                "info string error: ProofFile: cannot read '/nope': No such file or directory"});
  engine.ask("ucinewgame");
  engine.ask("position startpos");
  ASSERT_TRUE(engine.send("go depth 1"));
  EXPECT_EQ(score_and_pv(until_bestmove(engine)), "mate 11 | A6L");
  // <empty> drops it.
  EXPECT_TRUE(engine.ask("setoption name ProofFile value <empty>").empty());
  ASSERT_TRUE(engine.send("go depth 1"));
  EXPECT_FALSE(score_and_pv(until_bestmove(engine)).starts_with("mate"));
}

TEST(ProtocolProven, GoSolveThenGoPlaysTheProof) {
  KeteProcess engine;
  engine.ask("setoption name UCI_Variant value kujifunza");
  engine.ask("setoption name KichwaRule value follow");
  engine.ask("setoption name ProofFile value <empty>");  // only what the solver proves
  engine.ask("position startpos");
  ASSERT_TRUE(engine.send("go depth 1"));
  EXPECT_FALSE(score_and_pv(until_bestmove(engine)).starts_with("mate"));
  // `go solve` finds a win, not the shortest: df-pn's proof, 13 moves (docs/solver.md).
  ASSERT_TRUE(engine.send("go solve"));
  const std::string solved = until_bestmove(engine).back();
  ASSERT_TRUE(engine.send("go depth 1"));
  std::vector<std::string> lines = until_bestmove(engine);
  const std::string mate = score_and_pv(lines);
  ASSERT_TRUE(mate.starts_with("mate ")) << mate;
  EXPECT_GE(std::stoi(mate.substr(5)), kFollowMoves);
  EXPECT_EQ(lines.back(), solved);
  // `go mate 11` proves the shortest win; the store keeps the shorter one.
  ASSERT_TRUE(engine.send("go mate 11"));
  until_bestmove(engine);
  ASSERT_TRUE(engine.send("go depth 1"));
  lines = until_bestmove(engine);
  EXPECT_TRUE(score_and_pv(lines).starts_with("mate 11 |")) << score_and_pv(lines);
  // A new game drops what the solver proved.
  engine.ask("ucinewgame");
  engine.ask("position startpos");
  ASSERT_TRUE(engine.send("go depth 1"));
  EXPECT_FALSE(score_and_pv(until_bestmove(engine)).starts_with("mate"));
}

// With Threads 2, `go mate` runs the job-level search (the debug line names its threads),
// and the win, proven again on one thread, still joins the proven values.
TEST(ProtocolProven, GoMateOnTwoThreadsThenGoPlaysTheProof) {
  KeteProcess engine;
  engine.ask("setoption name UCI_Variant value kujifunza");
  engine.ask("setoption name KichwaRule value follow");
  engine.ask("setoption name ProofFile value <empty>");
  engine.ask("setoption name Threads value 2");
  engine.ask("position startpos");
  engine.ask("debug on");
  ASSERT_TRUE(engine.send("go mate 11"));
  std::vector<std::string> lines = until_bestmove(engine);
  ASSERT_GE(lines.size(), 3u);
  EXPECT_NE(lines[lines.size() - 3].find(" score mate 11 "), std::string::npos)
      << lines[lines.size() - 3];
  EXPECT_TRUE(lines[lines.size() - 2].starts_with("info string debug: solve ended after "))
      << lines[lines.size() - 2];
  EXPECT_TRUE(lines[lines.size() - 2].ends_with(" nodes, threads 2")) << lines[lines.size() - 2];
  engine.ask("debug off");
  ASSERT_TRUE(engine.send("go depth 1"));
  lines = until_bestmove(engine);
  EXPECT_TRUE(score_and_pv(lines).starts_with("mate 11 |")) << score_and_pv(lines);
}

// A `ucinewgame` while `go solve` runs drops what that solve proves (issue 29: the new game
// reported the old game's mate). Whichever comes first, the solve's end or the new game,
// the new game's search sees no mate; before the fix a solve that ended after the new game
// (the usual order: the solve takes tens of milliseconds) left its proof in the store.
TEST(ProtocolProven, ANewGameDuringASolveDropsItsProof) {
  KeteProcess engine;
  engine.ask("setoption name UCI_Variant value kujifunza");
  engine.ask("setoption name KichwaRule value follow");
  engine.ask("setoption name ProofFile value <empty>");
  engine.ask("position startpos");
  ASSERT_TRUE(engine.send("go solve"));
  ASSERT_TRUE(engine.send("ucinewgame"));
  const std::vector<std::string> solve = until_bestmove(engine);
  engine.ask("position startpos");
  ASSERT_TRUE(engine.send("go depth 1"));
  EXPECT_FALSE(score_and_pv(until_bestmove(engine)).starts_with("mate"))
      << "the solve's proof survived the new game";
}

}  // namespace
}  // namespace kete::test
