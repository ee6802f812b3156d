#include "pipeline/pipeline_cache_key.h"

#include <algorithm>

#include "core/sha256.h"

namespace ferry::pipeline {
namespace {

// Length-prefixed, so no two different inputs serialise alike ("a","bc" against "ab","c").
void add(std::string& material, const std::string& field) {
  material += std::to_string(field.size()) + ":" + field + ";";
}

void add_words(std::string& material, const std::vector<std::string>& words) {
  add(material, std::to_string(words.size()));
  for (const std::string& word : words) add(material, word);
}

const char* pull_policy_name(runtime::PullPolicy policy) {
  switch (policy) {
    case runtime::PullPolicy::always:
      return "Always";
    case runtime::PullPolicy::never:
      return "Never";
    case runtime::PullPolicy::if_not_present:
      break;
  }
  return "IfNotPresent";
}

std::string optional_text(const std::optional<std::int64_t>& value) {
  return value ? std::to_string(*value) : "-";
}

std::string optional_text(const std::optional<bool>& value) {
  return value ? (*value ? "true" : "false") : "-";
}

// runtime::Resources and securityContext, only when set, so that keys of containers without them stay as they
// were: a user ID or a read-only root can change what a container writes, a smaller limit whether it
// succeeds.
void add_limits(std::string& material, const runtime::ContainerRun& run) {
  if (run.resources != runtime::Resources{}) {
    add(material, "resources");
    for (const runtime::ResourceAmounts* amounts : {&run.resources.limits, &run.resources.requests}) {
      add(material, optional_text(amounts->cpu_millis));
      add(material, optional_text(amounts->memory_bytes));
      add(material, optional_text(amounts->ephemeral_storage_bytes));
    }
  }
  if (!run.security) return;
  const runtime::SecurityContext& security = *run.security;
  add(material, "securityContext");
  add(material, optional_text(security.run_as_user));
  add(material, optional_text(security.run_as_group));
  for (const auto* flag : {&security.run_as_non_root, &security.read_only_root_filesystem,
                           &security.allow_privilege_escalation, &security.privileged}) {
    add(material, optional_text(*flag));
  }
  add_words(material, security.capabilities_add);
  add_words(material, security.capabilities_drop);
}

void add_container(std::string& material, const KeyedContainer& container) {
  const runtime::ContainerRun& run = container.run;
  add(material, run.label);
  add(material, run.image);
  add(material, container.image_digest);
  add_words(material, run.command);
  add_words(material, run.args);
  add(material, std::to_string(run.env.size()));
  for (const runtime::EnvVar& var : run.env) {
    const auto& secrets = container.secret_names;
    const bool secret = std::find(secrets.begin(), secrets.end(), var.name) != secrets.end();
    add(material, var.name);
    add(material, secret ? "sha256:" + sha256_hex(var.value) : var.value);
  }
  add(material, pull_policy_name(run.pull_policy));
  add(material, run.network ? "network" : "no network");
  // Only pipelines with volumes add this, so the keys of those without stay as they were.
  if (!container.volume_inputs.empty()) {
    add(material, "volumes");
    add_words(material, container.volume_inputs);
  }
  add_limits(material, run);
}

}  // namespace

std::string pipeline_cache_key(const std::string& runtime, const std::string& object_yaml,
                               const std::vector<KeyedContainer>& containers) {
  std::string material = "ferry pipeline cache key 1;";
  add(material, runtime);
  add(material, object_yaml);
  add(material, std::to_string(containers.size()));
  for (const KeyedContainer& container : containers) add_container(material, container);
  return sha256_hex(material);
}

}  // namespace ferry::pipeline
