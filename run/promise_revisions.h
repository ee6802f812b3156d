// Promise revisions and the requests pinned to them (kratix-newer.md §3.1, §3.2; docs/lifecycle.md). Every
// Promise version ferry runs is kept in the recorded state: its version in the Promise's record (the last is
// the latest, the most recently applied) and its text in revisions/<promise>/<digest>.yaml, written once and
// read only when a request pinned to that version runs, so a no-op run reads none of them.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>

#include "core/error.h"
#include "pipeline/model.h"
#include "platform/platform.h"
#include "run/run_state.h"
#include "writer/state_store.h"

namespace ferry::runner {

// The version of a Promise's revision: its kratix.io/promise-version label, or "sha-" and the first 12
// digits of its text's digest when unlabelled (each edit of an unlabelled Promise is a version of its own).
std::string revision_version(const pipeline::Promise& promise);
// The digest a revision's text is kept under (md5, 32 hex digits).
std::string revision_digest(const std::string& promise_yaml);

// The Promise record `now` (just run, its text in object_yaml) with the revisions of `before` (null: a new
// Promise) and `version` as its latest: an edit without a version bump replaces that version's text.
void add_revision(const ObjectRecord* before, ObjectRecord& now, const std::string& version);

// The versions of one run: each declared Promise's revision version, computed once per Promise, and the
// version each request runs with (its pinned revision's, also when that revision's text is lost; else its
// Promise's).
class RunVersions {
 public:
  RunVersions() = default;
  explicit RunVersions(const Platform& platform);
  std::string of(const pipeline::Request& request) const;
  std::string of_promise(const std::string& name) const;

 private:
  std::map<std::string, std::string> versions_;
};

// `platform` with each request pinned to another version than its Promise's resolved: the revision's
// Promise read from `state` (RequestBinding::revision), or, for a version ferry never ran, the reason it
// stays pending (RequestBinding::unresolved), or, for a revision whose text cannot be read or parsed, why
// (RequestBinding::unreadable: that request fails, the others run). nullopt when no request needs any of
// these (no copy).
Result<std::optional<Platform>> resolve_pinned_requests(const Platform& platform, const RunState& records,
                                                        writer::StateStore* state);

}  // namespace ferry::runner
