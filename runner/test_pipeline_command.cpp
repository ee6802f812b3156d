// `ferry test pipeline`: one workflow of one Promise on one object, with the configured runtime, its
// outputs, metadata, groups and status written to --out (test_pipeline_output.h). Touches no Git
// repository and no recorded state. Exit 0 ran, 3 the workflow failed (what ran is still written), 1 bad
// input, 2 bad command line.
#include "runner/test_pipeline_command.h"

#include <CLI/CLI.hpp>
#include <iostream>

#include "run/workflow_runs.h"
#include "runner/command_support.h"
#include "runner/logs_command.h"
#include "runner/report.h"
#include "runner/test_pipeline_output.h"
#include "runner/test_pipeline_report.h"

namespace ferry::runner {
namespace fs = std::filesystem;
namespace {

int report_error(const Error& error, int exit_code) {
  std::cerr << render_diagnostics({error}, {});
  return exit_code;
}

// Removes the staging directory unless it was published.
struct StagingGuard {
  fs::path path;
  ~StagingGuard() {
    std::error_code ignored;
    if (!path.empty()) fs::remove_all(path, ignored);
  }
};

// Runs the workflow with each container's metadata kept in `staging`, then writes the results there.
Result<std::vector<pipeline::PipelineResult>> run_into(const TestSubject& subject, const fs::path& staging,
                                                       const RuntimeCommandOptions& run, bool quiet) {
  auto runtime = make_runtime(run);
  if (!runtime) return runtime.error();
  MetadataCapture capture(**runtime, staging);
  const CommandSecrets secrets(run);
  RunScratchDirectory scratch(run.scratch_dir);
  ReconcileOptions options = pipeline_options(run, scratch.path(), secrets.source());
  if (!quiet) options.show_container_log = container_log_printer(std::cerr);
  return run_workflow_if_any(subject.promise, subject.workflow, subject.object, capture, options);
}

}  // namespace

std::function<int()> configure_test(CLI::App& app, const RuntimeOptionsAdder& add_runtime_options) {
  app.require_subcommand(1);
  CLI::App* pipeline = app.add_subcommand(
      "pipeline",
      "Run one workflow of a Promise on one object, as reconcile would, and write each pipeline's output, "
      "metadata and groups (with the selectors they would be scheduled by) and the merged status to --out. "
      "Touches no Git repository and no state. Exit 0: ran; 3: the workflow failed (what ran is written); "
      "1: bad input; 2: bad command line.");
  auto options = std::make_shared<TestPipelineCommandOptions>();
  pipeline->add_option("--promise", options->promise_file, "File holding the Promise")->required();
  pipeline->add_option("--input", options->input_file,
                       "The object: a request of the Promise's API (resource workflows; required), or the "
                       "Promise (promise workflows; default: the --promise file's)");
  pipeline->add_option("--workflow", options->workflow, "Which workflow to run")
      ->check(CLI::IsMember(test_workflow_names()))
      ->capture_default_str();
  pipeline->add_option("--out", options->out_dir, "Where to write the results")->capture_default_str();
  pipeline->add_flag("--overwrite", options->overwrite, "Replace a non-empty --out");
  pipeline->add_flag("--quiet", options->quiet,
                     "Do not print each container's output (printed on stderr as it ends, each line prefixed "
                     "\"NAMESPACE/NAME PIPELINE/CONTAINER | \")");
  add_runtime_options(*pipeline, options->run);
  return [options] { return run_test_pipeline(*options); };
}

int run_test_pipeline(const TestPipelineCommandOptions& options) {
  log_to_stderr();
  if (options.workflow.starts_with("resource.") && options.input_file.empty()) {
    return report_error(make_error(options.workflow + " needs --input: a request of the Promise's API"), 2);
  }
  const fs::path out = options.out_dir;
  if (Status usable = check_out_dir(out, options.overwrite); !usable) return report_error(usable.error(), 1);
  TestSubjectLoad load = load_test_subject(options.promise_file, options.input_file, options.workflow);
  if (!load.errors.empty()) {
    std::cerr << render_diagnostics(load.errors, {});
    return 1;
  }
  auto staging = make_staging_dir(out);
  if (!staging) return report_error(staging.error(), 1);
  StagingGuard guard{*staging};
  auto results = run_into(*load.subject, *staging, options.run, options.quiet);
  const Status written = results ? write_test_output(*staging, *load.subject, *results) : ok();
  if (!written) return report_error(written.error(), 1);
  if (Status published = publish_test_output(*staging, out); !published)
    return report_error(published.error(), 1);
  guard.path.clear();
  if (!results) {
    std::cerr << render_diagnostics({results.error()}, {});
    std::cerr << "ferry: " << options.workflow
              << " failed; what its pipelines left in /kratix/metadata is in " << out.string() << "\n";
    return 3;
  }
  std::cout << render_test_summary(*load.subject, *results, out);
  return 0;
}

}  // namespace ferry::runner
