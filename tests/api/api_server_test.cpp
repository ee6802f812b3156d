// The platform API server (api/api_server.h) against a real client: the host's kubectl on loopback with a
// kubeconfig holding the run's CA and the pipeline's token, as a pipeline would use it. Label integration:
// needs kubectl on the PATH.
#include "api/api_server.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <thread>
#include <vector>

#include "api/base64.h"
#include "api/bearer_token.h"
#include "api/object_directory.h"
#include "api/pipeline_network.h"
#include "tests/api/api_fixture.h"

namespace ferry::api {
namespace {

using testing::read_file;
using testing::run;
using testing::shell_quote;
using testing::write_file;

class ApiServerTest : public ApiRouterTest {
 protected:
  void SetUp() override {
    if (run("command -v kubectl").exit_code != 0) GTEST_SKIP() << "kubectl is not installed";
    auto material = make_tls_material();
    ASSERT_TRUE(material) << material.error().message;
    tls_ = *material;
  }

  // A server of the fixture's pipeline with `permissions`, answering to `token`.
  std::unique_ptr<ApiServer> serve(std::vector<Permission> permissions, const std::string& token) {
    router_with(std::move(permissions));
    auto audit = AuditLog::open(home_.path() / "audit.jsonl");
    EXPECT_TRUE(audit);
    auto server =
        ApiServer::start(*router_, ServerSettings{"redis-resource-configure-instance", token, tls_, *audit});
    EXPECT_TRUE(server) << (server ? "" : server.error().message);
    return server ? std::move(*server) : nullptr;
  }

  // Runs kubectl with a kubeconfig for `port` and `token`; its output and exit code.
  // `launcher` runs kubectl (e.g. "nsenter --net=PATH ").
  testing::CommandResult kubectl(std::uint16_t port, const std::string& token, const std::string& arguments,
                                 const std::string& launcher = "") {
    const std::string config =
        "apiVersion: v1\nkind: Config\nclusters:\n- name: ferry\n  cluster:\n    server: https://127.0.0.1:" +
        std::to_string(port) +
        "\n    certificate-authority-data: " + base64_encoded(tls_.ca_certificate_pem) +
        "\nusers:\n- name: pipeline\n  user:\n    token: " + token +
        "\ncontexts:\n- name: ferry\n  context: {cluster: ferry, user: pipeline, namespace: default}\n"
        "current-context: ferry\n";
    write_file(home_.path() / "kubeconfig", config);
    const std::string prefix = launcher + "env HOME=" + shell_quote(home_.path().string()) +
                               " kubectl --kubeconfig " +
                               shell_quote((home_.path() / "kubeconfig").string()) + " --cache-dir " +
                               shell_quote((home_.path() / "cache").string()) + " --request-timeout 20s ";
    return run(prefix + arguments);
  }

  TlsMaterial tls_;
  testing::TempDir home_;
};

TEST_F(ApiServerTest, KubectlReadsASecretAConfigMapAndTheRequest) {
  const std::string token = make_bearer_token().value();
  write_file(secrets_.path() / "db" / "password", "s3cret");
  write_file(config_maps_.path() / "domain" / "host", "example.com");
  auto server = serve({all_in_namespace()}, token);
  ASSERT_TRUE(server);
  const auto secret = kubectl(server->port(), token, "get secret db -o jsonpath='{.data.password}'");
  EXPECT_EQ(secret.exit_code, 0) << secret.output;
  EXPECT_EQ(secret.output, "czNjcmV0");
  const auto config_map = kubectl(server->port(), token, "get configmap domain -o jsonpath='{.data.host}'");
  EXPECT_EQ(config_map.output, "example.com");
  const auto request = kubectl(server->port(), token, "get redis cache -o yaml");
  EXPECT_EQ(request.exit_code, 0) << request.output;
  EXPECT_NE(request.output.find("size: small"), std::string::npos) << request.output;
  EXPECT_GE(server->requests(), 3u);
}

TEST_F(ApiServerTest, KubectlPatchesTheRequestsStatus) {
  const std::string token = make_bearer_token().value();
  auto server = serve({}, token);
  ASSERT_TRUE(server);
  // kubectl 1.20 has no `patch --subresource`: a PUT of the status (`replace --raw`) is its equivalent.
  const std::string body = (home_.path() / "status.json").string();
  write_file(body, status_put_body(R"({"message":"ready"})"));
  std::string arguments;
  for (const std::string& word :
       status_write_args(kubectl_patches_subresources("kubectl"), R"({"message":"ready"})", body)) {
    arguments += shell_quote(word) + " ";
  }
  const auto patched = kubectl(server->port(), token, arguments);
  EXPECT_EQ(patched.exit_code, 0) << patched.output;
  ASSERT_EQ(objects_.writes().size(), 1u);
  EXPECT_EQ(objects_.writes()[0].text, R"({"message":"ready"})");
}

TEST_F(ApiServerTest, KubectlCreatesAppliesAndDeletesASecret) {
  const std::string token = make_bearer_token().value();
  auto server = serve({all_in_namespace()}, token);
  ASSERT_TRUE(server);
  const auto apply = [&](const std::string& value) {
    const std::string create =
        kubectl(server->port(), token,
                "create secret generic made --from-literal=key=" + value + " --dry-run=client -o yaml")
            .output;
    write_file(home_.path() / "made.yaml", create);
    return kubectl(server->port(), token, "apply -f " + shell_quote((home_.path() / "made.yaml").string()));
  };
  const auto created = apply("first");
  EXPECT_EQ(created.exit_code, 0) << created.output;
  EXPECT_EQ(read_file(secrets_.path() / "made" / "key"), "first");
  const auto configured = apply("second");
  EXPECT_EQ(configured.exit_code, 0) << configured.output;
  EXPECT_EQ(read_file(secrets_.path() / "made" / "key"), "second");
  const auto deleted = kubectl(server->port(), token, "delete secret made");
  EXPECT_EQ(deleted.exit_code, 0) << deleted.output;
  EXPECT_FALSE(std::filesystem::exists(secrets_.path() / "made"));
}

TEST_F(ApiServerTest, AForbiddenVerbGetsKubernetesMessage) {
  const std::string token = make_bearer_token().value();
  write_file(config_maps_.path() / "domain" / "host", "example.com");
  auto server = serve({Permission{"", {""}, {"configmaps"}, {}, {"get"}}}, token);
  ASSERT_TRUE(server);
  const auto refused = kubectl(server->port(), token, "delete configmap domain");
  EXPECT_NE(refused.exit_code, 0);
  EXPECT_NE(
      refused.output.find("Error from server (Forbidden): configmaps \"domain\" is forbidden: User "
                          "\"system:serviceaccount:default:redis-resource-configure-instance\" cannot delete "
                          "resource \"configmaps\" in API group \"\" in the namespace \"default\""),
      std::string::npos)
      << refused.output;
  EXPECT_EQ(read_file(config_maps_.path() / "domain" / "host"), "example.com");
}

TEST_F(ApiServerTest, AnotherPipelinesTokenIsRefused) {
  const std::string token = make_bearer_token().value();
  const std::string other = make_bearer_token().value();
  ASSERT_NE(token, other);
  write_file(secrets_.path() / "db" / "password", "s3cret");
  auto server = serve({all_in_namespace()}, token);
  ASSERT_TRUE(server);
  const auto refused = kubectl(server->port(), other, "get secret db");
  EXPECT_NE(refused.exit_code, 0);
  EXPECT_NE(refused.output.find("error: You must be logged in to the server"), std::string::npos)
      << refused.output;
  EXPECT_EQ(refused.output.find("s3cret"), std::string::npos);
}

TEST_F(ApiServerTest, TheAuditLogHasALinePerRequestAndNoValue) {
  const std::string token = make_bearer_token().value();
  write_file(secrets_.path() / "db" / "password", "s3cret-value");
  auto server = serve({all_in_namespace()}, token);
  ASSERT_TRUE(server);
  EXPECT_EQ(kubectl(server->port(), token, "get secret db -o jsonpath='{.data}'").exit_code, 0);
  EXPECT_NE(kubectl(server->port(), token, "get secret missing").exit_code, 0);
  server->stop();
  const std::string audit = read_file(home_.path() / "audit.jsonl");
  EXPECT_NE(audit.find(R"("pipeline":"redis-resource-configure-instance","serviceAccount":)"
                       R"("system:serviceaccount:default:redis-resource-configure-instance","verb":"get",)"
                       R"("path":"/api/v1/namespaces/default/secrets/db?timeout=20s","code":200})"),
            std::string::npos)
      << audit;
  EXPECT_NE(audit.find(R"("path":"/api/v1/namespaces/default/secrets/missing?timeout=20s","code":404})"),
            std::string::npos);
  EXPECT_EQ(audit.find("s3cret-value"), std::string::npos);
  EXPECT_EQ(audit.find(base64_encoded("s3cret-value")), std::string::npos);
  EXPECT_EQ(audit.find(token), std::string::npos);
}

TEST_F(ApiServerTest, NothingListensAfterStop) {
  const std::string token = make_bearer_token().value();
  auto server = serve({all_in_namespace()}, token);
  ASSERT_TRUE(server);
  const std::uint16_t port = server->port();
  EXPECT_EQ(kubectl(port, token, "get secrets").exit_code, 0);
  server->stop();
  const auto after = kubectl(port, token, "get secrets");
  EXPECT_NE(after.exit_code, 0);
  EXPECT_NE(
      after.output.find("The connection to the server 127.0.0.1:" + std::to_string(port) + " was refused"),
      std::string::npos)
      << after.output;
}

TEST_F(ApiServerTest, APreparedServerServesOnceStartedAndADroppedOneListensNoMore) {
  const std::string token = make_bearer_token().value();
  router_with({all_in_namespace()});
  auto prepared = ApiServer::prepare(tls_);
  ASSERT_TRUE(prepared) << prepared.error().message;
  const std::uint16_t port = prepared->port();
  ASSERT_NE(port, 0);
  auto server = ApiServer::start(*router_, ServerSettings{"p", token, {}, nullptr}, std::move(*prepared));
  ASSERT_TRUE(server) << server.error().message;
  EXPECT_EQ((*server)->port(), port);
  EXPECT_EQ(kubectl(port, token, "get secrets").exit_code, 0);  // the TLS is prepare's: settings has none
  (*server)->stop();

  auto dropped = ApiServer::prepare(tls_);  // a kit made ahead and never handed out (api_kit_pool.h)
  ASSERT_TRUE(dropped) << dropped.error().message;
  const std::uint16_t dropped_port = dropped->port();
  { const PreparedServer gone = std::move(*dropped); }
  const auto after = kubectl(dropped_port, token, "get secrets");
  EXPECT_NE(after.output.find("The connection to the server 127.0.0.1:" + std::to_string(dropped_port) +
                              " was refused"),
            std::string::npos)
      << after.output;
}

TEST_F(ApiServerTest, TheListenerInItsOwnNetworkNamespaceIsReachedOnlyFromThere) {
  auto network = make_pipeline_network(443);
  if (!network && network.error().message.find("Operation not permitted") != std::string::npos) {
    GTEST_SKIP() << network.error().message;
  }
  ASSERT_TRUE(network) << network.error().message;
  const std::string path = network->namespace_path();
  const std::string token = make_bearer_token().value();
  write_file(secrets_.path() / "db" / "password", "s3cret");
  router_with({all_in_namespace()});
  auto server =
      ApiServer::start(*router_, ServerSettings{"p", token, tls_, nullptr}, network->listener.release());
  ASSERT_TRUE(server) << server.error().message;
  EXPECT_EQ((*server)->port(), 443);
  const std::string inside = "nsenter --net=" + shell_quote(path) + " ";
  const auto read = kubectl(443, token, "get secret db -o jsonpath='{.data.password}'", inside);
  EXPECT_EQ(read.exit_code, 0) << read.output;
  EXPECT_EQ(read.output, "czNjcmV0");
  EXPECT_NE(kubectl(443, token, "get secret db", "").exit_code, 0);  // the host's loopback has no such server
  auto other_namespace = make_pipeline_network(443);                 // a second pipeline's, at the same time
  ASSERT_TRUE(other_namespace) << other_namespace.error().message;
  other_namespace->listener = OwnedDescriptor();  // its own server not started: a handshake would wait
  EXPECT_NE(kubectl(443, token, "get secret db",
                    "nsenter --net=" + shell_quote(other_namespace->namespace_path()) + " ")
                .exit_code,
            0);
  (*server)->stop();
  EXPECT_NE(kubectl(443, token, "get secret db", inside).exit_code, 0);  // nothing listens after the pipeline
}

// The inode of the network namespace at `path` (a /proc ns link or a /proc/<pid>/fd/<n> of one).
ino_t namespace_inode(const std::string& path) {
  struct stat data {};
  return ::stat(path.c_str(), &data) == 0 ? data.st_ino : 0;
}

TEST(PipelineNetwork, AMovableThreadMovesIntoEachNamespaceItMakesAndOtherThreadsStayWhereTheyAre) {
  const ino_t host = namespace_inode("/proc/thread-self/ns/net");
  auto first = make_pipeline_network(443);
  if (!first && first.error().message.find("Operation not permitted") != std::string::npos) {
    GTEST_SKIP() << first.error().message;
  }
  ASSERT_TRUE(first) << first.error().message;
  EXPECT_EQ(namespace_inode("/proc/thread-self/ns/net"), host);  // made on a thread of its own
  EXPECT_NE(namespace_inode(first->namespace_path()), host);
  std::vector<ino_t> seen;
  std::vector<ino_t> made;
  std::thread movable([&] {
    const NetworkMovableThread declared;
    for (int i = 0; i < 2; ++i) {
      auto network = make_pipeline_network(443);
      ASSERT_TRUE(network) << network.error().message;
      made.push_back(namespace_inode(network->namespace_path()));
      seen.push_back(namespace_inode("/proc/thread-self/ns/net"));
    }
  });
  movable.join();
  ASSERT_EQ(made.size(), 2u);
  EXPECT_EQ(seen, made);  // the thread is in the namespace it made last
  EXPECT_NE(made[0], made[1]);
  EXPECT_NE(made[0], host);
  EXPECT_EQ(namespace_inode("/proc/thread-self/ns/net"), host);
}

}  // namespace
}  // namespace ferry::api
