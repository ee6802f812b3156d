// A Secret or ConfigMap as ferry keeps it on disk (object_directory.h): its keys' bytes and the metadata
// kept beside them. Plain values; object_json.h turns them into Kubernetes JSON and back.
#pragma once

#include <map>
#include <string>

#include "core/labels.h"

namespace ferry::api {

enum class StoredKind { secret, config_map };

struct StoredObject {
  std::string namespace_name;
  std::string name;
  std::map<std::string, std::string> data;  // key -> the file's bytes
  Labels labels;
  std::map<std::string, std::string> annotations;
  std::string type;                // a Secret's type: "Opaque" unless written otherwise
  std::string creation_timestamp;  // RFC 3339, UTC
  bool operator==(const StoredObject&) const = default;
};

// A key Kubernetes accepts in a Secret's or ConfigMap's data (IsConfigMapKey): letters, digits, '-', '_',
// '.', at most 253 characters, not "." and not starting with "..". Such a key is a safe file name.
bool valid_data_key(const std::string& key);

// A DNS subdomain (RFC 1123), as Kubernetes requires of Secret and ConfigMap names and of namespaces' (a
// label, at most 63 characters).
bool valid_object_name(const std::string& name);
bool valid_namespace_name(const std::string& name);

// "v1" Kind: "Secret" / "ConfigMap"; the resource: "secrets" / "configmaps".
const char* kind_name(StoredKind kind);
const char* resource_name(StoredKind kind);

// The resourceVersion ferry reports: a decimal digest of the object's contents and metadata, so a write
// that changes the object changes it (PUT compares it) and one that changes nothing keeps it.
std::string resource_version(const StoredObject& object);
// A stable uid from the kind, namespace and name, in UUID form.
std::string object_uid(StoredKind kind, const StoredObject& object);

}  // namespace ferry::api
