// merged_docker_config and stage_pull_auth (pull_auth.h). JSON is read with yaml-cpp (JSON is YAML) and
// written with the runtimes' own JSON quoting (cli_engine.h).
#include "pipeline/pull_auth.h"

#include <yaml-cpp/yaml.h>

#include <map>

#include "core/file_text.h"
#include "runtime/cli_engine.h"

namespace fs = std::filesystem;

namespace ferry::pipeline {
namespace {

using Entry = std::map<std::string, std::string>;

// The registries of one config's "auths", each as its string fields; an error names the secret only.
Result<std::map<std::string, Entry>> auths_of(const std::string& config, const std::string& name) {
  const std::string bad = "secret \"" + name + "\" key " + kDockerConfigKey +
                          " is not a docker config ({\"auths\": {REGISTRY: {\"auth\": ...}}})";
  YAML::Node root;
  try {
    root = YAML::Load(config);
  } catch (const YAML::Exception&) {
    return make_error(bad);
  }
  const YAML::Node auths = root.IsMap() ? root["auths"] : YAML::Node();
  if (!auths.IsMap()) return make_error(bad);
  std::map<std::string, Entry> registries;
  for (const auto& registry : auths) {
    if (!registry.second.IsMap()) return make_error(bad);
    Entry& entry = registries[registry.first.Scalar()];
    for (const auto& field : registry.second) {
      if (!field.second.IsScalar()) return make_error(bad);
      entry[field.first.Scalar()] = field.second.Scalar();
    }
  }
  return registries;
}

std::string json_object(const Entry& entry) {
  std::string text;
  for (const auto& [key, value] : entry) {
    text +=
        (text.empty() ? "" : ",") + runtime::cli::json_string(key) + ":" + runtime::cli::json_string(value);
  }
  return "{" + text + "}";
}

}  // namespace

Result<std::string> merged_docker_config(const std::vector<std::string>& configs,
                                         const std::vector<std::string>& names) {
  std::map<std::string, Entry> merged;
  for (std::size_t i = 0; i < configs.size(); ++i) {
    auto auths = auths_of(configs[i], names[i]);
    if (!auths) return auths.error();
    merged.insert(auths->begin(), auths->end());  // an earlier secret's registry is kept
  }
  std::string text;
  for (const auto& [registry, entry] : merged) {
    text += (text.empty() ? "" : ",") + runtime::cli::json_string(registry) + ":" + json_object(entry);
  }
  return "{\"auths\":{" + text + "}}\n";
}

Result<fs::path> stage_pull_auth(const Pipeline& pipeline, const fs::path& dir, const SecretSource* secrets) {
  if (pipeline.image_pull_secrets.empty()) return fs::path();
  std::vector<std::string> configs;
  std::vector<std::string> names;
  for (const PullSecret& secret : pipeline.image_pull_secrets) {
    if (!secrets) return make_error(secret.where, "imagePullSecrets need a secret source, and none is set");
    auto value = resolve_secret(
        SecretRef{RefKind::secret, secret.name, kDockerConfigKey, false, secret.where}, *secrets);
    if (!value) return value.error();
    configs.push_back(**value);
    names.push_back(secret.name);
  }
  auto merged = merged_docker_config(configs, names);
  if (!merged) return Error{merged.error().message, pipeline.image_pull_secrets.front().where};
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return make_error("cannot create " + dir.string() + ": " + ec.message());
  if (Status written = write_file_bytes(dir / "config.json", *merged); !written) return written.error();
  fs::permissions(dir / "config.json", fs::perms::owner_read | fs::perms::owner_write, ec);
  if (ec) return make_error("cannot set the mode of " + (dir / "config.json").string() + ": " + ec.message());
  return dir;
}

}  // namespace ferry::pipeline
