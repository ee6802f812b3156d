// Secrets and ConfigMaps kept as directories of key files: the layout of `--secrets-dir` and
// `--config-maps-dir` that pipeline/secrets.h already reads for env valueFrom, volumes and envFrom.
//   DIR/<name>/<key>                          the pipeline's own namespace (today's flat layout)
//   DIR/.namespaces/<namespace>/<name>/<key>  any other namespace (".namespaces" is no object name)
//   .../<name>/..ferry-metadata.json          labels, annotations, type and creation time, when written
//                                             through the API ("..": never a data key)
// Writes replace an object's directory atomically: the new directory is written beside it and swapped in
// with renameat2(RENAME_EXCHANGE), so a reader sees the old object or the new one, never a mix; a delete
// renames the directory away before removing it.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "api/stored_object.h"
#include "core/error.h"

namespace ferry::api {

inline constexpr const char* kMetadataFile = "..ferry-metadata.json";
inline constexpr const char* kNamespacesFolder = ".namespaces";

class ObjectDirectory {
 public:
  // An empty `root`: no objects, and writes are refused.
  ObjectDirectory(StoredKind kind, std::filesystem::path root, std::string pipeline_namespace)
      : kind_(kind), root_(std::move(root)), pipeline_namespace_(std::move(pipeline_namespace)) {}

  StoredKind kind() const { return kind_; }

  bool configured() const { return !root_.empty(); }
  // The object `name` in `namespace_name`, nullopt when there is none. Errors carry the system's reason.
  Result<std::optional<StoredObject>> read(const std::string& namespace_name, const std::string& name) const;
  // Every object of `namespace_name` ("" = every namespace), sorted by namespace and name.
  Result<std::vector<StoredObject>> list(const std::string& namespace_name) const;
  // Creates or replaces the object's directory (atomically, above); a Secret's files are 0600 in a 0700
  // directory, a ConfigMap's 0644 in 0755.
  Status write(const StoredObject& object) const;
  // Removes the object's directory; false when there was none.
  Result<bool> remove(const std::string& namespace_name, const std::string& name) const;

 private:
  std::filesystem::path namespace_folder(const std::string& namespace_name) const;
  Result<std::vector<StoredObject>> list_folder(const std::filesystem::path& folder,
                                                const std::string& namespace_name) const;
  StoredKind kind_;
  std::filesystem::path root_;
  std::string pipeline_namespace_;
};

}  // namespace ferry::api
