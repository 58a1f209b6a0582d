#pragma once

#include <functional>
#include <vector>

#include "store/results_store.hpp"
#include "studies/sweep/sweep_runner.hpp"

namespace lutsim {

// Whether an MPI launcher (mpirun of Open MPI or MPICH, srun with PMI) started
// this process: then `lutsim sweep` runs as one rank of the job.
bool started_by_mpirun();

// MPI for the lifetime of the object (MPI_Init ... MPI_Finalize), one per
// process.
class MpiSession {
 public:
  MpiSession();
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }

 private:
  int rank_ = 0;
  int size_ = 1;
};

// A sweep under mpirun: rank 0 prepares the points, keeps the store and
// writes the outputs; every other rank runs points. The distribution is
// dynamic: a rank gets the next point the store lacks when it returns its last
// result, so fast and slow points balance. Every message is a reply to the
// one before, so each rank has at most one message in flight.

// Rank 0: checks every point of the shard (check_sweep, keeping their keys),
// hands out the points the store does not hold, stores each result as it
// arrives (in batches, sweep_batch) and, at the end or at the first error
// (its own or a rank's, whose text it rethrows), stops every rank. With one
// rank it runs the points itself, from `source` (run_sweep).
SweepRun coordinate_sweep(const MpiSession& mpi, const SweepSource& source, SweepShard shard,
                          store::ResultsStore& store, const SweepProgress& progress);

// Rank 0 failing before coordinate_sweep: stops every other rank.
void stop_sweep_ranks(const MpiSession& mpi);

// Every other rank: `setup` reads the sweep and returns how to prepare its
// point i (an error is sent to rank 0); then runs the points rank 0 sends
// until it says stop.
using PointPreparer = std::function<PreparedPoint(std::size_t index)>;
void serve_sweep(const MpiSession& mpi, const std::function<PointPreparer()>& setup);

}  // namespace lutsim
