// The Status bodies of status_body.h, built with nlohmann-json in the API server's key order.
#include "api/status_body.h"

#include <nlohmann/json.hpp>

namespace ferry::api {

std::string qualified_resource(const StatusSubject& subject) {
  return subject.group.empty() ? subject.resource : subject.resource + "." + subject.group;
}

HttpResponse status_response(int code, const std::string& reason, const std::string& message,
                             const StatusSubject& subject) {
  nlohmann::ordered_json details = nlohmann::ordered_json::object();
  if (!subject.name.empty()) details["name"] = subject.name;
  if (!subject.group.empty()) details["group"] = subject.group;
  if (!subject.resource.empty()) details["kind"] = subject.resource;
  const nlohmann::ordered_json body = {
      {"kind", "Status"},    {"apiVersion", "v1"}, {"metadata", nlohmann::ordered_json::object()},
      {"status", "Failure"}, {"message", message}, {"reason", reason},
      {"details", details},  {"code", code}};
  // Names and messages may hold bytes that are not UTF-8 (a decoded path): replaced, never thrown on.
  return HttpResponse{code, "application/json",
                      body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)};
}

HttpResponse no_such_path() {
  return status_response(404, "NotFound", "the server could not find the requested resource");
}

HttpResponse not_found(const StatusSubject& subject) {
  return status_response(404, "NotFound", qualified_resource(subject) + " \"" + subject.name + "\" not found",
                         subject);
}

HttpResponse method_not_allowed() {
  return status_response(405, "MethodNotAllowed",
                         "the server does not allow this method on the requested resource");
}

HttpResponse bad_request(const std::string& message) {
  return status_response(400, "BadRequest", message);
}

HttpResponse already_exists(const StatusSubject& subject) {
  return status_response(409, "AlreadyExists",
                         qualified_resource(subject) + " \"" + subject.name + "\" already exists", subject);
}

HttpResponse conflict(const StatusSubject& subject) {
  return status_response(
      409, "Conflict",
      "Operation cannot be fulfilled on " + qualified_resource(subject) + " \"" + subject.name +
          "\": the object has been modified; please apply your changes to the latest version "
          "and try again",
      subject);
}

HttpResponse invalid(const StatusSubject& subject, const std::string& kind, const std::string& cause) {
  return status_response(422, "Invalid", kind + " \"" + subject.name + "\" is invalid: " + cause, subject);
}

HttpResponse unsupported_media_type(const std::string& content_type) {
  return status_response(415, "UnsupportedMediaType",
                         "the body of the request was in an unknown format (\"" + content_type +
                             "\") - accepted media types include: application/merge-patch+json, "
                             "application/strategic-merge-patch+json");
}

HttpResponse internal_error(const std::string& message) {
  return status_response(500, "InternalError", "Internal error occurred: " + message);
}

HttpResponse json_response(std::string json_text, int code) {
  return HttpResponse{code, "application/json", std::move(json_text)};
}

}  // namespace ferry::api
