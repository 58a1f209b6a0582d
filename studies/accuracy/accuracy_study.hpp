#pragma once

#include <string_view>
#include <vector>

#include "core/io/result_table.hpp"
#include "core/lut/datapath_accuracy.hpp"
#include "studies/accuracy/accuracy_study_spec.hpp"
#include "studies/study.hpp"

namespace lutsim {

// The accuracy table's columns, with units, and one row's cells in that order.
std::vector<ResultTable::Column> accuracy_columns();
std::vector<ResultTable::Cell> accuracy_cells(const DatapathAccuracy& a);

// The study `accuracy` (configs/studies/numerics_accuracy.yaml): table
// "accuracy", one row per valid datapath combination.
class AccuracyStudy final : public Study {
 public:
  static constexpr std::string_view kName = "accuracy";

  AccuracyStudy(config::ConfigReader& root, StudyContext& context);
  std::string plan() const override;
  StudyResult run(const StudyProgress& progress) const override;

 private:
  AccuracyStudySpec spec_;
};

}  // namespace lutsim
