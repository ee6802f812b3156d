// Every path ferry writes in a state store is built here (reference §4.2, mode nestedByMetadata).
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

namespace ferry::writer {

// Joins path segments with '/', dropping empty and "." segments and leading/trailing slashes, so that a
// store or destination path of "", ".", "/" or "a/" behaves as Kratix's.
std::string join_path(std::initializer_list<std::string_view> segments);

struct ResourceBundlePath {
  std::string store_path;        // GitStateStore spec.path
  std::string destination_path;  // Destination spec.path
  std::string namespace_;
  std::string promise;
  std::string request;
  std::string pipeline;
  std::string group_id;  // full md5; the path uses its first 5 characters
};

// <store>/<destination>/resources/<ns>/<promise>/<request>/<pipeline>/<group id 5>
std::string resource_bundle_dir(const ResourceBundlePath& p);

// Everything of one request on one Destination: <destination dir>/resources/<ns>/<promise>/<request>.
// `destination_dir` is join_path({store path, destination path}).
std::string resource_request_dir(const std::string& destination_dir, const std::string& namespace_,
                                 const std::string& promise, const std::string& request);

// Everything of one Promise on one Destination: <destination dir>/dependencies/<promise>.
std::string promise_dependencies_dir(const std::string& destination_dir, const std::string& promise);

// A promise-workflow group: <destination dir>/dependencies/<promise>/<pipeline>/<group id 5>. Static
// dependencies have no pipeline, so theirs is <destination dir>/dependencies/<promise>/5058f.
std::string dependency_bundle_dir(const std::string& destination_dir, const std::string& promise,
                                  const std::string& pipeline, const std::string& group_id);

}  // namespace ferry::writer
