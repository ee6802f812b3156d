// HttpsFileServer: certificates from the openssl CLI, nginx started as a daemon with a configuration of
// its own, its master stopped by pid (https_file_server.h).
#include "tests/support/https_file_server.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "tests/support/loopback_port.h"

namespace ferry::testing {
namespace {

namespace fs = std::filesystem;

// PREFIX-ca.pem, and unless `ca_only` a certificate it signed for localhost (server.pem, server.key).
bool make_certificates(const fs::path& tls, const std::string& prefix, bool ca_only) {
  std::string script = "set -e; cd " + shell_quote(tls.string()) +
                       "; openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 30"
                       " -subj '/CN=ferry test " +
                       prefix + " CA' -keyout " + prefix + "-ca.key -out " + prefix + "-ca.pem 2>/dev/null";
  if (!ca_only) {
    script +=
        "; openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj /CN=localhost"
        " -keyout server.key -out server.csr 2>/dev/null"
        "; printf 'subjectAltName=DNS:localhost\\n' > san.ext"
        "; openssl x509 -req -days 30 -in server.csr -CA " +
        prefix + "-ca.pem -CAkey " + prefix +
        "-ca.key -CAcreateserial -extfile san.ext -out server.pem 2>/dev/null";
  }
  const CommandResult made = run(script);
  EXPECT_EQ(made.exit_code, 0) << made.output;
  return made.exit_code == 0;
}

std::string nginx_conf(const fs::path& dir, int port) {
  const std::string d = dir.string();
  const std::string as_root = ::geteuid() == 0 ? "user root;\n" : "";
  return as_root + "worker_processes 1;\ndaemon on;\npid " + d + "/nginx.pid;\nerror_log " + d +
         "/error.log;\nevents { worker_connections 64; }\nhttp {\n  access_log " + d +
         "/access.log;\n  client_body_temp_path " + d + "/tmp/body; proxy_temp_path " + d +
         "/tmp/proxy; fastcgi_temp_path " + d + "/tmp/fastcgi; uwsgi_temp_path " + d +
         "/tmp/uwsgi; scgi_temp_path " + d +
         "/tmp/scgi;\n  server {\n    listen 127.0.0.1:" + std::to_string(port) +
         " ssl; server_name localhost;\n    ssl_certificate " + d + "/tls/server.pem; ssl_certificate_key " +
         d + "/tls/server.key;\n    root " + d +
         "/www;\n    location /private/ {\n      if ($http_authorization != \"" +
         HttpsFileServer::kAuthorization + "\") { return 401; }\n    }\n  }\n}\n";
}

}  // namespace

HttpsFileServer::HttpsFileServer() {
  const fs::path d = dir_.path();
  for (const char* sub : {"tls", "www/private", "tmp"}) fs::create_directories(d / sub);
  if (!make_certificates(d / "tls", "test", false) || !make_certificates(d / "tls", "other", true)) return;
  port_ = free_loopback_port();
  write_file(d / "nginx.conf", nginx_conf(d, port_));
  const CommandResult started =
      run("nginx -q -p " + shell_quote(d.string()) + " -c " + shell_quote((d / "nginx.conf").string()));
  EXPECT_EQ(started.exit_code, 0) << started.output << read_file(d / "error.log");
  for (int i = 0; i < 200 && started.exit_code == 0 && !loopback_port_listens(port_); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(25));
  }
  if (started.exit_code != 0 || !loopback_port_listens(port_)) {
    ADD_FAILURE() << "nginx did not listen on port " << port_;
    return;
  }
  pid_ = std::stoi(read_file(d / "nginx.pid"));
}

HttpsFileServer::~HttpsFileServer() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGTERM);  // the master stops its worker and removes the pid file
  for (int i = 0; i < 200 && ::kill(pid_, 0) == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(25));
}

std::string HttpsFileServer::url(const std::string& path) const {
  return "https://localhost:" + std::to_string(port_) + "/" + path;
}

void HttpsFileServer::put(const std::string& path, const std::string& text) const {
  write_file(dir_.path() / "www" / path, text);
}

void HttpsFileServer::remove(const std::string& path) const {
  fs::remove(dir_.path() / "www" / path);
}

}  // namespace ferry::testing
