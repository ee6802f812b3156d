// A MetricsProvider's metric file (spec.file.path, placement/metric_readings.h) as plain values: the file's
// only document, a map of metric names to numbers. Its text is read by placement/ when a run needs the
// metrics; it is parsed here because YAML stays in the parsers (platform/, pipeline/).
#pragma once

#include <map>
#include <optional>
#include <string>

#include "core/error.h"

namespace ferry::runner {

// One entry of the file.
struct MetricFileValue {
  std::optional<double> number;  // the value when it is a scalar that reads as a number
  std::string found;             // otherwise what was found, for messages: "\"high\"", or the node's type
  SourceLocation where;          // where the value starts
};

// Entries by metric name (a key that is not a scalar is left out: no name finds it). `file` names the
// text in errors: invalid YAML, an empty file ("<file> is empty"), a document that is not a map.
Result<std::map<std::string, MetricFileValue>> parse_metric_file(const std::string& text,
                                                                 const std::string& file);

}  // namespace ferry::runner
