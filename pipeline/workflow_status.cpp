#include "pipeline/workflow_status.h"

#include <fstream>
#include <sstream>

#include "core/yaml_document.h"
#include "pipeline/kratix_status.h"
#include "pipeline/status_merge.h"

namespace fs = std::filesystem;

namespace ferry::pipeline {

constexpr std::uintmax_t kMaxMetadataBytes = 1u << 20;

Result<std::optional<std::string>> read_metadata_file(const fs::path& metadata, const std::string& name,
                                                      const std::string& pipeline) {
  const std::string prefix = "pipeline \"" + pipeline + "\": ";
  const std::string shown = "/kratix/metadata/" + name;
  const fs::file_type type = fs::symlink_status(metadata / name).type();
  if (type == fs::file_type::not_found) return std::optional<std::string>{};
  if (type != fs::file_type::regular) {
    return make_error(prefix + shown + " is not a regular file (a symlink?): write a plain file");
  }
  std::error_code ec;
  const std::uintmax_t size = fs::file_size(metadata / name, ec);
  if (ec) return make_error(prefix + "cannot read " + shown + ": " + ec.message());
  if (size > kMaxMetadataBytes) return make_error(prefix + shown + " is larger than 1 MiB: write less");
  std::ifstream in(metadata / name, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return std::optional<std::string>{text.str()};
}

WorkflowStatus::WorkflowStatus(std::string workflow_type, std::string action,
                               std::chrono::system_clock::time_point now, const YAML::Node& previous,
                               std::vector<std::string> pipelines)
    : workflow_type_(std::move(workflow_type)),
      action_(std::move(action)),
      now_(now),
      status_(previous.IsMap() ? YAML::Clone(previous) : YAML::Node(YAML::NodeType::Map)),
      pipelines_(std::move(pipelines)) {
  if (keeps_controller_fields()) status_ = workflow_starting_status(status_, pipelines_, now_);
  status_["message"] = "Pending";
}

bool WorkflowStatus::keeps_controller_fields() const {
  return !pipelines_.empty() && action_ == "configure";
}

void WorkflowStatus::begin_pipeline(std::size_t index) {
  current_ = index;
  if (keeps_controller_fields()) mark_pipeline_running(status_, index, now_);
}

void WorkflowStatus::fail_pipeline() {
  if (keeps_controller_fields()) mark_pipeline_failed(status_, current_, now_);
}

std::string WorkflowStatus::object_for_next_pipeline(const std::string& object_yaml) const {
  YAML::Node shown = YAML::Clone(status_);
  shown["message"] = "Pending";
  return object_with_status(object_yaml, shown);
}

std::string WorkflowStatus::object_for_cache_key(const std::string& object_yaml) const {
  YAML::Node shown = pipeline_written_status(status_);
  shown["message"] = "Pending";
  return object_with_status(object_yaml, shown);
}

Result<std::optional<Suspension>> WorkflowStatus::after_pipeline(const fs::path& metadata,
                                                                 const std::string& pipeline, bool is_last) {
  auto control_text = read_metadata_file(metadata, "workflow-control.yaml", pipeline);
  if (!control_text) return control_text.error();
  auto status_text = read_metadata_file(metadata, "status.yaml", pipeline);
  if (!status_text) return status_text.error();
  return after_pipeline_texts(*control_text, *status_text, pipeline, is_last);
}

Result<std::optional<Suspension>> WorkflowStatus::after_pipeline_texts(
    const std::optional<std::string>& control_text, const std::optional<std::string>& status_text,
    const std::string& pipeline, bool is_last) {
  auto control = parse_workflow_control(control_text.value_or(""), "/kratix/metadata/workflow-control.yaml");
  if (!control)
    return Error{"pipeline \"" + pipeline + "\": " + control.error().message, control.error().where};
  const MergeContext context{workflow_type_, is_last && action_ == "configure", control->requested(), false,
                             now_};
  auto merged = merge_status(status_, status_text.value_or(""), "/kratix/metadata/status.yaml", context);
  if (!merged) return Error{"pipeline \"" + pipeline + "\": " + merged.error().message, merged.error().where};
  status_ = *merged;
  // The counters are the controller's: what a pipeline wrote there is overwritten, as Kratix's controller
  // rewrites them on its next reconcile (kratix-newer.md §1.4).
  if (keeps_controller_fields()) {
    status_["workflows"] = pipelines_.size();
    status_["workflowsSucceeded"] = current_;
    status_["workflowsFailed"] = 0;
  }
  if (!control->requested()) {
    clear_suspension(status_, pipeline);
    if (keeps_controller_fields()) mark_pipeline_succeeded(status_, current_, is_last, now_);
    return std::optional<Suspension>{};
  }
  Suspension suspension = apply_suspension(status_, *control, pipeline, now_, 0);
  if (keeps_controller_fields()) mark_workflow_suspended(status_, now_);
  return std::optional<Suspension>{std::move(suspension)};
}

Status WorkflowStatus::merge_written_status(const std::string& status_text) {
  const MergeContext context{workflow_type_, false, false, false, now_};
  auto merged = merge_status(status_, status_text, "the status written through the platform API", context);
  if (!merged) return merged.error();
  status_ = *merged;
  return ok();
}

std::string WorkflowStatus::status_yaml() const {
  return to_yaml_text(status_);
}

std::string WorkflowStatus::message() const {
  const YAML::Node message = child(status_, "message");
  return message.IsScalar() ? message.Scalar() : "";
}

}  // namespace ferry::pipeline
