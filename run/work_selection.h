// Incremental runs: which Promises and requests a run must process, from what the state records say about
// the last run. Pure: the clock is passed in.
//   run     no record (new), --force, inputs changed, last run failed or pending, paused before, suspension's
//           retry time reached, or the reconciliation interval (Kratix's default 10 h, or the object's own)
//           elapsed since the last run
//   skip    everything else: unchanged, no container started, nothing written
// The inputs of a request are its spec and its Promise (Kratix's kratix.io/hash, reference §2.4, which
// covers the Promise's workflows and image names), the content of those images where the runtime can tell
// it (ContainerRuntime::image_digest: an image rebuilt under the same tag runs its objects again), plus
// everything scheduling reads (Destinations with their
// readiness, taints and metrics annotations, state stores, and the scheduling.ferry.dev objects);
// a change to any of those runs the request again.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "platform/platform.h"
#include "run/run_state.h"

namespace ferry::runner {

struct SelectionOptions {
  bool force = false;
  std::chrono::seconds reconciliation_interval = std::chrono::hours(10);
  std::chrono::system_clock::time_point now;
};

struct WorkDecision {
  bool run = true;
  std::string reason;  // "new", "inputs changed", ...; for a skip, why it is skipped
};

// `interval`: the object's own reconciliation interval (its Promise's kratix.io/reconciliation-interval
// annotation or spec.workflows.config.reconciliationInterval), else options.reconciliation_interval. A record
// left `paused` runs ("unpaused"), as Kratix reruns an object from its first pipeline when the label goes.
WorkDecision decide_work(const ObjectRecord* record, const std::string& input_digest,
                         const SelectionOptions& options,
                         std::optional<std::chrono::seconds> interval = std::nullopt);

// Digests of the inputs (see above), 32 hex digits.
std::string scheduling_digest(const Platform& platform);

// The content digest of an image as the runtime would run it now; nullopt when the runtime cannot tell
// (the image is then an input by name only, as before image digests were inputs).
using ImageDigestOf = std::function<std::optional<std::string>(const std::string& image)>;

// Every object's input digest in one run. What objects share is computed once, at construction: the
// scheduling digest, and each Promise's text digest (with its images' digests, when `image_digest` gives
// any) and Kratix spec hash (parsing a Promise, schema included, for each of its requests made a no-op run
// cost 13 times its loading). Read-only afterwards, so safe from parallel tasks; `platform` must outlive it.
class InputDigests {
 public:
  explicit InputDigests(const Platform& platform, const ImageDigestOf& image_digest = {});
  std::string of(const pipeline::Promise& promise) const;
  std::string of(const pipeline::Request& request) const;

 private:
  struct PromiseDigests {
    std::string text;  // md5 of the Promise's YAML text, and of its images' digests when any is known
    std::optional<std::string> spec_hash;  // kratix_promise_hash; none when its text does not parse
  };
  static PromiseDigests digests_of(const pipeline::Promise& promise, const ImageDigestOf& image_digest);
  std::string scheduling_;
  std::map<std::string, PromiseDigests> promises_;
  // Of the revisions requests are pinned to (pipeline::RequestBinding::revision), by address.
  std::map<const pipeline::Promise*, PromiseDigests> revisions_;
};

std::string promise_input_digest(const Platform& platform, const pipeline::Promise& promise);
std::string request_input_digest(const Platform& platform, const pipeline::Request& request);

// "2024-05-01T12:00:00Z" (as format_rfc3339_utc writes it); nullopt for anything else.
std::optional<std::chrono::system_clock::time_point> parse_rfc3339_utc(const std::string& text);

}  // namespace ferry::runner
