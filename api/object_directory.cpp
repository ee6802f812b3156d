// ObjectDirectory's reads (object_directory.h); its writes are in object_directory_writes.cpp.
#include "api/object_directory.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "api/rfc3339.h"
#include "core/file_text.h"

namespace fs = std::filesystem;

namespace ferry::api {
namespace {

constexpr std::uintmax_t kMaxObjectBytes = 1u << 20;  // Kubernetes' limit for a whole Secret or ConfigMap

Error unreadable(const fs::path& path, const std::string& why) {
  return make_error("cannot read " + path.string() + ": " + why);
}

std::map<std::string, std::string> string_map(const nlohmann::json& document, const char* key) {
  std::map<std::string, std::string> values;
  const auto found = document.find(key);
  if (found == document.end() || !found->is_object()) return values;
  for (const auto& [name, value] : found->items()) {
    if (value.is_string()) values.emplace(name, value.get<std::string>());
  }
  return values;
}

// The metadata file's labels, annotations, type and creationTimestamp; a file that is no JSON object is an
// error (ferry wrote it; a damaged one must not pass for "no labels").
Status read_metadata(const fs::path& folder, StoredObject& object) {
  auto text = read_file_if_present(folder / kMetadataFile);
  if (!text) return text.error();
  if (!text->has_value()) return ok();
  const nlohmann::json document = nlohmann::json::parse(**text, nullptr, false);
  if (!document.is_object()) return unreadable(folder / kMetadataFile, "not a JSON object");
  const std::map<std::string, std::string> labels = string_map(document, "labels");
  object.labels = Labels(labels.begin(), labels.end());
  object.annotations = string_map(document, "annotations");
  if (document.contains("type") && document["type"].is_string()) object.type = document["type"];
  if (document.contains("creationTimestamp") && document["creationTimestamp"].is_string()) {
    object.creation_timestamp = document["creationTimestamp"];
  }
  return ok();
}

Status read_keys(const fs::path& folder, StoredObject& object) {
  std::error_code ec;
  std::uintmax_t total = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, ec)) {
    const std::string key = entry.path().filename().string();
    std::error_code file_error;  // a dangling link is no key, not a failure to read
    if (!valid_data_key(key) || !fs::is_regular_file(entry.path(), file_error)) continue;
    total += fs::file_size(entry.path(), file_error);
    if (total > kMaxObjectBytes) return unreadable(folder, "larger than 1 MiB, the Kubernetes limit");
    auto bytes = read_file_if_present(entry.path());
    if (!bytes) return bytes.error();
    if (bytes->has_value()) object.data.emplace(key, std::move(**bytes));
  }
  if (ec) return unreadable(folder, ec.message());
  return ok();
}

std::string modification_time(const fs::path& folder) {
  std::error_code ec;
  const auto written = fs::last_write_time(folder, ec);
  if (ec) return "";
  return rfc3339(std::chrono::file_clock::to_sys(written));
}

Result<std::optional<StoredObject>> read_folder(const fs::path& folder, const std::string& namespace_name,
                                                const std::string& name) {
  std::error_code ec;
  if (!fs::is_directory(folder, ec)) return std::optional<StoredObject>{};
  StoredObject object{namespace_name, name};
  if (Status keys = read_keys(folder, object); !keys) return keys.error();
  if (Status metadata = read_metadata(folder, object); !metadata) return metadata.error();
  if (object.creation_timestamp.empty()) object.creation_timestamp = modification_time(folder);
  return std::optional<StoredObject>{std::move(object)};
}

}  // namespace

fs::path ObjectDirectory::namespace_folder(const std::string& namespace_name) const {
  if (namespace_name == pipeline_namespace_) return root_;
  return root_ / kNamespacesFolder / namespace_name;
}

Result<std::optional<StoredObject>> ObjectDirectory::read(const std::string& namespace_name,
                                                          const std::string& name) const {
  if (!configured() || !valid_namespace_name(namespace_name) || !valid_object_name(name)) {
    return std::optional<StoredObject>{};
  }
  return read_folder(namespace_folder(namespace_name) / name, namespace_name, name);
}

Result<std::vector<StoredObject>> ObjectDirectory::list_folder(const fs::path& folder,
                                                               const std::string& namespace_name) const {
  std::vector<StoredObject> objects;
  std::error_code ec;
  if (!fs::is_directory(folder, ec)) return objects;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    if (!valid_object_name(name)) continue;  // .namespaces, staging and deleted directories
    auto object = read_folder(entry.path(), namespace_name, name);
    if (!object) return object.error();
    if (object->has_value()) objects.push_back(std::move(**object));
  }
  if (ec) return unreadable(folder, ec.message());
  std::sort(objects.begin(), objects.end(),
            [](const StoredObject& a, const StoredObject& b) { return a.name < b.name; });
  return objects;
}

Result<std::vector<StoredObject>> ObjectDirectory::list(const std::string& namespace_name) const {
  if (!configured()) return std::vector<StoredObject>{};
  if (!namespace_name.empty()) {
    if (!valid_namespace_name(namespace_name)) return std::vector<StoredObject>{};
    return list_folder(namespace_folder(namespace_name), namespace_name);
  }
  std::vector<std::string> namespaces = {pipeline_namespace_};
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(root_ / kNamespacesFolder, ec)) {
    const std::string name = entry.path().filename().string();
    if (valid_namespace_name(name) && name != pipeline_namespace_) namespaces.push_back(name);
  }
  std::sort(namespaces.begin(), namespaces.end());
  std::vector<StoredObject> all;
  for (const std::string& name : namespaces) {
    auto objects = list_folder(namespace_folder(name), name);
    if (!objects) return objects.error();
    all.insert(all.end(), objects->begin(), objects->end());
  }
  return all;
}

}  // namespace ferry::api
