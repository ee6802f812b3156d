// The router of one resource pipeline (api_fixture.h) that also sees a platform: Promises redis and
// postgresql (kind Postgresql, plural postgresqls, group marketplace.kratix.io), the redis request `cache` as
// loaded (without the status the pipeline sees) and the postgresql requests `db` in namespaces default and
// prod. Shared by the tests of reads and writes of the platform's objects.
#pragma once

#include "tests/api/api_fixture.h"

namespace ferry::api {

inline ServedKind postgres_kind() {
  return ServedKind{"marketplace.kratix.io", "v1alpha1", "Postgresql", "postgresqls", "postgresql", true};
}

inline nlohmann::json postgres_promise() {
  return nlohmann::json::parse(R"({"apiVersion":"platform.kratix.io/v1alpha1","kind":"Promise",
    "metadata":{"name":"postgresql"},"spec":{"api":{"kind":"CustomResourceDefinition"}}})");
}

inline nlohmann::json postgres_request(const std::string& name, const std::string& namespace_name) {
  return {{"apiVersion", "marketplace.kratix.io/v1alpha1"},
          {"kind", "Postgresql"},
          {"metadata", {{"name", name}, {"namespace", namespace_name}}},
          {"spec", {{"teamId", "acid"}}}};
}

// The platform: Promises redis (its full text, unlike the pipeline's stub) and postgresql, the redis request
// `cache` as loaded (no status) and two postgresql requests.
class FixedPlatformObjects final : public PlatformObjects {
 public:
  std::vector<ServedKind> request_kinds() const override { return {redis_kind(), postgres_kind()}; }
  std::vector<nlohmann::json> objects_of(const ServedKind& kind) const override {
    if (same_kind(kind, promise_kind())) return {full_redis_promise(), postgres_promise()};
    if (same_kind(kind, postgres_kind()))
      return {postgres_request("db", "default"), postgres_request("db", "prod")};
    if (same_kind(kind, redis_kind())) {
      nlohmann::json loaded = redis_request();
      loaded.erase("status");
      return {loaded};
    }
    return {};
  }
  static nlohmann::json full_redis_promise() {
    nlohmann::json promise = redis_promise();
    promise["spec"]["api"] = {{"kind", "CustomResourceDefinition"}};
    return promise;
  }
};

class ApiPlatformTest : public ApiRouterTest {
 protected:
  Router& platform_router_with(std::vector<Permission> permissions) {
    router_with(std::move(permissions));
    PipelineView view = router_->view();
    view.platform = &platform_;
    router_ = std::make_unique<Router>(std::move(view));
    return *router_;
  }
  FixedPlatformObjects platform_;
};

inline constexpr const char* kPostgresPath =
    "/apis/marketplace.kratix.io/v1alpha1/namespaces/default/postgresqls";

}  // namespace ferry::api
