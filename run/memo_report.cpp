#include "run/memo_report.h"

namespace ferry::runner {

std::string& MemoReport::own() {
  if (file_) {
    owned_.assign(part_);
    file_.reset();
    part_ = {};
  }
  return owned_;
}

}  // namespace ferry::runner
