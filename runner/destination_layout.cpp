#include "runner/destination_layout.h"

#include <map>

namespace ferry::runner {

namespace {

// The scheduler reads spec.filepath.mode; the writer lays files out by it.
const std::map<scheduler::FilepathMode, writer::FilepathMode> kWriterModes = {
    {scheduler::FilepathMode::nested_by_metadata, writer::FilepathMode::nested_by_metadata},
    {scheduler::FilepathMode::none, writer::FilepathMode::none},
    {scheduler::FilepathMode::aggregated_yaml, writer::FilepathMode::aggregated_yaml},
};

}  // namespace

writer::DestinationLayout destination_layout(const GitStateStore& store, const scheduler::Destination& d) {
  const writer::FilepathMode mode = kWriterModes.at(d.filepath_mode);
  return {d.name, {mode, store.path, d.path, d.aggregate_file}, mode};
}

std::string request_owner(const std::string& namespace_, const std::string& promise,
                          const std::string& name) {
  return "request " + namespace_ + "/" + promise + "/" + name;
}

std::string promise_owner(const std::string& promise) {
  return "promise " + promise;
}

}  // namespace ferry::runner
