// HealthRecord documents (platform.kratix.io/v1alpha1) -> HealthRecord, checked as Kratix's CRD checks
// them (config/crd/bases/platform.kratix.io_healthrecords.yaml): the payload under `data` (not `spec`),
// data.promiseRef.name, data.resourceRef.name and .namespace required, data.state one of the enum
// (default unknown), data.lastRun and data.resourceRef.generation integers, data.details a map; every
// unknown field refused by its table (core/known_fields.h) with "did you mean".
#pragma once

#include "core/error.h"
#include "core/known_fields.h"
#include "core/yaml_document.h"
#include "platform/health_record.h"

namespace ferry::runner {

// The fields of a HealthRecord and of its data, promiseRef and resourceRef.
const FieldTable& health_record_fields();

// One HealthRecord document (kind checked by the caller; apiVersion checked here). Errors at
// file:line:column.
Result<HealthRecord> parse_health_record(const YamlDocument& document);

}  // namespace ferry::runner
