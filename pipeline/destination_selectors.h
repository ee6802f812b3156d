// /kratix/metadata/destination-selectors.yaml and the older cluster-selectors.yaml, parsed with the
// validation of reference §2.6.
#pragma once

#include <string>
#include <vector>

#include "core/error.h"
#include "core/label_selector.h"
#include "core/labels.h"

namespace ferry::pipeline {

// One entry of destination-selectors.yaml. directory "." is the default group's entry.
struct SelectorEntry {
  std::string directory;
  Labels match_labels;
  std::vector<LabelExpression> match_expressions = {};  // ANDed with match_labels
};

// Parses destination-selectors.yaml with the validation of reference §2.6. `file` names it in errors.
Result<std::vector<SelectorEntry>> parse_destination_selectors(const std::string& text,
                                                               const std::string& file);

// Parses the older API's cluster-selectors.yaml: a map of label keys to values. `file` names it in errors.
Result<Labels> parse_cluster_selectors(const std::string& text, const std::string& file);

}  // namespace ferry::pipeline
