// The one place where results and errors become output: the run report as text or JSON, and
// diagnostics ("file:line:column: error: ...") for bad input.
#pragma once

#include <functional>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "core/error.h"
#include "run/kept_requests.h"
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

// A text report's request entries given apart from RunReport::requests (a narrow run's, whose report holds
// only the requests that ran: runner/narrow_reconcile.h): entry i's result (for the summary) and its text,
// appended by `append`. Pipelines from the cache and push retries are counted from RunReport::requests.
struct RequestEntries {
  std::vector<RequestResult> results;
  std::function<void(std::string& out, std::size_t i)> append;
};

// The report as text; with `entries`, their text in place of the requests'; with `spans`, where each
// request's entry is in the text (TextSpan of run/kept_requests.h), in order.
std::string render_text(const RunReport& report, TextStyle style = {},
                        const RequestEntries* entries = nullptr, std::vector<TextSpan>* spans = nullptr);
// One request's entry, as render_text writes it.
void append_request_entry(std::string& out, const RequestReport& r, TextStyle style = {});
std::string render_json(const RunReport& report);  // {"format_version":1,"requests":[...]}

// A JSON report's text: every string value with the run's secret values masked (core/secret_values.h),
// control characters escaped by the JSON library and invalid UTF-8 replaced (U+FFFD) instead of throwing.
// Every JSON output of ferry is written by this.
std::string report_json_text(const nlohmann::ordered_json& document);

// One line per problem: "<where>: error: <message>" / "<where>: warning: <message>".
std::string render_diagnostics(const std::vector<Error>& errors, const std::vector<Error>& warnings);

}  // namespace ferry::runner
