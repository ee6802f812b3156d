// One HTTP exchange as the router sees it: a parsed request in, a response out, no sockets. The server
// (step 2 of issue 24) parses the wire into HttpRequest and writes HttpResponse back; everything between is
// a pure function of them and the pipeline's view (router.h).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/error.h"

namespace ferry::api {

struct HttpRequest {
  std::string method;        // "GET", "PATCH", ... as sent
  std::string target;        // the request-target: path and query, percent-encoded
  std::string content_type;  // the Content-Type header, "" when absent
  std::string body;
};

struct HttpResponse {
  int code = 200;
  std::string content_type = "application/json";
  std::string body;
};

// The request-target split: the path's segments percent-decoded (an empty path is no segment; "/api/v1/"
// is {"api", "v1"}), and the query's parameters decoded ('+' is a space), the last of a repeated name wins.
struct RequestTarget {
  std::vector<std::string> segments;
  std::map<std::string, std::string> query;
};

// Errors (the message of a 400): a target that does not start with '/', a bad percent escape, a segment
// "." or "..", or a decoded segment holding '/' or NUL.
Result<RequestTarget> parse_target(const std::string& target);

}  // namespace ferry::api
