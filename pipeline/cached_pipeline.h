// How run_workflow uses the pipeline cache (pipeline_cache.h): when a pipeline may be cached, its key,
// and moving what a pipeline produced between its scratch directory and the cache. Internal to pipeline/.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "pipeline/model.h"
#include "pipeline/pipeline_cache.h"
#include "pipeline/pipeline_cache_key.h"
#include "pipeline/workflow_inputs.h"
#include "runtime/runtime.h"

namespace ferry::pipeline {

// The key of `pipeline` about to run `containers` (image_digest filled in here) on `object_text`, or
// nullopt when it must not be cached: no cache, a delete workflow (it runs for what it does, not what it
// writes), a pipeline with network access (its output may depend on the world), a container whose
// imagePullPolicy is Always (it asks for the newest image every time), or an image whose digest the
// runtime cannot tell.
std::optional<std::string> pipeline_cache_key_for(const Pipeline& pipeline, const WorkflowObject& object,
                                                  const std::string& object_text,
                                                  std::vector<KeyedContainer>& containers,
                                                  runtime::ContainerRuntime& runtime,
                                                  const WorkflowOptions& options);

// The regular files of `output` and every regular file of `metadata`, as the cache keeps them.
std::vector<ProducedFile> produced_files(const std::filesystem::path& output,
                                         const std::filesystem::path& metadata);

// Whether a path or content of `files` holds a secret value of the run (core/secret_values.h): such
// results are not stored, since the cache outlives the run and nothing ferry records keeps a secret.
bool holds_secret_value(const std::vector<ProducedFile>& files);

// Writes `files` back into `output` and `metadata` (both empty). False when that failed; the two
// directories are then emptied again so the pipeline can run in them.
bool restore_produced_files(const std::vector<ProducedFile>& files, const std::filesystem::path& output,
                            const std::filesystem::path& metadata);

}  // namespace ferry::pipeline
