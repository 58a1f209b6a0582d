#pragma once
// A flat gate-level netlist as yosys `write_verilog -noattr` writes it: one module of
// library-cell instances with named connections, vector and escaped identifiers, bit and
// part selects, constants, concatenations and `assign` aliases, resolved to electrical nets
// each with its driver pin and load pins.

#include <filesystem>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace lutsim::ppa {

// The netlist cannot be read; the message has "<file>:<line>: ...".
class NetlistError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class PortDirection { kInput, kOutput, kInout };

struct NetlistPort {
  std::string name;
  PortDirection direction = PortDirection::kInput;
  int msb = 0, lsb = 0;  // a scalar port has msb == lsb == 0 and is_vector false
  bool is_vector = false;
  int width() const { return (msb > lsb ? msb - lsb : lsb - msb) + 1; }
};

// A pin of a cell instance, or a top-level port bit (instance == kTopPort).
struct NetPin {
  static constexpr int kTopPort = -1;
  int instance = kTopPort;
  std::string pin;  // cell pin name, or the port bit name ("a[3]")
};

struct Net {
  std::string name;                // a port bit if it is one, else a user name, else any
  std::vector<std::string> names;  // every name of this net (assign aliases)
  int constant = -1;               // 0 or 1 for tie nets, -1 otherwise
  bool has_driver = false;
  NetPin driver;              // a cell output pin, or a top input port
  std::vector<NetPin> loads;  // cell input pins
  bool drives_output_port = false;
};

struct PinConnection {
  std::string pin;
  int net = -1;  // -1: left unconnected
};

struct CellInstance {
  std::string name;
  std::string cell_type;
  std::vector<PinConnection> pins;
  // The net on `pin`, -1 if unconnected or absent.
  int net_of(const std::string& pin) const;
};

// Whether pin `pin` of library cell `cell` is an output; throws for an unknown cell.
using PinIsOutput = std::function<bool(const std::string& cell, const std::string& pin)>;

class GateNetlist {
 public:
  static GateNetlist read(const std::filesystem::path& file, const std::string& top,
                          const PinIsOutput& pin_is_output);
  static GateNetlist parse(const std::string& text, const std::string& source_name,
                           const std::string& top, const PinIsOutput& pin_is_output);

  const std::string& module_name() const { return module_; }
  const std::vector<NetlistPort>& ports() const { return ports_; }
  const std::vector<CellInstance>& instances() const { return instances_; }
  const std::vector<Net>& nets() const { return nets_; }
  // The net with this name ("n1", "a[3]", an escaped name without its backslash), or -1.
  int find_net(const std::string& name) const;

 private:
  friend class NetlistBuilder;
  std::string module_;
  std::vector<NetlistPort> ports_;
  std::vector<CellInstance> instances_;
  std::vector<Net> nets_;
  std::map<std::string, int> net_by_name_;
};

}  // namespace lutsim::ppa
