// The one place where results and errors become output: the run report as text or JSON, and
// diagnostics ("file:line:column: error: ...") for bad input.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "core/error.h"
#include "run/run_report.h"

namespace ferry::runner {

inline constexpr int kReportFormatVersion = 1;

// The order results are counted and listed in, everywhere a summary lists them.
inline constexpr RequestResult kResultsInReportOrder[] = {
    RequestResult::succeeded, RequestResult::unchanged, RequestResult::skipped, RequestResult::held,
    RequestResult::paused,    RequestResult::drifted,   RequestResult::deleted, RequestResult::suspended,
    RequestResult::pending,   RequestResult::failed};

// render_text's options: under GitHub Actions every entry is folded in ::group::/::endgroup::.
struct TextStyle {
  bool github_groups = false;
};

// The command line's switches that change what containers saw (--no-network), for reconcile's and plan's
// reports: a text line ("" when none) and the JSON "options" object.
std::string options_line(const RunReport& report);
nlohmann::ordered_json options_json(const RunReport& report);

std::string render_text(const RunReport& report, TextStyle style = {});
std::string render_json(const RunReport& report);  // {"format_version":1,"requests":[...]}

// A JSON report's text: every string value with the run's secret values masked (core/secret_values.h),
// control characters escaped by the JSON library and invalid UTF-8 replaced (U+FFFD) instead of throwing.
// Every JSON output of ferry is written by this.
std::string report_json_text(const nlohmann::ordered_json& document);

// One line per problem: "<where>: error: <message>" / "<where>: warning: <message>".
std::string render_diagnostics(const std::vector<Error>& errors, const std::vector<Error>& warnings);

}  // namespace ferry::runner
