#include "platform/health_record_file.h"

#include "core/message_text.h"
#include "core/yaml_document.h"
#include "platform/health_record_parser.h"

namespace ferry::runner {

HealthRecordFile read_health_record_file(const std::string& text, const std::string& file) {
  HealthRecordFile read;
  auto documents = parse_yaml_stream(text, file);
  if (!documents) {
    read.errors.push_back(documents.error());
    return read;
  }
  for (const YamlDocument& document : *documents) {
    if (document.node.IsNull()) continue;  // an empty document between separators
    const YAML::Node kind = child(document.node, "kind");
    if (!kind.IsScalar() || kind.Scalar() != "HealthRecord") {
      read.errors.push_back(make_error(location_of(document.node, file),
                                       "a Destination's health folder holds HealthRecords only, found " +
                                           (kind.IsScalar() ? "kind " + quoted_value(kind.Scalar())
                                                            : std::string("a document without a kind"))));
      continue;
    }
    auto record = parse_health_record(document);
    if (record) {
      read.records.push_back(std::move(*record));
    } else {
      read.errors.push_back(record.error());
    }
  }
  return read;
}

}  // namespace ferry::runner
