// End to end: requests created and deleted through the platform API (docs/platform-api.md) with Debian's
// python3-kubernetes client on `ferry reconcile --runtime exec`, whose sandbox shows the host's files
// read-only, so the host's /usr/bin/python3 and its client run inside it (runtime/exec_runtime.h). Promise
// "claim" is shaped like the marketplace's API-using Promises (kratix-newer.md §9: namespace-claim creates
// and deletes through the Python client; app-stack reads a Secret and another Promise's request): its
// configure pipeline, with in-cluster configuration only, reads a Secret, lists the Promises, reads the db
// request declared in the platform's files, is refused (422) a db its schema does not allow, creates a db
// request, reads it back and writes what it saw to status.yaml; its delete
// pipeline deletes the db. ferry runs the db in the same run, keeps it on the next, and deletes it when the
// claim goes: through the delete pipeline's call, or with its creator when nothing deletes it. A db created
// with metadata.generateName alone gets its name as the API server makes it. Label e2e:
// needs root (the pipeline's network namespace), bwrap, nsenter and python3-kubernetes.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>

#include "tests/support/compound_platform.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

namespace fs = std::filesystem;
using ferry::testing::git;
using ferry::testing::read_file;
using ferry::testing::run;
using ferry::testing::run_ferry;
using ferry::testing::TempDir;
using ferry::testing::write_file;

constexpr const char* kClaimScript = R"(import base64, json, os, sys
from kubernetes import client, config
from kubernetes.client.rest import ApiException

config.load_incluster_config()
api = client.CustomObjectsApi()
namespace = os.environ["KRATIX_OBJECT_NAMESPACE"]
name = os.environ["KRATIX_OBJECT_NAME"] + "-db"

def db(size):
    return {"apiVersion": "example.com/v1", "kind": "db", "metadata": {"name": name}, "spec": {"size": size}}

if sys.argv[1] == "delete":
    api.delete_namespaced_custom_object("example.com", "v1", namespace, "dbs", name)
    sys.exit(0)
secret = client.CoreV1Api().read_namespaced_secret("db", namespace)
secret_bytes = len(base64.b64decode(secret.data["password"]))
promises = api.list_cluster_custom_object("platform.kratix.io", "v1alpha1", "promises")
declared = api.get_namespaced_custom_object("example.com", "v1", namespace, "dbs", "main")
try:
    api.create_namespaced_custom_object("example.com", "v1", namespace, "dbs", db("huge"))
    sys.exit("a db of size huge was created")
except ApiException as e:
    if e.status != 422:
        raise
    refusal = json.loads(e.body)["message"]
wanted = db("small")
if sys.argv[1] == "generate":  # the API server names it: shop-db-xxxxx
    wanted["metadata"] = {"generateName": name + "-"}
try:
    name = api.create_namespaced_custom_object("example.com", "v1", namespace, "dbs", wanted)["metadata"]["name"]
except ApiException as e:
    if e.status != 409:  # created by an earlier run: kept
        raise
read = api.get_namespaced_custom_object("example.com", "v1", namespace, "dbs", name)
with open("/kratix/metadata/status.yaml", "w") as status:
    json.dump({"secretBytes": secret_bytes, "refusal": refusal, "claimed": read["metadata"]["name"],
               "claimedSize": read["spec"]["size"], "mainSize": declared["spec"]["size"],
               "promises": sorted(p["metadata"]["name"] for p in promises["items"])}, status)
)";

constexpr const char* kDbScript = R"(name=$(sed -n 's/^  name: //p' /kratix/input/object.yaml)
printf 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: %s}\n' "$name" > /kratix/output/db.yaml
)";

// A pipeline `name` running `image` with the claim's permissions: dbs, and Secrets to read.
std::string claim_pipeline(const std::string& name, const std::string& image) {
  return R"(        - apiVersion: platform.kratix.io/v1alpha1
          kind: Pipeline
          metadata: {name: )" +
         name + R"(}
          spec:
            rbac:
              permissions:
                - {apiGroups: [example.com], resources: [dbs], verbs: [create, get, delete]}
                - {apiGroups: [""], resources: [secrets], verbs: [get]}
                - {apiGroups: [platform.kratix.io], resources: [promises], verbs: [list], resourceNamespace: "*"}
            containers: [{name: client, image: )" +
         image + "}]\n";
}

// Promise claim: kind claim, its configure pipeline (`configure_image`) creating a db, and its delete
// pipeline deleting it when `with_delete_pipeline`.
std::string claim_promise(bool with_delete_pipeline, const std::string& configure_image = "claim:v1") {
  std::string text = ferry::testing::compound_promise("claim", "dev", "claim:v1");
  text.erase(text.find("      configure:\n"));
  text += "      configure:\n" + claim_pipeline("configure", configure_image);
  if (with_delete_pipeline) text += "      delete:\n" + claim_pipeline("release", "claim-delete:v1");
  return text;
}

class PlatformApiRequestsE2E : public ::testing::Test {
 protected:
  void SetUp() override {
    if (::geteuid() != 0 || run("command -v bwrap && command -v nsenter", false).exit_code != 0 ||
        run("/usr/bin/python3 -c 'import kubernetes'", false).exit_code != 0)
      GTEST_SKIP() << "needs root, bwrap, nsenter and python3-kubernetes (ci/setup installs it)";
    write_file(platform() / "platform.yaml", store_and_worker());
    write_file(platform() / "promises/db.yaml", ferry::testing::db_promise_with_schema("db:v1"));
    write_file(platform() / "promises/claim.yaml", claim_promise(true));
    write_file(platform() / "requests/shop.yaml", ferry::testing::compound_request("claim", "shop"));
    write_file(platform() / "requests/main.yaml", ferry::testing::compound_request("db", "main"));
    write_file(dir.path() / "secrets/db/password", "twelve-bytes");
    write_file(dir.path() / "exec/claim.py", kClaimScript);
    write_file(dir.path() / "exec/db.sh", kDbScript);
    write_file(dir.path() / "exec/ferry-exec.yaml",
               "images:\n  claim:v1: [/usr/bin/python3, ./claim.py, create]\n"
               "  claim-delete:v1: [/usr/bin/python3, ./claim.py, delete]\n  db:v1: [/bin/sh, ./db.sh]\n"
               "  claim-generate:v1: [/usr/bin/python3, ./claim.py, generate]\n");
  }

  // The store and the worker Destination of compound_store_and_destinations, without its platform
  // Destination: the db comes through the API alone.
  static std::string store_and_worker() {
    const std::string all = ferry::testing::compound_store_and_destinations("../state.git");
    const std::string platform_start =
        "---\napiVersion: platform.kratix.io/v1alpha1\nkind: Destination\n"
        "metadata:\n  name: platform\n";
    const std::size_t from = all.find(platform_start);
    const std::size_t to = all.find("---", from + 3);
    return all.substr(0, from) + all.substr(to);
  }

  fs::path platform() const { return dir.path() / "platform"; }
  fs::path state() const { return dir.path() / "state.git"; }

  // `ferry reconcile --output json`: exit code and the report; stderr left in dir/stderr.
  std::pair<int, nlohmann::json> reconcile() {
    const auto result = run_ferry({"reconcile", "--output", "json", platform().string(), "--runtime", "exec",
                                   "--exec-config", (dir.path() / "exec/ferry-exec.yaml").string(),
                                   "--secrets-dir", (dir.path() / "secrets").string(), "--api-audit-file",
                                   (dir.path() / "audit.jsonl").string()});
    write_file(dir.path() / "stderr", result.error_output);
    const nlohmann::json report = nlohmann::json::parse(result.output, nullptr, false);
    EXPECT_FALSE(report.is_discarded()) << result.output << result.error_output;
    return {result.exit_code, report};
  }

  // "namespace/name" -> result.
  static std::map<std::string, std::string> results(const nlohmann::json& report) {
    std::map<std::string, std::string> found;
    if (!report.is_object()) return found;
    for (const auto& r : report["requests"])
      found[r["namespace"].get<std::string>() + "/" + r["name"].get<std::string>()] = r["result"];
    return found;
  }

  std::string worker_files() const { return git(state(), "ls-tree -r --name-only main -- worker"); }

  TempDir dir;
};

TEST_F(PlatformApiRequestsE2E, TheClaimCreatesADbThroughThePythonClientAndTheDbRunsInTheSameRun) {
  auto [code, report] = reconcile();
  ASSERT_EQ(code, 0) << report.dump(2) << read_file(dir.path() / "stderr");
  EXPECT_EQ(results(report), (std::map<std::string, std::string>{{"default/main", "succeeded"},
                                                                 {"default/shop", "succeeded"},
                                                                 {"default/shop-db", "succeeded"}}));
  for (const auto& request : report["requests"]) {
    if (request["name"] != "shop") continue;
    EXPECT_EQ(request["status"]["secretBytes"], 12) << request.dump(2);
    EXPECT_EQ(request["status"]["refusal"],
              "db.example.com \"shop-db\" is invalid: spec.size: must be one of small, large; found \"huge\"")
        << request.dump(2);
    EXPECT_EQ(request["status"]["mainSize"], "small") << request.dump(2);
    EXPECT_EQ(request["status"]["promises"], nlohmann::json::array({"claim", "db"})) << request.dump(2);
    EXPECT_EQ(request["status"]["claimed"], "shop-db") << request.dump(2);
    EXPECT_EQ(request["status"]["claimedSize"], "small") << request.dump(2);
  }
  EXPECT_NE(worker_files().find("/db/shop-db/"), std::string::npos) << worker_files();
  const std::string audit = read_file(dir.path() / "audit.jsonl");
  EXPECT_NE(audit.find(R"("verb":"create","path":"/apis/example.com/v1/namespaces/default/dbs","code":201)"),
            std::string::npos)
      << audit;
  EXPECT_NE(audit.find(R"("verb":"create","path":"/apis/example.com/v1/namespaces/default/dbs","code":422)"),
            std::string::npos)
      << audit;
}

TEST_F(PlatformApiRequestsE2E, ASecondRunKeepsTheCreatedDb) {
  ASSERT_EQ(reconcile().first, 0) << read_file(dir.path() / "stderr");
  const std::string files = worker_files();
  // `ferry plan` serves no API, and reads the db back from its record all the same: nothing to change.
  const auto planned = run_ferry({"plan", platform().string(), "--detailed-exitcode", "--runtime", "exec",
                                  "--exec-config", (dir.path() / "exec/ferry-exec.yaml").string()});
  EXPECT_EQ(planned.exit_code, 0) << planned.output << planned.error_output;
  auto [code, report] = reconcile();
  EXPECT_EQ(code, 0) << read_file(dir.path() / "stderr");
  EXPECT_EQ(results(report),
            (std::map<std::string, std::string>{
                {"default/main", "skipped"}, {"default/shop", "skipped"}, {"default/shop-db", "skipped"}}));
  EXPECT_EQ(worker_files(), files);
}

TEST_F(PlatformApiRequestsE2E, RemovingTheClaimRunsItsDeletePipelineWhoseCallDeletesTheDb) {
  ASSERT_EQ(reconcile().first, 0) << read_file(dir.path() / "stderr");
  fs::remove(platform() / "requests/shop.yaml");
  auto [code, report] = reconcile();
  EXPECT_EQ(code, 0) << report.dump(2) << read_file(dir.path() / "stderr");
  EXPECT_EQ(results(report),
            (std::map<std::string, std::string>{
                {"default/main", "skipped"}, {"default/shop", "deleted"}, {"default/shop-db", "deleted"}}));
  EXPECT_EQ(worker_files().find("/db/shop-db/"), std::string::npos) << worker_files();
  EXPECT_NE(worker_files().find("/db/main/"), std::string::npos) << worker_files();
  const std::string audit = read_file(dir.path() / "audit.jsonl");
  EXPECT_NE(audit.find(
                R"("verb":"delete","path":"/apis/example.com/v1/namespaces/default/dbs/shop-db","code":200)"),
            std::string::npos)
      << audit;
}

TEST_F(PlatformApiRequestsE2E, RemovingTheClaimDeletesTheDbItCreatedWhenNothingDeletesIt) {
  write_file(platform() / "promises/claim.yaml", claim_promise(false));
  ASSERT_EQ(reconcile().first, 0) << read_file(dir.path() / "stderr");
  fs::remove(platform() / "requests/shop.yaml");
  auto [code, report] = reconcile();
  EXPECT_EQ(code, 0) << report.dump(2) << read_file(dir.path() / "stderr");
  EXPECT_EQ(results(report),
            (std::map<std::string, std::string>{
                {"default/main", "skipped"}, {"default/shop", "deleted"}, {"default/shop-db", "deleted"}}));
  EXPECT_EQ(worker_files().find("/db/shop-db/"), std::string::npos) << worker_files();
  EXPECT_NE(worker_files().find("/db/main/"), std::string::npos) << worker_files();
}

// The claim creates its db with metadata.generateName alone: the db is named as the API server names it,
// runs in the same run, and goes with the claim.
TEST_F(PlatformApiRequestsE2E, ADbCreatedWithGenerateNameGetsKubernetesSuffixAndRuns) {
  write_file(platform() / "promises/claim.yaml", claim_promise(false, "claim-generate:v1"));
  auto [code, report] = reconcile();
  ASSERT_EQ(code, 0) << report.dump(2) << read_file(dir.path() / "stderr");
  std::string generated;
  for (const auto& [name, result] : results(report)) {
    if (name.starts_with("default/shop-db-")) generated = name.substr(std::string("default/").size());
  }
  EXPECT_TRUE(std::regex_match(generated, std::regex("shop-db-[bcdfghjklmnpqrstvwxz2456789]{5}")))
      << report.dump(2);
  EXPECT_EQ(results(report), (std::map<std::string, std::string>{{"default/main", "succeeded"},
                                                                 {"default/shop", "succeeded"},
                                                                 {"default/" + generated, "succeeded"}}));
  for (const auto& request : report["requests"]) {
    if (request["name"] == "shop") {
      EXPECT_EQ(request["status"]["claimed"], generated) << request.dump(2);
    }
  }
  EXPECT_NE(worker_files().find("/db/" + generated + "/"), std::string::npos) << worker_files();
  fs::remove(platform() / "requests/shop.yaml");
  std::tie(code, report) = reconcile();
  EXPECT_EQ(code, 0) << report.dump(2) << read_file(dir.path() / "stderr");
  EXPECT_EQ(results(report), (std::map<std::string, std::string>{{"default/main", "skipped"},
                                                                 {"default/shop", "deleted"},
                                                                 {"default/" + generated, "deleted"}}));
}

}  // namespace
}  // namespace ferry
