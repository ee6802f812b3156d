// End to end: PromiseReleases fetched by the ferry binary from a real nginx over HTTPS on loopback
// (tests/support/https_file_server.h), pipelines as host scripts under --runtime exec: the released Promise
// runs its requests; a run without the server installs the cached copy; the Authorization header from a
// Secret; each failure named at the release's file:line with the rest of the run done; a CA that did not
// sign the server's certificate refused; removing the release deletes its Promise's requests; the
// marketplace's compound pattern (a Promise whose dependencies are PromiseReleases of its sub-Promises);
// `ferry validate` reading only the cache.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <optional>

#include "tests/support/compound_platform.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/https_file_server.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

using ferry::testing::git;
using ferry::testing::HttpsFileServer;
using ferry::testing::read_file;
using ferry::testing::run_ferry;
using ferry::testing::TempDir;
using ferry::testing::write_file;

constexpr const char* kReleasedDbScript = R"(name=$(sed -n 's/^  name: //p' /kratix/input/object.yaml)
printf 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: %s}\n' "$name" > /kratix/output/db.yaml
)";
// The compound Promise's pipeline asks for a database named after its request.
constexpr const char* kReleaseAppScript = R"(name=$(sed -n 's/^  name: //p' /kratix/input/object.yaml)
printf 'apiVersion: example.com/v1\nkind: db\nmetadata:\n  name: %s-db\n  namespace: default\nspec: {}\n' "$name" > /kratix/output/request.yaml
)";

// compound_promise's text labelled with `version`, as a release's URL serves it.
std::string versioned_promise(const std::string& name, const std::string& environment,
                              const std::string& image, const std::string& version) {
  std::string text = ferry::testing::compound_promise(name, environment, image);
  const std::string metadata = "metadata: {name: " + name + "}";
  text.replace(text.find(metadata), metadata.size(),
               "metadata: {name: " + name + ", labels: {kratix.io/promise-version: " + version + "}}");
  return text;
}

std::string release(const std::string& name, const std::string& version, const std::string& url,
                    const std::string& extra = "") {
  return "apiVersion: platform.kratix.io/v1alpha1\nkind: PromiseRelease\nmetadata: {name: " + name +
         "}\nspec:\n  version: " + version + "\n  sourceRef:\n    type: http\n    url: " + url + "\n" + extra;
}

class PromiseReleaseE2E : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(server->started());
    std::filesystem::copy_file(server->ca_file(), ca_file);  // kept when a test stops the server
    server->put("promises/db.yaml", versioned_promise("db", "dev", "db:v1", "v1.0.0"));
    write_file(platform() / "platform.yaml", ferry::testing::compound_store_and_destinations("../state.git"));
    write_file(platform() / "releases/db.yaml", release("db", "v1.0.0", server->url("promises/db.yaml")));
    write_file(platform() / "requests/orders.yaml", ferry::testing::compound_request("db", "orders"));
    write_file(dir.path() / "exec/db.sh", kReleasedDbScript);
    write_file(dir.path() / "exec/app.sh", kReleaseAppScript);
    write_file(dir.path() / "exec/ferry-exec.yaml",
               "images:\n  app:v1: [/bin/sh, ./app.sh]\n  db:v1: [/bin/sh, ./db.sh]\n");
  }
  std::filesystem::path platform() const { return dir.path() / "platform"; }
  std::filesystem::path state() const { return dir.path() / "state.git"; }
  std::filesystem::path run_state() const { return platform() / ".ferry/state.git"; }
  std::string at(const std::string& relative) const { return (platform() / relative).string(); }

  struct Run {
    int code = -1;
    std::map<std::string, std::string> results;  // "namespace/name" -> result
    std::vector<std::string> release_errors;
    std::string error_output;
  };
  Run reconcile(std::vector<std::string> extra = {}, bool trust = true) {
    ferry::testing::FerryArgs args = {
        "reconcile", "--output", "json",          platform().string(),
        "--runtime", "exec",     "--exec-config", (dir.path() / "exec/ferry-exec.yaml").string()};
    if (trust) args.insert(args.end(), {"--release-ca-file", ca_file.string()});
    args.insert(args.end(), extra.begin(), extra.end());
    const auto result = run_ferry(args);
    Run run{result.exit_code, {}, {}, result.error_output};
    const nlohmann::json report = nlohmann::json::parse(result.output, nullptr, false);
    EXPECT_FALSE(report.is_discarded()) << result.output << result.error_output;
    if (report.is_discarded()) return run;
    for (const auto& r : report["requests"])
      run.results[r["namespace"].get<std::string>() + "/" + r["name"].get<std::string>()] = r["result"];
    if (report.contains("release_errors")) run.release_errors = report["release_errors"];
    return run;
  }
  std::string worker_files() const { return git(state(), "ls-tree -r --name-only main -- worker"); }

  TempDir dir;
  std::optional<HttpsFileServer> server{std::in_place};
  std::filesystem::path ca_file = dir.path() / "ca.pem";
};

TEST_F(PromiseReleaseE2E, TheReleasedPromiseRunsItsRequestAndItsBodyIsCachedInTheState) {
  const Run run = reconcile();
  EXPECT_EQ(run.code, 0) << run.error_output;
  EXPECT_EQ(run.results, (std::map<std::string, std::string>{{"default/orders", "succeeded"}}));
  EXPECT_EQ(run.release_errors, std::vector<std::string>{});
  EXPECT_EQ(git(state(), "show main:worker/resources/default/db/orders/configure/5058f/db.yaml"),
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: orders}");
  EXPECT_EQ(git(run_state(), "show state:releases/installed/db.yaml") + "\n",
            versioned_promise("db", "dev", "db:v1", "v1.0.0"));
  EXPECT_NE(git(run_state(), "show state:promises/db/record.json").find("kratix.io/promise-release-name"),
            std::string::npos);
}

TEST_F(PromiseReleaseE2E, ARunWithoutTheServerInstallsTheCachedCopyAndSaysSo) {
  ASSERT_EQ(reconcile().code, 0);
  const std::string url = server->url("promises/db.yaml");
  server.reset();  // nginx stopped: nothing listens on its port
  const Run run = reconcile();
  EXPECT_EQ(run.code, 0) << run.error_output;
  EXPECT_EQ(run.results, (std::map<std::string, std::string>{{"default/orders", "skipped"}}));
  EXPECT_NE(run.error_output.find(
                at("releases/db.yaml") + ":1:1: warning: PromiseRelease \"db\": GET " + url +
                ": cannot connect: Connection refused; installed the copy fetched by an earlier run\n"),
            std::string::npos)
      << run.error_output;
}

TEST_F(PromiseReleaseE2E, TheAuthorizationHeaderComesFromTheReleasesSecret) {
  server->put("private/db.yaml", versioned_promise("db", "dev", "db:v1", "v1.0.0"));
  write_file(platform() / "releases/db.yaml", release("db", "v1.0.0", server->url("private/db.yaml"),
                                                      "    secretRef: {name: release-token}\n"));
  const std::filesystem::path secrets = dir.path() / "secrets";
  std::filesystem::create_directories(secrets);
  const Run missing = reconcile({"--secrets-dir", secrets.string()});
  EXPECT_EQ(missing.code, 3);
  EXPECT_EQ(missing.release_errors,
            (std::vector<std::string>{at("releases/db.yaml") +
                                          ":1:1: PromiseRelease \"db\": secret \"release-token\" has no key "
                                          "\"authorizationHeader\" available to ferry: create " +
                                          (secrets / "release-token/authorizationHeader").string() +
                                          " or set FERRY_SECRET_RELEASE_TOKEN_AUTHORIZATIONHEADER",
                                      at("requests/orders.yaml") +
                                          ":1:1: no Promise provides kind db in group example.com; not run: "
                                          "PromiseRelease \"db\" at " +
                                          at("releases/db.yaml") +
                                          ":1:1 failed and may serve it (its error is listed with it)"}));
  write_file(secrets / "release-token/authorizationHeader", "Bearer wrong");
  const Run wrong = reconcile({"--secrets-dir", secrets.string()});
  EXPECT_EQ(wrong.code, 3);
  ASSERT_FALSE(wrong.release_errors.empty());
  EXPECT_EQ(wrong.release_errors[0],
            at("releases/db.yaml") + ":1:1: PromiseRelease \"db\": GET " + server->url("private/db.yaml") +
                " answered 401; only 200 installs a release (Kratix: FailedToFetchPromise)");
  write_file(secrets / "release-token/authorizationHeader", HttpsFileServer::kAuthorization);
  const Run allowed = reconcile({"--secrets-dir", secrets.string()});
  EXPECT_EQ(allowed.code, 0) << allowed.error_output;
  EXPECT_EQ(allowed.results, (std::map<std::string, std::string>{{"default/orders", "succeeded"}}));
  EXPECT_EQ(allowed.error_output.find(HttpsFileServer::kAuthorization), std::string::npos);
}

TEST_F(PromiseReleaseE2E, EachFailureNamesItsReleaseAndTheRestOfTheRunIsDone) {
  server->put("not-a-promise.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n");
  write_file(platform() / "releases/bad.yaml",
             release("mismatch", "v2.0.0", server->url("promises/db.yaml")) + "---\n" +
                 release("configmap", "v1.0.0", server->url("not-a-promise.yaml")) + "---\n" +
                 release("missing", "v1.0.0", server->url("promises/none.yaml")) + "---\n" +
                 release("unreachable", "v1.0.0", "https://localhost:1/p.yaml"));
  const Run run = reconcile();
  EXPECT_EQ(run.code, 3);
  EXPECT_EQ(run.results, (std::map<std::string, std::string>{{"default/orders", "succeeded"}}));
  const std::string bad = at("releases/bad.yaml");
  ASSERT_EQ(run.release_errors.size(), 4u) << run.error_output;
  EXPECT_EQ(run.release_errors[0],
            bad + ":1:1: PromiseRelease \"mismatch\": the Promise fetched from " +
                server->url("promises/db.yaml") +
                " is version v1.0.0, but spec.version is v2.0.0 (Kratix: VersionNotMatching)");
  EXPECT_EQ(run.release_errors[1], bad + ":10:1: PromiseRelease \"configmap\": the body of " +
                                       server->url("not-a-promise.yaml") +
                                       " is not a platform.kratix.io Promise (its kind is ConfigMap)");
  EXPECT_EQ(run.release_errors[2],
            bad + ":19:1: PromiseRelease \"missing\": GET " + server->url("promises/none.yaml") +
                " answered 404; only 200 installs a release (Kratix: FailedToFetchPromise)");
  EXPECT_TRUE(run.release_errors[3].starts_with(
      bad + ":28:1: PromiseRelease \"unreachable\": GET https://localhost:1/p.yaml: cannot connect: "))
      << run.release_errors[3];
}

TEST_F(PromiseReleaseE2E, AServerCertificateNoTrustedCaSignedIsRefused) {
  const Run run = reconcile({}, false);
  EXPECT_EQ(run.code, 3);
  ASSERT_EQ(run.release_errors.size(), 2u) << run.error_output;
  EXPECT_TRUE(run.release_errors[0].starts_with(
      at("releases/db.yaml") + ":1:1: PromiseRelease \"db\": GET " + server->url("promises/db.yaml") +
      ": TLS handshake with localhost:" + std::to_string(server->port()) +
      " failed (unable to get local issuer certificate): "))
      << run.release_errors[0];
  EXPECT_EQ(run.results, (std::map<std::string, std::string>{}));
}

TEST_F(PromiseReleaseE2E, RemovingTheReleaseDeletesItsPromiseAndItsRequests) {
  // A Promise of the platform's own stays: a run that would delete every recorded object stops
  // (deletion_guard.h).
  write_file(platform() / "promises/cache.yaml", ferry::testing::compound_promise("cache", "dev", "db:v1"));
  ASSERT_EQ(reconcile().code, 0);
  ASSERT_NE(worker_files(), "");
  std::filesystem::remove(platform() / "releases/db.yaml");
  std::filesystem::remove(platform() / "requests/orders.yaml");
  const Run run = reconcile();
  EXPECT_EQ(run.code, 0) << run.error_output;
  EXPECT_EQ(run.results, (std::map<std::string, std::string>{{"default/orders", "deleted"}}));
  EXPECT_EQ(worker_files(), "");
  EXPECT_EQ(git(run_state(), "ls-tree --name-only state promises/"), "promises/cache");
}

// The marketplace's compound pattern: Promise "app" ships PromiseReleases of its sub-Promise "db" as its
// dependencies, written to the platform Destination; the next pass installs db from its URL, and the db
// request app's pipeline emits runs in the same run.
TEST_F(PromiseReleaseE2E, ACompoundPromiseGetsItsSubPromiseThroughAReleaseInItsDependencies) {
  std::filesystem::remove(platform() / "releases/db.yaml");
  std::filesystem::remove(platform() / "requests/orders.yaml");
  std::string app = ferry::testing::compound_promise("app", "platform", "app:v1");
  std::string dependency = release("db", "v1.0.0", server->url("promises/db.yaml"));
  std::string indented;
  for (std::size_t start = 0; start < dependency.size();) {
    const std::size_t end = dependency.find('\n', start);
    indented += (start == 0 ? "    - " : "      ") + dependency.substr(start, end - start) + "\n";
    start = end + 1;
  }
  app.insert(app.find("  workflows:"), "  dependencies:\n" + indented);
  write_file(platform() / "promises/app.yaml", app);
  write_file(platform() / "requests/shop.yaml", ferry::testing::compound_request("app", "shop"));
  const Run run = reconcile();
  EXPECT_EQ(run.code, 0) << run.error_output;
  EXPECT_EQ(run.release_errors, std::vector<std::string>{});
  EXPECT_EQ(run.results, (std::map<std::string, std::string>{{"default/shop", "succeeded"},
                                                             {"default/shop-db", "succeeded"}}));
  EXPECT_EQ(git(state(), "show main:worker/resources/default/db/shop-db/configure/5058f/db.yaml"),
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: shop-db}");
  const Run again = reconcile();
  EXPECT_EQ(again.code, 0) << again.error_output;
  EXPECT_EQ(again.results, (std::map<std::string, std::string>{{"default/shop", "skipped"},
                                                               {"default/shop-db", "skipped"}}));
}

// The marketplace's other form (app-as-a-service's README): the sub-Promise's release sits in the platform
// beside the compound Promise, whose requiredPromises pin the release's version.
TEST_F(PromiseReleaseE2E, AReleasedPromiseSatisfiesARequiredPromiseOfItsVersionOnly) {
  std::filesystem::remove(platform() / "requests/orders.yaml");
  auto write_app = [&](const std::string& version) {
    std::string app = ferry::testing::compound_promise("app", "platform", "app:v1");
    app.insert(app.find("  workflows:"), "  requiredPromises: [{name: db, version: " + version + "}]\n");
    write_file(platform() / "promises/app.yaml", app);
  };
  write_file(platform() / "requests/shop.yaml", ferry::testing::compound_request("app", "shop"));
  write_app("v2.0.0");
  const Run unmet = reconcile();
  EXPECT_EQ(unmet.code, 3) << unmet.error_output;
  EXPECT_EQ(unmet.results, (std::map<std::string, std::string>{{"default/shop", "pending"}}));
  write_app("v1.0.0");
  const Run met = reconcile();
  EXPECT_EQ(met.code, 0) << met.error_output;
  EXPECT_EQ(met.results, (std::map<std::string, std::string>{{"default/shop", "succeeded"},
                                                             {"default/shop-db", "succeeded"}}));
}

TEST_F(PromiseReleaseE2E, PlanFetchesTheReleaseAndRecordsNothing) {
  const auto plan =
      run_ferry({"plan", platform().string(), "--runtime", "exec", "--exec-config",
                 (dir.path() / "exec/ferry-exec.yaml").string(), "--release-ca-file", ca_file.string()});
  EXPECT_EQ(plan.exit_code, 0) << plan.output << plan.error_output;
  EXPECT_NE(plan.output.find("default/orders"), std::string::npos) << plan.output;
  EXPECT_EQ(plan.output.find("PromiseRelease"), std::string::npos) << plan.output;
  EXPECT_FALSE(std::filesystem::exists(run_state()));  // no state made, no body cached
}

TEST_F(PromiseReleaseE2E, ValidateAndExplainReadOnlyTheCopiesTheStateCaches) {
  const auto before = run_ferry({"validate", platform().string()});
  EXPECT_EQ(before.exit_code, 0) << before.output << before.error_output;
  EXPECT_NE(before.output.find("PromiseRelease \"db\": not fetched (this command reads only the copies"),
            std::string::npos)
      << before.output;
  ASSERT_EQ(reconcile().code, 0);
  server.reset();
  const auto after = run_ferry({"validate", platform().string()});
  EXPECT_EQ(after.exit_code, 0) << after.output << after.error_output;
  EXPECT_EQ(after.output.find("not fetched"), std::string::npos) << after.output;
  // explain reads the same cache: the released Promise's request is explained without the server.
  const auto explained =
      run_ferry({"explain", platform().string(), "--request", "default/orders", "--runtime", "exec",
                 "--exec-config", (dir.path() / "exec/ferry-exec.yaml").string()});
  EXPECT_EQ(explained.exit_code, 0) << explained.output << explained.error_output;
  EXPECT_NE(explained.output.find("request default/orders (db, Promise db)"), std::string::npos)
      << explained.output;
}

}  // namespace
}  // namespace ferry
