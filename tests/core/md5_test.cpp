#include "core/md5.h"

#include <gtest/gtest.h>

namespace ferry {
namespace {

TEST(Md5, MatchesRfc1321TestSuite) {
  EXPECT_EQ(md5_hex(""), "d41d8cd98f00b204e9800998ecf8427e");
  EXPECT_EQ(md5_hex("abc"), "900150983cd24fb0d6963f7d28e17f72");
  EXPECT_EQ(md5_hex("message digest"), "f96b697d7cb7938d525a2f31aaf161d0");
  EXPECT_EQ(md5_hex("12345678901234567890123456789012345678901234567890123456789012345678901234567890"),
            "57edf4a22be3c955ac49da2e2107b67a");
}

TEST(Md5, GivesKratixDefaultGroupId) { EXPECT_EQ(md5_hex("."), "5058f1af8388633f609cadb75a75dc9d"); }

}  // namespace
}  // namespace ferry
