// The writer's view of a declared Destination (writer/layout.h DestinationLayout): its name, its store's and
// its own path, and its spec.filepath, so that plans place and clear by the Destination's filepath mode.
#pragma once

#include <string>

#include "platform/platform.h"
#include "scheduler/destination.h"
#include "writer/layout.h"

namespace ferry::runner {

// `d` stored in `store`, laid out by its spec.filepath as `platform` read it (Platform::filepath).
writer::DestinationLayout destination_layout(const Platform& platform, const GitStateStore& store,
                                             const scheduler::Destination& d);

// The owner written in flat placement records (writer/flat_record.h): what a later run's FlatRemoval names
// to take back exactly what this request or Promise placed.
std::string request_owner(const std::string& namespace_, const std::string& promise, const std::string& name);
std::string promise_owner(const std::string& promise);

}  // namespace ferry::runner
