#include "ppa/power/vcd_activity.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "core/io/text_file.hpp"

namespace lutsim::ppa {
namespace {

// The state of one signal bit while the value changes are read.
struct BitTrack {
  std::string name;
  char value = 'x';
  long long since = 0;  // time (VCD ticks) of the last change or of the window start
  double transitions = 0;
  long long ticks_at_one = 0;
};

double scale_of(const std::string& unit) {
  if (unit == "s") return 1;
  if (unit == "ms") return 1e-3;
  if (unit == "us") return 1e-6;
  if (unit == "ns") return 1e-9;
  if (unit == "ps") return 1e-12;
  if (unit == "fs") return 1e-15;
  return 0;
}

}  // namespace

class VcdParser {
 public:
  VcdParser(const std::string& text, const std::string& source, const VcdReadOptions& options)
      : text_(text), source_(source), options_(options) {}

  VcdActivity parse() {
    read_header();
    read_changes();
    VcdActivity out;
    out.window_start_s_ = window_start_ * tick_s_;
    out.window_end_s_ = window_end_ * tick_s_;
    for (BitTrack& b : bits_) {
      out.signals_[b.name] = {b.transitions, static_cast<double>(b.ticks_at_one) * tick_s_};
    }
    // Variables declared again under another name (same VCD id) share the activity.
    for (const auto& [name, index] : aliases_)
      out.signals_[name] = out.signals_.at(bits_[index].name);
    return out;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw VcdError(source_ + ":" + std::to_string(line_) + ": " + what);
  }
  // The next blank-separated word, or "" at the end.
  std::string_view word() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) {
      line_ += text_[pos_] == '\n';
      ++pos_;
    }
    const std::size_t start = pos_;
    while (pos_ < text_.size() && !std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    return std::string_view(text_).substr(start, pos_ - start);
  }
  void skip_to_end() {
    for (std::string_view w = word(); w != "$end"; w = word()) {
      if (w.empty()) fail("missing $end");
    }
  }

  void read_timescale() {
    std::string spec;
    for (std::string_view w = word(); w != "$end"; w = word()) {
      if (w.empty()) fail("missing $end after $timescale");
      spec += w;
    }
    std::size_t digits = 0;
    while (digits < spec.size() && std::isdigit(static_cast<unsigned char>(spec[digits]))) ++digits;
    const double factor = digits ? std::stod(spec.substr(0, digits)) : 1;
    const double unit = scale_of(spec.substr(digits));
    if (unit == 0) fail("unknown $timescale '" + spec + "'");
    tick_s_ = factor * unit;
  }

  // $var wire 8 ! name [7:0] $end
  void read_var() {
    word();
    const int width = std::atoi(std::string(word()).c_str());
    const std::string id(word());
    std::string name(word());
    std::string range;
    for (std::string_view w = word(); w != "$end"; w = word()) {
      if (w.empty()) fail("missing $end after $var");
      range += w;
    }
    if (scope_path() != options_.scope) return;
    if (!name.empty() && name.front() == '\\') name.erase(0, 1);
    int msb = 0, lsb = 0;
    const bool is_vector = !range.empty();
    if (is_vector && std::sscanf(range.c_str(), "[%d:%d]", &msb, &lsb) != 2) {
      if (std::sscanf(range.c_str(), "[%d]", &msb) != 1) fail("bad range '" + range + "'");
      lsb = msb;
    }
    if (is_vector && std::abs(msb - lsb) + 1 != width) fail("width does not match " + range);
    std::vector<int>& ids = ids_[id];
    if (!ids.empty() && static_cast<int>(ids.size()) != width) fail("id reused with another width");
    const bool fresh = ids.empty();
    for (int k = 0; k < width; ++k) {  // MSB first, as values are written
      const int index = msb >= lsb ? msb - k : msb + k;
      const std::string bit = is_vector ? name + "[" + std::to_string(index) + "]" : name;
      if (fresh) {
        ids.push_back(static_cast<int>(bits_.size()));
        bits_.push_back({bit});
      } else {
        aliases_.emplace_back(bit, ids[k]);
      }
    }
  }

  std::string scope_path() const {
    std::string path;
    for (const std::string& s : scopes_) path += (path.empty() ? "" : ".") + s;
    return path;
  }

  void read_header() {
    while (true) {
      const std::string_view w = word();
      if (w.empty()) fail("no $enddefinitions");
      if (w == "$timescale") {
        read_timescale();
      } else if (w == "$scope") {
        word();
        scopes_.emplace_back(word());
        skip_to_end();
      } else if (w == "$upscope") {
        if (scopes_.empty()) fail("$upscope without $scope");
        scopes_.pop_back();
        skip_to_end();
      } else if (w == "$var") {
        read_var();
      } else if (w == "$enddefinitions") {
        skip_to_end();
        break;
      } else if (w[0] == '$') {
        skip_to_end();
      }
    }
    if (bits_.empty()) fail("no variables in scope '" + options_.scope + "'");
    window_start_ = std::llround(options_.window_start_s / tick_s_);
  }

  // Moves bit b to `value` at time t (ticks), counting only inside the window.
  void change(BitTrack& b, char value, long long t) {
    if (t <= window_start_) {
      b.value = value;
      b.since = window_start_;
      return;
    }
    if (b.value == '1') b.ticks_at_one += t - b.since;
    if (value != b.value) {
      const bool unknown = value != '0' && value != '1';
      const bool was_unknown = b.value != '0' && b.value != '1';
      b.transitions += unknown || was_unknown ? 0.5 : 1.0;
    }
    b.value = value;
    b.since = t;
  }

  void read_changes() {
    long long now = 0, last = 0;
    const long long end_limit =
        options_.window_end_s ? std::llround(*options_.window_end_s / tick_s_) : -1;
    while (true) {
      const std::string_view w = word();
      if (w.empty()) break;
      const char c = static_cast<char>(std::tolower(w[0]));
      if (c == '#') {
        now = std::atoll(std::string(w.substr(1)).c_str());
        if (end_limit >= 0 && now > end_limit) {
          last = end_limit;
          break;
        }
        last = now;
      } else if (c == '0' || c == '1' || c == 'x' || c == 'z') {
        apply(std::string(w.substr(1)), std::string_view(&c, 1), now);
      } else if (c == 'b') {
        apply(std::string(word()), w.substr(1), now);
      } else if (c == 'r') {
        word();
      } else if (w == "$comment") {
        skip_to_end();
      } else if (w[0] != '$') {
        fail("unexpected '" + std::string(w) + "' in the value changes");
      }
    }
    if (end_limit >= 0 && last < end_limit) {
      fail("the value changes end at #" + std::to_string(last) + ", before the window end #" +
           std::to_string(end_limit) + " (a truncated simulation?)");
    }
    window_end_ = end_limit >= 0 ? end_limit : last;
    if (window_end_ <= window_start_) fail("the activity window is empty");
    for (BitTrack& b : bits_) {
      if (b.since < window_start_) b.since = window_start_;
      if (b.value == '1') b.ticks_at_one += window_end_ - b.since;
    }
  }

  // A scalar or vector value (MSB first, left-extended as VCD specifies).
  void apply(const std::string& id, std::string_view value, long long t) {
    const auto it = ids_.find(id);
    if (it == ids_.end()) return;
    const std::vector<int>& ids = it->second;
    const std::size_t width = ids.size();
    const char pad = value.empty() ? '0' : (value[0] == '1' ? '0' : value[0]);
    for (std::size_t k = 0; k < width; ++k) {
      const std::size_t missing = width - std::min(width, value.size());
      char v = k < missing ? pad : value[k - missing];
      v = static_cast<char>(std::tolower(v));
      change(bits_[ids[k]], v, t);
    }
  }

  const std::string& text_;
  const std::string& source_;
  const VcdReadOptions& options_;
  std::size_t pos_ = 0;
  int line_ = 1;
  double tick_s_ = 1e-9;
  long long window_start_ = 0, window_end_ = 0;
  std::vector<std::string> scopes_;
  std::unordered_map<std::string, std::vector<int>> ids_;
  std::vector<BitTrack> bits_;
  std::vector<std::pair<std::string, int>> aliases_;  // (bit name, index in bits_)
};

VcdActivity VcdActivity::parse(const std::string& text, const std::string& source_name,
                               const VcdReadOptions& options) {
  return VcdParser(text, source_name, options).parse();
}

VcdActivity VcdActivity::read(const std::filesystem::path& file, const VcdReadOptions& options) {
  const std::string text = read_text_file(file, [](const FileReadError& e) {
    return VcdError(e.path().string() + ": cannot open the VCD file: " + e.reason());
  });
  return parse(text, file.string(), options);
}

const SignalActivity* VcdActivity::find(const std::string& bit_name) const {
  const auto it = signals_.find(bit_name);
  return it == signals_.end() ? nullptr : &it->second;
}

double VcdActivity::density(const SignalActivity& a) const {
  return a.transitions / window_s();
}

double VcdActivity::duty(const SignalActivity& a) const {
  return a.time_at_one_s / window_s();
}

NetlistActivity netlist_activity(const GateNetlist& netlist, const VcdActivity& vcd) {
  NetlistActivity out;
  out.window_s = vcd.window_s();
  out.nets.resize(netlist.nets().size());
  for (std::size_t n = 0; n < netlist.nets().size(); ++n) {
    const Net& net = netlist.nets()[n];
    if (net.constant >= 0) continue;
    const SignalActivity* s = nullptr;
    for (const std::string& name : net.names) {
      if ((s = vcd.find(name))) break;
    }
    if (!s) {
      throw std::runtime_error("power: net '" + net.name + "' of " + netlist.module_name() +
                               " is not in the VCD (expected the netlist's own nets)");
    }
    out.nets[n] = *s;
  }
  return out;
}

}  // namespace lutsim::ppa
