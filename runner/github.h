// Running under GitHub Actions (GITHUB_ACTIONS=true): workflow commands, the job summary and the step's
// outputs, rendered from the run report and diagnostics. Pure text: the command writes the files.
// GitHub's formats: https://docs.github.com/actions/using-workflows/workflow-commands-for-github-actions
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "run/run_report.h"

namespace ferry::runner {

// What the environment says about GitHub Actions; all empty outside it.
struct GitHubEnvironment {
  bool active = false;       // GITHUB_ACTIONS == "true"
  std::string summary_path;  // GITHUB_STEP_SUMMARY: the job summary (markdown) is appended here
  std::string outputs_path;  // GITHUB_OUTPUT: the step's outputs ("name=value" lines) are appended here
};

GitHubEnvironment github_environment();  // from the process environment

// A job summary larger than this is refused by GitHub (1 MiB); ferry trims its table and graph below it.
inline constexpr std::size_t kSummaryLimit = 1024 * 1024;

// `::error file=F,line=L,col=C::message` (or `::warning ...`) per diagnostic; errors without a location
// have no properties. Values are escaped as GitHub requires (%, CR, LF; and ':' and ',' in properties) and
// secret values masked (core/untrusted_text.h).
std::string render_github_annotations(const std::vector<Error>& errors, const std::vector<Error>& warnings);

// An `::error title=...::` annotation for every failed or pending request or Promise, and a `::warning`
// for every misplaced group, so they show on the workflow run's page.
std::string render_github_run_annotations(const RunReport& report);

// The job summary: counts by result, a table of every request (result, Destinations, commits), and a
// mermaid graph of request -> Destination placements. Rows beyond what fits in `limit` bytes are left out
// and counted in a closing line.
std::string render_github_summary(const RunReport& report, std::size_t limit = kSummaryLimit);

// `::add-mask::<value>`, and one more per line of a multi-line value (GitHub masks line by line), so that
// GitHub hides a secret value in every later log line of the job.
std::string render_github_add_mask(std::string_view value);

// The step's outputs: changed (true when the run made a commit), commits, and one count per result
// (succeeded, unchanged, skipped, deleted, suspended, pending, failed), plus exit-code.
std::string render_github_outputs(const RunReport& report);

}  // namespace ferry::runner
