// End to end, the platform API's security with `ferry reconcile --runtime exec` (issue 24, "Security
// tests"): the two redis requests' pipelines run at the same time (--jobs 2), each with its own API. Each
// publishes its service account token as a Secret through its API and waits for the other's, so both
// servers are up together; then each presents the other's token at 127.0.0.1:443, the only API its
// namespace reaches, and is refused (401): the other pipeline's server, which would accept that token, is
// unreachable, and one pipeline's token opens no other's listener. The tokens and a planted Secret value
// that both pipelines read and print, plain and in base64, appear in no report, stderr, audit line,
// container log or commit (state and Destinations); nor, when the containers fail with them in their log's
// tail, in GitHub's step summary. And a non-root run of a Pipeline with rbac stops before any container with
// the error of run/platform_api_check.h. Label e2e: needs root (and nobody's account for the last test),
// kubectl, bwrap, nsenter and setpriv.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

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

const std::string kPlantedValue = "planted-value-9d2e";

// Run by both pipelines; `other` is the other request. Waits at most 60 s for the other pipeline.
constexpr const char* kSecurityScript = R"sh(export HOME=/tmp
set -eu
me=$KRATIX_OBJECT_NAME
if [ "$me" = cache-a ]; then other=cache-b; else other=cache-a; fi
wait_for() {
  i=0
  until k -n shared get secret "$1" -o jsonpath='{.data.token}' >/tmp/found 2>/dev/null; do
    i=$((i + 1)); [ $i -lt 240 ] || { echo "no $1 after 60 s"; exit 3; }
    sleep 0.25
  done
}
password=$(k get secret db -o jsonpath='{.data.password}')
echo "$me: the password in base64: $password, plain: $(echo "$password" | base64 -d)"
echo "$me: on stderr: $(echo "$password" | base64 -d)" >&2
k get secret db -o yaml
k -n shared create secret generic "token-$me" --dry-run=client -o yaml \
  --from-file=token=/var/run/secrets/kubernetes.io/serviceaccount/token | k apply -f - >/dev/null
wait_for "token-$other"
if k --token="$(base64 -d </tmp/found)" get secret db >/dev/null 2>/tmp/err;
then echo "the other pipeline's token was accepted"; exit 4
fi
grep -q "You must be logged in to the server" /tmp/err
echo "$me: the other pipeline's token in base64: $(cat /tmp/found), plain: $(base64 -d </tmp/found)"
k -n shared create secret generic "done-$me" --from-literal=token=done --dry-run=client -o yaml |
  k apply -f - >/dev/null
wait_for "done-$other"
echo "$me: refused the other pipeline's token"
)sh";

// Run by both pipelines in place of kSecurityScript: prints a value before creating a Secret of it, then
// the planted value both ways, and fails, so the log's tail is in the failure's message.
constexpr const char* kPrintAndFailScript = R"sh(export HOME=/tmp
set -eu
made="made-value-$KRATIX_OBJECT_NAME-4b7c"
echo "before its Secret: $made"
k create secret generic "made-$KRATIX_OBJECT_NAME" --from-literal=value="$made" --dry-run=client -o yaml |
  k apply -f - >/dev/null
password=$(k get secret db -o jsonpath='{.data.password}')
echo "the password in base64: $password, plain: $(echo "$password" | base64 -d)"
exit 1
)sh";

class PlatformApiSecurityE2E : public ferry::testing::PlatformFixture {
 protected:
  void SetUp() override {
    const std::string kubectl = ferry::testing::static_kubectl_binary();
    if (const std::string missing = ferry::testing::kubectl_pipelines_unavailable(kubectl, "setpriv");
        !missing.empty())
      GTEST_SKIP() << missing;
    PlatformFixture::SetUp();
    fs::remove(platform() / "promises/app.yaml");
    fs::remove(platform() / "requests/apps.yaml");
    write_file(dir.path() / "secrets/db/password", kPlantedValue);
    write_file(dir.path() / "security.sh",
               "k() { " + shell_quote(kubectl) + " \"$@\"; }\n" + std::string(kSecurityScript));
    write_file(dir.path() / "ferry-exec.yaml", "images:\n  localhost/ferry-tests/api-security:1: [/bin/sh, " +
                                                   (dir.path() / "security.sh").string() +
                                                   "]\n  localhost/ferry-fixtures/redis-configure:dev: "
                                                   "[/bin/sh, " +
                                                   std::string(FERRY_SOURCE_DIR) +
                                                   "/fixtures/images/redis-configure/redis-configure.sh]\n");
    const fs::path promise = platform() / "promises/redis.yaml";
    std::string text = read_file(promise);
    const std::string containers = "            containers:\n";
    const auto at = text.find(containers, text.find("name: instance-configure"));
    ASSERT_NE(at, std::string::npos);
    text.insert(
        at + containers.size(),
        "              - name: security\n                image: localhost/ferry-tests/api-security:1\n");
    text.insert(at,
                "            rbac:\n              permissions:\n                - apiGroups: [\"\"]\n"
                "                  resources: [secrets]\n                  verbs: [get, create, patch]\n"
                "                  resourceNamespace: \"*\"\n");
    write_file(promise, text);
    rbac_line_ = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n');
  }

  FerryArgs api_args() const {
    return {"--runtime",        "exec",
            "--exec-config",    (dir.path() / "ferry-exec.yaml").string(),
            "--secrets-dir",    (dir.path() / "secrets").string(),
            "--api-audit-file", (dir.path() / "audit.jsonl").string(),
            "--logs-dir",       (dir.path() / "logs").string(),
            "--jobs",           "2",
            "--show-logs"};
  }

  // Every place a run leaves text: the report, stderr, the audit log, the container logs and every commit
  // of the state and the Destinations; the ones that hold `value`.
  std::vector<std::string> places_holding(const std::string& value, const nlohmann::json& report) {
    std::vector<std::string> found;
    if (report.dump().find(value) != std::string::npos) found.push_back("report");
    if (read_file(dir.path() / "stderr").find(value) != std::string::npos) found.push_back("stderr");
    if (read_file(dir.path() / "audit.jsonl").find(value) != std::string::npos) found.push_back("audit");
    if (run("grep -rqF " + shell_quote(value) + " " + shell_quote((dir.path() / "logs").string()), false)
            .exit_code == 0)
      found.push_back("container logs");
    for (const fs::path& repo : {clusters(), observability(), platform() / ".ferry/state.git"}) {
      const auto history = run(
          "git -C " + shell_quote(repo.string()) + " log -p --all | grep -cF " + shell_quote(value), false);
      if (history.output != "0\n") found.push_back(repo.string() + ": " + history.output);
    }
    return found;
  }

  // The container logs kept of `request` (docs/logs.md: a file per container under its name).
  std::string logs_of(const std::string& request) const {
    return run("find " + shell_quote((dir.path() / "logs").string()) + " -path '*/" + request +
                   "/*' -name '*.log' -exec cat {} +",
               false)
        .output;
  }

  static std::string base64_of(const std::string& value) {
    const std::string encoded = run("printf %s " + shell_quote(value) + " | base64 -w0", false).output;
    EXPECT_FALSE(encoded.empty());
    return encoded;
  }

  long rbac_line_ = 0;
};

TEST_F(PlatformApiSecurityE2E, TwoPipelinesAtOnceReachOnlyTheirOwnAPIAndLeakNothing) {
  auto [code, report] = reconcile(api_args());
  ASSERT_EQ(code, 0) << report.dump(2) << read_file(dir.path() / "stderr");
  const std::string logs =
      run("grep -rh 'refused the other' " + shell_quote((dir.path() / "logs").string()), false).output;
  for (const char* request : {"cache-a", "cache-b"}) {
    EXPECT_NE(logs.find(std::string(request) + ": refused the other pipeline's token"), std::string::npos)
        << logs;
  }
  // Each listener refused the other pipeline's token, and said so in the audit log under its own pipeline.
  std::istringstream audit(read_file(dir.path() / "audit.jsonl"));
  std::set<std::string> refused_at;
  for (std::string line; std::getline(audit, line);) {
    const auto entry = nlohmann::json::parse(line);
    if (entry["code"] == 401) refused_at.insert(entry["pipeline"].get<std::string>());
  }
  EXPECT_EQ(refused_at, (std::set<std::string>{"default/cache-a/instance-configure",
                                               "team-b/cache-b/instance-configure"}));
  std::vector<std::string> secrets{kPlantedValue};
  for (const char* request : {"cache-a", "cache-b"}) {
    const std::string token =
        read_file(dir.path() / "secrets/.namespaces/shared" / (std::string("token-") + request) / "token");
    ASSERT_GE(token.size(), 32u);
    secrets.push_back(token);
  }
  EXPECT_NE(secrets[1], secrets[2]);
  // Each container printed the planted value and the other's token, plain and in base64 (as the API
  // serves a Secret's data, and `kubectl get -o yaml` prints it), and each print was masked.
  for (const char* request : {"cache-a", "cache-b"}) {
    const std::string who = std::string(request) + ": ";
    EXPECT_NE(logs_of(request).find(who + "the password in base64: ***, plain: ***\n"), std::string::npos)
        << logs_of(request);
    EXPECT_NE(logs_of(request).find("  password: ***\n"), std::string::npos) << logs_of(request);
    EXPECT_NE(logs_of(request).find(who + "the other pipeline's token in base64: ***, plain: ***\n"),
              std::string::npos)
        << logs_of(request);
    EXPECT_NE(read_file(dir.path() / "stderr").find(who + "on stderr: ***\n"), std::string::npos)
        << read_file(dir.path() / "stderr");
  }
  for (const std::string& value : secrets) {
    EXPECT_EQ(places_holding(value, report), std::vector<std::string>{}) << value;
    EXPECT_EQ(places_holding(base64_of(value), report), std::vector<std::string>{}) << base64_of(value);
  }
}

// A container that prints what it read and made through the API and fails: its log's tail is in the
// failure's message, so in the report, on stderr, in GitHub's annotations and step summary, and in the
// recorded status; the values are in none, plain or in base64 (GitHub's ::add-mask:: commands aside, which
// must carry them).
TEST_F(PlatformApiSecurityE2E, AFailedContainersPrintedSecretsAreMaskedInEveryMessage) {
  write_file(dir.path() / "security.sh", "k() { " + shell_quote(ferry::testing::static_kubectl_binary()) +
                                             " \"$@\"; }\n" + std::string(kPrintAndFailScript));
  const auto result = ferry::testing::run_ferry(
      FerryArgs{"reconcile", "--output", "json", platform().string()} + api_args(),
      {.env = {{"GITHUB_ACTIONS", "true"}, {"GITHUB_STEP_SUMMARY", (dir.path() / "summary.md").string()}}});
  std::string stderr_text;
  std::istringstream lines(result.error_output);
  for (std::string line; std::getline(lines, line);)
    if (!line.starts_with("::add-mask::")) stderr_text += line + "\n";
  write_file(dir.path() / "stderr", stderr_text);
  const nlohmann::json report = nlohmann::json::parse(result.output, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << result.output << result.error_output;
  EXPECT_NE(result.exit_code, 0);
  // A failed workflow's API requests are counted too: the create, its apply's get, and the Secret's get.
  ASSERT_EQ(report["requests"].size(), 2u) << report.dump(2);
  for (const auto& request : report["requests"]) {
    EXPECT_EQ(request["result"], "failed") << request.dump(2);
    const nlohmann::json counts = request.value("api_requests", nlohmann::json::object());
    EXPECT_GE(counts.value("instance-configure", 0), 3) << request.dump(2);
  }
  const std::string summary = read_file(dir.path() / "summary.md");
  EXPECT_NE(report.dump().find("the password in base64: ***, plain: ***"), std::string::npos) << report;
  EXPECT_NE(report.dump().find("before its Secret: ***"), std::string::npos) << report;
  for (const char* request : {"cache-a", "cache-b"}) {
    EXPECT_NE(logs_of(request).find("the password in base64: ***, plain: ***\n"), std::string::npos)
        << logs_of(request);
  }
  EXPECT_NE(summary.find(R"(the password in base64: \*\*\*, plain: \*\*\*)"), std::string::npos) << summary;
  for (const std::string& value : std::vector<std::string>{
           kPlantedValue, std::string("made-value-cache-a-4b7c"), std::string("made-value-cache-b-4b7c")}) {
    for (const std::string& form : {value, base64_of(value)}) {
      EXPECT_EQ(places_holding(form, report), std::vector<std::string>{}) << form;
      EXPECT_EQ(summary.find(form), std::string::npos) << form << "\n" << summary;
    }
  }
}

TEST_F(PlatformApiSecurityE2E, ANonRootRunStopsBeforeAnyContainerAtTheRbac) {
  if (run("id nobody", false).exit_code != 0) GTEST_SKIP() << "no user nobody";
  ASSERT_EQ(run("chown -R nobody " + shell_quote(dir.path().string()) + " && chmod 755 " +
                    shell_quote(dir.path().string()),
                false)
                .exit_code,
            0);
  const std::string group = run("id -g nobody", false).output;
  const auto result = ferry::testing::run_binary(
      "setpriv",
      FerryArgs{"--reuid=nobody", "--regid=" + group.substr(0, group.find('\n')), "--clear-groups",
                "--inh-caps=-all", ferry::testing::ferry_binary(), "reconcile", "--output", "json",
                platform().string()} +
          api_args(),
      {.env = {{"HOME", dir.path().string()}}});
  EXPECT_EQ(result.exit_code, 1) << result.output << result.error_output;
  EXPECT_NE(
      result.error_output.find(
          (platform() / "promises/redis.yaml").string() + ":" + std::to_string(rbac_line_ + 1) +
          ":15: error: Promise \"redis\", Pipeline \"instance-configure\" (resource.configure): rbac asks "
          "for "
          "the platform API, which this run cannot serve: cannot make the pipeline's network namespace: "
          "unshare: Operation not permitted; making a pipeline's network namespace needs CAP_SYS_ADMIN: "
          "run ferry reconcile as root"),
      std::string::npos)
      << result.error_output;
  EXPECT_NE(result.error_output.find("nothing was run or written"), std::string::npos) << result.error_output;
  EXPECT_FALSE(fs::exists(dir.path() / "logs")) << "a container ran";
  EXPECT_FALSE(fs::exists(dir.path() / "audit.jsonl"));
}

}  // namespace
}  // namespace ferry
