// The catalogue of hostile inputs (hostile_input_e2e_test.cpp): what each row must do.
#pragma once

#include <map>
#include <string>

namespace ferry {

// What a row must do: the exit code, the whole stderr and, for pipeline rows, the indented lines under
// "failed  default/cache-a" in the text report. "$P" stands for the platform directory.
struct Expected {
  int exit_code;
  std::string stderr_text;
  std::string report_text;
};

// Every row's expectation, by row name.
const std::map<std::string, Expected>& expectations();
// The rows on label selectors outside a Promise and on Pipeline names (hostile_input_expected_selectors.cpp).
std::map<std::string, Expected> selector_and_pipeline_name_expectations();

}  // namespace ferry
