// Kubernetes resource quantities ("500m", "1.5", "128Mi", "1e3", "2G"), parsed exactly as the API server
// reads them (k8s.io/apimachinery resource.Quantity): a decimal number, then one optional suffix, binary (Ki
// Mi Gi Ti Pi Ei), decimal (n u m k M G T P E) or an exponent (e3, E-2). Values are converted the way the
// kubelet converts them, rounding up: CPU to millicores, memory to bytes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace ferry::pipeline {

// The quantity in units of 1/`per_unit` (1000 for millicores, 1 for bytes), rounded up; nullopt when the
// text is not a quantity, is negative, or does not fit in an int64.
std::optional<std::int64_t> parse_quantity(const std::string& text, std::int64_t per_unit);

}  // namespace ferry::pipeline
