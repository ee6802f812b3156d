// admitted_request (admitted_request.h).
#include "platform/admitted_request.h"

#include "core/yaml_document.h"
#include "platform/deferred_requests.h"

namespace ferry::runner {

Result<pipeline::Request> admitted_request(const pipeline::Promise& promise, const std::string& object_text,
                                           const std::string& file) {
  if (!promise.api) return make_error("Promise " + promise.name + " serves no API");
  auto documents = parse_yaml_stream(object_text, file);
  if (!documents) return documents.error();
  if (documents->size() != 1) return make_error(file + ": one object is expected");
  const YamlDocument& doc = documents->front();
  const YAML::Node api_version = child(doc.node, "apiVersion");
  if (!api_version || !api_version.IsScalar()) return make_error("apiVersion: Required value");
  std::vector<Error> errors;
  auto request = checked_request(doc, promise, api_version.as<std::string>(), errors);
  if (request) return std::move(*request);
  std::string message;
  for (const Error& error : errors) message += (message.empty() ? "" : "; ") + error.message;
  return make_error(message);
}

}  // namespace ferry::runner
