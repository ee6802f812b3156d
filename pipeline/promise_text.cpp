#include "pipeline/promise_text.h"

#include "core/yaml_document.h"
#include "pipeline/promise_parser.h"

namespace ferry::pipeline {

Result<std::optional<Promise>> parse_single_promise(const std::string& text, const std::string& file) {
  auto documents = parse_yaml_stream(text, file);
  if (!documents) return documents.error();
  if (documents->size() != 1) return std::optional<Promise>();
  auto promise = parse_promise(documents->front());
  if (!promise) return promise.error();
  return std::optional<Promise>(std::move(*promise));
}

}  // namespace ferry::pipeline
