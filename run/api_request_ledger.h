// The requests pipelines create and delete through the platform API during one run (docs/platform-api.md):
// kept by the run's PlatformApiHost across the passes of reconcile_compound (run/compound.h), which runs them
// as it runs a compound Promise's requests. A created request carries the annotation kCreatedByAnnotation
// naming its creator's record directory; once it has run, its record keeps its text, and later passes and
// runs read it back from there for as long as its creator's record exists (api_created_inputs).
#pragma once

#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "platform/platform_file.h"
#include "run/run_state.h"

namespace ferry::runner {

// metadata.annotations key of a request created through the API: "requests/<promise>/<ns>/<name>" or
// "promises/<promise>", the record directory of the object whose pipeline created it.
inline constexpr const char* kCreatedByAnnotation = "ferry.dev/created-by";

// "requests/<promise>/<namespace>/<name>": a request's record directory (ObjectRecord::directory).
std::string request_record_directory(const std::string& promise, const std::string& namespace_name,
                                     const std::string& name);

// The object's kCreatedByAnnotation; "" when it has none (it was not created through the API).
std::string api_creator_of(const nlohmann::json& object);

struct ApiCreatedRequest {
  std::string directory;    // its own record directory, "requests/<promise>/<namespace>/<name>"
  std::string object_yaml;  // as admitted (its schema's defaults applied), the annotation included
  std::string creator;      // the record directory of the object whose pipeline created it
};

class ApiRequestLedger {
 public:
  void created(ApiCreatedRequest request);  // created again after a deletion: no longer deleted
  void deleted(const std::string& directory);
  std::vector<ApiCreatedRequest> created_requests() const;  // in directory order
  bool was_deleted(const std::string& directory) const;

 private:
  mutable std::mutex mutex_;
  std::map<std::string, ApiCreatedRequest> created_;
  std::set<std::string> deleted_;
};

// The platform input of the requests created through the API: those of `records` whose object carries
// kCreatedByAnnotation naming a record of `records` (its creator still exists), less what `ledger` deleted,
// then those `ledger` created whose creator has a record; each once (the ledger's text wins), each named
// "api:<its directory>". The creator's record is written by the pass that ran it, before the next pass reads
// these.
std::vector<PlatformFile> api_created_inputs(const RunState& records, const ApiRequestLedger& ledger);

}  // namespace ferry::runner
