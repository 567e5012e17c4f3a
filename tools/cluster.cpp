#include "tools/cluster.h"

#include <chrono>
#include <cstdlib>
#include <memory>
#include <thread>

#include <fmt/format.h>

#ifdef KETE_HAVE_MPI
#include <mpi.h>
#endif

namespace kete::tools {
namespace {

// How long a waiting rank sleeps between polls: far below a game's length, and long
// enough that a waiting rank costs no measurable CPU.
constexpr std::chrono::milliseconds kPollInterval{1};

std::unique_ptr<Cluster>& the_cluster() {
  static std::unique_ptr<Cluster> cluster;
  return cluster;
}

// Open MPI's mpirun sets OMPI_COMM_WORLD_SIZE; PMIx and PMI launchers (srun) their rank.
bool launched() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"})
    if (std::getenv(name)) return true;
  return false;
}

}  // namespace

absl::Status Cluster::join(int& argc, char**& argv) {
  the_cluster().reset(new Cluster);
  if (!launched()) return absl::OkStatus();
#ifdef KETE_HAVE_MPI
  Cluster& c = *the_cluster();
  if (MPI_Init(&argc, &argv) != MPI_SUCCESS) return absl::InternalError("MPI_Init failed");
  c.mpi_ = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &c.rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &c.size_);
  return absl::OkStatus();
#else
  (void)argc;
  (void)argv;
  return absl::FailedPreconditionError(
      "started by an MPI launcher, but built without Open MPI (docs/distributed.md)");
#endif
}

Cluster& Cluster::instance() {
  return *the_cluster();
}

Cluster::~Cluster() {
#ifdef KETE_HAVE_MPI
  if (mpi_) MPI_Finalize();
#endif
}

absl::Status Cluster::send(int to, int tag, std::string_view body) {
#ifdef KETE_HAVE_MPI
  if (mpi_) {
    if (MPI_Send(body.data(), int(body.size()), MPI_CHAR, to, tag, MPI_COMM_WORLD) != MPI_SUCCESS)
      return absl::UnavailableError(fmt::format("rank {}: sending to rank {} failed", rank_, to));
    return absl::OkStatus();
  }
#endif
  (void)tag;
  (void)body;
  return absl::FailedPreconditionError(fmt::format("no rank {} to send to", to));
}

std::optional<Cluster::Message> Cluster::poll() {
#ifdef KETE_HAVE_MPI
  if (!mpi_) return std::nullopt;
  int waiting = 0;
  MPI_Status status;
  MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &waiting, &status);
  if (!waiting) return std::nullopt;
  int length = 0;
  MPI_Get_count(&status, MPI_CHAR, &length);
  Message m{status.MPI_SOURCE, status.MPI_TAG, std::string(size_t(length), '\0')};
  MPI_Recv(m.body.data(), length, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  return m;
#else
  return std::nullopt;
#endif
}

Cluster::Message Cluster::wait() {
  for (;;) {
    if (std::optional<Message> m = poll()) return std::move(*m);
    std::this_thread::sleep_for(kPollInterval);
  }
}

void Cluster::abort(int code) {
#ifdef KETE_HAVE_MPI
  if (mpi_) MPI_Abort(MPI_COMM_WORLD, code);
#endif
  std::exit(code);
}

}  // namespace kete::tools
