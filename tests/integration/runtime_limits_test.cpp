// resources and securityContext through the runtimes that run real containers here (podman, oci, exec):
// the container runs as the user asked, has a read-only root with writable /kratix mounts, cannot exceed its
// memory limit (and fails with a message saying so), has its capabilities dropped; runAsNonRoot refuses a
// root container; and jobOptions.backoffLimit retries a real container that fails once.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "pipeline/workflow.h"
#include "tests/integration/runtime_fixture.h"

namespace ferry::pipeline {
namespace {

namespace fs = std::filesystem;

class RuntimeLimits : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    runtime_ = runtime_for_test(GetParam());
    ASSERT_NE(runtime_, nullptr);
  }
  // `script` run by the image's /bin/sh (exec: the host's), with `security` set.
  runtime::ContainerRun shell(const std::string& script,
                              std::optional<SecurityContext> security = SecurityContext{}) {
    runtime::ContainerRun run = dirs_.run("limits/" + std::to_string(++count_));
    run.command = {"/bin/sh", "-c", script};
    run.security = std::move(security);
    return run;
  }
  runtime::ContainerExit run_ok(const runtime::ContainerRun& run) {
    Result<runtime::ContainerExit> exit = runtime_->run(run);
    if (!exit) {
      ADD_FAILURE() << exit.error().render();
      return {};
    }
    return *exit;
  }

  KratixDirs dirs_;
  std::unique_ptr<runtime::ContainerRuntime> runtime_;
  int count_ = 0;
};

TEST_P(RuntimeLimits, RunsAsTheUserAndGroup) {
  SecurityContext security;
  security.run_as_user = 1000;
  security.run_as_group = 3000;
  fs::permissions(dirs_.output(), fs::perms::all);
  const runtime::ContainerExit exit = run_ok(shell("id -u; id -g; touch /kratix/output/mine", security));
  EXPECT_EQ(exit.exit_code, 0) << exit.log;
  EXPECT_EQ(exit.log, "1000\n3000\n");
  struct stat info {};
  ASSERT_EQ(::stat((dirs_.output() / "mine").c_str(), &info), 0);
  EXPECT_EQ(info.st_uid, 1000u);
}

TEST_P(RuntimeLimits, AReadOnlyRootKeepsTheKratixMountsWritable) {
  SecurityContext security;
  security.read_only_root_filesystem = true;
  const runtime::ContainerExit exit =
      run_ok(shell("touch /root-file 2>/dev/null && echo root writable || echo root read-only;"
                   "touch /tmp/file 2>/dev/null && echo tmp writable || echo tmp read-only;"
                   "touch /kratix/output/o /kratix/metadata/m && echo kratix writable",
                   security));
  EXPECT_EQ(exit.exit_code, 0) << exit.log;
  EXPECT_EQ(exit.log, "root read-only\ntmp read-only\nkratix writable\n");
}

// The root is writable on podman and oci without a securityContext, so the test above can fail; exec's
// root is always read-only, its /tmp a tmpfs.
TEST_P(RuntimeLimits, WithoutASecurityContextTheRootIsAsBefore) {
  const runtime::ContainerExit exit = run_ok(shell(
      "touch /root-file 2>/dev/null && echo root writable || echo root read-only;"
      "mkdir -p /tmp 2>/dev/null; touch /tmp/file 2>/dev/null && echo tmp writable || echo tmp read-only",
      std::nullopt));
  EXPECT_EQ(exit.log,
            GetParam() == "exec" ? "root read-only\ntmp writable\n" : "root writable\ntmp writable\n");
}

TEST_P(RuntimeLimits, DroppedCapabilitiesAreGone) {
  SecurityContext security;
  security.capabilities_drop = {"ALL"};
  security.capabilities_add = {"NET_BIND_SERVICE"};
  const runtime::ContainerExit exit = run_ok(shell("grep CapEff /proc/self/status", security));
  EXPECT_EQ(exit.log, "CapEff:\t0000000000000400\n");
  security.capabilities_add.clear();
  EXPECT_EQ(run_ok(shell("grep CapEff /proc/self/status", security)).log, "CapEff:\t0000000000000000\n");
}

TEST_P(RuntimeLimits, NoNewPrivilegesWhenEscalationIsNotAllowed) {
  SecurityContext security;
  security.allow_privilege_escalation = false;
  EXPECT_EQ(run_ok(shell("grep NoNewPrivs /proc/self/status", security)).log, "NoNewPrivs:\t1\n");
}

TEST_P(RuntimeLimits, AContainerOverItsMemoryLimitFailsSayingSo) {
  runtime::ContainerRun run = shell("exec dd if=/dev/zero of=/dev/null bs=100M count=1", std::nullopt);
  run.resources.limits.memory_bytes = 32 << 20;
  const runtime::ContainerExit exit = run_ok(run);
  EXPECT_EQ(exit.exit_code, 137) << exit.log;
  EXPECT_EQ(exit.reason,
            "OOMKilled: killed (exit 137) for using more memory than its limit of 33554432 bytes "
            "(resources.limits.memory); raise resources.limits.memory or make the container use less");
}

TEST_P(RuntimeLimits, AContainerWithinItsMemoryLimitRuns) {
  runtime::ContainerRun run =
      shell("dd if=/dev/zero of=/dev/null bs=8M count=1 2>/dev/null && echo fits", std::nullopt);
  run.resources.limits.memory_bytes = 64 << 20;
  run.resources.limits.cpu_millis = 500;
  const runtime::ContainerExit exit = run_ok(run);
  EXPECT_EQ(exit.exit_code, 0) << exit.log;
  EXPECT_EQ(exit.log, "fits\n");
  EXPECT_EQ(exit.reason, "");
}

TEST_P(RuntimeLimits, RunAsNonRootRefusesARootContainer) {
  SecurityContext security;
  security.run_as_non_root = true;
  security.where = SourceLocation{"promise.yaml", 30, 17};
  Result<runtime::ContainerExit> exit = runtime_->run(shell("true", security));
  ASSERT_FALSE(exit.ok());
  EXPECT_EQ(exit.error().render(),
            "promise.yaml:30:17: cannot run limits/1: container has runAsNonRoot and image "
            "will run as root; set securityContext.runAsUser to a non-zero ID or use an "
            "image whose USER is not root");
  security.run_as_user = 1000;
  EXPECT_EQ(run_ok(shell("id -u", security)).log, "1000\n");
}

// A container that fails on its first start and succeeds on its second, counting its starts in
// /kratix/metadata: the scratch directory of the pipeline is kept between attempts, as a Pod's emptyDir is.
TEST_P(RuntimeLimits, BackoffLimitRetriesARealContainer) {
  Container container{"flaky",
                      kContractImage,
                      {"/bin/sh", "-c",
                       "n=$(cat /kratix/metadata/starts 2>/dev/null || echo 0); n=$((n+1)); echo $n > "
                       "/kratix/metadata/starts; echo start $n; [ $n -ge 2 ]"},
                      {},
                      {}};
  Pipeline pipeline{"retry", {container}, false, {}};
  pipeline.backoff_limit = 1;
  ferry::testing::TempDir scratch;
  WorkflowOptions options;
  options.scratch_dir = scratch.path();
  WorkflowObject object{"resource", "configure", "redis",   "Redis",   "marketplace.kratix.io",
                        "v1alpha1", "cache",     "default", "redises", "kind: Redis\n"};
  auto results = run_workflow({pipeline}, object, *runtime_, options);
  ASSERT_TRUE(results.ok()) << results.error().render();
  EXPECT_EQ(results->front().container_retries, 1);
  pipeline.backoff_limit = 0;
  auto failed = run_workflow({pipeline}, object, *runtime_, options);
  ASSERT_FALSE(failed.ok());
  EXPECT_NE(failed.error().message.find("exited with code 1; last lines of its log:\nstart 1"),
            std::string::npos)
      << failed.error().message;
}

INSTANTIATE_TEST_SUITE_P(RealRuntimes, RuntimeLimits, ::testing::Values("podman", "oci", "exec"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace ferry::pipeline
