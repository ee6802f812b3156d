// Kubernetes' `Status` error bodies (apimachinery's StatusError), with the codes, reasons and message
// wording of the API server, so clients print what they print against a cluster:
//   {"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure",
//    "message":"secrets \"db\" not found","reason":"NotFound","details":{"name":"db","kind":"secrets"},
//    "code":404}
#pragma once

#include <string>

#include "api/http_exchange.h"

namespace ferry::api {

// Which object a Status is about: details.name, details.group, details.kind (the resource, e.g. "secrets").
struct StatusSubject {
  std::string group;
  std::string resource;
  std::string name;
};

// "secrets" or "redis.marketplace.kratix.io": how the API server names a resource in messages.
std::string qualified_resource(const StatusSubject& subject);

HttpResponse status_response(int code, const std::string& reason, const std::string& message,
                             const StatusSubject& subject = {});

// 404 for a path that names nothing served: "the server could not find the requested resource".
HttpResponse no_such_path();
// 404: `secrets "db" not found`.
HttpResponse not_found(const StatusSubject& subject);
// 405: "the server does not allow this method on the requested resource".
HttpResponse method_not_allowed();
// 400 with `message`.
HttpResponse bad_request(const std::string& message);
// 409 AlreadyExists: `secrets "db" already exists`.
HttpResponse already_exists(const StatusSubject& subject);
// 409 Conflict: `Operation cannot be fulfilled on secrets "db": the object has been modified; ...`.
HttpResponse conflict(const StatusSubject& subject);
// 422 Invalid: `Secret "Db" is invalid: <field>: Invalid value: ...` (`kind` is the object's Kind).
HttpResponse invalid(const StatusSubject& subject, const std::string& kind, const std::string& cause);
// 415 for a PATCH whose Content-Type is no patch type ferry merges.
HttpResponse unsupported_media_type(const std::string& content_type);
// 500 for a failure of ferry's side (a directory that cannot be written): the message names the system's
// reason, never a value.
HttpResponse internal_error(const std::string& message);

// A 200 (or `code`) response whose body is `json_text`.
HttpResponse json_response(std::string json_text, int code = 200);

}  // namespace ferry::api
