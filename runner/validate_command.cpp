// `ferry validate`: load and check the platform as reconcile does, run nothing, write nothing. The verdict
// goes to stdout (text or JSON); under GitHub Actions every diagnostic is also an annotation.
#include "runner/validate_command.h"

#include <filesystem>
#include <iostream>
#include <optional>

#include "platform/loader.h"
#include "platform/platform.h"
#include "run/state_access.h"
#include "runner/command_releases.h"
#include "runner/command_support.h"
#include "runner/github.h"
#include "runner/report.h"
#include "runner/validate_report.h"
#include "writer/store_url.h"

namespace ferry::runner {
namespace {

// Stores on this machine that are not there yet. A plain path is created by the first reconcile (the demo
// relies on it), which a typo would do too: a warning says so. A file:// store is fetched and pushed as a
// remote one and never created: an error.
void check_local_stores(LoadResult& loaded) {
  for (const GitStateStore& store : loaded.platform.stores) {
    auto url = writer::parse_store_url(store.url, std::filesystem::absolute(loaded.platform.root));
    std::error_code ec;
    if (!url || url->local_path.empty() || std::filesystem::exists(url->local_path, ec)) continue;
    const std::string path = url->local_path.lexically_normal().string();
    if (url->transport == writer::StoreTransport::kFile) {
      loaded.errors.push_back(
          make_error(store.url_where, "GitStateStore \"" + store.name + "\": " + path +
                                          " does not exist, and ferry does not create file:// "
                                          "stores; create it (git init --bare) or fix the URL"));
    } else {
      loaded.warnings.push_back(
          make_error(store.url_where, "GitStateStore \"" + store.name + "\": " + path +
                                          " does not exist yet; the first reconcile creates "
                                          "it (check the URL if that is not what you meant)"));
    }
  }
}

}  // namespace

int run_validate(const ValidateCommandOptions& options) {
  log_to_stderr();
  auto source = command_platform(options.platform, options.stores);
  if (!source) {
    std::cerr << render_diagnostics({source.error()}, {});
    return 1;
  }
  // Offline: PromiseReleases are checked from the copies the default recorded state caches, never fetched
  // (docs/lifecycle.md, "Releases"); a release it has no copy of is a warning, and so are the requests it may
  // serve.
  std::optional<Result<std::unique_ptr<writer::StateStore>>> state;
  auto read_state = [&]() -> Result<writer::StateStore*> {
    if (!state) state.emplace(open_state_for_reading(state_location("", source->source, source->access)));
    if (!*state) return state->error();
    return state->value().get();
  };
  CommandReleases releases(options.stores, nullptr, read_state, false);
  LoadResult loaded = load_for_run(*source, nullptr, releases.source());
  // validate checks files: a release that does not install is one more error of them.
  loaded.errors.insert(loaded.errors.end(), loaded.release_errors.begin(), loaded.release_errors.end());
  if (loaded.errors.empty()) check_local_stores(loaded);
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
