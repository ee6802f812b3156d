// A real client inside a real container: the exec runtime (bubblewrap) and podman (the fixture's busybox
// image, the host's static kubectl mounted into it) run kubectl in the pipeline's network namespace with the
// in-cluster configuration of pipeline/api_reach.h, and kubectl finds the platform API through
// KUBERNETES_SERVICE_HOST/PORT and the mounted service account alone (no kubeconfig). Label integration:
// needs root (the namespace), bwrap, nsenter and kubectl; the podman tests also podman and the fixture image.
#include <gtest/gtest.h>

#include "api/api_server.h"
#include "api/bearer_token.h"
#include "api/pipeline_network.h"
#include "pipeline/api_reach.h"
#include "runtime/exec_runtime.h"
#include "runtime/oci_runtime.h"
#include "runtime/podman_runtime.h"
#include "tests/api/api_fixture.h"

namespace ferry::api {
namespace {

namespace fs = std::filesystem;
using testing::run;
using testing::write_file;

constexpr const char* kKubectlImage = "localhost/ferry-tests/kubectl:1";
constexpr const char* kFixtureImage = "localhost/ferry-fixtures/redis-configure:dev";

// The static kubectl binary: Google's /usr/bin/kubectl is a dispatcher that runs kubectl.1.NN beside it;
// Debian's kubernetes-client is the binary itself. Empty when there is none.
std::string static_kubectl() {
  const std::string found = run("readlink -f \"$(command -v kubectl)\"").output;
  if (found.empty()) return "";
  const fs::path resolved = found.substr(0, found.find('\n'));
  if (fs::exists(resolved.parent_path() / "kubectl.1.32")) return (resolved.parent_path() / "kubectl.1.32");
  return resolved;
}

class ExecReachTest : public ApiRouterTest {
 protected:
  void SetUp() override {
    kubectl_ = static_kubectl();
    if (kubectl_.empty() || run("command -v bwrap && command -v nsenter").exit_code != 0)
      GTEST_SKIP() << "needs kubectl, bwrap and nsenter";
    auto network = make_pipeline_network(443);
    if (!network) GTEST_SKIP() << network.error().message;  // not root
    network_ = std::move(*network);
    auto material = make_tls_material();
    ASSERT_TRUE(material) << material.error().message;
    token_ = make_bearer_token().value();
    write_file(account_.path() / "token", token_);
    write_file(account_.path() / "ca.crt", material->ca_certificate_pem);
    write_file(account_.path() / "namespace", "default");
    tls_ = *material;
  }

  // Serves the fixture's pipeline with `permissions` inside the pipeline's namespace.
  void serve(std::vector<Permission> permissions) {
    router_with(std::move(permissions));
    auto server =
        ApiServer::start(*router_, ServerSettings{"redis-resource-configure-instance", token_, tls_, nullptr},
                         network_.listener.release());
    ASSERT_TRUE(server) << server.error().message;
    server_ = std::move(*server);
  }

  // kubectl `args` in an exec container; with `reach`, in the pipeline's namespace with its configuration.
  runtime::ContainerExit kubectl(std::vector<std::string> args, bool reach = true) {
    runtime::ExecRuntime exec(runtime::ExecConfig{{{kKubectlImage, {kubectl_}}}, "ferry-exec.yaml"});
    runtime::ContainerRun container{"configure/kubectl", kKubectlImage, {}, std::move(args)};
    container.env = {{"HOME", "/tmp"}};
    container.mounts = extra_mounts_;
    if (reach) {
      pipeline::add_api_reach(pipeline::ApiReach{network_.namespace_path(), 443, account_.path()}, container);
    }
    auto exit = podman_ ? runtime::PodmanRuntime().run(as_podman(container))
                : oci_  ? runtime::OciRuntime().run(as_podman(container))
                        : exec.run(container);
    EXPECT_TRUE(exit) << exit.error().message;
    return exit ? *exit : runtime::ContainerExit{-1, false, exit.error().message};
  }

  // kubectl in the container writes `status` into the request's status: `patch --subresource=status`, or
  // kubectl 1.20's equivalent, a PUT of the status with `replace --raw` and a body mounted at /status.json.
  runtime::ContainerExit write_status(const std::string& status) {
    const bool subresource = kubectl_patches_subresources(kubectl_);
    if (!subresource) {
      write_file(body_.path() / "status.json", status_put_body(status));
      extra_mounts_ = {{(body_.path() / "status.json").string(), "/status.json", true}};
    }
    auto exit = kubectl(status_write_args(subresource, status, "/status.json"));
    extra_mounts_.clear();
    return exit;
  }

  // The same run on podman: the fixture's busybox image with kubectl mounted at /kubectl as its entrypoint.
  runtime::ContainerRun as_podman(runtime::ContainerRun container) const {
    container.image = kFixtureImage;
    container.command = {"/kubectl"};
    container.mounts.push_back({kubectl_, "/kubectl", true});
    return container;
  }
  // Whether podman has the fixture image (ci/build-images).
  static bool podman_ready() {
    return run(std::string("podman image exists ") + kFixtureImage + " 2>/dev/null").exit_code == 0;
  }

  std::string kubectl_;
  bool podman_ = false;                       // run kubectl on podman instead of exec
  bool oci_ = false;                          // run kubectl with runc on podman's image instead of exec
  std::vector<runtime::Mount> extra_mounts_;  // mounted into the next kubectl's container
  testing::TempDir body_;                     // the status body of kubectl 1.20's PUT
  PipelineNetwork network_;
  std::string token_;
  TlsMaterial tls_;
  testing::TempDir account_;
  std::unique_ptr<ApiServer> server_;
};

TEST_F(ExecReachTest, KubectlInTheContainerReadsASecretWithTheInClusterConfiguration) {
  write_file(secrets_.path() / "db" / "password", "s3cret");
  serve({all_in_namespace()});
  const auto read = kubectl({"get", "secret", "db", "-o", "jsonpath={.data.password}"});
  EXPECT_EQ(read.exit_code, 0) << read.log;
  EXPECT_EQ(read.log, "czNjcmV0");
  EXPECT_GE(server_->requests(), 1u);  // kubectl asks for discovery first
}

TEST_F(ExecReachTest, KubectlInTheContainerPatchesTheRequestsStatus) {
  serve({});
  const auto patched = write_status(R"({"message":"ready"})");
  EXPECT_EQ(patched.exit_code, 0) << patched.log;
  ASSERT_EQ(objects_.writes().size(), 1u);
  EXPECT_EQ(objects_.writes()[0].text, R"({"message":"ready"})");
}

TEST_F(ExecReachTest, AVerbOutsideThePermissionsIsForbiddenInTheContainer) {
  write_file(config_maps_.path() / "domain" / "host", "example.com");
  serve({Permission{"", {""}, {"configmaps"}, {}, {"get"}}});
  const auto refused = kubectl({"delete", "configmap", "domain"});
  EXPECT_NE(refused.exit_code, 0);
  EXPECT_NE(refused.log.find("Error from server (Forbidden): configmaps \"domain\" is forbidden: User "
                             "\"system:serviceaccount:default:redis-resource-configure-instance\" cannot "
                             "delete resource \"configmaps\""),
            std::string::npos)
      << refused.log;
}

TEST_F(ExecReachTest, AContainerWithoutTheReachHasNoAPI) {
  serve({all_in_namespace()});
  const auto alone = kubectl({"get", "secrets"}, false);
  EXPECT_NE(alone.exit_code, 0) << alone.log;
  EXPECT_EQ(server_->requests(), 0u);
}

TEST_F(ExecReachTest, KubectlInAPodmanContainerReadsASecretPatchesStatusAndIsRefused) {
  if (!podman_ready()) GTEST_SKIP() << "podman or " << kFixtureImage << " is missing";
  podman_ = true;
  write_file(secrets_.path() / "db" / "password", "s3cret");
  serve({Permission{"", {""}, {"secrets"}, {}, {"get"}}});
  const auto read = kubectl({"get", "secret", "db", "-o", "jsonpath={.data.password}"});
  EXPECT_EQ(read.exit_code, 0) << read.log;
  EXPECT_EQ(read.log, "czNjcmV0");
  const auto patched = write_status(R"({"message":"ready"})");
  EXPECT_EQ(patched.exit_code, 0) << patched.log;
  ASSERT_EQ(objects_.writes().size(), 1u);
  const auto refused = kubectl({"delete", "secret", "db"});
  EXPECT_NE(refused.log.find("Error from server (Forbidden)"), std::string::npos) << refused.log;
  const auto alone = kubectl({"get", "secrets"}, false);  // podman's own namespace: no API
  EXPECT_NE(alone.exit_code, 0) << alone.log;
}

TEST_F(ExecReachTest, KubectlInAnOciContainerReadsASecret) {
  if (!podman_ready() || run("command -v runc").exit_code != 0)
    GTEST_SKIP() << "runc, podman or the image is missing";
  oci_ = true;
  write_file(secrets_.path() / "db" / "password", "s3cret");
  serve({all_in_namespace()});
  const auto read = kubectl({"get", "secret", "db", "-o", "jsonpath={.data.password}"});
  EXPECT_EQ(read.exit_code, 0) << read.log;
  EXPECT_EQ(read.log, "czNjcmV0");
  const auto alone = kubectl({"get", "secrets"}, false);  // runc's own empty namespace: no API
  EXPECT_NE(alone.exit_code, 0) << alone.log;
}

}  // namespace
}  // namespace ferry::api
