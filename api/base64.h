// Base64 (RFC 4648, standard alphabet, padded) as Kubernetes encodes a Secret's `data` and a ConfigMap's
// `binaryData` in JSON (Go's base64.StdEncoding).
#pragma once

#include <optional>
#include <string>

namespace ferry::api {

std::string base64_encoded(const std::string& bytes);
// nullopt for text that is not padded standard base64 (Go's StdEncoding refuses it too).
std::optional<std::string> base64_decoded(const std::string& text);

}  // namespace ferry::api
