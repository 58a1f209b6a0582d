#include "sim/systemc/subcore/sub_core_vcd.hpp"

#include <cmath>
#include <fstream>
#include <stdexcept>
#include <systemc>

#include "core/io/atomic_file.hpp"
#include "core/io/temporary_path.hpp"
#include "sim/systemc/subcore/sub_core_module.hpp"
#include "sim/systemc/systemc_kernel.hpp"

namespace lutsim::systemc {
namespace {

// SystemC's trace file, removed however the run ends.
class ScratchTrace {
 public:
  explicit ScratchTrace(const std::filesystem::path& target)
      : base_(temporary_path(target)),
        file_(sc_core::sc_create_vcd_trace_file(base_.string().c_str())) {
    if (!file_) throw std::runtime_error(target.string() + ": cannot create the VCD file");
    file_->set_time_unit(1, sc_core::SC_PS);
  }
  ~ScratchTrace() {
    close();
    std::error_code ignored;
    std::filesystem::remove(path(), ignored);
  }
  ScratchTrace(const ScratchTrace&) = delete;
  ScratchTrace& operator=(const ScratchTrace&) = delete;

  sc_core::sc_trace_file* file() { return file_; }
  void close() {
    if (file_) sc_core::sc_close_vcd_trace_file(file_);
    file_ = nullptr;
  }
  std::filesystem::path path() const { return base_.string() + ".vcd"; }

 private:
  std::filesystem::path base_;
  sc_core::sc_trace_file* file_;
};

}  // namespace

const SubCoreResult& run_with_vcd(SubCore& core, double clock_period_s,
                                  const std::filesystem::path& vcd,
                                  const SubCore::Progress& progress) {
  const double period_ps = std::round(clock_period_s * 1e12);
  if (!(period_ps >= 2)) throw std::invalid_argument("run_with_vcd: clock period below 2 ps");
  fresh_systemc_kernel();
  // SystemC reports its informational messages (the trace time unit, sc_stop)
  // on stdout; a library prints nothing there.
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  ScratchTrace trace(vcd);
  sc_core::sc_clock clk("clk", period_ps, sc_core::SC_PS);
  sc_core::sc_signal<bool> rst("rst"), done("done");
  SubCoreModule dut("sub_core", core, trace.file());
  dut.clk(clk);
  dut.rst(rst);
  dut.done(done);
  dut.report_progress(progress);
  sc_core::sc_start();
  trace.close();
  write_file_atomically(vcd,
                        [&](std::ostream& out) { out << std::ifstream(trace.path()).rdbuf(); });
  return core.result();
}

}  // namespace lutsim::systemc
