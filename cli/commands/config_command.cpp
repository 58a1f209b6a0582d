#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands/commands.hpp"
#include "cli/config_loading.hpp"
#include "core/specs/hardware_spec.hpp"
#include "core/specs/model_spec.hpp"
#include "core/specs/sweep_spec.hpp"
#include "studies/study_loader.hpp"

namespace lutsim::cli {
namespace {

struct ConfigOptions {
  std::string path;
  std::string kind;
  std::vector<std::string> sets;
  bool list_params = false;
};

// Reads the document as the given kind (not a study); throws ConfigError on any problem.
void read_as(const std::string& kind, config::ConfigDocument& doc, const std::string& path) {
  auto root = doc.root();
  if (kind == "hw") {
    read_hardware(root);
  } else if (kind == "model") {
    read_model(root);
  } else {
    read_sweep(root, path);
  }
  doc.check_all_consumed();
}

void print_params(const std::vector<config::ParamInfo>& params) {
  for (const auto& p : params) {
    std::cout << p.path << "  (" << p.type << (p.unit.empty() ? "" : ", " + p.unit) << ")"
              << "  default: " << p.default_text
              << (p.range_text.empty() ? "" : "  " + p.range_text) << "\n    " << p.description
              << "\n";
  }
}

// A study config: any registered study, its hardware configs resolved under hw.
void run_study_config(const ConfigOptions& o) {
  const LoadedStudy loaded = load_study(load_config(o.path, {}), o.sets, configs_dir(""));
  if (o.list_params) {
    print_params(loaded.params);
  } else {
    std::cout << loaded.resolved.dump(2) << "\n";
  }
}

void run_config(const ConfigOptions& o) {
  if (o.kind == "study") return run_study_config(o);
  auto doc = load_config(o.path, o.sets);
  read_as(o.kind, doc, o.path);
  if (o.list_params) {
    print_params(doc.params());
  } else {
    std::cout << doc.resolved().dump(2) << "\n";
  }
}

}  // namespace

void add_config_command(CLI::App& app) {
  auto opts = std::make_shared<ConfigOptions>();
  CLI::App* cmd = app.add_subcommand("config", "Check a config strictly and print it resolved");
  cmd->footer(
      "Check a config strictly (unknown keys, missing keys, types, ranges) and print it fully "
      "resolved as JSON (extends applied, defaults filled), or list its parameters.");
  cmd->add_option("file", opts->path, "config file (YAML)")->required()->check(CLI::ExistingFile);
  cmd->add_option("-k,--kind", opts->kind, "what the file configures")
      ->required()
      ->check(CLI::IsMember({"hw", "model", "sweep", "study"}));
  cmd->add_option("--set", opts->sets,
                  "override a value: --set sm.count=132; in a study config, "
                  "hw.<config>.<key>=<value> sets a key of a hardware config it uses (repeatable)");
  cmd->add_flag("--list-params", opts->list_params,
                "list every parameter with its type, unit, default, range and description");
  cmd->callback([opts] { run_config(*opts); });
}

}  // namespace lutsim::cli
