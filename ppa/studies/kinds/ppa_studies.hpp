#pragma once
// The PPA studies, one class each, registered by name in ppa_study_registry.cpp.

#include <string>
#include <string_view>
#include <vector>

#include "ppa/studies/ppa_study.hpp"

namespace lutsim::ppa {

// ppa_dot_units (study 1): LUT vs MAC vs ADD dot units (DP-K) per precision
// pair; ppa_weight_bits (study 4): the same families over weight bits.
class DotUnitsStudy final : public PpaStudy {
 public:
  struct Defaults {
    std::string designs_description;
    std::vector<std::string> designs;
    std::vector<std::int64_t> weight_bits;
    std::vector<std::string> activations;
  };
  static const Defaults kDotUnits;
  static const Defaults kWeightBits;

  DotUnitsStudy(config::ConfigReader& root, PpaRunSpec run, const Defaults& defaults);
  Plan plan() const override;
  std::vector<std::string> findings(const Plan& plan, const DesignResults& r) const override;

 private:
  // Family f at (K, W, A) and the study's pipeline depth.
  DesignPoint design(const std::string& f, int k, int w, DataType a) const;
  std::vector<DesignPoint> designs() const;

  std::vector<std::string> designs_;
  std::vector<int> group_sizes_;
  std::vector<int> weight_bits_;
  std::vector<DataType> activations_;
  int pipeline_stages_ = 0;  // of the designs with PIPE_STAGES (kSmallestMeetingClock: per design)
};

// ppa_group_size (study 2): the LUT dot unit and its table precompute over K.
class GroupSizeStudy final : public PpaStudy {
 public:
  GroupSizeStudy(config::ConfigReader& root, PpaRunSpec run);
  Plan plan() const override;
  std::vector<std::string> findings(const Plan& plan, const DesignResults& r) const override;

 private:
  // The row's (K, W, A) dot unit and its table precompute (at the study's depth).
  static DesignPoint unit(int k, int w, DataType a);
  DesignPoint precompute(int k, int w, DataType a) const;

  std::vector<int> group_sizes_;
  std::vector<int> weight_bits_;
  std::vector<DataType> activations_;
  int pipeline_stages_ = 0;  // of the precompute units (kSmallestMeetingClock: per design)
};

// ppa_array_shapes (study 3): LUT array shapes at a fixed M*N*K.
class ArrayShapesStudy final : public PpaStudy {
 public:
  ArrayShapesStudy(config::ConfigReader& root, PpaRunSpec run);
  Plan plan() const override;
  std::vector<std::string> findings(const Plan& plan, const DesignResults& r) const override;

 private:
  // The shape at weight bits w, activation a and pipeline depth, as the plan prices it.
  DesignPoint design(DesignPoint shape, int w, DataType a, int depth) const;

  std::vector<DesignPoint> shapes_;
  std::vector<int> weight_bits_;
  std::vector<DataType> activations_;
  std::vector<int> pipeline_stages_;  // depths (kSmallestMeetingClock: chosen per design)
};

// ppa_ablation (study 5): conventional LUT -> LUT Tensor Core, step by step.
class AblationStudy final : public PpaStudy {
 public:
  AblationStudy(config::ConfigReader& root, PpaRunSpec run);
  Plan plan() const override;
  std::vector<std::string> findings(const Plan& plan, const DesignResults& r) const override;

 private:
  DesignPoint array_;  // the final LUT array
};

// Throughput-normalised, replicated copies of one design (a tensor core built
// from `copies` arrays, or an array built from units).
struct TensorCoreVariant {
  std::string name;
  DesignPoint design;
  int copies = 1;
};

// ppa_tensor_core (study 6): whole tensor cores and an SM's worth.
class TensorCoreStudy final : public PpaStudy {
 public:
  TensorCoreStudy(config::ConfigReader& root, PpaRunSpec run);
  Plan plan() const override;
  std::vector<std::string> findings(const Plan& plan, const DesignResults& r) const override;

 private:
  std::vector<TensorCoreVariant> tensor_cores_;
  int tensor_cores_per_sm_ = 4;
};

}  // namespace lutsim::ppa
