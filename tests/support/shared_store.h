// A StateStore that forwards to a RecordingStateStore the test keeps, so the test can hand the run an
// owned store and still look at the recording afterwards.
#pragma once

#include <map>
#include <string>

#include "tests/support/recording_state_store.h"

namespace ferry::runner::test_platform {

class SharedStore : public writer::StateStore {
 public:
  explicit SharedStore(writer::RecordingStateStore& target) : target_(target) {}
  std::string describe() const override { return target_.describe(); }
  Result<writer::CommitOutcome> apply(const writer::Change& c) override { return target_.apply(c); }
  Result<std::map<std::string, std::string>> read_files(const std::string& p) override {
    return target_.read_files(p);
  }
  Result<std::map<std::string, std::string>> read_files_at(const std::string& commit,
                                                           const std::string& p) override {
    return target_.read_files_at(commit, p);
  }

 private:
  writer::RecordingStateStore& target_;
};

}  // namespace ferry::runner::test_platform
