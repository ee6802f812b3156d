// The HttpClient fake: answers from a table by URL, and records every request (URL and timeout) in order.
// A URL with no answer gets the error "GET <url>: no answer recorded".
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "placement/http_client.h"

namespace ferry::runner {

class RecordingHttpClient final : public HttpClient {
 public:
  struct Call {
    std::string url;
    std::chrono::milliseconds timeout;
  };

  void answer(const std::string& url, Result<HttpResponse> response) {
    answers_.insert_or_assign(url, std::move(response));
  }

  Result<HttpResponse> get(const std::string& url, std::chrono::milliseconds timeout) override {
    calls_.push_back(Call{url, timeout});
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
