// The platform's Promises and their requests as the platform API serves them to pipelines
// (api/pipeline_view.h's PlatformObjects, docs/platform-api.md): `kubectl get promises` and reads of any
// Promise's requests by its kind, with the requests created and deleted through the API so far in the run
// (api_request_ledger.h). Objects are converted from their kept YAML text (platform/object_text.h) on the
// first read of their kind, once per platform: a pipeline that reads nothing costs nothing.
#pragma once

#include <map>
#include <mutex>
#include <utility>

#include "api/pipeline_view.h"
#include "platform/platform.h"
#include "run/api_request_ledger.h"

namespace ferry::runner {

// The kind a Promise's API serves: its group, storage version, kind and plural; namespaced.
api::ServedKind served_kind_of(const pipeline::ApiRef& api);

class LoadedPlatformObjects final : public api::PlatformObjects {
 public:
  // `platform` and `ledger` outlive this.
  LoadedPlatformObjects(const Platform& platform, ApiRequestLedger& ledger)
      : platform_(platform), ledger_(ledger) {}

  std::vector<api::ServedKind> request_kinds() const override;
  // A request without metadata.namespace gets the namespace it runs in ("default").
  std::vector<nlohmann::json> objects_of(const api::ServedKind& kind) const override;

  // Creates `object` (api::PipelineObjects::create_request) for the object whose record directory is
  // `creator`: checked against its Promise's schema as the loader checks request files, with the
  // kCreatedByAnnotation added; the ledger keeps it for the passes to come.
  Result<nlohmann::json> create(const api::ServedKind& kind, nlohmann::json object,
                                const std::string& creator);
  // Deletes a request created through the API (in this run or an earlier one); refuses one declared in the
  // platform's files, which only the platform's Git history removes.
  Status remove(const api::ServedKind& kind, const std::string& namespace_name, const std::string& name);

 private:
  const pipeline::Promise* promise_serving(const api::ServedKind& kind) const;
  std::vector<nlohmann::json> converted(const api::ServedKind& kind) const;

  const Platform& platform_;
  ApiRequestLedger& ledger_;
  mutable std::mutex mutex_;
  mutable std::map<std::pair<std::string, std::string>, std::vector<nlohmann::json>> by_kind_;
};

}  // namespace ferry::runner
