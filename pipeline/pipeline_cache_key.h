// The pipeline cache's key: a SHA-256 of everything a pipeline's containers receive that ferry can see.
// Two runs with the same key are expected to produce the same files (pipelines are deterministic
// functions of their inputs, as Kratix's own kratix.io/hash skip assumes); docs/pipeline-cache.md says
// what is not seen (network, the clock, host files an exec command reads besides its own).
#pragma once

#include <string>
#include <vector>

#include "runtime/runtime.h"

namespace ferry::pipeline {

struct KeyedContainer {
  // Its label ("<pipeline>/<container>"), image, command, args, env (KRATIX_* and its own, resolved),
  // pull policy and network. Mounts and the timeout are not inputs: mounts are fresh scratch paths.
  runtime::ContainerRun run;
  std::string image_digest;  // runtime::ContainerRuntime::image_digest of run.image
  // Names of run.env entries that came from valueFrom: their values enter the key only as their SHA-256.
  std::vector<std::string> secret_names;
  // Its volume mounts as StagedVolumes::key_inputs gives them (paths, modes, SHA-256 of the contents).
  std::vector<std::string> volume_inputs = {};
  // Not a key input: the values of the secret volumes its pipeline staged, masked in its log.
  std::vector<std::string> masked_values = {};
};

// `runtime` is the runtime's name; `object_yaml` the text of /kratix/input/object.yaml. 64 hex digits.
std::string pipeline_cache_key(const std::string& runtime, const std::string& object_yaml,
                               const std::vector<KeyedContainer>& containers);

}  // namespace ferry::pipeline
