// How placement code names a request across its parts: "<ns>/<promise>/<request>" (the placements read back
// from the stores, the run's scheduling context and the same-run neighbours all key requests by it).
#pragma once

#include <string>

#include "pipeline/model.h"

namespace ferry::runner {

// "<ns>/<promise>/<request>", the key PlacedGroup::request uses.
std::string request_key(const pipeline::Request& request);

}  // namespace ferry::runner
