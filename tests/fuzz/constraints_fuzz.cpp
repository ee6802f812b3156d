// Fuzz target: Krake's label and metric constraint languages (scheduler/constraints.h), as written in
// PlacementPolicy constraints. Every line of the input is parsed both ways; a parsed constraint is printed
// and evaluated.
#include <sstream>

#include "scheduler/constraints.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ferry::Labels labels = {{"env", "dev"}, {"zone", "eu"}};
  std::istringstream lines(ferry::fuzz::as_text(data, size));
  int line_number = 0;
  for (std::string line; std::getline(lines, line);) {
    const ferry::SourceLocation where{"policy.yaml", ++line_number, 7};
    if (auto requirement = ferry::scheduler::parse_label_constraint(line, where)) {
      (void)ferry::scheduler::to_string(*requirement);
      (void)ferry::scheduler::holds(*requirement, labels);
    } else {
      (void)requirement.error().render();
    }
    if (auto metric = ferry::scheduler::parse_metric_constraint(line, where)) {
      (void)ferry::scheduler::to_string(*metric);
      (void)ferry::scheduler::satisfied(*metric, 0.5);
    } else {
      (void)metric.error().render();
    }
  }
  return 0;
}
