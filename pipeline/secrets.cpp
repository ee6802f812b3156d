#include "pipeline/secrets.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "core/yaml_document.h"

namespace fs = std::filesystem;

namespace ferry::pipeline {
namespace {

constexpr std::uintmax_t kMaxValueBytes = 1u << 20;  // Kubernetes' limit for a whole secret
constexpr std::size_t kMinRedactedLength = 4;

const char* kind_word(RefKind kind) {
  return kind == RefKind::secret ? "secret" : "config map";
}

bool is_lower_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}
bool is_alnum(char c) {
  return is_lower_alnum(c) || (c >= 'A' && c <= 'Z');
}

// A DNS subdomain, as Kubernetes requires of secret and config map names.
bool valid_name(const std::string& name) {
  if (name.empty() || name.size() > 253 || !is_lower_alnum(name.front()) || !is_lower_alnum(name.back())) {
    return false;
  }
  return std::all_of(name.begin(), name.end(),
                     [](char c) { return is_lower_alnum(c) || c == '-' || c == '.'; });
}

// A data key: it becomes a file name in the directory source, so it must not name a directory.
bool valid_key(const std::string& key) {
  if (key.empty() || key.size() > 253 || key == "." || key == "..") return false;
  return std::all_of(key.begin(), key.end(),
                     [](char c) { return is_alnum(c) || c == '-' || c == '_' || c == '.'; });
}

Status check_ref_fields(const YAML::Node& value_from, const std::string& path, const std::string& file) {
  for (const auto& entry : value_from) {
    const std::string key = entry.first.Scalar();
    if (key == "secretKeyRef" || key == "configMapKeyRef") continue;
    const std::string why = key == "fieldRef" || key == "resourceFieldRef"
                                ? " needs a Kubernetes API and is not supported by ferry"
                                : " is not a known field";
    return make_error(location_of(entry.first, file),
                      "\"" + path + "." + key + "\"" + why + ": use \"secretKeyRef\" or \"configMapKeyRef\"");
  }
  const bool secret = value_from["secretKeyRef"].IsDefined();
  const bool config_map = value_from["configMapKeyRef"].IsDefined();
  if (secret && config_map) {
    return make_error(location_of(value_from, file),
                      "\"" + path + "\" must have only one of \"secretKeyRef\" and \"configMapKeyRef\"");
  }
  if (!secret && !config_map) {
    return make_error(location_of(value_from, file),
                      "\"" + path + "\" needs \"secretKeyRef\" or \"configMapKeyRef\"");
  }
  return ok();
}

std::string env_part(const std::string& text) {
  std::string part = text;
  for (char& c : part) c = is_alnum(c) ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : '_';
  return part;
}

}  // namespace

Result<SecretRef> parse_value_from(const YAML::Node& value_from, const std::string& path,
                                   const std::string& file) {
  if (!value_from.IsMap()) {
    return make_error(location_of(value_from, file), "\"" + path +
                                                         "\" must be a map with \"secretKeyRef\" or "
                                                         "\"configMapKeyRef\", found " +
                                                         describe_node_type(value_from));
  }
  if (Status fields = check_ref_fields(value_from, path, file); !fields) return fields.error();
  SecretRef ref;
  ref.kind = value_from["secretKeyRef"].IsDefined() ? RefKind::secret : RefKind::config_map;
  const char* field = ref.kind == RefKind::secret ? "secretKeyRef" : "configMapKeyRef";
  const std::string ref_path = path + "." + field;
  auto map = required_map(value_from, field, ref_path, file);
  if (!map) return map.error();
  auto name = required_string(*map, "name", ref_path + ".name", file);
  if (!name) return name.error();
  if (!valid_name(*name)) {
    return make_error(location_of((*map)["name"], file),
                      std::string(kind_word(ref.kind)) + " name \"" + *name +
                          "\" is not a valid Kubernetes name: use lower-case letters, digits, '-' and '.', "
                          "starting and ending with a letter or digit");
  }
  auto key = required_string(*map, "key", ref_path + ".key", file);
  if (!key) return key.error();
  if (!valid_key(*key)) {
    return make_error(location_of((*map)["key"], file),
                      "key \"" + *key + "\" is not a valid key: use letters, digits, '-', '_' and '.'");
  }
  auto optional = optional_bool(*map, "optional", false, ref_path + ".optional", file);
  if (!optional) return optional.error();
  ref.name = *name;
  ref.key = *key;
  ref.optional = *optional;
  ref.where = location_of(*map, file);
  return ref;
}

EnvironmentSecretSource EnvironmentSecretSource::from_process() {
  return EnvironmentSecretSource([](const std::string& variable) -> std::optional<std::string> {
    const char* value = std::getenv(variable.c_str());
    if (value == nullptr) return std::nullopt;
    return std::string(value);
  });
}

std::string EnvironmentSecretSource::variable_name(const SecretRef& ref) {
  const char* prefix = ref.kind == RefKind::secret ? "FERRY_SECRET_" : "FERRY_CONFIGMAP_";
  return prefix + env_part(ref.name) + "_" + env_part(ref.key);
}

Result<std::optional<std::string>> EnvironmentSecretSource::find(const SecretRef& ref) const {
  return lookup_(variable_name(ref));
}

std::string EnvironmentSecretSource::how_to_provide(const SecretRef& ref) const {
  return "set " + variable_name(ref);
}

fs::path DirectorySecretSource::file_of(const SecretRef& ref) const {
  const fs::path& dir = ref.kind == RefKind::secret ? secrets_dir_ : config_maps_dir_;
  if (dir.empty()) return {};
  return dir / ref.name / ref.key;
}

Result<std::optional<std::string>> DirectorySecretSource::find(const SecretRef& ref) const {
  const fs::path path = file_of(ref);
  if (path.empty()) return std::optional<std::string>{};
  if (!valid_name(ref.name) || !valid_key(ref.key)) {  // a hand-made ref must not leave the directory
    return make_error(ref.where, std::string(kind_word(ref.kind)) + " \"" + ref.name + "\" key \"" + ref.key +
                                     "\" is not a valid name and key");
  }
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);  // follows symlinks, as secret volumes use them
  if (status.type() == fs::file_type::not_found) return std::optional<std::string>{};
  if (ec) return make_error(ref.where, "cannot read " + path.string() + ": " + ec.message());
  if (status.type() != fs::file_type::regular) {
    return make_error(ref.where, path.string() + " is not a regular file: write the value into a plain file");
  }
  const std::uintmax_t size = fs::file_size(path, ec);
  if (ec || size > kMaxValueBytes) {
    return make_error(ref.where, ec ? "cannot read " + path.string() + ": " + ec.message()
                                    : path.string() + " is larger than 1 MiB, the Kubernetes limit");
  }
  std::ifstream in(path, std::ios::binary);
  std::ostringstream value;
  value << in.rdbuf();
  if (!in) return make_error(ref.where, "cannot read " + path.string());
  return std::optional<std::string>{value.str()};
}

std::string DirectorySecretSource::how_to_provide(const SecretRef& ref) const {
  const fs::path path = file_of(ref);
  return path.empty() ? "" : "create " + path.string();
}

Result<std::optional<std::string>> ChainedSecretSource::find(const SecretRef& ref) const {
  for (const SecretSource* source : sources_) {
    auto value = source->find(ref);
    if (!value || value->has_value()) return value;
  }
  return std::optional<std::string>{};
}

std::string ChainedSecretSource::how_to_provide(const SecretRef& ref) const {
  std::string ways;
  for (const SecretSource* source : sources_) {
    const std::string way = source->how_to_provide(ref);
    if (way.empty()) continue;
    ways += (ways.empty() ? "" : " or ") + way;
  }
  return ways;
}

Result<std::optional<std::string>> resolve_secret(const SecretRef& ref, const SecretSource& source) {
  auto value = source.find(ref);
  if (!value || value->has_value() || ref.optional) return value;
  const std::string how = source.how_to_provide(ref);
  return make_error(ref.where,
                    std::string(kind_word(ref.kind)) + " \"" + ref.name + "\" has no key \"" + ref.key +
                        "\" available to ferry: " + (how.empty() ? "no source for it is configured" : how));
}

std::string redact(const std::string& text, const std::vector<std::string>& secret_values) {
  std::vector<std::string> values;
  for (const std::string& value : secret_values) {
    if (value.size() >= kMinRedactedLength) values.push_back(value);
  }
  std::sort(values.begin(), values.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto match = std::find_if(values.begin(), values.end(), [&](const std::string& value) {
      return text.compare(i, value.size(), value) == 0;
    });
    if (match == values.end()) {
      out += text[i++];
    } else {
      out += "***";
      i += match->size();
    }
  }
  return out;
}

}  // namespace ferry::pipeline
