// The mutation engine of tests/fuzz's own driver (the gcc builds, ctest and ci/test): libFuzzer's kinds of
// mutation without its coverage feedback. Seeded, so a run is reproduced by its printed seed (given the
// same corpus and iteration count).
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace ferry::fuzz {

// A libFuzzer/AFL dictionary: lines `name="token"` (or `"token"`) with \\, \" and \xNN escapes; `#` starts a
// comment. Malformed lines are skipped, so a dictionary written for libFuzzer reads the same here.
std::vector<std::string> read_dictionary(const std::string& text);

class Mutator {
 public:
  Mutator(std::uint64_t seed, std::vector<std::string> corpus, std::vector<std::string> dictionary,
          std::size_t max_length);

  // A new input: a corpus entry (or an earlier result) with one to six stacked mutations.
  std::string next();

 private:
  void mutate_once(std::string& data);
  std::size_t position(const std::string& data, bool at_end_allowed);
  void flip_bit(std::string& data);
  void insert_bytes(std::string& data);
  void erase_range(std::string& data);
  void insert_token(std::string& data);
  void splice(std::string& data);
  void duplicate_range(std::string& data);
  void swap_lines(std::string& data);

  std::mt19937_64 random_;
  std::vector<std::string> corpus_;
  std::vector<std::string> dictionary_;
  std::vector<std::string> recent_;  // earlier results, mutated again so mutations accumulate
  std::size_t max_length_;
};

}  // namespace ferry::fuzz
