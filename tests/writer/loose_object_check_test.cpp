// Loose object files inflated by writer/loose_object_check.h: a whole one reads back, and every way a file
// can be damaged (cut short at any length, garbage, a bad header, data of the wrong length) is an error with
// its reason, never a loop.
#include "writer/loose_object_check.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <string>
#include <vector>

namespace ferry::writer::git {
namespace {

std::string deflated(const std::string& object) {
  uLongf size = compressBound(object.size());
  std::string stream(size, '\0');
  EXPECT_EQ(compress2(reinterpret_cast<Bytef*>(stream.data()), &size,
                      reinterpret_cast<const Bytef*>(object.data()), object.size(), Z_BEST_COMPRESSION),
            Z_OK);
  stream.resize(size);
  return stream;
}

std::string blob_file(const std::string& data) {
  return deflated("blob " + std::to_string(data.size()) + std::string(1, '\0') + data);
}

// Inflates `file` whole; the data, or the error's message.
std::string inflate(const std::string& file) {
  std::vector<char> buffer;
  auto header = inflate_loose_object(file, [&](std::size_t size) {
    buffer.resize(size + 1);
    return buffer.data();
  });
  if (!header) return "error: " + header.error().message;
  return std::string(buffer.data(), header->size);
}

const std::string kData = std::string(3000, 'x') + "some text that varies 0123456789";

TEST(LooseObjectCheck, AWholeObjectReadsBack) {
  EXPECT_EQ(inflate(blob_file(kData)), kData);
  EXPECT_EQ(inflate(blob_file("")), "");
  auto header = inflate_loose_header(blob_file(kData));
  ASSERT_TRUE(header.ok()) << header.error().message;
  EXPECT_EQ(header->type, GIT_OBJECT_BLOB);
  EXPECT_EQ(header->size, kData.size());
}

TEST(LooseObjectCheck, AFileCutShortAtAnyLengthIsAnError) {
  const std::string file = blob_file(kData);
  for (std::size_t length = 0; length < file.size(); ++length) {
    const std::string result = inflate(file.substr(0, length));
    EXPECT_TRUE(result == "error: its zlib stream ends early" ||
                result == "error: it is not a valid zlib stream")  // a cut inside the final checksum
        << "cut at " << length << ": " << result.substr(0, 80);
  }
  EXPECT_EQ(inflate(file.substr(0, file.size() / 2)), "error: its zlib stream ends early");
  EXPECT_EQ(inflate_loose_header(file.substr(0, 2)).error().message, "its zlib stream ends early");
}

TEST(LooseObjectCheck, GarbageIsAnError) {
  EXPECT_EQ(inflate("this is not zlib at all, just text"), "error: it is not a valid zlib stream");
  EXPECT_EQ(inflate_loose_header("this is not zlib at all").error().message, "it is not a valid zlib stream");
  std::string flipped = blob_file(kData);
  flipped[flipped.size() / 2] = static_cast<char>(flipped[flipped.size() / 2] ^ 0x55);
  EXPECT_EQ(inflate(flipped).rfind("error: ", 0), 0u);  // bad codes, a bad checksum or the wrong length
}

TEST(LooseObjectCheck, AHeaderThatIsNotTypeAndSizeIsAnError) {
  const std::string expected = "error: its header is not \"<type> <size>\"";
  EXPECT_EQ(inflate(deflated(std::string("bolb 3") + '\0' + "abc")), expected);
  EXPECT_EQ(inflate(deflated(std::string("blob x3") + '\0' + "abc")), expected);
  EXPECT_EQ(inflate(deflated(std::string("blob ") + '\0')), expected);
  EXPECT_EQ(inflate(deflated(std::string(100, 'a'))), expected);
}

TEST(LooseObjectCheck, DataOfAnotherLengthThanTheHeaderSaysIsAnError) {
  EXPECT_EQ(inflate(deflated(std::string("blob 5") + '\0' + "abc")),
            "error: its data is 3 bytes, shorter than the 5 bytes its header says");
  EXPECT_EQ(inflate(deflated(std::string("blob 2") + '\0' + "abc")),
            "error: its data is longer than the 2 bytes its header says");
  EXPECT_EQ(inflate(deflated(std::string("blob 1") + '\0' + kData)),
            "error: its data is longer than the 1 byte its header says");
}

}  // namespace
}  // namespace ferry::writer::git
