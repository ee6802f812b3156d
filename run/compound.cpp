// Compound Promises: passes of one run until the platform Destinations settle (compound.h).
#include "run/compound.h"

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

#include "platform/loader.h"
#include "platform/stat_index.h"
#include "run/api_request_ledger.h"
#include "run/pipeline_api_host.h"
#include "run/records_cache.h"
#include "run/run_state.h"
#include "run/vanished_promise_requests.h"
#include "writer/layout.h"
#include "writer/memory_state_store.h"
#include "writer/store_url.h"

namespace ferry::runner {

namespace {

bool is_yaml_input(const std::string& path) {
  if (!path.ends_with(".yaml") && !path.ends_with(".yml")) return false;
  return !path.starts_with(".") && path.find("/.") == std::string::npos;  // no dot-directory or dot-file
}

Result<std::vector<PlatformFile>> files_of(const Platform& platform,
                                           const scheduler::Destination& destination,
                                           const StoreOpener& open_store) {
  const GitStateStore* store = platform.store(destination.state_store);
  if (store == nullptr) return std::vector<PlatformFile>{};  // validation reported the missing store
  auto opened = open_store(*store);
  if (!opened) return opened.error();
  auto files = (*opened)->read_files(writer::join_path({store->path, destination.path}));
  if (!files) return files.error();
  std::vector<PlatformFile> found;
  for (auto& [path, text] : *files) {
    if (is_yaml_input(path)) found.push_back({store->name + ":" + path, std::move(text)});
  }
  return found;
}

// "redis default/example" for requests, "Promise redis" for Promises: one object's identity in a report.
std::tuple<std::string, std::string, std::string, std::string> identity(const RequestReport& r) {
  return {r.kind, r.promise, r.namespace_, r.name};
}

// Keeps each object once: a later pass replaces an earlier entry unless it only skipped the object (the
// earlier pass is where it ran). New objects are appended in the order the passes found them. The index
// keeps a pass linear in the objects (a pass over 10,000 requests is 10,000 look-ups, not 10^8 compares).
void absorb(std::vector<RequestReport>& merged, std::vector<RequestReport> pass) {
  std::map<std::tuple<std::string, std::string, std::string, std::string>, std::size_t> position;
  for (std::size_t i = 0; i < merged.size(); ++i) position.emplace(identity(merged[i]), i);
  for (RequestReport& entry : pass) {
    auto [found, added] = position.emplace(identity(entry), merged.size());
    if (added) {
      merged.push_back(std::move(entry));
    } else if (entry.result != RequestResult::skipped && entry.result != RequestResult::held) {
      merged[found->second] = std::move(entry);
    }
  }
}

void absorb(RunReport& merged, RunReport pass) {
  absorb(merged.promises, std::move(pass.promises));
  absorb(merged.requests, std::move(pass.requests));
  for (auto& error : pass.release_errors) merged.release_errors.push_back(std::move(error));
  if (!pass.state_error.empty()) merged.state_error = pass.state_error;
  for (auto& failure : pass.metric_failures) merged.metric_failures.push_back(std::move(failure));
  for (auto& commit : pass.canary_commits) merged.canary_commits.push_back(std::move(commit));
  for (auto& error : pass.canary_errors) merged.canary_errors.push_back(std::move(error));
  // The last pass sees every emitted request: an earlier pass's "missing request" may be one emitted since.
  merged.health_warnings = std::move(pass.health_warnings);
}

// The first error of objects that do not load, saying how many there are: the run stops there (the
// platform's own files were checked before the run; these were written to a platform Destination).
Error emitted_load_error(const LoadResult& loaded, int pass) {
  Error first = loaded.errors.front();
  first.message += " (written to a platform Destination, read for pass " + std::to_string(pass) + "; " +
                   std::to_string(loaded.errors.size()) + " error(s) in all; nothing more was run)";
  return first;
}

bool same_files(const std::vector<PlatformFile>& a, const std::vector<PlatformFile>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const PlatformFile& x, const PlatformFile& y) {
    return x.path == y.path && x.text == y.text;
  });
}

// Whether two parsed URLs name one repository: the same directory on disk, or the same remote.
bool same_repository(const writer::StoreUrl& a, const writer::StoreUrl& b) {
  if (!a.local_path.empty() || !b.local_path.empty()) {
    std::error_code ec_a, ec_b;
    return std::filesystem::weakly_canonical(a.local_path, ec_a) ==
           std::filesystem::weakly_canonical(b.local_path, ec_b);
  }
  return a.remote == b.remote && a.port == b.port;
}

// The branch `ref` names: "refs/heads/main" and "main" are one.
std::string branch_of(const std::string& ref) {
  return ref.starts_with("refs/heads/") ? ref.substr(11) : ref;
}

}  // namespace

std::vector<PlatformFile> adopt_platform_repository(Platform& platform, std::vector<PlatformFile> files,
                                                    const PlatformSource& source) {
  if (!source.from_git) return files;
  auto repository = writer::parse_store_url(source.repository, std::filesystem::current_path());
  if (!repository) return files;   // read already, so it parses; nothing to adopt otherwise
  std::vector<std::string> owned;  // directories of the Destinations that write into the platform itself
  for (scheduler::Destination& destination : platform.destinations) {
    const GitStateStore* store = platform.store(destination.state_store);
    if (store == nullptr || branch_of(store->branch) != branch_of(source.ref)) continue;
    auto url = writer::parse_store_url(store->url, platform.root);
    if (!url || !same_repository(*url, *repository)) continue;
    destination.platform = true;
    const std::string dir = writer::join_path({store->path, destination.path});
    owned.push_back(dir.empty() ? dir : dir + "/");  // "": the whole repository is written to
  }
  std::erase_if(files, [&](const PlatformFile& file) {
    return std::any_of(owned.begin(), owned.end(),
                       [&](const std::string& dir) { return file.path.starts_with(dir); });
  });
  return files;
}

bool may_create_requests(const Platform& platform) {
  return std::any_of(
      platform.promises.begin(), platform.promises.end(), [](const pipeline::Promise& promise) {
        return std::any_of(promise.workflows.begin(), promise.workflows.end(), [](const auto& workflow) {
          return std::any_of(workflow.second.begin(), workflow.second.end(), pipeline::serves_platform_api);
        });
      });
}

bool has_platform_destination(const Platform& platform) {
  return std::any_of(platform.destinations.begin(), platform.destinations.end(),
                     [](const scheduler::Destination& d) { return d.platform; });
}

Result<std::vector<PlatformFile>> emitted_platform_files(const Platform& platform,
                                                         const StoreOpener& open_store) {
  std::vector<PlatformFile> emitted;
  for (const scheduler::Destination& destination : platform.destinations) {
    if (!destination.platform) continue;
    auto files = files_of(platform, destination, open_store);
    if (!files) return files.error();
    for (PlatformFile& file : *files) emitted.push_back(std::move(file));
  }
  return emitted;
}

Result<RunReport> reconcile_compound(const Platform& platform, const std::vector<PlatformFile>& files,
                                     runtime::ContainerRuntime& runtime, const StoreOpener& open_store,
                                     ReconcileOptions options,
                                     const std::vector<std::string>& known_release_errors,
                                     const std::vector<std::string>& unread_files) {
  writer::MemoryStateStore run_only_state("compound run state");
  if (options.state == nullptr) options.state = &run_only_state;
  auto emitted = emitted_platform_files(platform, open_store);
  if (!emitted) return emitted.error();
  // Each pass loads the files again; the platform Destinations stay those of `platform` (annotated or
  // adopted by adopt_platform_repository, which a reload does not repeat).
  // Request files left by a Promise removed from the platform are excused as the command's load excused them
  // (vanished_promise_requests.h), from the records as they were before a pass deleted them.
  std::optional<Result<RunState>> recorded;
  auto load = [&](const std::vector<PlatformFile>& input) {
    LoadResult loaded = load_platform_files(platform.root, input, options.releases);
    if (!loaded.unserved_requests.empty()) {
      if (!recorded) recorded.emplace(load_run_state(*options.state));
      if (*recorded) excuse_requests_of_vanished_promises(loaded, recorded->value());
      if (!*recorded) loaded.errors.push_back(recorded->error());
    }
    for (scheduler::Destination& d : loaded.platform.destinations) {
      d.platform =
          std::any_of(platform.destinations.begin(), platform.destinations.end(),
                      [&](const scheduler::Destination& p) { return p.platform && p.name == d.name; });
    }
    return loaded;
  };
  // Requests created through the platform API (api_request_ledger.h) are input too, from the records and the
  // run's ledger as each pass finds them; only where a Pipeline may have created some. A run that serves no
  // API (docker, `ferry plan`) still reads those of earlier runs back from the records, so that it does not
  // take them for requests that left the platform.
  const bool api_creates = may_create_requests(platform);
  const ApiRequestLedger no_ledger;
  auto api_inputs = [&]() -> Result<std::vector<PlatformFile>> {
    if (!api_creates) return std::vector<PlatformFile>{};
    std::vector<std::string> not_cached;  // the run's own read of the records says why, once
    auto records = options.records_cache.empty()
                       ? load_run_state(*options.state)
                       : load_run_state_cached(*options.state, options.records_cache, true, not_cached);
    if (!records) return records.error();
    return api_created_inputs(*records, options.api != nullptr ? options.api->ledger() : no_ledger);
  };
  auto created = api_inputs();
  if (!created) return created.error();
  std::vector<PlatformFile> texts;  // `files` with the unread ones read, once a pass loads them again
  LoadResult loaded;
  RunReport merged;
  std::vector<std::string> reported_releases = known_release_errors;
  for (int pass = 1; pass <= kMaxCompoundPasses; ++pass) {
    const Platform* current = &platform;
    loaded = LoadResult{};
    if (pass > 1 || has_platform_destination(platform) || !created->empty()) {
      if (texts.empty()) {
        texts = files;
        if (Status read = read_unread_texts(texts, unread_files); !read) return read.error();
      }
      std::vector<PlatformFile> input = texts;
      input.insert(input.end(), emitted->begin(), emitted->end());
      input.insert(input.end(), created->begin(), created->end());
      loaded = load(input);
      if (!loaded.errors.empty()) return emitted_load_error(loaded, pass);
      current = &loaded.platform;
    }
    auto report = reconcile(*current, runtime, open_store, options);
    if (!report) return report.error();
    // The platform's own releases were reported by the command's load; those emitted since are new here.
    for (const Error& error : loaded.release_errors) {
      const std::string text = error.render();
      if (std::find(reported_releases.begin(), reported_releases.end(), text) == reported_releases.end()) {
        reported_releases.push_back(text);
        report->release_errors.push_back(text);
      }
    }
    absorb(merged, std::move(*report));
    if (options.dry_run)
      return merged;  // a plan is one pass: its stores hold nothing a further pass could read
    auto after = emitted_platform_files(*current, open_store);
    if (!after) return after.error();
    auto created_after = api_inputs();
    if (!created_after) return created_after.error();
    if (same_files(*after, *emitted) && same_files(*created_after, *created)) return merged;
    emitted = std::move(after);
    created = std::move(created_after);
  }
  return make_error("compound Promises did not settle: the platform Destinations still changed after " +
                    std::to_string(kMaxCompoundPasses) +
                    " passes (do requests keep emitting new requests through each other?)");
}

}  // namespace ferry::runner
