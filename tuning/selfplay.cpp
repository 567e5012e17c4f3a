#include "tuning/selfplay.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <thread>

#include "arena/openings.h"
#include "rules/game.h"
#include "rules/notation.h"
#include "rules/random.h"
#include "rules/rules.h"
#include "rules/text.h"
#include "search/tt.h"

namespace kete::tuning {

namespace {

// Enough for the few thousand nodes a move of self-play searches; a fresh table per game
// keeps every game independent of the others.
constexpr size_t kTableMiB = 2;

// Each game's openings come from its own seed, so a game does not depend on the others.
uint64_t game_seed(uint64_t seed, uint64_t g) {
  uint64_t state = seed * 0x9E3779B97F4A7C15ull + g;
  return splitmix64(state);
}

Game opening(const SelfPlayConfig& config, uint64_t g) {
  if (!config.openings.empty()) {
    // The openings were played when they were read (load_openings): no error here.
    const arena::Opening& book = config.openings[g % config.openings.size()];
    return arena::play_opening(config.rules, book, config.max_plies).value();
  }
  const std::vector<arena::Opening> o =
      arena::random_openings(config.rules, 1, config.random_plies, game_seed(config.seed, g));
  if (o.empty()) return Game(config.rules, Position::start(config.rules.variant), config.max_plies);
  // random_openings plays only legal moves: an error here is a bug in it, and stops the run.
  return arena::play_opening(config.rules, o[0], config.max_plies).value();
}

double south_score(Result r) {
  return r == Result::kSouthWins ? 1 : r == Result::kNorthWins ? 0 : 0.5;
}

}  // namespace

absl::Status parse_shard(std::string_view text, uint64_t& shard, uint64_t& shards) {
  const size_t slash = text.find('/');
  absl::StatusOr<uint64_t> i = parse_number<uint64_t>("--shard", text.substr(0, slash), 0, 999'999);
  absl::StatusOr<uint64_t> n = parse_number<uint64_t>(
      "--shard", slash == std::string_view::npos ? "" : text.substr(slash + 1), 1, 1'000'000);
  if (!i.ok() || !n.ok() || *i >= *n)
    return absl::InvalidArgumentError(
        fmt::format("--shard: '{}' is not I/N with 0 <= I < N", text));
  shard = *i;
  shards = *n;
  return absl::OkStatus();
}

std::vector<Sample> play_game(const SelfPlayConfig& config, uint64_t g) {
  Game game = opening(config, g);
  TranspositionTable tt(kTableMiB);
  Limits limits;
  limits.nodes = config.nodes;
  SearchSettings settings = config.settings;
  settings.threads = 1;  // one thread per game keeps a game deterministic
  settings.multipv = 1;
  const std::atomic<bool> stop{false};
  std::vector<Sample> samples;
  Random rng(game_seed(config.seed, g) ^ 0x5EED0F4A11D0ull);
  while (game.outcome().result == Result::kNone) {
    Value score = 0;
    const SearchResult r =
        search(game.rules(), game.position(), context_of(game), limits, settings, tt, stop,
               [&](const SearchInfo& info) { score = info.score.value; });
    if (!r.best) break;
    samples.push_back({game.position(), std::clamp(score, -kMateBound, kMateBound), 0.5, g});
    if (config.random_rate > 0 && rng.uniform01() < config.random_rate) {
      const MoveList moves = legal_moves(game.rules(), game.position());
      game.play(moves[int(rng.uniform_below(uint64_t(moves.size())))]);
    } else {
      game.play(*r.best);
    }
  }
  const double result = south_score(game.outcome().result);
  for (Sample& s : samples)
    s.result = result;
  return samples;
}

void run_selfplay(const SelfPlayConfig& config,
                  const std::function<void(uint64_t, const std::vector<Sample>&)>& on_game,
                  const std::atomic<bool>& stop) {
  std::mutex mutex;
  std::map<uint64_t, std::vector<Sample>> finished;  // waiting for earlier games
  const uint64_t first = config.shard + config.skip * config.shards;
  uint64_t next_to_play = first, next_to_report = first;
  auto worker = [&] {
    for (;;) {
      uint64_t g;
      {
        std::lock_guard lock(mutex);
        if (stop || next_to_play >= config.games) return;
        g = next_to_play;
        next_to_play += config.shards;
      }
      std::vector<Sample> samples = play_game(config, g);
      std::lock_guard lock(mutex);
      finished[g] = std::move(samples);
      // Report every game that is next in order; the lock keeps the calls one at a time.
      while (!finished.empty() && finished.begin()->first == next_to_report) {
        on_game(next_to_report, finished.begin()->second);
        finished.erase(finished.begin());
        next_to_report += config.shards;
      }
    }
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < std::max(1, config.threads); ++t)
    threads.emplace_back(worker);
  worker();
  for (std::thread& t : threads)
    t.join();
}

}  // namespace kete::tuning
