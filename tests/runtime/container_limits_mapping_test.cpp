// How each runtime is told a container's resources and securityContext, built without running anything:
// podman's and docker's `run` options, runc's config.json, bubblewrap's arguments; and the user rules
// (runAsNonRoot's refusals) and capability sets they share.
#include <gtest/gtest.h>

#include "runtime/capabilities.h"
#include "runtime/docker_runtime.h"
#include "runtime/engine_limits.h"
#include "runtime/exec_runtime.h"
#include "runtime/memory_cgroup.h"
#include "runtime/oci_runtime.h"
#include "runtime/podman_runtime.h"
#include "runtime/run_as.h"
#include "tests/support/test_support.h"

namespace ferry::runtime {
namespace {

using Args = std::vector<std::string>;

ContainerRun limited_run() {
  ContainerRun run;
  run.label = "p/c";
  run.image = "img";
  run.resources.limits.cpu_millis = 1500;
  run.resources.limits.memory_bytes = 64 << 20;
  SecurityContext security;
  security.run_as_user = 1000;
  security.run_as_group = 3000;
  security.read_only_root_filesystem = true;
  security.allow_privilege_escalation = false;
  security.capabilities_drop = {"ALL"};
  security.capabilities_add = {"NET_BIND_SERVICE"};
  run.security = security;
  run.mounts = {{"/in", "/kratix/input", false}, {"/out", "/kratix/output", false}};
  return run;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(EngineLimits, PodmanGetsOneOptionPerField) {
  EXPECT_EQ(engine_limit_arguments(limited_run(), "", "", true),
            (Args{"--cpus=1.500", "--memory=67108864b", "--memory-swap=67108864b", "--user=1000:3000",
                  "--read-only", "--read-only-tmpfs=false", "--security-opt=no-new-privileges",
                  "--cap-drop=ALL", "--cap-add=NET_BIND_SERVICE"}));
}

TEST(EngineLimits, DockerHasNoReadOnlyTmpfsOptionAndACgroupParentTakesTheMemoryLimit) {
  EXPECT_EQ(engine_limit_arguments(limited_run(), "", "/ferry/x", false),
            (Args{"--cpus=1.500", "--cgroup-parent=/ferry/x", "--user=1000:3000", "--read-only",
                  "--security-opt=no-new-privileges", "--cap-drop=ALL", "--cap-add=NET_BIND_SERVICE"}));
}

TEST(EngineLimits, PodmanKeepsConmonOutOfACgroupParentThatHoldsTheLimit) {
  EXPECT_EQ(engine_limit_arguments(limited_run(), "", "/ferry/x", true),
            (Args{"--cpus=1.500", "--cgroup-parent=/ferry/x", "--cgroups=no-conmon", "--user=1000:3000",
                  "--read-only", "--read-only-tmpfs=false", "--security-opt=no-new-privileges",
                  "--cap-drop=ALL", "--cap-add=NET_BIND_SERVICE"}));
}

TEST(EngineLimits, NothingSetAddsNothing) {
  ContainerRun run;
  EXPECT_TRUE(engine_limit_arguments(run, "", "", true).empty());
  run.security = SecurityContext{};
  EXPECT_TRUE(engine_limit_arguments(run, "", "", true).empty());
}

TEST(EngineLimits, RunAsGroupAloneKeepsTheImagesUserAndPrivilegedIsPassedOn) {
  ContainerRun run;
  run.security = SecurityContext{};
  run.security->run_as_group = 5;
  run.security->privileged = true;
  EXPECT_EQ(engine_limit_arguments(run, "app:staff", "", true), (Args{"--user=app:5", "--privileged"}));
  EXPECT_EQ(engine_limit_arguments(run, "", "", true), (Args{"--user=0:5", "--privileged"}));
}

TEST(EngineLimits, ArgumentsComeBeforeTheMountsAndImage) {
  const Args args = PodmanRuntime().arguments_for(limited_run(), "n");
  EXPECT_EQ(Args(args.begin(), args.begin() + 7),
            (Args{"run", "--rm", "--name", "n", "--network=none", "--pull=missing", "--cpus=1.500"}));
  EXPECT_EQ(args.back(), "img");
}

TEST(EngineLimits, CpusTextHasThreeDecimals) {
  EXPECT_EQ(cpus_text(1), "0.001");
  EXPECT_EQ(cpus_text(250), "0.250");
  EXPECT_EQ(cpus_text(4000), "4.000");
}

TEST(RunAs, NonRootRefusalsUseTheKubeletsWords) {
  SecurityContext security;
  security.run_as_non_root = true;
  EXPECT_EQ(
      non_root_problem(security, ""),
      "container has runAsNonRoot and image will run as root; set securityContext.runAsUser to a non-zero "
      "ID or use an image whose USER is not root");
  EXPECT_EQ(non_root_problem(security, "0:0"), non_root_problem(security, "root"));
  EXPECT_EQ(
      non_root_problem(security, "nobody"),
      "container has runAsNonRoot and image has non-numeric user (nobody), cannot verify user is non-root; "
      "set securityContext.runAsUser");
  EXPECT_EQ(non_root_problem(security, "1000:1000"), "");
  security.run_as_user = 7;
  EXPECT_EQ(non_root_problem(security, ""), "");
  EXPECT_TRUE(needs_image_user(SecurityContext{{}, 1, {}, {}, {}, {}, {}, {}, {}}));
  EXPECT_FALSE(needs_image_user(std::nullopt));
}

TEST(Capabilities, DropAllThenAddAsContainerdDoes) {
  SecurityContext security;
  security.capabilities_drop = {"ALL"};
  security.capabilities_add = {"CHOWN"};
  EXPECT_EQ(effective_capabilities({"KILL", "SETUID"}, security), Args{"CHOWN"});
  security = {};
  security.capabilities_drop = {"KILL"};
  security.capabilities_add = {"NET_ADMIN", "KILL"};
  EXPECT_EQ(effective_capabilities({"KILL", "SETUID"}, security), (Args{"NET_ADMIN", "SETUID"}));
  security = {};
  security.privileged = true;
  EXPECT_EQ(effective_capabilities({}, security).size(), linux_capabilities().size());
}

OciImage image_with_user(const std::string& user) {
  OciImage image{"id", "/rootfs", {"/bin/sh"}, {}, {}, ""};
  image.user = user;
  return image;
}

TEST(OciLimits, ConfigCarriesUserRootCapabilitiesAndResources) {
  const std::string json = oci_config_json(limited_run(), image_with_user(""));
  EXPECT_TRUE(contains(json, R"("root":{"path":"rootfs","readonly":true})")) << json;
  EXPECT_TRUE(contains(json, R"("user":{"uid":1000,"gid":3000})")) << json;
  EXPECT_TRUE(contains(json, R"("bounding":["CAP_NET_BIND_SERVICE"],"effective":["CAP_NET_BIND_SERVICE"])"))
      << json;
  EXPECT_TRUE(contains(json, R"("noNewPrivileges":true)")) << json;
  EXPECT_TRUE(contains(
      json, R"("resources":{"devices":[{"allow":false,"access":"rwm"}],)"
            R"("cpu":{"quota":150000,"period":100000},"memory":{"limit":67108864,"swap":67108864}})"))
      << json;
  EXPECT_FALSE(contains(json, "cgroupsPath")) << json;
}

TEST(OciLimits, ACgroupParentTakesTheMemoryLimit) {
  const std::string json = oci_config_json(limited_run(), image_with_user(""), "/ferry/x");
  EXPECT_TRUE(
      contains(json, R"("cpu":{"quota":150000,"period":100000}},"cgroupsPath":"/ferry/x/container",)"))
      << json;
  EXPECT_FALSE(contains(json, R"("memory":)")) << json;
}

TEST(OciLimits, DefaultsAreFerrysOwnAndTheImagesNumericUserIsKept) {
  ContainerRun run;
  std::string json = oci_config_json(run, image_with_user("1000:1001"));
  EXPECT_TRUE(contains(json, R"("user":{"uid":1000,"gid":1001})")) << json;
  EXPECT_TRUE(contains(json, R"("readonly":false)")) << json;
  EXPECT_TRUE(contains(json, R"("noNewPrivileges":true)")) << json;
  EXPECT_TRUE(contains(json, R"("bounding":["CAP_CHOWN","CAP_DAC_OVERRIDE",)")) << json;
  json = oci_config_json(run, image_with_user("app"));
  EXPECT_TRUE(contains(json, R"("user":{"uid":0,"gid":0})")) << json;
}

TEST(OciLimits, EscalationAndPrivilegedChangeNoNewPrivilegesAndTheMasks) {
  ContainerRun run;
  run.security = SecurityContext{};
  run.security->allow_privilege_escalation = true;
  EXPECT_TRUE(contains(oci_config_json(run, image_with_user("")), R"("noNewPrivileges":false)"));
  run.security->privileged = true;
  const std::string json = oci_config_json(run, image_with_user(""));
  EXPECT_TRUE(contains(json, R"("maskedPaths":[],"readonlyPaths":[])")) << json;
  EXPECT_TRUE(contains(json, R"("devices":[{"allow":true,"access":"rwm"}])")) << json;
  EXPECT_TRUE(contains(json, "CAP_SYS_ADMIN")) << json;
}

TEST(ExecLimits, CapabilitiesUserAndReadOnlyTmp) {
  ExecRuntime runtime(ExecConfig{{{"img", {"/x/tool"}}}, "f.yaml"});
  ferry::testing::TempDir empty_root;
  Result<Args> args = runtime.arguments_for(limited_run(), empty_root.path());
  ASSERT_TRUE(args.ok()) << args.error().render();
  const std::string joined = [&] {
    std::string text;
    for (const std::string& word : *args) text += word + " ";
    return text;
  }();
  EXPECT_TRUE(contains(joined, " --cap-drop ALL --cap-add CAP_NET_BIND_SERVICE --")) << joined;
  EXPECT_TRUE(contains(joined, "--dev /dev --proc /proc --dir /tmp ")) << joined;
  EXPECT_TRUE(contains(joined, "--perms 0755 --dir /kratix --bind /in /kratix/input ")) << joined;
  EXPECT_TRUE(contains(joined, "--reuid=1000 --regid=3000 --clear-groups /x/tool ")) << joined;
}

TEST(ExecLimits, NoSecurityContextKeepsBubblewrapsDefaults) {
  ExecRuntime runtime(ExecConfig{{{"img", {"/x/tool"}}}, "f.yaml"});
  ContainerRun run;
  run.image = "img";
  ferry::testing::TempDir empty_root;
  Result<Args> args = runtime.arguments_for(run, empty_root.path());
  ASSERT_TRUE(args.ok());
  EXPECT_EQ(std::count(args->begin(), args->end(), "--cap-drop"), 0);
  EXPECT_EQ(Args(args->end() - 2, args->end()), (Args{"--", "/x/tool"}));
  EXPECT_NE(std::find(args->begin(), args->end(), "--tmpfs"), args->end());
}

TEST(OutOfMemory, OnlyExit137WithTheLimitHitIsNamed) {
  EXPECT_EQ(out_of_memory_message(1, false, 64 << 20, nullptr), "");
  EXPECT_EQ(out_of_memory_message(137, true, 64 << 20, nullptr), "");
  EXPECT_EQ(
      out_of_memory_message(137, false, 64 << 20, nullptr),
      "killed (exit 137, SIGKILL); it has a memory limit of 67108864 bytes (resources.limits.memory), so "
      "it was probably killed for using more (ferry could not make a cgroup of its own to tell)");
}

// A cgroup file system stand-in (v2): the counter ferry reads decides.
TEST(OutOfMemory, ReadsTheCgroupsCounter) {
  ferry::testing::TempDir root;
  ferry::testing::write_file(root.path() / "cgroup.controllers", "memory\n");
  auto cgroup = MemoryCgroup::create("c1", 64 << 20, root.path());
  ASSERT_TRUE(cgroup.ok()) << cgroup.error().render();
  EXPECT_EQ((*cgroup)->path(), "/ferry/c1");
  EXPECT_EQ(ferry::testing::read_file(root.path() / "ferry/c1/memory.max"), "67108864");
  EXPECT_EQ(out_of_memory_message(137, false, 64 << 20, cgroup->get()), "");
  ferry::testing::write_file(root.path() / "ferry/c1/memory.events",
                             "low 0\nhigh 0\nmax 4\noom 1\noom_kill 1\n");
  EXPECT_EQ(out_of_memory_message(137, false, 64 << 20, cgroup->get()),
            "OOMKilled: killed (exit 137) for using more memory than its limit of 67108864 bytes "
            "(resources.limits.memory); raise resources.limits.memory or make the container use less");
}

}  // namespace
}  // namespace ferry::runtime
