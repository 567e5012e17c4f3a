// The ranks of a run (docs/distributed.md): one process alone, or one rank of an Open MPI
// job started by mpirun or srun. The tools see ranks and messages of text; only
// cluster.cpp knows MPI, and a build without MPI has the one-process cluster alone.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "absl/status/status.h"

namespace kete::tools {

class Cluster {
 public:
  struct Message {
    int from = 0;
    int tag = 0;
    std::string body;
  };

  // Joins the MPI job when a launcher started this process (its environment says so);
  // otherwise, or in a build without MPI, a cluster of one. A launched process in a build
  // without MPI is an error: each rank would play the whole run alone.
  static absl::Status join(int& argc, char**& argv);
  static Cluster& instance();  // after join()

  Cluster(const Cluster&) = delete;
  Cluster& operator=(const Cluster&) = delete;
  ~Cluster();  // leaves the MPI job

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool distributed() const { return size_ > 1; }

  absl::Status send(int to, int tag, std::string_view body);
  // A message waiting from any rank, without blocking.
  std::optional<Message> poll();
  // The next message, sleeping between polls: MPI's blocking receive spins on a core that
  // the engines of the same machine need.
  Message wait();
  // Ends the whole job (every rank) with `code`.
  [[noreturn]] void abort(int code);

 private:
  Cluster() = default;
  int rank_ = 0;
  int size_ = 1;
  bool mpi_ = false;
};

}  // namespace kete::tools
