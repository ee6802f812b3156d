// ApiRequestLedger and api_created_inputs (api_request_ledger.h).
#include "run/api_request_ledger.h"

#include "platform/object_text.h"

namespace ferry::runner {

std::string request_record_directory(const std::string& promise, const std::string& namespace_name,
                                     const std::string& name) {
  return "requests/" + promise + "/" + namespace_name + "/" + name;
}

std::string api_creator_of(const nlohmann::json& object) {
  if (!object.is_object()) return "";
  const auto metadata = object.find("metadata");
  if (metadata == object.end() || !metadata->is_object()) return "";
  const auto annotations = metadata->find("annotations");
  if (annotations == metadata->end() || !annotations->is_object()) return "";
  const auto creator = annotations->find(kCreatedByAnnotation);
  return creator != annotations->end() && creator->is_string() ? creator->get<std::string>() : "";
}

void ApiRequestLedger::created(ApiCreatedRequest request) {
  const std::lock_guard lock(mutex_);
  deleted_.erase(request.directory);
  std::string directory = request.directory;
  created_[std::move(directory)] = std::move(request);
}

void ApiRequestLedger::deleted(const std::string& directory) {
  const std::lock_guard lock(mutex_);
  created_.erase(directory);
  deleted_.insert(directory);
}

std::vector<ApiCreatedRequest> ApiRequestLedger::created_requests() const {
  const std::lock_guard lock(mutex_);
  std::vector<ApiCreatedRequest> requests;
  for (const auto& [directory, request] : created_) requests.push_back(request);
  return requests;
}

bool ApiRequestLedger::was_deleted(const std::string& directory) const {
  const std::lock_guard lock(mutex_);
  return deleted_.contains(directory);
}

std::vector<PlatformFile> api_created_inputs(const RunState& records, const ApiRequestLedger& ledger) {
  std::map<std::string, std::string> inputs;  // directory -> object text
  for (const auto& [directory, record] : records) {
    // Most records were never created through the API: only those mentioning the annotation are parsed.
    if (record.object_yaml.find(kCreatedByAnnotation) == std::string::npos) continue;
    if (!records.contains(api_creator_of(object_json(record.object_yaml)))) continue;  // "" is no record
    if (!ledger.was_deleted(directory)) inputs[directory] = record.object_yaml;
  }
  for (ApiCreatedRequest& request : ledger.created_requests()) {
    if (records.contains(request.creator)) inputs[request.directory] = std::move(request.object_yaml);
  }
  std::vector<PlatformFile> files;
  for (auto& [directory, text] : inputs) files.push_back({"api:" + directory, std::move(text)});
  return files;
}

}  // namespace ferry::runner
