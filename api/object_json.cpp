// object_json and object_from_json (object_json.h).
#include "api/object_json.h"

#include "api/base64.h"

namespace ferry::api {
namespace {

using Json = nlohmann::ordered_json;

// Whether `text` is valid UTF-8 (no overlong forms, no surrogates), as Go's utf8.ValidString.
bool valid_utf8(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char lead = static_cast<unsigned char>(text[i]);
    const int length = lead < 0x80         ? 1
                       : (lead >> 5) == 6  ? 2
                       : (lead >> 4) == 14 ? 3
                       : (lead >> 3) == 30 ? 4
                                           : 0;
    if (length == 0 || i + length > text.size()) return false;
    unsigned code = length == 1 ? lead : lead & (0x7F >> length);
    for (int j = 1; j < length; ++j) {
      const unsigned char next = static_cast<unsigned char>(text[i + j]);
      if ((next >> 6) != 2) return false;
      code = (code << 6) | (next & 0x3F);
    }
    const unsigned minimum[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < minimum[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return false;
    i += length;
  }
  return true;
}

Json metadata_json(StoredKind kind, const StoredObject& object) {
  Json metadata = {{"name", object.name},
                   {"namespace", object.namespace_name},
                   {"uid", object_uid(kind, object)},
                   {"resourceVersion", resource_version(object)},
                   {"creationTimestamp", object.creation_timestamp}};
  if (!object.labels.empty()) metadata["labels"] = object.labels;
  if (!object.annotations.empty()) metadata["annotations"] = object.annotations;
  return metadata;
}

BodyError bad_body(std::string message) {
  return BodyError{400, std::move(message)};
}

// `field` of `body` as a map of strings; an absent or null field is empty.
using StringsOrError = std::variant<std::map<std::string, std::string>, BodyError>;

StringsOrError strings_of(const std::string& path, const nlohmann::json* field) {
  std::map<std::string, std::string> values;
  if (field == nullptr || field->is_null()) return values;
  if (!field->is_object()) return bad_body(path + " must be a map of strings");
  for (const auto& [key, value] : field->items()) {
    if (!value.is_string()) return bad_body(path + "." + key + " must be a string");
    values.emplace(key, value.get<std::string>());
  }
  return values;
}

const nlohmann::json* member(const nlohmann::json& object, const char* key) {
  const auto found = object.find(key);
  return found == object.end() ? nullptr : &*found;
}

BodyError invalid_key(const std::string& field, const std::string& key) {
  return BodyError{422,
                   field + "[" + key + "]: Invalid value: \"" + key +
                       "\": a valid config key must consist of alphanumeric characters, '-', '_' or '.'"};
}

// Adds `values` (decoded from base64 when `encoded`) to `data`; a key already there is refused unless
// `replace` (stringData over data).
std::optional<BodyError> add_values(const std::string& field,
                                    const std::map<std::string, std::string>& values, bool encoded,
                                    bool replace, std::map<std::string, std::string>& data) {
  for (const auto& [key, value] : values) {
    if (!valid_data_key(key)) return invalid_key(field, key);
    std::optional<std::string> bytes = encoded ? base64_decoded(value) : std::optional<std::string>(value);
    if (!bytes) return bad_body(field + "." + key + " is not valid base64");
    if (!replace && data.contains(key)) {
      return BodyError{
          422, field + "[" + key + "]: Invalid value: \"" + key + "\": duplicate of key present in data"};
    }
    data.insert_or_assign(key, std::move(*bytes));
  }
  return std::nullopt;
}

// The data of a Secret (data in base64, stringData over it) or a ConfigMap (data, binaryData in base64).
std::optional<BodyError> read_data(StoredKind kind, const nlohmann::json& body, StoredObject& object) {
  const bool secret = kind == StoredKind::secret;
  const std::pair<const char*, bool> fields[] = {{"data", secret},
                                                 {secret ? "stringData" : "binaryData", true}};
  for (const auto& [field, encoded] : fields) {
    auto values = strings_of(field, member(body, field));
    if (auto* error = std::get_if<BodyError>(&values)) return *error;
    const bool string_data = secret && std::string(field) == "stringData";
    auto added = add_values(field, std::get<0>(values), encoded && !string_data, string_data, object.data);
    if (added) return added;
  }
  std::size_t total = 0;
  for (const auto& [key, value] : object.data) total += key.size() + value.size();
  if (total > (1u << 20)) return BodyError{422, "data: Too long: must have at most 1048576 bytes"};
  return std::nullopt;
}

std::optional<BodyError> read_type(StoredKind kind, const nlohmann::json& body, StoredObject& object) {
  const nlohmann::json* type = member(body, "type");
  if (kind != StoredKind::secret || type == nullptr || type->is_null()) return std::nullopt;
  if (!type->is_string()) return bad_body("type must be a string");
  object.type = type->get<std::string>();
  return std::nullopt;
}

// apiVersion and kind, when given, must be v1 and the kind.
std::optional<BodyError> check_kind(StoredKind kind, const nlohmann::json& body) {
  const nlohmann::json* api_version = member(body, "apiVersion");
  const nlohmann::json* given_kind = member(body, "kind");
  if (api_version != nullptr && *api_version != "v1") {
    return bad_body("the API version in the data (" + api_version->dump() +
                    ") does not match the expected API version (v1)");
  }
  if (given_kind != nullptr && *given_kind != kind_name(kind)) {
    return bad_body("the kind in the data (" + given_kind->dump() + ") does not match the expected kind (" +
                    kind_name(kind) + ")");
  }
  return std::nullopt;
}

std::optional<BodyError> read_body_metadata(const nlohmann::json& metadata, BodyObject& read) {
  const std::pair<const char*, std::string*> texts[] = {
      {"name", &read.object.name},
      {"namespace", &read.object.namespace_name},
      {"resourceVersion", &read.resource_version},
      {"creationTimestamp", &read.object.creation_timestamp}};
  for (const auto& [field, target] : texts) {
    const nlohmann::json* value = member(metadata, field);
    if (value == nullptr || value->is_null()) continue;
    if (!value->is_string()) return bad_body(std::string("metadata.") + field + " must be a string");
    *target = value->get<std::string>();
  }
  auto labels = strings_of("metadata.labels", member(metadata, "labels"));
  if (auto* error = std::get_if<BodyError>(&labels)) return *error;
  auto annotations = strings_of("metadata.annotations", member(metadata, "annotations"));
  if (auto* error = std::get_if<BodyError>(&annotations)) return *error;
  read.object.labels = Labels(std::get<0>(labels).begin(), std::get<0>(labels).end());
  read.object.annotations = std::move(std::get<0>(annotations));
  return std::nullopt;
}

std::optional<BodyError> check_names(StoredKind kind, BodyObject& read, const std::string& namespace_name,
                                     const std::string& name) {
  StoredObject& object = read.object;
  if (!name.empty() && !object.name.empty() && object.name != name) {
    return bad_body("the name of the object (" + object.name + ") does not match the name on the URL (" +
                    name + ")");
  }
  if (!object.namespace_name.empty() && object.namespace_name != namespace_name) {
    return bad_body("the namespace of the provided object does not match the namespace sent on the request");
  }
  if (object.name.empty()) object.name = name;
  object.namespace_name = namespace_name;
  if (object.name.empty())
    return BodyError{422, std::string(kind_name(kind)) +
                              " \"\" is invalid: metadata.name: Required value: name is required"};
  if (!valid_object_name(object.name)) {
    return BodyError{422,
                     std::string(kind_name(kind)) + " \"" + object.name +
                         "\" is invalid: metadata.name: Invalid value: \"" + object.name +
                         "\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric "
                         "characters, '-' or '.', and must start and end with an alphanumeric character"};
  }
  return std::nullopt;
}

}  // namespace

std::variant<BodyObject, BodyError> object_from_json(StoredKind kind, const nlohmann::json& body,
                                                     const std::string& namespace_name,
                                                     const std::string& name) {
  if (!body.is_object()) return bad_body("the body must be a JSON object");
  if (auto error = check_kind(kind, body)) return *error;
  BodyObject read;
  const nlohmann::json* metadata = member(body, "metadata");
  if (metadata != nullptr && !metadata->is_null() && !metadata->is_object())
    return bad_body("metadata must be a map");
  if (metadata != nullptr && metadata->is_object()) {
    if (auto error = read_body_metadata(*metadata, read)) return *error;
  }
  if (auto error = check_names(kind, read, namespace_name, name)) return *error;
  if (auto error = read_data(kind, body, read.object)) return *error;
  if (auto error = read_type(kind, body, read.object)) return *error;
  return read;
}

nlohmann::ordered_json object_json(StoredKind kind, const StoredObject& object) {
  Json json = {{"kind", kind_name(kind)}, {"apiVersion", "v1"}, {"metadata", metadata_json(kind, object)}};
  Json data = Json::object();
  Json binary = Json::object();
  for (const auto& [key, value] : object.data) {
    if (kind == StoredKind::secret) {
      data[key] = base64_encoded(value);
    } else if (valid_utf8(value)) {
      data[key] = value;
    } else {
      binary[key] = base64_encoded(value);
    }
  }
  if (!data.empty()) json["data"] = data;
  if (!binary.empty()) json["binaryData"] = binary;
  if (kind == StoredKind::secret) json["type"] = object.type.empty() ? "Opaque" : object.type;
  return json;
}

}  // namespace ferry::api
