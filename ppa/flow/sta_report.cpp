#include "ppa/flow/sta_report.hpp"

#include <regex>
#include <sstream>
#include <stdexcept>

namespace lutsim::ppa {

StaPath parse_sta_worst_path(const std::string& report, const std::string& where) {
  static const std::regex kStart(R"(^Startpoint: (\S+).*$)");
  static const std::regex kEnd(R"(^Endpoint: (\S+).*$)");
  static const std::regex kArrival(R"(^\s*([-+0-9.eE]+)\s+data arrival time\s*$)");
  static const std::regex kRequired(R"(^\s*([-+0-9.eE]+)\s+data required time\s*$)");
  static const std::regex kSlack(R"(^\s*([-+0-9.eE]+)\s+slack \((MET|VIOLATED)\)\s*$)");
  StaPath path;
  bool start = false, end = false, arrival = false, required = false;
  std::istringstream lines(report);
  std::string line;
  std::smatch m;
  while (std::getline(lines, line)) {
    if (!start && std::regex_match(line, m, kStart)) {
      path.startpoint = m[1];
      start = true;
    } else if (start && !end && std::regex_match(line, m, kEnd)) {
      path.endpoint = m[1];
      end = true;
    } else if (end && !arrival && std::regex_match(line, m, kArrival)) {
      path.arrival = std::stod(m[1]);
      arrival = true;
    } else if (arrival && !required && std::regex_match(line, m, kRequired)) {
      path.required = std::stod(m[1]);
      required = true;
    } else if (required && std::regex_match(line, m, kSlack)) {
      path.slack = std::stod(m[1]);
      return path;
    }
  }
  if (report.find("No paths found") != std::string::npos) {
    throw std::runtime_error(where + ": OpenSTA found no timing path");
  }
  throw std::runtime_error(where +
                           ": no complete path (startpoint, endpoint, arrival, required, "
                           "slack) in the OpenSTA report");
}

}  // namespace lutsim::ppa
