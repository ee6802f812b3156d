// One file of a Destination's health folder (docs/status.md, "Health"), read without the caller seeing
// YAML: the HealthRecords it holds (health_record_parser.h checks each) and what is wrong with the rest.
#pragma once

#include <string>
#include <vector>

#include "core/error.h"
#include "platform/health_record.h"

namespace ferry::runner {

// The records of one file, and an error for each document that is not a valid HealthRecord (another kind,
// bad fields; a YAML syntax error is then the file's only error).
struct HealthRecordFile {
  std::vector<HealthRecord> records;
  std::vector<Error> errors;
};

// Reads the YAML stream `text`; `file` names it in locations ("<store>:<path>").
HealthRecordFile read_health_record_file(const std::string& text, const std::string& file);

}  // namespace ferry::runner
