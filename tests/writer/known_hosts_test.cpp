// known_hosts matching for ssh stores: host patterns, ports, key types, revocation, base64.
#include "writer/known_hosts.h"

#include <gtest/gtest.h>

namespace ferry::writer {
namespace {

// An SSH wire-format public key blob: string type, then `body` as the key material.
std::string blob(const std::string& type, const std::string& body) {
  std::string out;
  for (const std::string& part : {type, body}) {
    const auto n = static_cast<std::uint32_t>(part.size());
    out += {static_cast<char>(n >> 24), static_cast<char>(n >> 16), static_cast<char>(n >> 8),
            static_cast<char>(n)};
    out += part;
  }
  return out;
}

const std::string kKey = blob("ssh-ed25519", std::string(32, 'k'));
const std::string kOther = blob("ssh-ed25519", std::string(32, 'o'));
const std::string kRsa = blob("ssh-rsa", "rsa-material");

std::string line(const std::string& hosts, const std::string& key) {
  return hosts + " " + key_type_of(key) + " " + base64_encode(key) + "\n";
}

TEST(KnownHosts, Base64RoundTrips) {
  EXPECT_EQ(base64_encode(""), "");
  EXPECT_EQ(base64_encode("f"), "Zg==");
  EXPECT_EQ(base64_encode("foobar"), "Zm9vYmFy");
  EXPECT_EQ(base64_decode("Zm9vYg=="), "foob");
  EXPECT_EQ(base64_decode(base64_encode(kKey)), kKey);
  EXPECT_EQ(base64_decode("not base64!"), std::nullopt);
}

TEST(KnownHosts, KeyTypeComesFromTheBlob) {
  EXPECT_EQ(key_type_of(kKey), "ssh-ed25519");
  EXPECT_EQ(key_type_of("ab"), "");
  EXPECT_EQ(key_type_of(std::string("\0\0\0\x09ssh", 7)), "");
}

TEST(KnownHosts, MatchesHostOnPort22AndBracketedHostOnOtherPorts) {
  EXPECT_EQ(check_host_key(line("example.com", kKey), "example.com", 22, kKey), HostKeyVerdict::kKnown);
  EXPECT_EQ(check_host_key(line("example.com", kKey), "example.com", 2222, kKey), HostKeyVerdict::kUnknown);
  EXPECT_EQ(check_host_key(line("[example.com]:2222", kKey), "example.com", 2222, kKey),
            HostKeyVerdict::kKnown);
  EXPECT_EQ(check_host_key(line("other,example.com,10.0.0.1", kKey), "example.com", 22, kKey),
            HostKeyVerdict::kKnown);
  EXPECT_EQ(check_host_key(line("other", kKey), "example.com", 22, kKey), HostKeyVerdict::kUnknown);
  EXPECT_EQ(check_host_key("", "example.com", 22, kKey), HostKeyVerdict::kUnknown);
}

TEST(KnownHosts, PatternsAndNegation) {
  EXPECT_EQ(check_host_key(line("*.example.com", kKey), "git.example.com", 22, kKey), HostKeyVerdict::kKnown);
  EXPECT_EQ(check_host_key(line("git?.example.com", kKey), "git1.example.com", 22, kKey),
            HostKeyVerdict::kKnown);
  EXPECT_EQ(check_host_key(line("*.example.com,!bad.example.com", kKey), "bad.example.com", 22, kKey),
            HostKeyVerdict::kUnknown);
}

TEST(KnownHosts, AnotherKeyOfTheSameTypeIsAChangeAnotherTypeIsUnknown) {
  EXPECT_EQ(check_host_key(line("h", kOther), "h", 22, kKey), HostKeyVerdict::kChanged);
  EXPECT_EQ(check_host_key(line("h", kRsa), "h", 22, kKey), HostKeyVerdict::kUnknown);
  EXPECT_EQ(check_host_key(line("h", kOther) + line("h", kKey), "h", 22, kKey), HostKeyVerdict::kKnown);
}

TEST(KnownHosts, CommentsHashedAndCertAuthorityLinesNeverApply) {
  const std::string text = "# h ssh-ed25519 " + base64_encode(kKey) + "\n|1|salt|hash ssh-ed25519 " +
                           base64_encode(kKey) + "\n@cert-authority h ssh-ed25519 " + base64_encode(kKey) +
                           "\n\n";
  EXPECT_EQ(check_host_key(text, "h", 22, kKey), HostKeyVerdict::kUnknown);
}

TEST(KnownHosts, RevokedKeysAreRefusedEvenWhenListed) {
  const std::string text =
      line("h", kKey) + "@revoked * " + key_type_of(kKey) + " " + base64_encode(kKey) + "\n";
  EXPECT_EQ(check_host_key(text, "h", 22, kKey), HostKeyVerdict::kRevoked);
  EXPECT_EQ(check_host_key(text, "h", 22, kOther), HostKeyVerdict::kChanged);
}

}  // namespace
}  // namespace ferry::writer
