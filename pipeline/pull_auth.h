// A Pipeline's spec.imagePullSecrets as the docker config file podman (`--authfile`) and docker
// (`--config DIR`) read when they pull: the ".dockerconfigjson" key of each secret, from the run's
// SecretSource (the secrets directory: DIR/<name>/.dockerconfigjson), written in the pipeline's scratch
// directory. oci and exec never pull (their images are local), so they never read it.
#pragma once

#include <filesystem>
#include <string>

#include "core/error.h"
#include "pipeline/model.h"
#include "pipeline/secrets.h"

namespace ferry::pipeline {

// The key of the docker config secret that imagePullSecrets name (Kubernetes'
// kubernetes.io/dockerconfigjson).
inline constexpr const char* kDockerConfigKey = ".dockerconfigjson";

// The "auths" of several docker configs as one: the first config's entry wins for a registry, as the
// first of Kubernetes' imagePullSecrets that has a registry is used. Each entry's fields are strings.
Result<std::string> merged_docker_config(const std::vector<std::string>& configs,
                                         const std::vector<std::string>& names);

// Writes `dir/config.json` (mode 0600) for the pipeline's imagePullSecrets and returns `dir`; an empty
// path when the pipeline has none.
Result<std::filesystem::path> stage_pull_auth(const Pipeline& pipeline, const std::filesystem::path& dir,
                                              const SecretSource* secrets);

}  // namespace ferry::pipeline
