#include "placement/prometheus_query.h"

#include <nlohmann/json.hpp>

#include "scheduler/metrics.h"

namespace ferry::runner {

namespace {

using Json = nlohmann::json;

constexpr std::size_t kMaxQuotedBody = 200;

// The start of a body, on one line, for messages.
std::string snippet(const std::string& body) {
  std::string text = body.substr(0, kMaxQuotedBody);
  for (char& c : text) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  }
  while (text.ends_with(' ')) text.pop_back();
  return body.size() > kMaxQuotedBody ? text + "..." : text;
}

// object[key] when `object` is an object holding `key`; null otherwise (nlohmann's const operator[]
// has undefined behaviour for a missing key).
const Json* member(const Json& object, const char* key) {
  if (!object.is_object()) return nullptr;
  const auto found = object.find(key);
  return found == object.end() ? nullptr : &*found;
}

std::string string_member(const Json& object, const char* key) {
  const Json* value = member(object, key);
  return value != nullptr && value->is_string() ? value->get<std::string>() : "";
}

// [<unix time>, "<value>"]: Prometheus writes sample values as strings.
Result<double> sample_value(const Json& sample) {
  if (!sample.is_array() || sample.size() != 2 || !sample[1].is_string()) {
    return make_error("the sample " + snippet(sample.dump()) + " is not [time, \"value\"]");
  }
  const std::string text = sample[1].get<std::string>();
  const std::optional<double> value = scheduler::parse_metric_number(text);
  if (!value) return make_error("the value \"" + text + "\" is not a finite number");
  return *value;
}

Result<double> result_value(const Json& data) {
  const std::string type = string_member(data, "resultType");
  const Json* result = member(data, "result");
  if (result == nullptr) return make_error("the answer has no data.result");
  if (type == "scalar") return sample_value(*result);
  if (type != "vector") {
    return make_error("the query returned a " + type + "; ferry needs a vector or a scalar");
  }
  if (!result->is_array() || result->empty()) return make_error("the query returned no series");
  const Json* sample = member(result->front(), "value");
  if (sample == nullptr) return make_error("the first series has no value");
  return sample_value(*sample);
}

}  // namespace

std::string prometheus_query_url(const std::string& base_url, const std::string& query) {
  std::string base = base_url;
  while (base.ends_with('/')) base.pop_back();
  return base + "/api/v1/query?query=" + http::url_encode(query);
}

Result<double> prometheus_value(const http::HttpResponse& response) {
  const Json body = Json::parse(response.body, nullptr, /*allow_exceptions=*/false);
  if (response.status != 200) {
    const std::string error = string_member(body, "error");
    return make_error("HTTP status " + std::to_string(response.status) + ": " +
                      (error.empty() ? snippet(response.body) : error));
  }
  if (body.is_discarded() || !body.is_object()) {
    return make_error("the answer is not Prometheus API JSON: " + snippet(response.body));
  }
  if (string_member(body, "status") != "success") {
    return make_error("the query failed: " + string_member(body, "errorType") + ": " +
                      string_member(body, "error"));
  }
  const Json* data = member(body, "data");
  if (data == nullptr) return make_error("the answer has no data");
  return result_value(*data);
}

}  // namespace ferry::runner
