#include "pipeline/volume_fields.h"

#include <cctype>
#include <filesystem>

#include "core/kubernetes_names.h"

namespace ferry::pipeline {

const std::set<std::string>& cluster_volume_kinds() {
  static const std::set<std::string> kinds = {"awsElasticBlockStore",
                                              "azureDisk",
                                              "azureFile",
                                              "cephfs",
                                              "cinder",
                                              "csi",
                                              "downwardAPI",
                                              "ephemeral",
                                              "fc",
                                              "flexVolume",
                                              "flocker",
                                              "gcePersistentDisk",
                                              "gitRepo",
                                              "glusterfs",
                                              "hostPath",
                                              "image",
                                              "iscsi",
                                              "nfs",
                                              "persistentVolumeClaim",
                                              "photonPersistentDisk",
                                              "portworxVolume",
                                              "projected",
                                              "quobyte",
                                              "rbd",
                                              "scaleIO",
                                              "storageos",
                                              "vsphereVolume"};
  return kinds;
}

// A list-valued field; absent or null is an empty list.
Result<YAML::Node> optional_list(const YAML::Node& map, const char* key, const std::string& path,
                                 const std::string& file) {
  const YAML::Node list = child(map, key);
  if (!list || list.IsNull()) return YAML::Node(YAML::NodeType::Sequence);
  if (!list.IsSequence()) {
    return make_error(location_of(list, file),
                      "\"" + path + "\" must be a list, found " + describe_node_type(list));
  }
  return list;
}

// A file mode: 0 to 0777, written in octal with a leading 0 or 0o (as YAML 1.1 readers take 0400) or in
// decimal (as JSON must: 256). Absent gives nullopt.
Result<std::optional<int>> optional_mode(const YAML::Node& map, const char* key, const std::string& path,
                                         const std::string& file) {
  const YAML::Node node = child(map, key);
  if (!node || node.IsNull()) return std::optional<int>{};
  const std::string text = node.IsScalar() ? node.Scalar() : "";
  std::string digits = text;
  int base = 10;
  if (text.starts_with("0o"))
    digits = text.substr(2), base = 8;
  else if (text.size() > 1 && text.front() == '0')
    digits = text.substr(1), base = 8;
  std::size_t used = 0;
  int mode = -1;
  try {
    mode = digits.empty() || !std::isdigit(static_cast<unsigned char>(digits.front()))
               ? -1
               : std::stoi(digits, &used, base);
  } catch (const std::exception&) {
    mode = -1;
  }
  if (used != digits.size() || mode < 0 || mode > 0777) {
    return make_error(location_of(node, file), "\"" + path +
                                                   "\" must be a file mode between 0 and 0777 (octal, "
                                                   "e.g. 0400) or 0 and 511 (decimal); found \"" +
                                                   text + "\"");
  }
  return std::optional<int>{mode};
}

// A relative path inside a volume: not empty, not absolute, no ".." part.
Status check_relative(const YAML::Node& node, const std::string& text, const std::string& path,
                      const std::string& file) {
  const std::filesystem::path p(text);
  bool up = false;
  for (const auto& part : p) up = up || part == "..";
  if (text.empty() || p.is_absolute() || up) {
    return make_error(location_of(node, file),
                      "\"" + path + "\" must be a relative path without \"..\"; found \"" + text + "\"");
  }
  return ok();
}

Result<std::string> object_name(const YAML::Node& map, const char* key, const std::string& path,
                                const std::string& file) {
  auto name = required_string(map, key, path, file);
  if (!name) return name.error();
  if (Status valid = check_name(child(map, key), NameRule::object_name, path, file); !valid)
    return valid.error();
  return name;
}

}  // namespace ferry::pipeline
