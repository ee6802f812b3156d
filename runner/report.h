// The one place where results and errors become output: the run report as text or JSON, and
// diagnostics ("file:line:column: error: ...") for bad input.
#pragma once

#include <string>
#include <vector>

#include "core/error.h"
#include "runner/run_report.h"

namespace ferry::runner {

inline constexpr int kReportFormatVersion = 1;

std::string render_text(const RunReport& report);
std::string render_json(const RunReport& report);  // {"format_version":1,"requests":[...]}

// One line per problem: "<where>: error: <message>" / "<where>: warning: <message>".
std::string render_diagnostics(const std::vector<Error>& errors, const std::vector<Error>& warnings);

}  // namespace ferry::runner
