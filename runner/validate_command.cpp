// `ferry validate`: load and check the platform as reconcile does, run nothing, write nothing. The verdict
// goes to stdout (text or JSON); under GitHub Actions every diagnostic is also an annotation.
#include <iostream>

#include "platform/loader.h"
#include "platform/platform.h"
#include "runner/command_support.h"
#include "runner/commands.h"
#include "runner/github.h"
#include "runner/report.h"
#include "runner/validate_report.h"

namespace ferry::runner {

int run_validate(const ValidateCommandOptions& options) {
  log_to_stderr();
  auto source = command_platform(options.platform_dir, options.platform_ref, options.stores);
  if (!source) {
    std::cerr << render_diagnostics({source.error()}, {});
    return 1;
  }
  const LoadResult loaded = load_platform_source(source->source, source->access);
  const bool json = options.output == "json";
  std::cout << (json ? render_validation_json(loaded)
                     : render_validation_text(loaded, source->source.display()));
  if (github_environment().active) {
    // Annotations stay off stdout when it carries JSON.
    (json ? std::cerr : std::cout) << render_github_annotations(loaded.errors, loaded.warnings);
  }
  return loaded.errors.empty() ? 0 : 1;
}

}  // namespace ferry::runner
