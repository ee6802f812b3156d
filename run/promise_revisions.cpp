#include "run/promise_revisions.h"

#include <algorithm>
#include <memory>

#include "core/md5.h"
#include "platform/recorded_objects.h"

namespace ferry::runner {

std::string revision_digest(const std::string& promise_yaml) {
  return md5_hex(promise_yaml);
}

std::string revision_version(const pipeline::Promise& promise) {
  if (promise.version != "not-set") return promise.version;
  return "sha-" + revision_digest(promise.object_yaml).substr(0, 12);
}

void add_revision(const ObjectRecord* before, ObjectRecord& now, const std::string& version) {
  if (before) now.revisions = before->revisions;
  std::erase_if(now.revisions, [&](const RevisionRecord& r) { return r.version == version; });
  now.revisions.push_back({version, revision_digest(now.object_yaml)});
}

RunVersions::RunVersions(const Platform& platform) {
  for (const pipeline::Promise& promise : platform.promises)
    versions_[promise.name] = revision_version(promise);
}

std::string RunVersions::of_promise(const std::string& name) const {
  const auto found = versions_.find(name);
  return found == versions_.end() ? std::string() : found->second;
}

std::string RunVersions::of(const pipeline::Request& request) const {
  // Pinned to a revision read, or to one whose text is lost (it fails at that version, not at the latest).
  if (request.binding.revision || !request.binding.unreadable.empty()) return request.binding.version;
  return of_promise(request.promise);
}

namespace {

// The versions a Promise record knows, for a message: "v1, v2 (latest)".
std::string known_versions(const ObjectRecord& record) {
  std::string text;
  for (const RevisionRecord& r : record.revisions) text += (text.empty() ? "" : ", ") + r.version;
  return text.empty() ? "none" : text + " (latest)";
}

// Reads and parses the revision `revision` of Promise `promise` from the state.
Result<std::shared_ptr<const pipeline::Promise>> read_revision(const std::string& promise,
                                                               const RevisionRecord& revision,
                                                               writer::StateStore& state) {
  const std::string path = revision_path(promise, revision.digest);
  auto files = state.read_files("revisions/" + promise);  // a folder: the stores read folders
  if (!files) return files.error();
  const auto found = files->find(path);
  if (found == files->end())
    return make_error("revision " + revision.version + " of Promise " + promise + " is missing from " +
                      state.describe() + ":" + path);
  auto parsed = parse_recorded_promise(found->second, state.describe() + ":" + path,
                                       "Promise " + promise + " at version " + revision.version);
  if (!parsed) return parsed.error();
  parsed->object_yaml = found->second;  // as it was declared: its digests are the ones its requests recorded
  return std::shared_ptr<const pipeline::Promise>(std::make_shared<pipeline::Promise>(std::move(*parsed)));
}

bool needs_resolving(const Platform& platform, const pipeline::Request& request) {
  if (request.binding.version == pipeline::kLatestVersion) return false;
  const pipeline::Promise* declared = platform.promise(request.promise);
  return declared && revision_version(*declared) != request.binding.version;
}

}  // namespace

Result<std::optional<Platform>> resolve_pinned_requests(const Platform& platform, const RunState& records,
                                                        writer::StateStore* state) {
  if (platform.bindings.empty()) return std::optional<Platform>();
  if (std::none_of(platform.requests.begin(), platform.requests.end(),
                   [&](const pipeline::Request& r) { return needs_resolving(platform, r); }))
    return std::optional<Platform>();
  Platform resolved = platform;
  // Each revision read once, or the reason it could not be, by "<promise>/<digest>".
  std::map<std::string, Result<std::shared_ptr<const pipeline::Promise>>> read;
  for (pipeline::Request& request : resolved.requests) {
    if (!needs_resolving(platform, request)) continue;
    pipeline::RequestBinding& binding = request.binding;
    const auto record = records.find("promises/" + request.promise);
    const RevisionRecord* revision = nullptr;
    if (record != records.end()) {
      for (const RevisionRecord& r : record->second.revisions)
        if (r.version == binding.version) revision = &r;
    }
    if (!revision || !state) {
      binding.unresolved =
          "its ResourceBinding " + binding.binding_name + " (" + binding.where.render() + ") pins version " +
          binding.version + " of Promise " + request.promise + ", which ferry has never run (versions run: " +
          (record == records.end() ? std::string("none") : known_versions(record->second)) + ")";
      continue;
    }
    const std::string key = request.promise + "/" + revision->digest;
    auto found = read.find(key);
    if (found == read.end())
      found = read.emplace(key, read_revision(request.promise, *revision, *state)).first;
    if (!found->second) {
      binding.unreadable = "its ResourceBinding " + binding.binding_name + " (" + binding.where.render() +
                           ") pins version " + binding.version + " of Promise " + request.promise +
                           ", whose revision cannot be read: " + found->second.error().render() +
                           "; not run (restore the revision on the state branch, or pin another version)";
      continue;
    }
    binding.revision = *found->second;
  }
  return std::optional<Platform>(std::move(resolved));
}

}  // namespace ferry::runner
