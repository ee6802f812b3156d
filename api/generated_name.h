// metadata.generateName as the Kubernetes API server honours it (staging/src/k8s.io/apiserver/pkg/storage/
// names/generate.go, SimpleNameGenerator): a create without a name gets the prefix, cut to 58 characters,
// followed by 5 random characters of utilrand.String's alphabet (lower-case letters without vowels and the
// digits 2, 4-9, so no words), together at most 63 characters.
#pragma once

#include <functional>
#include <string>

namespace ferry::api {

inline constexpr std::size_t kGeneratedSuffixLength = 5;
inline constexpr std::size_t kMaxGeneratedNameBase = 58;  // 63 - kGeneratedSuffixLength

// Gives the random part of a generated name: kGeneratedSuffixLength characters of the alphabet above.
using NameSuffix = std::function<std::string()>;

// Five characters from OpenSSL's CSPRNG (std::random_device when it fails), each uniform over the alphabet.
std::string random_name_suffix();

// `base` cut to kMaxGeneratedNameBase characters, followed by `suffix`.
std::string generated_name(const std::string& base, const std::string& suffix);

}  // namespace ferry::api
