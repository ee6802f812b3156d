// `ferry validate`: load and check the platform as reconcile does, run nothing, write nothing. The verdict
// goes to stdout (text or JSON); under GitHub Actions every diagnostic is also an annotation.
#include <iostream>

#include "runner/command_support.h"
#include "runner/commands.h"
#include "runner/github.h"
#include "runner/platform.h"
#include "runner/validate_report.h"

namespace ferry::runner {

int run_validate(const ValidateCommandOptions& options) {
  log_to_stderr();
  const LoadResult loaded = load_platform(options.platform_dir);
  const bool json = options.output == "json";
  std::cout << (json ? render_validation_json(loaded) : render_validation_text(loaded, options.platform_dir));
  if (github_environment().active) {
    // Annotations stay off stdout when it carries JSON.
    (json ? std::cerr : std::cout) << render_github_annotations(loaded.errors, loaded.warnings);
  }
  return loaded.errors.empty() ? 0 : 1;
}

}  // namespace ferry::runner
