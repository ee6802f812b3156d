// The router of one resource pipeline, shared by the router tests: request `redis` `cache` of kind Redis
// (marketplace.kratix.io/v1alpha1, plural redis) in namespace default, its Promise `redis`, the pipeline's
// service account `redis-resource-configure-instance`, secrets and config maps in temporary directories, a
// clock fixed at 2026-11-26T10:00:00Z.
#pragma once

#include <gtest/gtest.h>

#include <memory>

#include "api/router.h"
#include "tests/support/recording_pipeline_objects.h"
#include "tests/support/test_support.h"

namespace ferry::api {

inline nlohmann::json redis_request() {
  return nlohmann::json::parse(R"({"apiVersion":"marketplace.kratix.io/v1alpha1","kind":"Redis",
    "metadata":{"name":"cache","namespace":"default","labels":{"team":"a"}},"spec":{"size":"small"},
    "status":{"message":"Pending"}})");
}

inline nlohmann::json redis_promise() {
  return nlohmann::json::parse(
      R"({"apiVersion":"platform.kratix.io/v1alpha1","kind":"Promise","metadata":{"name":"redis"},"spec":{}})");
}

inline ServedKind redis_kind() {
  return ServedKind{"marketplace.kratix.io", "v1alpha1", "Redis", "redis", "redis", true};
}

class ApiRouterTest : public ::testing::Test {
 protected:
  // A router with `permissions` as the Pipeline's rbac.permissions.
  Router& router_with(std::vector<Permission> permissions) {
    PipelineView view;
    view.access = PipelineAccess{"default", "redis-resource-configure-instance", WorkflowType::resource,
                                 std::move(permissions)};
    view.object_kind = redis_kind();
    view.secrets_dir = secrets_.path();
    view.config_maps_dir = config_maps_.path();
    view.objects = &objects_;
    router_ = std::make_unique<Router>(std::move(view), [] {
      return std::chrono::system_clock::time_point(std::chrono::seconds(1795687200));  // 2026-11-26T10:00:00Z
    });
    return *router_;
  }

  HttpResponse call(const std::string& method, const std::string& target, const std::string& body = "",
                    const std::string& content_type = "application/json") {
    return router_->handle(HttpRequest{method, target, content_type, body});
  }

  // The pipeline may do everything to secrets and configmaps in its namespace.
  static Permission all_in_namespace() { return Permission{"", {""}, {"secrets", "configmaps"}, {}, {"*"}}; }

  testing::TempDir secrets_;
  testing::TempDir config_maps_;
  RecordingPipelineObjects objects_{redis_request(), redis_promise()};
  std::unique_ptr<Router> router_;
};

}  // namespace ferry::api
