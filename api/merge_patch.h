// PATCH bodies ferry applies: a JSON merge patch (RFC 7386, `application/merge-patch+json`) and, for Secrets
// and ConfigMaps, a strategic merge patch (`application/strategic-merge-patch+json`, what `kubectl apply`
// and `kubectl patch` send by default), which for these kinds is the same merge: their fields are maps and
// strings, with no list merged by key. A strategic patch's directives (`$patch`, `$retainKeys`,
// `$setElementOrder/...`, `$deleteFromPrimitiveList/...`) are refused rather than guessed at.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace ferry::api {

enum class PatchType { merge, strategic_merge };

// The patch type of a Content-Type ("application/merge-patch+json; charset=utf-8"), nullopt for another
// (JSON patch, server-side apply, anything else: 415).
std::optional<PatchType> patch_type(const std::string& content_type);

// `target` with `patch` merged in: a null member removes the key, an object merges recursively, anything
// else replaces.
nlohmann::json merge_patched(nlohmann::json target, const nlohmann::json& patch);

// The first strategic-merge directive in `patch` (a key starting with '$', at any depth), "" when none.
std::string strategic_directive(const nlohmann::json& patch);

}  // namespace ferry::api
