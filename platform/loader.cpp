// Loading the platform repository: read files, split documents, dispatch by kind, then cross-check
// references. Every problem is collected so one run reports them all.
#include "platform/loader.h"

#include <algorithm>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>

#include "core/known_fields.h"
#include "core/message_text.h"
#include "pipeline/openapi_validate.h"
#include "platform/namespace_parser.h"
#include "platform/object_parsers.h"
#include "platform/platform.h"
#include "platform/resource_binding_parser.h"
#include "platform/scheduling_objects.h"
#include "platform/split_promise.h"
#include "platform/validation.h"

namespace ferry::runner {
namespace fs = std::filesystem;
namespace {

constexpr const char* kKratixGroup = "platform.kratix.io";

bool is_yaml_file(const fs::path& p) {
  return p.extension() == ".yaml" || p.extension() == ".yml";
}

// What walking the platform directory found: its YAML files in path order, and what went wrong.
struct FileWalk {
  std::vector<fs::path> files;
  std::set<fs::path> seen;  // canonical paths of the directories and files taken
  std::vector<Error> errors;
  std::vector<Error> warnings;
};

// Every YAML file below `dir` in path order, skipping dot-directories (.git, .github, ...). Symbolic links
// are followed, but each directory and file is taken once: a link that leads back to one already taken (a
// loop, or two links to one place) is a warning naming it. A directory that cannot be listed is an error.
void collect_files(const fs::path& dir, FileWalk& walk) {
  std::error_code ec;
  const fs::path real = fs::canonical(dir, ec);
  if (!ec && !walk.seen.insert(real).second) {
    walk.warnings.push_back(make_error(SourceLocation{dir.lexically_normal().string(), 0, 0},
                                       "skipped: a symbolic link leads to " + real.string() +
                                           ", which is read already (a loop, or a second link to it)"));
    return;
  }
  std::vector<fs::directory_entry> entries;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) entries.push_back(*it);
  if (ec) {
    walk.errors.push_back(make_error(SourceLocation{dir.lexically_normal().string(), 0, 0},
                                     "cannot read the directory: " + ec.message()));
    return;
  }
  std::sort(entries.begin(), entries.end());
  for (const auto& entry : entries) {
    const std::string name = entry.path().filename().string();
    if (entry.is_directory(ec)) {
      if (name.front() != '.') collect_files(entry.path(), walk);
    } else if (entry.is_regular_file(ec) && is_yaml_file(entry.path())) {
      if (walk.seen.insert(fs::canonical(entry.path(), ec)).second || ec) walk.files.push_back(entry.path());
    }
  }
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string group_of(const std::string& api_version) {
  const auto slash = api_version.find('/');
  return slash == std::string::npos ? "" : api_version.substr(0, slash);
}

// Kubernetes' own groups ("" for v1, "apps", "rbac.authorization.k8s.io"): not requests, just skipped.
bool is_kubernetes_group(const std::string& group) {
  return group.find('.') == std::string::npos || group.ends_with(".k8s.io");
}

// A request as the API server would admit it: of a version its Promise serves, valid against that
// version's openAPIV3Schema, with the schema's defaults applied to object_yaml. nullopt when not admitted;
// every problem is appended to `errors`.
std::optional<pipeline::Request> checked_request(const YamlDocument& doc, const pipeline::Promise& promise,
                                                 const std::string& api_version, std::vector<Error>& errors) {
  const pipeline::ApiRef& api = *promise.api;
  const std::string version = api_version.substr(api_version.find('/') + 1);
  if (std::find(api.served_versions.begin(), api.served_versions.end(), version) ==
      api.served_versions.end()) {
    std::string served;
    for (const auto& v : api.served_versions) served += (served.empty() ? "" : ", ") + v;
    errors.push_back(make_error(location_of(child(doc.node, "apiVersion"), doc.file),
                                "Promise " + promise.name + " does not serve version " + version + " of " +
                                    api.kind + "; it serves " + (served.empty() ? "none" : served)));
    return std::nullopt;
  }
  const auto schema = api.schemas.find(version);
  if (schema != api.schemas.end()) {
    std::vector<Error> problems = pipeline::validate_object(*schema->second, doc.node, doc.file);
    if (!problems.empty()) {
      errors.insert(errors.end(), problems.begin(), problems.end());
      return std::nullopt;
    }
  }
  auto request = parse_request(doc, promise.name);
  if (!request) {
    errors.push_back(request.error());
    return std::nullopt;
  }
  if (schema != api.schemas.end())
    set_request_object(*request, pipeline::apply_defaults(*schema->second, doc.node));
  return std::move(*request);
}

// Every kind ferry reads, with its group: its own, the scheduling kinds and each Promise's request kind.
std::vector<std::pair<std::string, std::string>> known_kinds(const Platform& platform) {
  std::vector<std::pair<std::string, std::string>> kinds;
  for (const auto& [kind, handler] : platform_kinds()) kinds.emplace_back(kind, kKratixGroup);
  for (const auto& [kind, handler] : scheduling_kinds()) kinds.emplace_back(kind, kSchedulingGroup);
  for (const auto& promise : platform.promises) {
    if (promise.api) kinds.emplace_back(promise.api->kind, promise.api->group);
  }
  return kinds;
}

// "; did you mean Destination?" when a kind ferry reads is at most two edits from `kind` (ignoring case),
// naming its group when it is not `group`; "" when none is that close.
std::string did_you_mean(const std::string& kind, const std::string& group, const Platform& platform) {
  const auto kinds = known_kinds(platform);
  std::vector<std::string> names;
  for (const auto& known : kinds) names.push_back(known.first);
  const auto closest = closest_word(kind, names, 2);
  if (!closest) return "";
  const bool in_group = std::count(kinds.begin(), kinds.end(), std::make_pair(*closest, group)) > 0;
  const auto other =
      std::find_if(kinds.begin(), kinds.end(), [&](const auto& k) { return k.first == *closest; });
  return "; did you mean " + *closest + (in_group ? "" : " in " + other->second) + "?";
}

// A Promise that failed to load: where, and the kind it would serve (as far as its text says).
struct FailedPromise {
  std::string where;  // file:line:column
  std::string name, group, kind;
};

// Documents whose fate is known only once every file is read: requests need their Promise, and an unknown
// platform.kratix.io kind is judged against every kind the platform declares. A request whose kind no
// Promise provides names what failed before it (a Promise, a file that did not parse), the cause to fix.
struct Deferred {
  std::vector<YamlDocument> requests;
  std::vector<YamlDocument> unknown_kinds;
  std::vector<FailedPromise> failed_promises;
  std::vector<std::string> unparsed_files;
};

FailedPromise failed_promise(const YamlDocument& doc) {
  const YAML::Node crd = child(child(child(doc.node, "spec"), "api"), "spec");
  const YAML::Node name = child(child(doc.node, "metadata"), "name");
  return {location_of(doc.node, doc.file).render(), name.IsScalar() ? name.Scalar() : "",
          child(crd, "group").IsScalar() ? child(crd, "group").Scalar() : "",
          child(child(crd, "names"), "kind").IsScalar() ? child(child(crd, "names"), "kind").Scalar() : ""};
}

// The error of a request whose kind no Promise provides, when something failed to load before it.
std::optional<std::string> failed_provider(const std::string& kind, const std::string& group,
                                           const Deferred& deferred) {
  for (const FailedPromise& p : deferred.failed_promises) {
    if (p.kind == kind && p.group == group) {
      return "kind " + shortened(kind) + " in group " + group + " is served by Promise \"" + p.name +
             "\" at " + p.where +
             ", which failed to load (its errors are listed with it); fix the Promise first";
    }
  }
  std::string causes;
  for (const FailedPromise& p : deferred.failed_promises) causes += (causes.empty() ? "" : ", ") + p.where;
  for (const std::string& file : deferred.unparsed_files) causes += (causes.empty() ? "" : ", ") + file;
  if (causes.empty()) return std::nullopt;
  return "no Promise provides kind " + shortened(kind) + " in group " + group +
         "; a Promise that failed to load, or a file that did not parse, may be the one that serves it (" +
         causes + "): fix those first";
}

// The error of a request whose kind no Promise provides and nothing that failed to load may provide.
Error unserved_error(const YamlDocument& doc, const std::string& kind, const std::string& group,
                     const Platform& platform) {
  if (const std::string suggestion = did_you_mean(kind, group, platform); !suggestion.empty()) {
    return make_error(location_of(child(doc.node, "kind"), doc.file),
                      "no Promise provides kind " + shortened(kind) + " in group " + group + suggestion);
  }
  return make_error(location_of(doc.node, doc.file), "no Promise provides kind " + shortened(kind) +
                                                         " in group " + group +
                                                         "; declare a Promise whose spec.api serves it");
}

void resolve_requests(const Deferred& deferred, LoadResult& result) {
  const std::vector<YamlDocument>& candidates = deferred.requests;
  for (const YamlDocument& doc : candidates) {
    const std::string api_version = child(doc.node, "apiVersion").Scalar();
    const std::string kind = child(doc.node, "kind").Scalar();
    const std::string group = group_of(api_version);
    const auto promise = std::find_if(
        result.platform.promises.begin(), result.platform.promises.end(),
        [&](const pipeline::Promise& p) { return p.api && p.api->group == group && p.api->kind == kind; });
    if (promise != result.platform.promises.end()) {
      check_metadata(doc, NameRule::request_name, result.errors);
      auto request = checked_request(doc, *promise, api_version, result.errors);
      if (request) result.platform.requests.push_back(std::move(*request));
    } else if (is_kubernetes_group(group)) {
      result.warnings.push_back(make_error(location_of(doc.node, doc.file),
                                           "skipped " + api_version + " " + kind + ": not a Kratix object"));
    } else if (const auto failed = failed_provider(kind, group, deferred)) {
      // Its own errors still count: the metadata rules need no Promise.
      check_metadata(doc, NameRule::request_name, result.errors);
      result.errors.push_back(make_error(location_of(doc.node, doc.file), *failed));
    } else {
      check_metadata(doc, NameRule::request_name, result.errors);
      result.errors.push_back(unserved_error(doc, kind, group, result.platform));
      result.unserved_requests.push_back({kind, group, result.errors.back()});
    }
  }
}

// A platform.kratix.io kind ferry does not read: a misspelling of one it reads (or of a request kind) is an
// error, since the object would silently be left out; any other is another Kratix kind (Work,
// PromiseRelease, ...) and only skipped. A misspelt Promise ("kind: promise") is a Promise that failed to
// load: its requests wait on it, and are not taken for requests of a Promise removed from the platform.
void resolve_unknown_kinds(Deferred& deferred, LoadResult& result) {
  for (const YamlDocument& doc : deferred.unknown_kinds) {
    const std::string kind = child(doc.node, "kind").Scalar();
    const std::string suggestion = did_you_mean(kind, kKratixGroup, result.platform);
    if (suggestion.empty()) {
      result.warnings.push_back(
          make_error(location_of(doc.node, doc.file),
                     "skipped unknown kind " + shortened(kind) + " in " + kKratixGroup));
    } else {
      result.errors.push_back(
          make_error(location_of(child(doc.node, "kind"), doc.file),
                     "unknown kind " + shortened(kind) + " in " + kKratixGroup + suggestion));
      if (closest_word(kind, {"Promise"}, 2)) deferred.failed_promises.push_back(failed_promise(doc));
    }
  }
}

// ferry's own group: an unknown kind there is an error (a typo would silently drop a policy). Its names
// are ferry's, not Kubernetes objects' (Krake's metric names hold '_'): no Kubernetes name rule applies.
void load_scheduling_document(const YamlDocument& doc, const std::string& kind, LoadResult& result) {
  const auto handler = scheduling_kinds().find(kind);
  if (handler == scheduling_kinds().end()) {
    return result.errors.push_back(make_error(
        location_of(child(doc.node, "kind"), doc.file),
        "unknown kind " + kind + " in " + kSchedulingGroup + "; known: " + scheduling_kind_names()));
  }
  if (Status status = handler->second(doc, result.platform); !status) result.errors.push_back(status.error());
}

// A v1 Namespace: its labels are what namespaceSelectors select. Its text joins the scheduling documents',
// so a change of a namespace's labels runs its requests again (incremental runs, docs/state.md).
void load_namespace(const YamlDocument& doc, LoadResult& result) {
  check_metadata(doc, NameRule::namespace_name, result.errors);
  auto parsed = parse_namespace(doc);
  if (!parsed) return result.errors.push_back(parsed.error());
  result.platform.namespaces.push_back(std::move(*parsed));
  result.platform.scheduling_sources.push_back(to_yaml_text(doc.node));
}

// A document that lacks apiVersion or kind but holds a misspelling of one ("kindd"): the misspelling is the
// error, worded as every unknown field's (core/known_fields.h).
std::optional<Error> misspelt_type_field(const YamlDocument& doc) {
  static const std::vector<std::string> kTypeFields = {"apiVersion", "kind"};
  if (!doc.node.IsMap() || (child(doc.node, "apiVersion").IsDefined() && child(doc.node, "kind").IsDefined()))
    return std::nullopt;
  for (const auto& entry : doc.node) {
    if (!entry.first.IsScalar() || entry.first.Scalar() == "apiVersion" || entry.first.Scalar() == "kind")
      continue;
    if (closest_word(entry.first.Scalar(), kTypeFields, 2))
      return unknown_field(entry.first, kTypeFields, "", doc.file);
  }
  return std::nullopt;
}

void load_document(const YamlDocument& doc, LoadResult& result, Deferred& deferred) {
  if (auto misspelt = misspelt_type_field(doc)) return result.errors.push_back(*misspelt);
  auto api_version = required_string(doc.node, "apiVersion", "apiVersion", doc.file);
  if (!api_version) return result.errors.push_back(api_version.error());
  auto kind = required_string(doc.node, "kind", "kind", doc.file);
  if (!kind) return result.errors.push_back(kind.error());
  if (group_of(*api_version) == kSchedulingGroup) return load_scheduling_document(doc, *kind, result);
  if (is_namespace_object(*api_version, *kind)) return load_namespace(doc, result);
  if (group_of(*api_version) != kKratixGroup) return deferred.requests.push_back(doc);
  const auto handler = platform_kinds().find(*kind);
  if (handler == platform_kinds().end()) return deferred.unknown_kinds.push_back(doc);
  check_metadata(doc, NameRule::object_name, result.errors);
  Status status = handler->second(doc, result.platform);
  if (!status) result.errors.push_back(status.error());
  if (!status && *kind == "Promise") deferred.failed_promises.push_back(failed_promise(doc));
}

// A split Promise directory (split_promise.h), loaded as its Promise document would be.
void load_split(const SplitPromiseFiles& split, LoadResult& result, Deferred& deferred) {
  auto loaded = load_split_promise(split);
  if (!loaded) {
    result.errors.push_back(loaded.error());
    return deferred.unparsed_files.push_back(split.directory);
  }
  check_metadata(loaded->base, NameRule::object_name, result.errors);
  if (!loaded->promise) {
    result.errors.push_back(loaded->promise.error());
    return deferred.failed_promises.push_back(failed_promise(loaded->base));
  }
  result.platform.promises.push_back(std::move(*loaded->promise));
}

}  // namespace

LoadResult load_platform(const fs::path& root) {
  LoadResult result;
  result.platform.root = root;
  std::error_code ec;
  if (!fs::is_directory(root, ec)) {
    result.errors.push_back(make_error("platform directory " + root.string() + " does not exist"));
    return result;
  }
  FileWalk walk;
  collect_files(root, walk);
  std::vector<PlatformFile> files;
  for (const fs::path& path : walk.files)
    files.push_back({path.lexically_normal().string(), read_file(path)});
  LoadResult loaded = load_platform_files(root, files);
  loaded.errors.insert(loaded.errors.begin(), walk.errors.begin(), walk.errors.end());
  loaded.warnings.insert(loaded.warnings.begin(), walk.warnings.begin(), walk.warnings.end());
  return loaded;
}

LoadResult load_platform_files(const fs::path& root, const std::vector<PlatformFile>& files) {
  LoadResult result;
  result.platform.root = root;
  result.files = files;
  Deferred deferred;
  const SortedFiles sorted = sort_platform_files(files);
  for (const SplitPromiseFiles& split : sorted.split_promises) load_split(split, result, deferred);
  for (const PlatformFile* file : sorted.documents) {
    auto documents = parse_yaml_stream(file->text, file->path);
    if (!documents) {
      result.errors.push_back(documents.error());
      deferred.unparsed_files.push_back(file->path);
      continue;
    }
    for (const YamlDocument& doc : *documents) load_document(doc, result, deferred);
  }
  for (const pipeline::Promise& promise : result.platform.promises)
    result.warnings.insert(result.warnings.end(), promise.load_warnings.begin(), promise.load_warnings.end());
  resolve_unknown_kinds(deferred, result);
  resolve_requests(deferred, result);
  attach_bindings(result.platform, result.errors);
  check_references(result.platform, result.errors);
  return result;
}

}  // namespace ferry::runner
