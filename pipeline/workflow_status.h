// A workflow's status carried from pipeline to pipeline (reference §2.5, §2.7, §2.8; kratix-newer.md §1):
// it starts from the object's last recorded status with message "Pending", every pipeline sees it in
// /kratix/input/object.yaml (message "Pending", as Kratix resets it when each pipeline starts), each
// pipeline's status.yaml is merged in after its containers succeed, and a workflow-control.yaml request
// suspends the workflow there. Given the pipelines' names, a configure workflow also keeps the fields
// Kratix's controller owns (kratix_status.h): counters, phases and its conditions.
#pragma once

#include <yaml-cpp/yaml.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "pipeline/workflow_control.h"

namespace ferry::pipeline {

// A file of /kratix/metadata, read as untrusted input: absent is nullopt; a symlink, special file or a file
// over 1 MiB is refused. Errors name the pipeline and the file as the container sees it.
Result<std::optional<std::string>> read_metadata_file(const std::filesystem::path& metadata,
                                                      const std::string& name, const std::string& pipeline);

class WorkflowStatus {
 public:
  // `previous`: the status the object's last run left (any node; none: an empty one). `pipelines`: the
  // workflow's pipeline names; empty keeps only the merged status.yaml fields and message (no counters,
  // phases or controller conditions), as tests/fuzz's kratix_metadata target uses it.
  WorkflowStatus(std::string workflow_type, std::string action, std::chrono::system_clock::time_point now,
                 const YAML::Node& previous = YAML::Node(), std::vector<std::string> pipelines = {});

  // Pipeline `index` (of the names given) starts: its phase Running, the controller's in-progress conditions.
  void begin_pipeline(std::size_t index);
  // The pipeline begun last failed: Kratix's failure fields (kratix_status.h mark_pipeline_failed).
  void fail_pipeline();

  // The object as the next pipeline must see it: with the status merged so far.
  std::string object_for_next_pipeline(const std::string& object_yaml) const;
  // The object as the pipeline cache key sees it: the status with only what pipelines wrote (the fields
  // and conditions the controller owns change on every run, and would make every key new), so a status
  // change alone does not make a cached pipeline run again unless a pipeline's own fields changed.
  std::string object_for_cache_key(const std::string& object_yaml) const;

  // After `pipeline`'s containers succeeded: merges its status.yaml and honours its workflow-control.yaml.
  // Returns the Suspension when the pipeline asked to stop the workflow here.
  Result<std::optional<Suspension>> after_pipeline(const std::filesystem::path& metadata,
                                                   const std::string& pipeline, bool is_last);
  // The same on the two files' texts, already read (nullopt: the file is absent); after_pipeline reads them
  // and calls this (tests/fuzz's kratix_metadata target calls it without a disk).
  Result<std::optional<Suspension>> after_pipeline_texts(const std::optional<std::string>& control_text,
                                                         const std::optional<std::string>& status_text,
                                                         const std::string& pipeline, bool is_last);

  // A status write of the pipeline's platform API (pipeline_api.h) while its containers run: merged as an
  // earlier pipeline's status.yaml is (never with the last pipeline's completion fields, which the
  // pipeline's own status.yaml gets after its containers). Errors say what is wrong with the text.
  Status merge_written_status(const std::string& status_text);

  std::string status_yaml() const;  // the merged status as YAML text
  const YAML::Node& status() const { return status_; }
  std::string message() const;  // status.message

 private:
  std::string workflow_type_;
  std::string action_;
  std::chrono::system_clock::time_point now_;
  YAML::Node status_;
  bool keeps_controller_fields() const;

  std::vector<std::string> pipelines_;
  std::size_t current_ = 0;
};

}  // namespace ferry::pipeline
