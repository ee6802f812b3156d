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

}  // namespace ferry::writer
