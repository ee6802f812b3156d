// pipeline_cache_key: every input of a pipeline changes it; scratch paths and the timeout do not.
#include "pipeline/pipeline_cache_key.h"

#include <gtest/gtest.h>

#include <functional>

#include "core/sha256.h"

namespace ferry::pipeline {
namespace {

KeyedContainer base_container() {
  runtime::ContainerRun run{"p/c",
                            "ghcr.io/acme/c:v1",
                            {"/bin/sh"},
                            {"-c", "true"},
                            {{"KRATIX_WORKFLOW_TYPE", "resource"}, {"TOKEN", "s3cret"}},
                            {{"/tmp/a/output", "/kratix/output", false}},
                            std::chrono::seconds(600),
                            PullPolicy::if_not_present,
                            false};
  return KeyedContainer{run, "sha256:1111", {"TOKEN"}};
}

std::string key_of(const std::function<void(std::string&, std::string&, KeyedContainer&)>& change) {
  std::string runtime = "podman";
  std::string object = "kind: Redis\nspec: {size: 1}\n";
  KeyedContainer container = base_container();
  change(runtime, object, container);
  return pipeline_cache_key(runtime, object, {container});
}

TEST(PipelineCacheKey, Sha256OfKnownText) {
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(PipelineCacheKey, SameInputsSameKey) {
  const std::string key = key_of([](auto&, auto&, auto&) {});
  EXPECT_EQ(key.size(), 64u);
  EXPECT_EQ(key_of([](auto&, auto&, auto&) {}), key);
}

TEST(PipelineCacheKey, EachInputChangesIt) {
  const std::string key = key_of([](auto&, auto&, auto&) {});
  using Change = std::function<void(std::string&, std::string&, KeyedContainer&)>;
  const std::vector<std::pair<std::string, Change>> changes = {
      {"runtime", [](auto& r, auto&, auto&) { r = "docker"; }},
      {"object", [](auto&, auto& o, auto&) { o += "status: {message: Pending}\n"; }},
      {"label", [](auto&, auto&, auto& c) { c.run.label = "p/d"; }},
      {"image", [](auto&, auto&, auto& c) { c.run.image = "ghcr.io/acme/c:v2"; }},
      {"image digest", [](auto&, auto&, auto& c) { c.image_digest = "sha256:2222"; }},
      {"command", [](auto&, auto&, auto& c) { c.run.command = {"/bin/bash"}; }},
      {"args",
       [](auto&, auto&, auto& c) {
         c.run.args = {"-c", "false"};
       }},
      {"args split differently",
       [](auto&, auto&, auto& c) {
         c.run.args = {"-ct", "rue"};
       }},
      {"env value", [](auto&, auto&, auto& c) { c.run.env[0].value = "promise"; }},
      {"env name", [](auto&, auto&, auto& c) { c.run.env[0].name = "KRATIX_X"; }},
      {"secret value", [](auto&, auto&, auto& c) { c.run.env[1].value = "other"; }},
      {"env order", [](auto&, auto&, auto& c) { std::swap(c.run.env[0], c.run.env[1]); }},
      {"pull policy", [](auto&, auto&, auto& c) { c.run.pull_policy = PullPolicy::never; }},
      {"network", [](auto&, auto&, auto& c) { c.run.network = true; }},
      {"memory limit", [](auto&, auto&, auto& c) { c.run.resources.limits.memory_bytes = 64 << 20; }},
      {"cpu request", [](auto&, auto&, auto& c) { c.run.resources.requests.cpu_millis = 100; }},
      {"empty securityContext", [](auto&, auto&, auto& c) { c.run.security = SecurityContext{}; }},
      {"runAsUser",
       [](auto&, auto&, auto& c) {
         c.run.security = SecurityContext{};
         c.run.security->run_as_user = 1000;
       }},
      {"readOnlyRootFilesystem",
       [](auto&, auto&, auto& c) {
         c.run.security = SecurityContext{};
         c.run.security->read_only_root_filesystem = false;
       }},
      {"capabilities drop",
       [](auto&, auto&, auto& c) {
         c.run.security = SecurityContext{};
         c.run.security->capabilities_drop = {"ALL"};
       }},
  };
  for (const auto& [what, change] : changes) EXPECT_NE(key_of(change), key) << what;
}

TEST(PipelineCacheKey, ScratchPathsAndTimeoutDoNotChangeIt) {
  const std::string key = key_of([](auto&, auto&, auto&) {});
  EXPECT_EQ(key_of([](auto&, auto&, auto& c) { c.run.mounts[0].host = "/tmp/b/output"; }), key);
  EXPECT_EQ(key_of([](auto&, auto&, auto& c) { c.run.timeout = std::chrono::seconds(5); }), key);
}

TEST(PipelineCacheKey, ContainerOrderAndCountMatter) {
  KeyedContainer one = base_container();
  KeyedContainer two = base_container();
  two.run.label = "p/d";
  EXPECT_NE(pipeline_cache_key("podman", "o", {one, two}), pipeline_cache_key("podman", "o", {two, one}));
  EXPECT_NE(pipeline_cache_key("podman", "o", {one}), pipeline_cache_key("podman", "o", {one, one}));
}

// A secret enters only as its SHA-256: the key is what it would be with that digest as a plain value.
TEST(PipelineCacheKey, SecretValuesEnterHashed) {
  KeyedContainer secret = base_container();
  KeyedContainer plain = base_container();
  plain.secret_names.clear();
  plain.run.env[1].value = "sha256:" + sha256_hex("s3cret");
  EXPECT_EQ(pipeline_cache_key("podman", "o", {secret}), pipeline_cache_key("podman", "o", {plain}));
}

}  // namespace
}  // namespace ferry::pipeline
