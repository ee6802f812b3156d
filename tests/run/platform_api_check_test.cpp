// check_platform_api (run/platform_api_check.h): where a run cannot serve a Pipeline's `rbac` its platform
// API, an error per such Pipeline at its rbac before any container (docker; a machine that refuses the
// namespace, as for a non-root user); a plan's one warning per Promise; nothing for Pipelines without rbac.
#include "run/platform_api_check.h"

#include <gtest/gtest.h>

#include "run/preflight.h"

namespace ferry::runner {
namespace {

pipeline::Pipeline pipeline_named(std::string name, std::vector<pipeline::InapplicableField> fields) {
  pipeline::Pipeline pipeline;
  pipeline.name = std::move(name);
  pipeline.inapplicable_fields = std::move(fields);
  return pipeline;
}

Platform redis_platform() {
  Platform platform;
  pipeline::Promise redis;
  redis.name = "redis";
  redis.workflows["resource.configure"] = {pipeline_named("instance", {{"rbac", {"redis.yaml", 40, 13}}}),
                                           pipeline_named("plain", {})};
  redis.workflows["promise.configure"] = {pipeline_named("deps", {{"rbac", {"redis.yaml", 20, 13}}})};
  pipeline::Promise plain;
  plain.name = "plain";
  plain.workflows["resource.configure"] = {pipeline_named("configure", {})};
  platform.promises = {redis, plain};
  return platform;
}

std::vector<std::string> rendered(const std::vector<Error>& errors) {
  std::vector<std::string> texts;
  for (const Error& error : errors) texts.push_back(error.render());
  return texts;
}

TEST(PlatformApiCheck, DockerRefusesEachPipelineWithRbacAtItsRbac) {
  std::vector<Error> errors, warnings;
  bool probed = false;
  check_platform_api(redis_platform(), {"docker", true, [&] { return probed = true, ok(); }}, errors,
                     warnings);
  EXPECT_TRUE(warnings.empty());
  EXPECT_EQ(
      rendered(errors),
      (std::vector<std::string>{
          "redis.yaml:20:13: Promise \"redis\", Pipeline \"deps\" (promise.configure): rbac asks for the "
          "platform API, which ferry serves on --runtime exec, podman and oci, not on docker: run it with "
          "one of those, or without its rbac",
          "redis.yaml:40:13: Promise \"redis\", Pipeline \"instance\" (resource.configure): rbac asks for "
          "the platform API, which ferry serves on --runtime exec, podman and oci, not on docker: run it "
          "with one of those, or without its rbac"}));
  EXPECT_FALSE(probed);
}

TEST(PlatformApiCheck, AMachineThatRefusesTheNamespaceStopsTheRunWithItsReason) {
  std::vector<Error> errors, warnings;
  const PlatformApiRun run{
      "exec", true, [] {
        return Status(
            make_error("cannot make the pipeline's network namespace: unshare: Operation not permitted"));
      }};
  check_platform_api(redis_platform(), run, errors, warnings);
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(
      errors[1].render(),
      "redis.yaml:40:13: Promise \"redis\", Pipeline \"instance\" (resource.configure): rbac asks for the "
      "platform API, which this run cannot serve: cannot make the pipeline's network namespace: unshare: "
      "Operation not permitted; making a pipeline's network namespace needs CAP_SYS_ADMIN: run ferry "
      "reconcile as root");
}

TEST(PlatformApiCheck, ARuntimeThatServesItPassesAfterOneProbe) {
  std::vector<Error> errors, warnings;
  int probes = 0;
  for (const char* runtime : {"exec", "podman", "oci"}) {
    check_platform_api(redis_platform(), {runtime, true, [&] { return ++probes, ok(); }}, errors, warnings);
  }
  EXPECT_TRUE(errors.empty());
  EXPECT_TRUE(warnings.empty());
  EXPECT_EQ(probes, 3);
}

TEST(PlatformApiCheck, APlanWarnsOncePerPromise) {
  std::vector<Error> errors, warnings;
  check_platform_api(redis_platform(), {"docker", false, nullptr}, errors, warnings);
  EXPECT_TRUE(errors.empty());
  EXPECT_EQ(
      rendered(warnings),
      std::vector<std::string>{"redis.yaml:20:13: Promise \"redis\": ferry plan serves no platform API: a "
                               "container of a Pipeline with rbac that calls the Kubernetes API finds none "
                               "(ferry reconcile serves it on exec, podman and oci)"});
}

TEST(PlatformApiCheck, NoPipelineWithRbacNeedsNoProbe) {
  Platform platform = redis_platform();
  platform.promises.erase(platform.promises.begin());
  std::vector<Error> errors, warnings;
  check_platform_api(platform, {"docker", true, [] { return Status(make_error("never")); }}, errors,
                     warnings);
  EXPECT_TRUE(errors.empty());
}

TEST(PlatformApiCheck, ThePreflightWarningNamesNoRbac) {
  std::vector<Error> errors, warnings;
  check_before_run(redis_platform(), errors, warnings);
  EXPECT_TRUE(errors.empty());
  EXPECT_TRUE(warnings.empty());
}

}  // namespace
}  // namespace ferry::runner
