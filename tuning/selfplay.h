// Self-play for training data: kete against itself at a fixed node count from random
// openings, every position recorded with the search's score and the game's result.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "arena/openings.h"
#include "rules/game.h"
#include "rules/types.h"
#include "search/search.h"
#include "tuning/dataset.h"

namespace kete::tuning {

struct SelfPlayConfig {
  RuleSet rules;
  uint64_t nodes = 5000;  // per move
  uint64_t games = 100;   // games of the whole run, over all shards
  uint64_t shard = 0;     // this part plays the games g with g % shards == shard
  uint64_t shards = 1;
  uint64_t skip = 0;     // this shard's first games, already played (a resumed run)
  int random_plies = 8;  // random moves from the start before the engines play
  // When not empty, game g starts from openings[g % size] instead (a balanced book, where
  // the search rather than the opening decides the game); random_plies is then unused.
  std::vector<arena::Opening> openings;
  // After the opening, the share of moves played at random instead of the search's best
  // (each position still recorded with its search score): the positions after a random
  // move are the kind a search's leaves meet and well-played games never reach.
  double random_rate = 0;
  int max_plies = 400;  // a draw when the game reaches it
  uint64_t seed = 1;
  int threads = 1;  // games played at once
  SearchSettings settings;
};

// `--shard I/N` with 0 <= I < N.
absl::Status parse_shard(std::string_view text, uint64_t& shard, uint64_t& shards);

// Plays game number g of the run: deterministic for a given config, seed and g.
std::vector<Sample> play_game(const SelfPlayConfig& config, uint64_t g);

// Plays this shard's games on config.threads workers; on_game is called once per game,
// one call at a time, in increasing game order. Returns early, between games, on stop.
void run_selfplay(const SelfPlayConfig& config,
                  const std::function<void(uint64_t g, const std::vector<Sample>&)>& on_game,
                  const std::atomic<bool>& stop);

}  // namespace kete::tuning
