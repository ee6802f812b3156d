// Reads a Pipeline's spec.volumes and spec.imagePullSecrets (volume_model.h); container_mounts_parser.h
// reads its containers' volumeMounts and envFrom. Volume kinds that need a cluster (hostPath,
// persistentVolumeClaim, projected, ...) are refused with the kind named; errors are located at the node.
#pragma once

#include <string>
#include <vector>

#include "core/error.h"
#include "core/yaml_document.h"
#include "pipeline/model.h"

namespace ferry::pipeline {

// spec.volumes (`spec` is the Pipeline's spec map, `path` names it, e.g. "spec.workflows.x[0].spec").
Result<std::vector<Volume>> parse_volumes(const YAML::Node& spec, const std::string& path,
                                          const std::string& file);

// spec.imagePullSecrets: a list of {name: <secret>}.
Result<std::vector<PullSecret>> parse_image_pull_secrets(const YAML::Node& spec, const std::string& path,
                                                         const std::string& file);

// Both of the above into `pipeline`, whose containers are parsed already, then check_volume_mounts
// (container_mounts_parser.h): pipeline_parser.cpp's one call.
Status parse_pipeline_volumes(const YAML::Node& spec, const std::string& path, const std::string& file,
                              Pipeline& pipeline);

}  // namespace ferry::pipeline
