// End to end: `ferry reconcile --runtime exec` serves a Pipeline with `rbac` its platform API. The demo's
// redis Promise gets rbac.permissions (get secrets) and a second container, a script that runs the host's
// static kubectl with nothing but the in-cluster configuration: it reads a Secret of --secrets-dir, patches
// its request's status through the API, and is refused (403) a delete outside its permissions. The status
// writes merge with the pipeline's own status.yaml, the report counts the API requests, the audit log has a
// line per request, and the Secret's value is in no report, log, audit line or commit. With the Promise's
// pipelineNamespace, that namespace is the pipeline's own, as in Kratix. Label e2e: needs
// root (the pipeline's network namespace), bwrap, nsenter and kubectl. The kubectl container runs first,
// so the Promise's own container's status.yaml is merged after the API's writes.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/e2e/platform_fixture.h"
#include "tests/e2e/static_kubectl.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

namespace fs = std::filesystem;
using ferry::testing::FerryArgs;
using ferry::testing::read_file;
using ferry::testing::run;
using ferry::testing::shell_quote;
using ferry::testing::write_file;

const std::string kSecretValue = "planted-value-5f1c";

// A shell function for the pipeline's script: `write_status '"key":value'` merges the field into the
// processed redis request's status through the API. kubectl 1.24 on: `patch --subresource=status`; kubectl
// 1.20 (Debian 12's kubernetes-client) has no --subresource, and its equivalent is a PUT of the status
// subresource (`replace --raw`), which replaces the status: its body carries every field written so far.
constexpr const char* kStatusWriter =
    "written=''\n"
    "write_status() {\n"
    "  if $k patch --help | grep -q -- --subresource; then\n"
    "    $k patch redis \"$KRATIX_OBJECT_NAME\" -n \"$KRATIX_OBJECT_NAMESPACE\" --subresource=status "
    "--type=merge "
    "-p \"{\\\"status\\\":{$1}}\"\n"
    "  else\n"
    "    written=\"${written:+$written,}$1\"\n"
    "    printf '{\"metadata\":{\"name\":\"%s\"},\"status\":{%s}}' \"$KRATIX_OBJECT_NAME\" \"$written\" "
    ">/tmp/status.json\n"
    "    $k replace -f /tmp/status.json --raw "
    "\"/apis/marketplace.kratix.io/v1alpha1/namespaces/$KRATIX_OBJECT_NAMESPACE/redis/$KRATIX_OBJECT_NAME/"
    "status\"\n"
    "  fi\n"
    "}\n";

class PlatformApiE2E : public ferry::testing::PlatformFixture {
 protected:
  void SetUp() override {
    kubectl_ = ferry::testing::static_kubectl_binary();
    if (const std::string missing = ferry::testing::kubectl_pipelines_unavailable(kubectl_); !missing.empty())
      GTEST_SKIP() << missing;
    PlatformFixture::SetUp();
    fs::remove(platform() / "promises/app.yaml");
    fs::remove(platform() / "requests/apps.yaml");
    write_file(dir.path() / "secrets/db/password", kSecretValue);
    write_file(dir.path() / "api-client.sh",
               "export HOME=/tmp\nk=" + shell_quote(kubectl_) + "\nset -e\n" + std::string(kStatusWriter) +
                   "seen=$($k get secret db -o jsonpath='{.data.password}' | base64 -d | wc -c)\n"
                   "write_status \"\\\"secretBytes\\\":$seen\"\n"
                   "if $k delete secret db 2>/tmp/err; then exit 1; fi\n"
                   "grep -q Forbidden /tmp/err\n"
                   "write_status '\"deleteRefused\":true'\n"
                   "account=/var/run/secrets/kubernetes.io/serviceaccount\n"
                   "write_status \"\\\"namespace\\\":\\\"$(cat $account/namespace)\\\"\"\n");
    const std::string source =
        std::string(FERRY_SOURCE_DIR) + "/fixtures/images/redis-configure/redis-configure.sh";
    write_file(dir.path() / "ferry-exec.yaml",
               "images:\n  localhost/ferry-fixtures/redis-configure:dev: [/bin/sh, " + source +
                   "]\n  localhost/ferry-tests/api-client:1: [/bin/sh, " +
                   (dir.path() / "api-client.sh").string() + "]\n");
    const fs::path promise = platform() / "promises/redis.yaml";
    std::string text = read_file(promise);
    const std::string containers = "            containers:\n";
    const auto at = text.find(containers, text.find("name: instance-configure"));
    ASSERT_NE(at, std::string::npos);
    text.insert(
        at + containers.size(),
        "              - name: api-client\n                image: localhost/ferry-tests/api-client:1\n");
    text.insert(at,
                "            rbac:\n              permissions:\n                - apiGroups: [\"\"]\n"
                "                  resources: [secrets]\n                  verbs: [get]\n");
    write_file(promise, text);
  }

  std::pair<int, nlohmann::json> reconcile_with_api() {
    return reconcile(FerryArgs{
        "--runtime", "exec", "--exec-config", (dir.path() / "ferry-exec.yaml").string(), "--secrets-dir",
        (dir.path() / "secrets").string(), "--api-audit-file", (dir.path() / "audit.jsonl").string()});
  }

  std::string kubectl_;
};

TEST_F(PlatformApiE2E, KubectlInThePipelineReadsASecretPatchesStatusAndIsRefusedADelete) {
  auto [code, report] = reconcile_with_api();
  ASSERT_EQ(code, 0) << report.dump(2) << read_file(dir.path() / "stderr");
  ASSERT_EQ(report["requests"].size(), 2u) << report.dump(2);
  for (const auto& request : report["requests"]) {
    EXPECT_EQ(request["result"], "succeeded") << request.dump(2);
    EXPECT_GE(request["api_requests"]["instance-configure"].get<int>(), 3) << request.dump(2);
    EXPECT_EQ(request["status"]["secretBytes"], static_cast<int>(kSecretValue.size())) << request.dump(2);
    EXPECT_EQ(request["status"]["deleteRefused"], true) << request.dump(2);
    EXPECT_EQ(request["status"]["namespace"], request["namespace"]) << request.dump(2);
    // The next container's /kratix/metadata/status.yaml, merged over the API's writes.
    EXPECT_EQ(request["status"]["message"], "redis " + request["name"].get<std::string>() +
                                                (request["name"] == "cache-a" ? " is small" : " is large"));
  }
  const std::string audit = read_file(dir.path() / "audit.jsonl");
  EXPECT_NE(audit.find(R"("verb":"get","path":"/api/v1/namespaces/default/secrets/db","code":200)"),
            std::string::npos)
      << audit;
  EXPECT_NE(audit.find(R"("verb":"delete","path":"/api/v1/namespaces/team-b/secrets/db","code":403)"),
            std::string::npos)
      << audit;
  EXPECT_EQ(report.dump().find(kSecretValue), std::string::npos);
  EXPECT_EQ(audit.find(kSecretValue), std::string::npos);
  EXPECT_EQ(read_file(dir.path() / "stderr").find(kSecretValue), std::string::npos);
  const auto history = run(
      "git -C " + shell_quote(clusters().string()) + " log -p --all | grep -c " + shell_quote(kSecretValue),
      false);
  EXPECT_EQ(history.output, "0\n");
}

// Kratix runs the pipeline's pod in the Promise's pipelineNamespace (kratix-newer.md §7.1): the service
// account's namespace file names it, `kubectl get secret db` without -n reads it (DIR/db, the flat layout),
// the delete is refused there, and the request's status is written in the request's own namespace through
// the cluster-wide grant Kratix makes when the two differ.
TEST_F(PlatformApiE2E, WithPipelineNamespaceTheApiTakesItAsThePipelinesOwn) {
  const fs::path promise = platform() / "promises/redis.yaml";
  std::string text = read_file(promise);
  const std::string workflows = "  workflows:\n";
  text.insert(text.find(workflows) + workflows.size(), "    config:\n      pipelineNamespace: pipelines\n");
  write_file(promise, text);
  auto [code, report] = reconcile_with_api();
  ASSERT_EQ(code, 0) << report.dump(2) << read_file(dir.path() / "stderr");
  ASSERT_EQ(report["requests"].size(), 2u) << report.dump(2);
  for (const auto& request : report["requests"]) {
    EXPECT_EQ(request["status"]["namespace"], "pipelines") << request.dump(2);
    EXPECT_EQ(request["status"]["secretBytes"], static_cast<int>(kSecretValue.size())) << request.dump(2);
    EXPECT_EQ(request["status"]["deleteRefused"], true) << request.dump(2);
  }
  const std::string audit = read_file(dir.path() / "audit.jsonl");
  for (
      const char* line :
      {R"("verb":"get","path":"/api/v1/namespaces/pipelines/secrets/db","code":200)",
       R"("verb":"delete","path":"/api/v1/namespaces/pipelines/secrets/db","code":403)",
       R"("path":"/apis/marketplace.kratix.io/v1alpha1/namespaces/team-b/redis/cache-b/status","code":200)"}) {
    EXPECT_NE(audit.find(line), std::string::npos) << line << "\n" << audit;
  }
  EXPECT_EQ(audit.find("/api/v1/namespaces/default/secrets"), std::string::npos) << audit;
}

TEST_F(PlatformApiE2E, APipelineWithoutRbacGetsNoAPI) {
  const fs::path promise = platform() / "promises/redis.yaml";
  std::string text = read_file(promise);
  text.erase(text.find("            rbac:\n"), std::string("            rbac:\n              permissions:\n"
                                                           "                - apiGroups: [\"\"]\n"
                                                           "                  resources: [secrets]\n"
                                                           "                  verbs: [get]\n")
                                                   .size());
  write_file(promise, text);
  auto [code, report] = reconcile_with_api();
  EXPECT_NE(code, 0);
  for (const auto& request : report["requests"]) {
    EXPECT_EQ(request["result"], "failed") << request.dump(2);
    EXPECT_FALSE(request.contains("api_requests")) << request.dump(2);
  }
  EXPECT_EQ(read_file(dir.path() / "audit.jsonl"), "");
}

}  // namespace
}  // namespace ferry
