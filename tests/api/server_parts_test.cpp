// The server's parts that need no socket: the bearer token's check, the audit log's line, the TLS
// material's certificates (checked with the openssl command, not with ferry's code).
#include <gtest/gtest.h>
#include <openssl/x509.h>

#include <algorithm>

#include "api/audit_log.h"
#include "api/bearer_token.h"
#include "api/tls_material.h"
#include "tests/support/test_support.h"

namespace ferry::api {
namespace {

TEST(ApiBearerToken, OnlyTheExactTokenAfterBearerInAnyCaseMatches) {
  const std::string token = make_bearer_token().value();
  EXPECT_EQ(token.size(), 64u);
  EXPECT_NE(token, make_bearer_token().value());
  EXPECT_TRUE(bearer_matches("Bearer " + token, token));
  EXPECT_TRUE(bearer_matches("bearer " + token, token));  // the Python client's spelling
  EXPECT_TRUE(bearer_matches("BEARER " + token, token));
  EXPECT_FALSE(bearer_matches("Basic  " + token, token));
  EXPECT_FALSE(bearer_matches("Bearer:" + token, token));
  EXPECT_FALSE(bearer_matches("Bearer " + token + "x", token));
  EXPECT_FALSE(bearer_matches("Bearer " + token.substr(1), token));
  EXPECT_FALSE(bearer_matches("", token));
  EXPECT_FALSE(bearer_matches("Bearer ", ""));
}

TEST(ApiAuditLog, OneJsonLinePerRequest) {
  const AuditEntry entry{"p", "system:serviceaccount:ns:sa", "patch", "/api/v1/namespaces/ns/secrets/db",
                         403};
  EXPECT_EQ(AuditLog::line(entry, "2026-11-26T10:00:00Z"),
            R"({"time":"2026-11-26T10:00:00Z","pipeline":"p","serviceAccount":"system:serviceaccount:ns:sa",)"
            R"("verb":"patch","path":"/api/v1/namespaces/ns/secrets/db","code":403})"
            "\n");
  testing::TempDir dir;
  auto log = AuditLog::open(dir.path() / "audit.jsonl");
  ASSERT_TRUE(log);
  ASSERT_TRUE((*log)->append(entry, "t1"));
  ASSERT_TRUE((*log)->append(entry, "t2"));
  const std::string text = testing::read_file(dir.path() / "audit.jsonl");
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 2);
  EXPECT_EQ(
      AuditLog::open(dir.path() / "missing" / "audit.jsonl").error().message,
      "cannot open " + (dir.path() / "missing" / "audit.jsonl").string() + ": No such file or directory");
}

TEST(ApiTlsMaterial, TheServerCertificateVerifiesAgainstTheCaFor127001) {
  auto material = make_tls_material();
  ASSERT_TRUE(material) << material.error().message;
  testing::TempDir dir;
  testing::write_file(dir.path() / "ca.crt", material->ca_certificate_pem);
  auto server_pem = server_certificate_pem(*material);
  ASSERT_TRUE(server_pem) << server_pem.error().message;
  testing::write_file(dir.path() / "server.crt", *server_pem);
  const std::string ca = testing::shell_quote((dir.path() / "ca.crt").string());
  const std::string server = testing::shell_quote((dir.path() / "server.crt").string());
  const auto verified = testing::run("openssl verify -CAfile " + ca + " -verify_ip 127.0.0.1 " + server);
  EXPECT_EQ(verified.exit_code, 0) << verified.output;
  EXPECT_NE(testing::run("openssl verify -CAfile " + ca + " -verify_ip 10.0.0.1 " + server).exit_code, 0);
  EXPECT_NE(testing::run("openssl verify -CAfile " + server + " " + server).exit_code, 0);  // not a CA
  EXPECT_NE(make_tls_material()->ca_certificate_pem, material->ca_certificate_pem);         // per run
  EXPECT_EQ(X509_check_private_key(material->server_certificate.get(), material->server_key.get()), 1);
  // The CA's certificate carries its key as X509_set_pubkey would have written it: openssl reads it back.
  const auto ca_key =
      testing::run("openssl x509 -noout -pubkey -in " + ca + " | openssl pkey -pubin -noout -text");
  EXPECT_EQ(ca_key.exit_code, 0) << ca_key.output;
  EXPECT_NE(ca_key.output.find("ASN1 OID: prime256v1"), std::string::npos) << ca_key.output;
}

}  // namespace
}  // namespace ferry::api
