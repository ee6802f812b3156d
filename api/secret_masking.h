// The Secret values the platform API hands to a pipeline or receives from it, remembered as the run's
// secret values (core/secret_values.h), so every output that masks those (container logs, ferry's stderr,
// the reports, the GitHub summary, the records) masks these too. A value is remembered as its bytes and as
// the base64 the API serves it in (a Secret's `data`): `kubectl get secret -o yaml` and the Python client
// print that form.
#pragma once

#include <string>

#include "api/stored_object.h"

namespace ferry::api {

// Remembers `value` and its base64 form.
void remember_api_secret_value(const std::string& value);

// Remembers every value of `object`'s data when it is a Secret; a ConfigMap's values are not secret.
void remember_secret_data(StoredKind kind, const StoredObject& object);

}  // namespace ferry::api
