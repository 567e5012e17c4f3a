#include "tools/work_farm.h"

#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <thread>

#include <fmt/format.h>

#include "rules/notation.h"
#include "rules/text.h"
#include "tools/standard_streams.h"

namespace kete::tools {
namespace {

// The messages between rank 0 and the working ranks. A rank reports (at first with
// nothing, then with the result of its job) and is answered with a job or told to stop;
// a stopped rank says it is done and is sent nothing more.
enum Tag : int {
  kReport = 1,  // rank -> 0: empty, or "<job>\n<result>"
  kAssign = 2,  // 0 -> rank: "<job>\n<job text>"
  kStop = 3,    // 0 -> rank: no more work (also while it works: abandon the job)
  kDone = 4,    // rank -> 0: stopped
};

// How often a working rank looks for a stop from rank 0, and rank 0 for messages.
constexpr std::chrono::milliseconds kStopPollInterval{10};
constexpr std::chrono::milliseconds kPollInterval{1};

// For the test of a rank that dies (tests/mpi_test.sh): KETE_TEST_RANK_EXIT="<rank>:<jobs>"
// makes that rank exit abruptly after reporting that many jobs.
bool test_exit_due(int rank, int jobs) {
  const char* spec = std::getenv("KETE_TEST_RANK_EXIT");
  return spec && fmt::format("{}:{}", rank, jobs) == spec;
}

// "<number>\n<text>" -> the number and the text.
std::optional<std::pair<size_t, std::string_view>> split_job(std::string_view body) {
  const size_t newline = body.find('\n');
  if (newline == std::string_view::npos) return std::nullopt;
  absl::StatusOr<size_t> n = parse_number<size_t>("job", body.substr(0, newline), 0, SIZE_MAX);
  if (!n.ok()) return std::nullopt;
  return std::pair{*n, body.substr(newline + 1)};
}

}  // namespace

WorkFarm::WorkFarm(Cluster& cluster) : cluster_(cluster) {}

void WorkFarm::run(const std::vector<std::string>& jobs, const OnResult& on_result,
                   const std::function<bool()>& over) {
  size_t next = 0, results = 0;
  for (; next < jobs.size() && !idle_.empty(); ++next, idle_.pop_front())
    assign(idle_.front(), next, jobs[next]);
  while (results < jobs.size() && !finished_) {
    if (over()) return finish();
    std::optional<Cluster::Message> m = cluster_.poll();
    if (!m) {
      std::this_thread::sleep_for(kPollInterval);
      continue;
    }
    if (m->tag != kReport) continue;
    if (!m->body.empty()) {
      const auto job = split_job(m->body);
      if (!job || job->first >= jobs.size()) {
        tools::note("kete: rank {} sent a malformed report\n", m->from);
        cluster_.abort(1);
      }
      on_result(job->first, job->second);
      ++results;
    }
    if (next < jobs.size()) {
      assign(m->from, next, jobs[next]);
      ++next;
    } else {
      idle_.push_back(m->from);
    }
  }
}

void WorkFarm::gather() {
  for (int ready = 0; ready < cluster_.size() - 1;) {
    const Cluster::Message m = cluster_.wait();
    if (m.tag == kReport && m.body.empty()) ++ready;
  }
}

std::optional<WorkFarm::Result> WorkFarm::next_result(std::chrono::milliseconds timeout) {
  const auto until = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    if (std::optional<Cluster::Message> m = cluster_.poll()) {
      if (m->tag != kReport || m->body.empty()) continue;
      const auto job = split_job(m->body);
      if (!job) {
        tools::note("kete: rank {} sent a malformed report\n", m->from);
        cluster_.abort(1);
      }
      return Result{m->from, job->first, std::string(job->second)};
    }
    if (std::chrono::steady_clock::now() >= until) return std::nullopt;
    std::this_thread::sleep_for(kPollInterval);
  }
}

void WorkFarm::finish() {
  if (finished_) return;
  finished_ = true;
  // Every rank either waits (idle) or works: each is told once, and reports at most once
  // more before it sees the stop.
  for (int rank = 1; rank < cluster_.size(); ++rank)
    send(rank, kStop, "");
  for (int done = 0; done < cluster_.size() - 1;)
    if (cluster_.wait().tag == kDone) ++done;
  idle_.clear();
}

void WorkFarm::assign(int rank, size_t job, const std::string& text) {
  send(rank, kAssign, fmt::format("{}\n{}", job, text));
}

void WorkFarm::send(int rank, int tag, std::string_view body) {
  if (absl::Status s = cluster_.send(rank, tag, body); !s.ok()) {
    tools::note("kete: {}\n", error_text(s));
    cluster_.abort(1);
  }
}

namespace {

// Does the job on a thread while this one watches for a stop; nullopt if stopped. The
// watcher wakes as soon as the job is done, not at its next poll: a rank's idle time
// between jobs is what the farm loses to the coordination.
std::optional<std::string> work_watching(Cluster& cluster, const Work& work,
                                         const std::string& job) {
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::condition_variable done_cv;
  bool finished = false;
  std::optional<std::string> result;
  std::thread t([&] {
    std::optional<std::string> r = work(job, stop);
    std::lock_guard lock(mutex);
    result = std::move(r);
    finished = true;
    done_cv.notify_one();
  });
  for (std::unique_lock lock(mutex);
       !done_cv.wait_for(lock, kStopPollInterval, [&] { return finished; });) {
    lock.unlock();
    if (std::optional<Cluster::Message> m = cluster.poll(); m && m->tag == kStop) stop = true;
    lock.lock();
  }
  t.join();
  if (stop) return std::nullopt;
  return result;
}

}  // namespace

absl::Status serve_jobs(Cluster& cluster, const Work& work) {
  std::string report;
  for (int jobs = 0;; ++jobs) {
    if (jobs > 0 && test_exit_due(cluster.rank(), jobs)) _exit(3);
    if (absl::Status s = cluster.send(0, kReport, report); !s.ok()) return s;
    const Cluster::Message m = cluster.wait();
    if (m.tag != kAssign) break;
    const auto job = split_job(m.body);
    if (!job)
      return absl::InvalidArgumentError(fmt::format("rank {}: a malformed job", cluster.rank()));
    std::optional<std::string> result = work_watching(cluster, work, std::string(job->second));
    if (!result) break;
    report = fmt::format("{}\n{}", job->first, *result);
  }
  return cluster.send(0, kDone, "");
}

}  // namespace kete::tools
