#include "platform/recorded_objects.h"

#include "core/yaml_document.h"
#include "pipeline/promise_parser.h"

namespace ferry::runner {
namespace {

Result<YamlDocument> only_document(const std::string& object_yaml, const std::string& origin,
                                   const std::string& what) {
  auto documents = parse_yaml_stream(object_yaml, origin);
  if (!documents) return documents.error();
  if (documents->size() != 1) return make_error("the recorded " + what + " is not one YAML document");
  return std::move(documents->front());
}

}  // namespace

Result<pipeline::Promise> parse_recorded_promise(const std::string& object_yaml, const std::string& origin,
                                                 const std::string& what) {
  auto document = only_document(object_yaml, origin, what);
  if (!document) return document.error();
  return pipeline::parse_promise(*document, pipeline::FieldCheck::as_recorded);
}

Result<std::string> recorded_api_version(const std::string& object_yaml, const std::string& origin,
                                         const std::string& what) {
  auto document = only_document(object_yaml, origin, what);
  if (!document) return document.error();
  return child(document->node, "apiVersion").Scalar();
}

}  // namespace ferry::runner
