// Prometheus's HTTP API, the part ferry uses: one instant query (GET /api/v1/query?query=...) whose answer
// is a single number. Pure; the HTTP exchange is the caller's (placement/metric_readings.cpp).
#pragma once

#include <string>

#include "core/error.h"
#include "http/http_client.h"

namespace ferry::runner {

// <base_url>/api/v1/query?query=<query, percent-encoded>; a trailing '/' of base_url is dropped.
std::string prometheus_query_url(const std::string& base_url, const std::string& query);

// The number an instant query answered: the value of the first series of a vector, or the scalar.
// Errors (no location; the caller names the metric and the provider): a status other than 200 (with
// Prometheus's own "error" text when the body has one), a body that is not Prometheus's JSON, a failed
// query, an empty vector, another result type, a value that is not a finite number.
Result<double> prometheus_value(const http::HttpResponse& response);

}  // namespace ferry::runner
