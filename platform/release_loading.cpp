// Installing the Promises of PromiseReleases into a load (release_loading.h).
#include "platform/release_loading.h"

#include "platform/object_parsers.h"
#include "platform/released_promise.h"
#include "platform/validation.h"

namespace ferry::runner {

namespace {

std::string named_at(const PromiseRelease& release) {
  return release_name(release) + " at " + release.where.render();
}

// Parses `body` as the release's Promise into `platform`; the error, located at the release, when it does
// not.
Status install_body(PromiseRelease& release, const std::string& body, bool previous, Platform& platform) {
  auto document = released_promise_document(release, body, previous);
  if (!document) return document.error();
  std::vector<Error> problems;
  check_metadata(*document, NameRule::object_name, problems);
  Status parsed =
      problems.empty() ? platform_kinds().at("Promise")(*document, platform) : Status(problems.front());
  if (parsed) return ok();
  return make_error(release.where, release_name(release) + ": the Promise fetched from " + release.url +
                                       " does not load: " + parsed.error().render());
}

}  // namespace

UninstalledReleases install_releases(Platform& platform, ReleaseSource* source,
                                     std::vector<Error>& release_errors, std::vector<Error>& warnings) {
  UninstalledReleases uninstalled;
  for (PromiseRelease& release : platform.releases) {
    if (source == nullptr) {
      warnings.push_back(
          make_error(release.where, release_name(release) + ": not fetched by this command; " +
                                        "its Promise and the requests it serves are not checked"));
      uninstalled.unfetched.push_back(named_at(release));
      continue;
    }
    FetchedRelease fetched = source->fetch(release);
    warnings.insert(warnings.end(), fetched.warnings.begin(), fetched.warnings.end());
    if (fetched.error) release_errors.push_back(*fetched.error);
    if (!fetched.body) {
      (fetched.error ? uninstalled.failed : uninstalled.unfetched).push_back(named_at(release));
      continue;
    }
    if (Status installed = install_body(release, *fetched.body, fetched.previous, platform); !installed) {
      release_errors.push_back(installed.error());
      uninstalled.failed.push_back(named_at(release));
    }
  }
  return uninstalled;
}

}  // namespace ferry::runner
