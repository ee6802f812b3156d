// Kratix's names for ResourceBindings and their labels (binding_names.h).
#include "platform/binding_names.h"

#include <cctype>

#include "core/md5.h"
#include "core/yaml_document.h"

namespace ferry::runner {
namespace {

constexpr std::size_t kMaxNameLength = 63 - 1 - 5;  // room for "-" and five hex digits
constexpr const char* kManualReconciliationLabel = "kratix.io/manual-reconciliation";
constexpr const char* kRunFromStartLabel = "internal.workflows.kratix.io/run-from-start";

// metadata.labels of a request's object text (as the loader wrote it, so it parses); {} when none.
Labels labels_of(const std::string& object_yaml) {
  Labels labels;
  auto documents = parse_yaml_stream(object_yaml, "");
  if (!documents || documents->empty()) return labels;
  const YAML::Node written = child(child(documents->front().node, "metadata"), "labels");
  if (!written.IsMap()) return labels;
  for (const auto& entry : written) {
    if (entry.first.IsScalar() && entry.second.IsScalar())
      labels[entry.first.Scalar()] = entry.second.Scalar();
  }
  return labels;
}

}  // namespace

std::string deterministic_object_name(const std::string& name) {
  std::string shortened = name.size() > kMaxNameLength ? name.substr(0, kMaxNameLength - 1) : name;
  while (!shortened.empty() && !std::isalnum(static_cast<unsigned char>(shortened.back())))
    shortened.pop_back();
  return shortened + "-" + md5_hex(name).substr(0, 5);
}

std::string resource_name_label_value(const std::string& request_name) {
  return request_name.size() <= kLabelValueMaxLength ? request_name : deterministic_object_name(request_name);
}

BindingIdentity binding_identity(const pipeline::Request& request) {
  BindingIdentity binding;
  binding.name = request.binding.binding_name.empty()
                     ? deterministic_object_name(request.name + "-" + request.promise)
                     : request.binding.binding_name;
  binding.labels = labels_of(request.object_yaml);
  binding.labels.erase(kManualReconciliationLabel);
  binding.labels.erase(kRunFromStartLabel);
  binding.labels[kPromiseNameLabel] = request.promise;
  binding.labels[kResourceNameLabel] = resource_name_label_value(request.name);
  if (request.binding.manual_reconciliation) binding.labels[kManualReconciliationLabel] = "true";
  return binding;
}

}  // namespace ferry::runner
