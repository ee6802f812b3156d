#include "core/yaml_text.h"

#include "core/yaml_document.h"

namespace ferry {

Result<std::vector<std::string>> top_level_scalars(const std::string& text, const std::string& file,
                                                   const char* key) {
  auto documents = parse_yaml_stream(text, file);
  if (!documents) return documents.error();
  std::vector<std::string> values;
  for (const YamlDocument& document : *documents) values.push_back(child(document.node, key).Scalar());
  return values;
}

}  // namespace ferry
