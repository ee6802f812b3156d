#include "core/error.h"

namespace ferry {

std::string SourceLocation::render() const {
  if (line <= 0) return file;
  return file + ":" + std::to_string(line) + ":" + std::to_string(column);
}

std::string Error::render() const {
  if (!where) return message;
  return where->render() + ": " + message;
}

}  // namespace ferry
