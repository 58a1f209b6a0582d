#include "studies/sweep/mpi_sweep.hpp"

#include <mpi.h>

#include <cstdint>
#include <cstdlib>
#include <exception>
#include <map>
#include <stdexcept>
#include <string>

#include "store/point_codec.hpp"

namespace lutsim {
namespace {

// Ranks > 0 send kReady, kResult or kError; rank 0 answers kTask or kStop.
enum Tag : int { kReady = 1, kResult, kError, kTask, kStop };

void send_bytes(Tag tag, const void* data, std::size_t size) {
  MPI_Send(data, static_cast<int>(size), MPI_BYTE, 0, tag, MPI_COMM_WORLD);
}

void send_index(int rank, Tag tag, std::int64_t index) {
  MPI_Send(&index, 1, MPI_INT64_T, rank, tag, MPI_COMM_WORLD);
}

struct Message {
  int rank = 0;
  int tag = 0;
  std::vector<std::uint8_t> bytes;
};

// The next message from any rank to rank 0.
Message receive_any() {
  MPI_Status status;
  MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
  int count = 0;
  MPI_Get_count(&status, MPI_BYTE, &count);
  Message m{status.MPI_SOURCE, status.MPI_TAG, std::vector<std::uint8_t>(count)};
  MPI_Recv(m.bytes.data(), count, MPI_BYTE, m.rank, m.tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return m;
}

}  // namespace

bool started_by_mpirun() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"}) {
    if (std::getenv(v) != nullptr) return true;
  }
  return false;
}

MpiSession::MpiSession() {
  if (MPI_Init(nullptr, nullptr) != MPI_SUCCESS) throw std::runtime_error("MPI_Init failed");
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiSession::~MpiSession() { MPI_Finalize(); }

SweepRun coordinate_sweep(const MpiSession& mpi, const SweepSource& source, SweepShard shard,
                          store::ResultsStore& store, const SweepProgress& progress) {
  if (mpi.size() == 1) return run_sweep(source, shard, store, 1, progress);
  SweepRun run;
  try {
    run.points = check_sweep(source, shard, 1);
  } catch (...) {
    stop_sweep_ranks(mpi);
    throw;
  }
  SweepCounts& counts = run.counts;
  const std::vector<PointKey> pending = pending_points(run.points, store, counts);
  if (progress) progress(counts);
  store::PointBatch batch = sweep_batch(store);
  std::map<int, const PointKey*> running;  // by rank
  std::size_t next = 0;
  std::exception_ptr error;
  for (int active = mpi.size() - 1; active > 0;) {
    const Message m = receive_any();
    try {
      if (m.tag == kError) throw std::runtime_error(std::string(m.bytes.begin(), m.bytes.end()));
      if (m.tag == kResult) {
        store::StoredPoint result = store::decode_point(m.bytes);
        if (result.key != running.at(m.rank)->key) {
          throw std::runtime_error("rank " + std::to_string(m.rank) + " ran point " +
                                   result.label + " with another resolved config or revision");
        }
        count_written(batch.add(std::move(result)), counts, progress);
      }
    } catch (...) {
      if (!error) error = std::current_exception();
    }
    if (!error && next < pending.size()) {
      running[m.rank] = &pending[next];
      send_index(m.rank, kTask, static_cast<std::int64_t>(pending[next++].index));
    } else {
      send_index(m.rank, kStop, 0);
      --active;
    }
  }
  count_written(batch.flush(), counts, progress);  // also after an error
  if (error) std::rethrow_exception(error);
  return run;
}

void stop_sweep_ranks(const MpiSession& mpi) {
  for (int r = 1; r < mpi.size(); ++r) send_index(receive_any().rank, kStop, 0);
}

void serve_sweep(const MpiSession&, const std::function<PointPreparer()>& setup) {
  const auto send_error = [](const std::exception& e) {
    const std::string text = e.what();
    send_bytes(kError, text.data(), text.size());
  };
  PointPreparer prepare;
  try {
    prepare = setup();
    send_bytes(kReady, nullptr, 0);
  } catch (const std::exception& e) {
    send_error(e);
  }
  for (;;) {
    std::int64_t index = 0;
    MPI_Status status;
    MPI_Recv(&index, 1, MPI_INT64_T, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
    if (status.MPI_TAG == kStop) return;
    try {
      const auto bytes = store::encode_point(run_point(prepare(static_cast<std::size_t>(index))));
      send_bytes(kResult, bytes.data(), bytes.size());
    } catch (const std::exception& e) {
      send_error(e);
    }
  }
}

}  // namespace lutsim
