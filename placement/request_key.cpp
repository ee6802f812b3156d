#include "placement/request_key.h"

namespace ferry::runner {

std::string request_key(const pipeline::Request& request) {
  return request.namespace_ + "/" + request.promise + "/" + request.name;
}

}  // namespace ferry::runner
