// The HttpClient fake: answers from a table by URL, and records every request (URL, timeout and
// Authorization header) in order. A URL with no answer gets the error "GET <url>: no answer recorded".
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "http/http_client.h"

namespace ferry::runner {

// The tests of the folders above http/ name its values as their own.
using http::HttpClient;
using http::HttpGet;
using http::HttpResponse;

class RecordingHttpClient final : public HttpClient {
 public:
  struct Call {
    std::string url;
    std::chrono::milliseconds timeout;
    std::optional<std::string> authorization;
  };

  void answer(const std::string& url, Result<HttpResponse> response) {
    answers_.insert_or_assign(url, std::move(response));
  }

  Result<HttpResponse> get(const std::string& url, const HttpGet& request) override {
    calls_.push_back(Call{url, request.timeout, request.authorization});
    const auto found = answers_.find(url);
    if (found == answers_.end()) return make_error("GET " + url + ": no answer recorded");
    return found->second;
  }

  const std::vector<Call>& calls() const { return calls_; }

 private:
  std::map<std::string, Result<HttpResponse>> answers_;
  std::vector<Call> calls_;
};

}  // namespace ferry::runner
