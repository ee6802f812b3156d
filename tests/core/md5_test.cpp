#include "core/md5.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>

#include "core/content_digest.h"
#include "core/sha256.h"

namespace ferry {
namespace {

TEST(Md5, MatchesRfc1321TestSuite) {
  EXPECT_EQ(md5_hex(""), "d41d8cd98f00b204e9800998ecf8427e");
  EXPECT_EQ(md5_hex("abc"), "900150983cd24fb0d6963f7d28e17f72");
  EXPECT_EQ(md5_hex("message digest"), "f96b697d7cb7938d525a2f31aaf161d0");
  EXPECT_EQ(md5_hex("12345678901234567890123456789012345678901234567890123456789012345678901234567890"),
            "57edf4a22be3c955ac49da2e2107b67a");
}

TEST(Md5, GivesKratixDefaultGroupId) {
  EXPECT_EQ(md5_hex("."), "5058f1af8388633f609cadb75a75dc9d");
}

// The first 128 bits of SHA-256 (FIPS 180-2's examples), whatever a thread hashed before with the same
// reused context.
TEST(ContentDigest, IsTheFirstHalfOfSha256) {
  EXPECT_EQ(content_digest(""), "e3b0c44298fc1c149afbf4c8996fb924");
  EXPECT_EQ(md5_hex("abc"), "900150983cd24fb0d6963f7d28e17f72");
  EXPECT_EQ(content_digest("abc"), "ba7816bf8f01cfea414140de5dae2223");
  EXPECT_EQ(md5_hex("abc"), "900150983cd24fb0d6963f7d28e17f72");
  const std::string long_text(100000, 'x');
  EXPECT_EQ(content_digest(long_text), sha256_hex(long_text).substr(0, 32));
  std::string other;
  std::thread([&other] { other = content_digest("abc"); }).join();
  EXPECT_EQ(other, "ba7816bf8f01cfea414140de5dae2223");
}

}  // namespace
}  // namespace ferry
