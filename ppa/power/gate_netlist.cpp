#include "ppa/power/gate_netlist.hpp"

#include <algorithm>
#include <cctype>
#include <numeric>
#include <set>

#include "core/io/text_file.hpp"

namespace lutsim::ppa {
namespace {

enum class Tok { kIdent, kNumber, kPunct, kEnd };

struct NetlistToken {
  Tok kind = Tok::kEnd;
  std::string text;  // escaped identifiers without the backslash and trailing blank
  int line = 0;
};

std::vector<NetlistToken> tokenize(const std::string& s, const std::string& source) {
  std::vector<NetlistToken> out;
  std::size_t p = 0;
  int line = 1;
  auto fail = [&](const std::string& what) {
    throw NetlistError(source + ":" + std::to_string(line) + ": " + what);
  };
  while (p < s.size()) {
    const char c = s[p];
    if (c == '\n') {
      ++line;
      ++p;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++p;
    } else if (s.compare(p, 2, "//") == 0) {
      p = s.find('\n', p);
      if (p == std::string::npos) p = s.size();
    } else if (s.compare(p, 2, "/*") == 0 || s.compare(p, 2, "(*") == 0) {
      const std::string close = s[p] == '/' ? "*/" : "*)";
      const std::size_t end = s.find(close, p + 2);
      if (end == std::string::npos) fail("unterminated comment or attribute");
      line += static_cast<int>(std::count(s.begin() + p, s.begin() + end, '\n'));
      p = end + 2;
    } else if (c == '\\') {
      const std::size_t start = ++p;
      while (p < s.size() && !std::isspace(static_cast<unsigned char>(s[p]))) ++p;
      out.push_back({Tok::kIdent, s.substr(start, p - start), line});
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$') {
      const std::size_t start = p;
      while (p < s.size() &&
             (std::isalnum(static_cast<unsigned char>(s[p])) || s[p] == '_' || s[p] == '$')) {
        ++p;
      }
      out.push_back({Tok::kIdent, s.substr(start, p - start), line});
    } else if (std::isdigit(static_cast<unsigned char>(c)) || c == '\'') {
      const std::size_t start = p;
      while (p < s.size() && std::isdigit(static_cast<unsigned char>(s[p]))) ++p;
      if (p < s.size() && s[p] == '\'') {
        ++p;
        if (p < s.size() && (s[p] == 's' || s[p] == 'S')) ++p;
        while (p < s.size() &&
               (std::isalnum(static_cast<unsigned char>(s[p])) || s[p] == '_' || s[p] == '?')) {
          ++p;
        }
      }
      out.push_back({Tok::kNumber, s.substr(start, p - start), line});
    } else if (std::string("()[]{},;.:=#").find(c) != std::string::npos) {
      out.push_back({Tok::kPunct, std::string(1, c), line});
      ++p;
    } else {
      fail(std::string("unexpected character '") + c + "'");
    }
  }
  out.push_back({Tok::kEnd, "", line});
  return out;
}

constexpr int kConst0 = -2;
constexpr int kConst1 = -3;

// Bits of a Verilog number, MSB first: "4'b10x1", "1'h0", "8'd3", "5".
std::vector<int> constant_bits(const std::string& text,
                               const std::function<void(std::string)>& fail) {
  const std::size_t tick = text.find('\'');
  int width = 32;
  std::string digits = text;
  char base = 'd';
  if (tick != std::string::npos) {
    if (tick > 0) width = std::stoi(text.substr(0, tick));
    std::size_t b = tick + 1;
    if (text[b] == 's' || text[b] == 'S') ++b;
    base = static_cast<char>(std::tolower(text[b]));
    digits = text.substr(b + 1);
  }
  digits.erase(std::remove(digits.begin(), digits.end(), '_'), digits.end());
  std::vector<int> lsb_first;
  const int bits_per_digit = base == 'b' ? 1 : base == 'o' ? 3 : base == 'h' ? 4 : 0;
  if (bits_per_digit == 0) {
    unsigned long long v = std::stoull(digits.empty() ? "0" : digits);
    for (int i = 0; i < width; ++i)
      lsb_first.push_back((v >> std::min(i, 63)) & 1U ? kConst1 : kConst0);
  } else {
    for (auto it = digits.rbegin(); it != digits.rend(); ++it) {
      const char d = static_cast<char>(std::tolower(*it));
      const bool unknown = d == 'x' || d == 'z' || d == '?';
      int value = 0;
      if (!unknown) {
        value = std::isdigit(static_cast<unsigned char>(d)) ? d - '0' : d - 'a' + 10;
        if (value >= (1 << bits_per_digit)) fail("bad digit in constant " + text);
      }
      for (int i = 0; i < bits_per_digit; ++i) {
        lsb_first.push_back(!unknown && ((value >> i) & 1) ? kConst1 : kConst0);
      }
    }
  }
  lsb_first.resize(width, kConst0);
  return {lsb_first.rbegin(), lsb_first.rend()};
}

struct Signal {
  int msb = 0, lsb = 0;
  bool is_vector = false;
  int first_bit = 0;
  int bit_id(int index) const { return first_bit + (index - std::min(msb, lsb)); }
  bool contains(int index) const {
    return index >= std::min(msb, lsb) && index <= std::max(msb, lsb);
  }
};

}  // namespace

// Parses the top module, then merges aliased bits into nets and attaches pins.
class NetlistBuilder {
 public:
  NetlistBuilder(GateNetlist& nl, const std::string& text, const std::string& source,
                 const PinIsOutput& pin_is_output)
      : nl_(nl), toks_(tokenize(text, source)), source_(source), pin_is_output_(pin_is_output) {}

  void build(const std::string& top) {
    find_module(top);
    parse_body();
    order_ports();
    resolve_nets();
  }

 private:
  const NetlistToken& tok() const { return toks_[pos_]; }
  bool at(const char* text) const { return tok().kind != Tok::kEnd && tok().text == text; }
  [[noreturn]] void fail(const std::string& what) const {
    throw NetlistError(source_ + ":" + std::to_string(tok().line) + ": " + what + " (found '" +
                       tok().text + "')");
  }
  void expect(const char* text) {
    if (!at(text)) fail(std::string("expected '") + text + "'");
    ++pos_;
  }
  std::string ident() {
    if (tok().kind != Tok::kIdent) fail("expected an identifier");
    return toks_[pos_++].text;
  }
  int number() {
    if (tok().kind != Tok::kNumber) fail("expected a number");
    return std::stoi(toks_[pos_++].text);
  }

  void find_module(const std::string& top) {
    while (tok().kind != Tok::kEnd) {
      if (tok().kind == Tok::kIdent && tok().text == "module" && toks_[pos_ + 1].text == top) {
        pos_ += 2;
        nl_.module_ = top;
        if (at("#")) fail("parameterized top modules are not supported");
        std::vector<std::string> order;
        if (at("(")) {
          ++pos_;
          while (!at(")")) {
            order.push_back(ident());
            if (at(",")) ++pos_;
          }
          ++pos_;
        }
        expect(";");
        port_order_ = order;
        return;
      }
      ++pos_;
    }
    throw NetlistError(source_ + ": no module '" + top + "'");
  }

  void declare(const std::string& name, int msb, int lsb, bool is_vector) {
    auto it = signals_.find(name);
    if (it != signals_.end()) return;
    Signal s{msb, lsb, is_vector, static_cast<int>(bit_names_.size())};
    signals_[name] = s;
    for (int i = std::min(msb, lsb); i <= std::max(msb, lsb); ++i) {
      bit_names_.push_back(is_vector ? name + "[" + std::to_string(i) + "]" : name);
    }
  }

  void parse_declaration(const std::string& kind) {
    int msb = 0, lsb = 0;
    bool is_vector = false;
    if (at("signed")) ++pos_;
    if (at("[")) {
      ++pos_;
      msb = number();
      expect(":");
      lsb = number();
      expect("]");
      is_vector = true;
    }
    while (true) {
      const std::string name = ident();
      declare(name, msb, lsb, is_vector);
      if (kind != "wire" && kind != "reg") {
        const PortDirection d = kind == "input"    ? PortDirection::kInput
                                : kind == "output" ? PortDirection::kOutput
                                                   : PortDirection::kInout;
        nl_.ports_.push_back({name, d, msb, lsb, is_vector});
      }
      if (at("=")) fail("declaration assignments are not supported");
      if (at(";")) break;
      expect(",");
    }
    ++pos_;
  }

  // One expression as bits, MSB first.
  std::vector<int> parse_expression() {
    if (at("{")) {
      ++pos_;
      if (tok().kind == Tok::kNumber && toks_[pos_ + 1].text == "{") {
        const int count = number();
        ++pos_;
        const std::vector<int> inner = parse_expression();
        expect("}");
        expect("}");
        std::vector<int> out;
        for (int i = 0; i < count; ++i) out.insert(out.end(), inner.begin(), inner.end());
        return out;
      }
      std::vector<int> out;
      while (true) {
        const std::vector<int> part = parse_expression();
        out.insert(out.end(), part.begin(), part.end());
        if (at("}")) break;
        expect(",");
      }
      ++pos_;
      return out;
    }
    if (tok().kind == Tok::kNumber) {
      const std::string text = toks_[pos_++].text;
      return constant_bits(text, [&](const std::string& what) { fail(what); });
    }
    const std::string name = ident();
    if (!signals_.count(name)) declare(name, 0, 0, false);  // implicit net
    const Signal& s = signals_.at(name);
    int hi = s.msb, lo = s.lsb;
    if (at("[")) {
      ++pos_;
      hi = lo = number();
      if (at(":")) {
        ++pos_;
        lo = number();
      }
      expect("]");
      if (!s.contains(hi) || !s.contains(lo)) fail("bit select out of range of '" + name + "'");
    }
    std::vector<int> out;
    const int step = hi >= lo ? -1 : 1;
    for (int i = hi;; i += step) {
      out.push_back(s.bit_id(i));
      if (i == lo) break;
    }
    return out;
  }

  void parse_assign() {
    const std::vector<int> lhs = parse_expression();
    expect("=");
    std::vector<int> rhs = parse_expression();
    expect(";");
    if (rhs.size() < lhs.size()) rhs.insert(rhs.begin(), lhs.size() - rhs.size(), kConst0);
    const std::size_t offset = rhs.size() - lhs.size();
    for (std::size_t i = 0; i < lhs.size(); ++i) aliases_.emplace_back(lhs[i], rhs[offset + i]);
  }

  void parse_instance(const std::string& cell_type) {
    if (at("#")) fail("cell instances with parameters are not supported");
    CellInstance inst;
    inst.cell_type = cell_type;
    inst.name = ident();
    expect("(");
    while (!at(")")) {
      if (!at("."))
        fail("expected a named connection '.PIN(net)' (positional ones are not supported)");
      ++pos_;
      const std::string pin = ident();
      expect("(");
      std::vector<int> bits;
      if (!at(")")) bits = parse_expression();
      expect(")");
      if (bits.size() > 1) {
        fail("pin " + inst.name + "." + pin + " connects " + std::to_string(bits.size()) +
             " bits; library cell pins are one bit");
      }
      pending_pins_.push_back(
          {static_cast<int>(nl_.instances_.size()), pin, bits.empty() ? -1 : bits.front()});
      inst.pins.push_back({pin, -1});
      if (at(",")) ++pos_;
    }
    ++pos_;
    expect(";");
    nl_.instances_.push_back(std::move(inst));
  }

  void parse_body() {
    while (true) {
      if (tok().kind == Tok::kEnd) fail("missing endmodule");
      const std::string word = ident();
      if (word == "endmodule") return;
      if (word == "input" || word == "output" || word == "inout" || word == "wire" ||
          word == "reg") {
        parse_declaration(word);
      } else if (word == "assign") {
        parse_assign();
      } else if (word == "always" || word == "initial" || word == "function") {
        fail("'" + word + "' in a gate netlist: expected only cells and assigns");
      } else {
        parse_instance(word);
      }
    }
  }

  // Ports in the order of the module header; every header name must be declared.
  void order_ports() {
    std::vector<NetlistPort> ordered;
    for (const std::string& name : port_order_) {
      const auto it = std::find_if(nl_.ports_.begin(), nl_.ports_.end(),
                                   [&](const NetlistPort& p) { return p.name == name; });
      if (it == nl_.ports_.end()) {
        throw NetlistError(source_ + ": port '" + name + "' of " + nl_.module_ +
                           " has no input/output declaration");
      }
      ordered.push_back(*it);
    }
    if (ordered.size() != nl_.ports_.size()) {
      throw NetlistError(source_ + ": " + nl_.module_ +
                         " declares inputs/outputs that are not in its port list");
    }
    nl_.ports_ = std::move(ordered);
  }

  // Union-find over bit ids; the two constants are nodes after the bits.
  int find(int x) {
    while (parent_[x] != x) x = parent_[x] = parent_[parent_[x]];
    return x;
  }
  int node(int bit) const {
    const int n = static_cast<int>(bit_names_.size());
    return bit == kConst0 ? n : bit == kConst1 ? n + 1 : bit;
  }

  void resolve_nets() {
    const int n = static_cast<int>(bit_names_.size());
    parent_.resize(n + 2);
    std::iota(parent_.begin(), parent_.end(), 0);
    for (auto [a, b] : aliases_) parent_[find(node(a))] = find(node(b));
    if (find(n) == find(n + 1)) {
      throw NetlistError(source_ + ": constant 0 and constant 1 are tied together");
    }
    std::vector<int> net_of_root(n + 2, -1);
    auto net_for = [&](int bit) {
      const int root = find(node(bit));
      if (net_of_root[root] < 0) {
        net_of_root[root] = static_cast<int>(nl_.nets_.size());
        nl_.nets_.emplace_back();
      }
      return net_of_root[root];
    };
    for (int c : {kConst0, kConst1}) {
      Net& net = nl_.nets_[net_for(c)];
      net.constant = c == kConst1;
      net.names.push_back(c == kConst1 ? "1'b1" : "1'b0");
    }
    for (int b = 0; b < n; ++b) nl_.nets_[net_for(b)].names.push_back(bit_names_[b]);
    attach_ports(net_for);
    attach_pins(net_for);
    name_nets();
  }

  template <typename NetFor>
  void attach_ports(NetFor net_for) {
    for (const NetlistPort& port : nl_.ports_) {
      const Signal& s = signals_.at(port.name);
      for (int i = std::min(s.msb, s.lsb); i <= std::max(s.msb, s.lsb); ++i) {
        Net& net = nl_.nets_[net_for(s.bit_id(i))];
        const std::string bit = bit_names_[s.bit_id(i)];
        port_bits_.insert(bit);
        if (port.direction != PortDirection::kOutput) set_driver(net, {NetPin::kTopPort, bit});
        if (port.direction != PortDirection::kInput) net.drives_output_port = true;
      }
    }
  }

  template <typename NetFor>
  void attach_pins(NetFor net_for) {
    for (const PendingPin& p : pending_pins_) {
      if (p.bit == -1) continue;
      CellInstance& inst = nl_.instances_[p.instance];
      const int net_id = net_for(p.bit);
      for (PinConnection& c : inst.pins) {
        if (c.pin == p.pin) c.net = net_id;
      }
      Net& net = nl_.nets_[net_id];
      if (pin_is_output_(inst.cell_type, p.pin)) {
        set_driver(net, {p.instance, p.pin});
      } else {
        net.loads.push_back({p.instance, p.pin});
      }
    }
  }

  void set_driver(Net& net, const NetPin& driver) {
    if (net.has_driver || net.constant >= 0) {
      const auto describe = [&](const NetPin& d) {
        return d.instance == NetPin::kTopPort ? "port " + d.pin
                                              : nl_.instances_[d.instance].name + "." + d.pin;
      };
      throw NetlistError(source_ + ": net " + net.names.front() + " has several drivers (" +
                         (net.constant >= 0 ? "a constant" : describe(net.driver)) + " and " +
                         describe(driver) + ")");
    }
    net.has_driver = true;
    net.driver = driver;
  }

  void name_nets() {
    for (std::size_t i = 0; i < nl_.nets_.size(); ++i) {
      Net& net = nl_.nets_[i];
      net.name = net.names.front();
      for (const std::string& name : net.names) {
        if (port_bits_.count(name)) {
          net.name = name;
          break;
        }
        if (net.name.front() == '_' && name.front() != '_') net.name = name;
      }
      for (const std::string& name : net.names) nl_.net_by_name_[name] = static_cast<int>(i);
    }
  }

  struct PendingPin {
    int instance;
    std::string pin;
    int bit;
  };

  GateNetlist& nl_;
  std::vector<NetlistToken> toks_;
  std::size_t pos_ = 0;
  const std::string& source_;
  const PinIsOutput& pin_is_output_;
  std::vector<std::string> port_order_;
  std::map<std::string, Signal> signals_;
  std::vector<std::string> bit_names_;
  std::vector<std::pair<int, int>> aliases_;
  std::vector<PendingPin> pending_pins_;
  std::vector<int> parent_;
  std::set<std::string> port_bits_;
};

int CellInstance::net_of(const std::string& pin) const {
  for (const PinConnection& c : pins) {
    if (c.pin == pin) return c.net;
  }
  return -1;
}

GateNetlist GateNetlist::parse(const std::string& text, const std::string& source_name,
                               const std::string& top, const PinIsOutput& pin_is_output) {
  GateNetlist nl;
  NetlistBuilder(nl, text, source_name, pin_is_output).build(top);
  return nl;
}

GateNetlist GateNetlist::read(const std::filesystem::path& file, const std::string& top,
                              const PinIsOutput& pin_is_output) {
  const std::string text = read_text_file(file, [](const FileReadError& e) {
    return NetlistError(e.path().string() + ": cannot open the netlist: " + e.reason());
  });
  return parse(text, file.string(), top, pin_is_output);
}

int GateNetlist::find_net(const std::string& name) const {
  const auto it = net_by_name_.find(name);
  return it == net_by_name_.end() ? -1 : it->second;
}

}  // namespace lutsim::ppa
