// remember_api_secret_value, remember_secret_data (secret_masking.h).
#include "api/secret_masking.h"

#include "api/base64.h"
#include "core/secret_values.h"

namespace ferry::api {

void remember_api_secret_value(const std::string& value) {
  remember_secret_value(value);
  remember_secret_value(base64_encoded(value));
}

void remember_secret_data(StoredKind kind, const StoredObject& object) {
  if (kind != StoredKind::secret) return;
  for (const auto& [key, value] : object.data) remember_api_secret_value(value);
}

}  // namespace ferry::api
