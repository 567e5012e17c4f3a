// Jobs spread over the ranks of an MPI job (docs/distributed.md): rank 0 hands out jobs
// (text) to the ranks as they ask for work and takes their results (text) back; the other
// ranks do the work. Dynamic assignment keeps every rank busy however long each job takes.
// kete-match's jobs are game pairs, kete-datagen's games, kete-spsa's an iteration's pairs.
#pragma once

#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "tools/cluster.h"

namespace kete::tools {

// Rank 0's side.
class WorkFarm {
 public:
  explicit WorkFarm(Cluster& cluster);

  using OnResult = std::function<void(size_t job, std::string_view result)>;
  // Hands out `jobs` and calls on_result for each result, one at a time, as they arrive.
  // Returns when every result is in, or as soon as `over()` is true: then the jobs in
  // progress are abandoned and the ranks stopped (finish()). Can be called again (the
  // iterations of SPSA) until finish().
  void run(const std::vector<std::string>& jobs, const OnResult& on_result,
           const std::function<bool()>& over);
  // A run whose jobs come from the results before them (kete-solve's job-level search):
  // gather() waits until every rank has asked for work, give() hands a job to a rank that
  // waits for one, next_result() takes the results one at a time as they arrive.
  void gather();
  void give(int rank, size_t job, const std::string& text) { assign(rank, job, text); }
  struct Result {
    int rank = 0;
    size_t job = 0;
    std::string text;
  };
  // The next result, or nullopt when none came within `timeout`.
  std::optional<Result> next_result(std::chrono::milliseconds timeout);
  // Stops every rank and waits until each has said so.
  void finish();
  bool finished() const { return finished_; }

 private:
  void assign(int rank, size_t job, const std::string& text);
  void send(int rank, int tag, std::string_view body);

  Cluster& cluster_;
  std::deque<int> idle_;  // ranks waiting for a job
  bool finished_ = false;
};

// A job's work on a playing rank; nullopt when `stop` abandoned it.
using Work = std::function<std::optional<std::string>(const std::string& job,
                                                      const std::atomic<bool>& stop)>;

// Every other rank: does the jobs it is given until rank 0 says stop.
absl::Status serve_jobs(Cluster& cluster, const Work& work);

}  // namespace kete::tools
