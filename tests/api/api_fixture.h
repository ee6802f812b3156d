// The router of one resource pipeline, shared by the router tests: request `redis` `cache` of kind Redis
// (marketplace.kratix.io/v1alpha1, plural redis) in namespace default, its Promise `redis`, the pipeline's
// service account `redis-resource-configure-instance`, secrets and config maps in temporary directories, a
// clock fixed at 2026-11-26T10:00:00Z; and how a kubectl writes the request's status, by its version.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

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

// Whether `kubectl` has `patch --subresource` (1.24 on); Debian 12's kubernetes-client (1.20) has not.
inline bool kubectl_patches_subresources(const std::string& kubectl) {
  return testing::run(testing::shell_quote(kubectl) + " patch --help").output.find("--subresource") !=
         std::string::npos;
}

// kubectl's arguments that write `status` (a JSON map) into the fixture's request's status: `patch
// --subresource=status --type=merge` where the client has it; else kubectl 1.20's equivalent, a PUT of the
// status subresource with `replace --raw` and `body_file`, which must hold status_put_body(status) (a PUT
// replaces the status: the fields it leaves out are removed).
inline std::vector<std::string> status_write_args(bool subresource, const std::string& status,
                                                  const std::string& body_file) {
  if (subresource)
    return {"patch",
            "redis",
            "cache",
            "--subresource=status",
            "--type=merge",
            "-p",
            R"({"status":)" + status + "}"};
  return {"replace", "--raw", "/apis/marketplace.kratix.io/v1alpha1/namespaces/default/redis/cache/status",
          "-f", body_file};
}

inline std::string status_put_body(const std::string& status) {
  return R"({"apiVersion":"marketplace.kratix.io/v1alpha1","kind":"Redis","metadata":{"name":"cache",)"
         R"("namespace":"default"},"status":)" +
         status + "}";
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
