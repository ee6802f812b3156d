// Parsers for the documents the runner itself owns (GitStateStore, resource requests), and the table
// that maps a platform.kratix.io kind to its parser.
#pragma once

#include <map>
#include <string>

#include "core/yaml_document.h"
#include "platform/kind_handler.h"
#include "platform/platform.h"

namespace ferry::runner {

Result<GitStateStore> parse_git_state_store(const YamlDocument& document);

// A resource request for `promise`; api_version and kind were already matched against its API. Its
// object_yaml is `object` (the document with its schema's defaults applied), or the document as written when
// null: each text is made once (making it was a quarter of loading 10,000 requests).
Result<pipeline::Request> parse_request(const YamlDocument& document, const std::string& promise,
                                        const YAML::Node* object = nullptr);

// Sets the request's object_yaml and spec_md5 from `object` (the document, or it with schema defaults).
void set_request_object(pipeline::Request& request, const YAML::Node& object);

// The parsers of the platform.kratix.io kinds, by kind.
const std::map<std::string, KindHandler>& platform_kinds();

}  // namespace ferry::runner
