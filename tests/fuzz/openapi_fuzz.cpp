// Fuzz target: a Promise's openAPIV3Schema (pipeline/openapi_schema_parser.h) and the check of resource
// requests against it with defaulting (pipeline/openapi_validate.h). Input: a YAML stream whose first
// document is the schema and whose other documents are requests.
#include "pipeline/openapi_schema_parser.h"
#include "pipeline/openapi_validate.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto documents = ferry::parse_yaml_stream(ferry::fuzz::as_text(data, size), "promise.yaml");
  if (!documents || documents->empty()) return 0;
  auto schema = ferry::pipeline::parse_schema(documents->front().node, "promise.yaml");
  if (!schema) {
    (void)schema.error().render();
    return 0;
  }
  for (std::size_t i = 1; i < documents->size(); ++i) {
    const YAML::Node& request = (*documents)[i].node;
    for (const ferry::Error& problem : ferry::pipeline::validate_object(*schema, request, "request.yaml")) {
      (void)problem.render();
    }
    (void)ferry::to_yaml_text(ferry::pipeline::apply_defaults(*schema, request));
  }
  return 0;
}
