#include "pipeline/secrets.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "core/secret_values.h"

namespace fs = std::filesystem;

namespace ferry::pipeline {
namespace {

constexpr std::uintmax_t kMaxValueBytes = 1u << 20;  // Kubernetes' limit for a whole secret

bool is_lower_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}
bool is_alnum(char c) {
  return is_lower_alnum(c) || (c >= 'A' && c <= 'Z');
}

std::string env_part(const std::string& text) {
  std::string part = text;
  for (char& c : part) c = is_alnum(c) ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : '_';
  return part;
}

}  // namespace

const char* ref_kind_word(RefKind kind) {
  return kind == RefKind::secret ? "secret" : "config map";
}

bool valid_ref_name(const std::string& name) {
  if (name.empty() || name.size() > 253 || !is_lower_alnum(name.front()) || !is_lower_alnum(name.back())) {
    return false;
  }
  return std::all_of(name.begin(), name.end(),
                     [](char c) { return is_lower_alnum(c) || c == '-' || c == '.'; });
}

bool valid_ref_key(const std::string& key) {
  if (key.empty() || key.size() > 253 || key == "." || key == "..") return false;
  return std::all_of(key.begin(), key.end(),
                     [](char c) { return is_alnum(c) || c == '-' || c == '_' || c == '.'; });
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
  if (!valid_ref_name(ref.name) || !valid_ref_key(ref.key)) {  // a hand-made ref must not leave the directory
    return make_error(ref.where, std::string(ref_kind_word(ref.kind)) + " \"" + ref.name + "\" key \"" +
                                     ref.key + "\" is not a valid name and key");
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

Result<std::optional<std::vector<std::string>>> DirectorySecretSource::keys(RefKind kind,
                                                                            const std::string& name) const {
  const fs::path& root = kind == RefKind::secret ? secrets_dir_ : config_maps_dir_;
  if (root.empty() || !valid_ref_name(name)) return std::optional<std::vector<std::string>>{};
  std::error_code ec;
  if (!fs::is_directory(root / name, ec)) return std::optional<std::vector<std::string>>{};
  std::vector<std::string> keys;
  for (const fs::directory_entry& entry : fs::directory_iterator(root / name, ec)) {
    const std::string key = entry.path().filename().string();
    std::error_code file_error;  // a dangling link is no key, not a failure to list
    if (valid_ref_key(key) && !key.starts_with("..") && fs::is_regular_file(entry.path(), file_error))
      keys.push_back(key);
  }
  if (ec) return make_error("cannot list " + (root / name).string() + ": " + ec.message());
  std::sort(keys.begin(), keys.end());
  return std::optional<std::vector<std::string>>{std::move(keys)};
}

Result<std::optional<std::vector<std::string>>> ChainedSecretSource::keys(RefKind kind,
                                                                          const std::string& name) const {
  for (const SecretSource* source : sources_) {
    auto keys = source->keys(kind, name);
    if (!keys || keys->has_value()) return keys;
  }
  return std::optional<std::vector<std::string>>{};
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
  // A secret is masked in all output from now on; a config map value is not secret.
  if (value && value->has_value() && ref.kind == RefKind::secret) remember_secret_value(**value);
  if (!value || value->has_value() || ref.optional) return value;
  const std::string how = source.how_to_provide(ref);
  return make_error(ref.where,
                    std::string(ref_kind_word(ref.kind)) + " \"" + ref.name + "\" has no key \"" + ref.key +
                        "\" available to ferry: " + (how.empty() ? "no source for it is configured" : how));
}

std::string redact(const std::string& text, const std::vector<std::string>& secret_values) {
  return masked(text, secret_values);
}

}  // namespace ferry::pipeline
