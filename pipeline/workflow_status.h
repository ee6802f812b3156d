// A workflow's status carried from pipeline to pipeline (reference §2.5, §2.7, §2.8): it starts with
// message "Pending", every pipeline sees it in /kratix/input/object.yaml, each pipeline's status.yaml is
// merged in after its containers succeed, and a workflow-control.yaml request suspends the workflow there.
#pragma once

#include <yaml-cpp/yaml.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>

#include "core/error.h"
#include "pipeline/workflow_control.h"

namespace ferry::pipeline {

// A file of /kratix/metadata, read as untrusted input: absent is nullopt; a symlink, special file or a file
// over 1 MiB is refused. Errors name the pipeline and the file as the container sees it.
Result<std::optional<std::string>> read_metadata_file(const std::filesystem::path& metadata,
                                                      const std::string& name, const std::string& pipeline);

class WorkflowStatus {
 public:
  WorkflowStatus(std::string workflow_type, std::string action, std::chrono::system_clock::time_point now);

  // The object as the next pipeline must see it: with the status merged so far.
  std::string object_for_next_pipeline(const std::string& object_yaml) const;

  // After `pipeline`'s containers succeeded: merges its status.yaml and honours its workflow-control.yaml.
  // Returns the Suspension when the pipeline asked to stop the workflow here.
  Result<std::optional<Suspension>> after_pipeline(const std::filesystem::path& metadata,
                                                   const std::string& pipeline, bool is_last);
  // The same on the two files' texts, already read (nullopt: the file is absent); after_pipeline reads them
  // and calls this (tests/fuzz's kratix_metadata target calls it without a disk).
  Result<std::optional<Suspension>> after_pipeline_texts(const std::optional<std::string>& control_text,
                                                         const std::optional<std::string>& status_text,
                                                         const std::string& pipeline, bool is_last);

  std::string status_yaml() const;  // the merged status as YAML text
  std::string message() const;      // status.message

 private:
  std::string workflow_type_;
  std::string action_;
  std::chrono::system_clock::time_point now_;
  YAML::Node status_;
};

}  // namespace ferry::pipeline
