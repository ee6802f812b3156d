// One platform file already read, as the loader (loader.h) and the split Promise layout (split_promise.h)
// take it: `path` names it in messages.
#pragma once

#include <string>

namespace ferry::runner {

struct PlatformFile {
  std::string path;
  std::string text;
};

}  // namespace ferry::runner
