// A real nginx (Debian's) serving the files of a directory over HTTPS on loopback, for the tests of the
// HTTP client and of PromiseRelease: a certificate for `localhost` signed by a CA of its own (ca_file()),
// a second CA that signed nothing it serves (other_ca_file(), to see a wrong CA refused), and a location
// `/private/` that answers 401 unless the request carries `Authorization: <kAuthorization>`. Started by
// the constructor, stopped (by its pid) by the destructor; everything lives in a temporary directory.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>

#include "tests/support/test_support.h"

namespace ferry::testing {

class HttpsFileServer {
 public:
  static constexpr const char* kAuthorization = "Bearer ferry-test-token";

  HttpsFileServer();  // a test failure when nginx or openssl is missing or nginx does not start
  ~HttpsFileServer();
  HttpsFileServer(const HttpsFileServer&) = delete;
  HttpsFileServer& operator=(const HttpsFileServer&) = delete;

  bool started() const { return pid_ > 0; }
  // https://localhost:PORT/<path>
  std::string url(const std::string& path) const;
  // Serves `text` at /<path> from now on (written into the served directory).
  void put(const std::string& path, const std::string& text) const;
  void remove(const std::string& path) const;
  std::filesystem::path ca_file() const { return dir_.path() / "tls/test-ca.pem"; }
  std::filesystem::path other_ca_file() const { return dir_.path() / "tls/other-ca.pem"; }
  int port() const { return port_; }

 private:
  TempDir dir_;
  int port_ = 0;
  pid_t pid_ = -1;
};

}  // namespace ferry::testing
