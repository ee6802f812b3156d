#include "writer/fsync_setting.h"

#include <atomic>

namespace ferry::writer {
namespace {

std::atomic<bool>& setting() {
  static std::atomic<bool> on{kFsyncByDefault};
  return on;
}

}  // namespace

bool fsync_on() {
  return setting().load();
}

void store_fsync_setting(bool on) {
  setting().store(on);
}

}  // namespace ferry::writer
