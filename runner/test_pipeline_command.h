// `ferry test pipeline` (test_pipeline_command.cpp): its options, its command line (the `test` row of
// cli.cpp's subcommand table) and its entry point.
#pragma once

#include <functional>
#include <string>

#include "runner/command_options.h"

namespace CLI {
class App;
}

namespace ferry::runner {

// One workflow of one Promise on one object, its results written to out_dir; no Git, no state. Exit 0 ran,
// 3 workflow failed, 1 bad input, 2 command line.
struct TestPipelineCommandOptions {
  std::string promise_file;
  std::string input_file;  // "" only for promise workflows (the Promise itself)
  std::string workflow = "resource.configure";
  std::string out_dir = "ferry-test-output";
  bool overwrite = false;  // replace a non-empty out_dir
  bool quiet = false;      // --quiet: do not print each container's output
  RuntimeCommandOptions run;
};

// cli.cpp's shared --runtime, --timeout, ... options, passed in so they stay defined in one place.
using RuntimeOptionsAdder = std::function<void(CLI::App&, RuntimeCommandOptions&)>;

// Adds `pipeline` (the only test subcommand so far) and its options to `app`; returns the action.
std::function<int()> configure_test(CLI::App& app, const RuntimeOptionsAdder& add_runtime_options);

int run_test_pipeline(const TestPipelineCommandOptions& options);

}  // namespace ferry::runner
