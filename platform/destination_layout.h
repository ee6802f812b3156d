// The writer's view of declared Destinations (writer/layout.h DestinationLayout, writer/request_change.h
// StoreDestination): a Destination's name, its store's and its own path, and its spec.filepath, so that
// plans place and clear by the Destination's filepath mode; and each store's commit author.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "platform/platform.h"
#include "scheduler/destination.h"
#include "writer/layout.h"
#include "writer/request_change.h"

namespace ferry::runner {

// `d` stored in `store`, laid out by its spec.filepath as `platform` read it (Platform::filepath).
writer::DestinationLayout destination_layout(const Platform& platform, const GitStateStore& store,
                                             const scheduler::Destination& d);

// Every declared Destination whose GitStateStore is declared, in platform order, with its store's name.
std::vector<writer::StoreDestination> store_destinations(const Platform& platform);

// Every declared GitStateStore's spec.gitAuthor, by store name (writer::RequestWrites::authors).
std::map<std::string, writer::Author> store_authors(const Platform& platform);

}  // namespace ferry::runner
