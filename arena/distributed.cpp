#include "arena/distributed.h"

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <thread>

#include <fmt/format.h>

#include "arena/pgn.h"
#include "engine/notation.h"
#include "engine/text.h"

namespace kete::arena {
namespace {

// The messages between rank 0 and the players. A player reports (at first with nothing,
// then with the two records of the pair it played) and is answered with a pair to play or
// told to stop; a stopped player says it is done, and is sent nothing more.
enum Tag : int {
  kReport = 1,  // player -> 0: the PGN text of a finished pair, or empty
  kAssign = 2,  // 0 -> player: the index of the pair to play
  kStop = 3,    // 0 -> player: no more work (also while it plays: abandon the pair)
  kDone = 4,    // player -> 0: stopped
};

// How often a playing rank looks for a stop from rank 0.
constexpr std::chrono::milliseconds kStopPollInterval{10};

// For the test of a rank that dies (tests/mpi_test.sh): KETE_TEST_RANK_EXIT="<rank>:<pairs>"
// makes that rank exit abruptly after reporting that many pairs.
bool test_exit_due(int rank, int pairs) {
  const char* spec = std::getenv("KETE_TEST_RANK_EXIT");
  return spec && fmt::format("{}:{}", rank, pairs) == spec;
}

class Coordinator {
 public:
  Coordinator(const MatchConfig& config, Cluster& cluster, const GameCallback& on_game,
              std::atomic<bool>& stop)
      : config_(config),
        cluster_(cluster),
        on_game_(on_game),
        stop_(stop),
        tally_(finished_tally(config)),
        stopped_(size_t(cluster.size()), false) {
    for (int g : games_to_play(config))
      if (g % 2 == 0) pairs_.push_back(g / 2);
  }

  Tally run() {
    for (int playing = cluster_.size() - 1; playing > 0;) {
      std::optional<Cluster::Message> m = cluster_.poll();
      if (over()) stop_all();
      if (!m) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
        continue;
      }
      if (m->tag == kDone) {
        --playing;
        continue;
      }
      count(*m);
      if (!stopped_[size_t(m->from)]) answer(m->from);
    }
    return tally_;
  }

 private:
  bool over() const { return stop_ || tally_.decision() != SprtDecision::kContinue; }

  void count(const Cluster::Message& m) {
    if (m.body.empty() || over()) return;  // games after the verdict do not count
    absl::StatusOr<std::vector<GameRecord>> records =
        read_pgn(m.body, fmt::format("the report of rank {}", m.from));
    if (!records.ok()) {
      fmt::print(stderr, "kete-match: {}\n", error_text(records.status()));
      return;
    }
    for (const GameRecord& r : *records)
      if (tally_.add(r)) on_game_(r, tally_);
  }

  void answer(int rank) {
    if (over() || next_ == pairs_.size()) return stop(rank);
    send(rank, kAssign, std::to_string(pairs_[next_++]));
  }

  void stop(int rank) {
    if (stopped_[size_t(rank)]) return;
    stopped_[size_t(rank)] = true;
    send(rank, kStop, "");
  }

  void stop_all() {
    for (int rank = 1; rank < cluster_.size(); ++rank)
      stop(rank);
  }

  void send(int rank, Tag tag, std::string_view body) {
    if (absl::Status s = cluster_.send(rank, tag, body); !s.ok()) {
      fmt::print(stderr, "kete-match: {}\n", error_text(s));
      cluster_.abort(1);
    }
  }

  const MatchConfig& config_;
  Cluster& cluster_;
  const GameCallback& on_game_;
  std::atomic<bool>& stop_;
  Tally tally_;
  std::vector<bool> stopped_;
  std::vector<int> pairs_;  // the pairs to play, in order
  size_t next_ = 0;
};

class Player {
 public:
  Player(const MatchConfig& config, Cluster& cluster)
      : config_(config),
        cluster_(cluster),
        first_(config.engines[0], config.rules, config.inherit_stderr),
        second_(config.engines[1], config.rules, config.inherit_stderr) {}

  absl::Status run() {
    std::string report;
    for (int pairs = 0;; ++pairs) {
      if (pairs > 0 && test_exit_due(cluster_.rank(), pairs)) _exit(3);
      if (absl::Status s = cluster_.send(0, kReport, report); !s.ok()) return s;
      const Cluster::Message m = cluster_.wait();
      if (m.tag != kAssign) break;
      absl::StatusOr<int> pair = parse_number<int>("pair", m.body, 0, 10'000'000);
      if (!pair.ok()) return pair.status();
      if (!play(*pair, report)) break;
    }
    return cluster_.send(0, kDone, "");
  }

 private:
  // Plays the pair on a thread while this one watches for a stop; false if stopped.
  bool play(int pair, std::string& report) {
    std::atomic<bool> stop{false}, finished{false};
    std::array<GameRecord, 2> games;
    std::thread t([&] {
      for (int k = 0; k < 2 && !stop; ++k)
        games[size_t(k)] = play_match_game(config_, 2 * pair + k, first_, second_, stop);
      finished = true;
    });
    while (!finished) {
      if (std::optional<Cluster::Message> m = cluster_.poll(); m && m->tag == kStop) stop = true;
      std::this_thread::sleep_for(kStopPollInterval);
    }
    t.join();
    report = write_pgn(games[0]) + write_pgn(games[1]);
    return !stop;
  }

  const MatchConfig& config_;
  Cluster& cluster_;
  UciClient first_, second_;
};

}  // namespace

Tally coordinate_match(const MatchConfig& config, Cluster& cluster, const GameCallback& on_game,
                       std::atomic<bool>& stop) {
  return Coordinator(config, cluster, on_game, stop).run();
}

absl::Status serve_match(const MatchConfig& config, Cluster& cluster) {
  return Player(config, cluster).run();
}

}  // namespace kete::arena
