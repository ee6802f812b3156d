// The quiet-run memo's report (run/quiet_run_memo.h): the text of its file, mapped (core/mapped_file.h) when
// the memo was read, or a string a run made. A narrow run reads only some entries of it and keeps the few it
// changes beside it (QuietRunMemo::changed): at R = 10,000 the report is megabytes, and reading it into fresh
// memory, which the kernel zeroes first, was the largest part of reading the memo.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "core/mapped_file.h"

namespace ferry::runner {

class MemoReport {
 public:
  MemoReport() = default;
  MemoReport(std::string text) : owned_(std::move(text)) {}  // NOLINT: implicit on purpose, a run's report
  // `part` of the mapped file `file`, which it keeps mapped.
  MemoReport(std::shared_ptr<const MappedFile> file, std::string_view part)
      : file_(std::move(file)), part_(part) {}

  std::string_view text() const { return file_ ? part_ : std::string_view(owned_); }
  // The text as a string of its own, copied out of the file the first time: for a writer that splices it.
  std::string& own();
  bool operator==(const MemoReport& other) const { return text() == other.text(); }

 private:
  std::shared_ptr<const MappedFile> file_;  // null: the text is owned_
  std::string_view part_;                   // of file_
  std::string owned_;
};

}  // namespace ferry::runner
