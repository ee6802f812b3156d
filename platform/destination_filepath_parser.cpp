// Reading a Destination's spec.filepath: its mode by the writer's spellings, and its aggregate file name.
#include "platform/destination_filepath_parser.h"

#include <algorithm>
#include <vector>

#include "core/message_text.h"
#include "platform/object_fields.h"
#include "writer/layout.h"

namespace ferry::runner {

namespace {

Result<writer::FilepathMode> read_filepath_mode(const YAML::Node& filepath, const std::string& file) {
  auto mode = optional_string(filepath, "mode", "spec.filepath.mode", file);
  if (!mode) return mode.error();
  if (!*mode) return writer::FilepathMode::nested_by_metadata;
  if (auto named = writer::filepath_mode_named(**mode)) return *named;
  return make_error(location_of(child(filepath, "mode"), file), "\"spec.filepath.mode\" must be one of " +
                                                                    writer::filepath_mode_names() +
                                                                    ", found " + quoted_value(**mode));
}

// The aggregate is one file directly in the Destination's directory, beside its .kratix records: a
// name with a '/' or a name the writer or the records own would put it elsewhere or clash.
bool plain_file_name(const std::string& name) {
  static const std::vector<std::string> kReserved = {"", ".", "..", ".git", ".kratix"};
  return name.find('/') == std::string::npos &&
         std::find(kReserved.begin(), kReserved.end(), name) == kReserved.end();
}

// spec.filepath.filename, checked against the mode already read into `filepath`.
Status read_aggregate_file(const YAML::Node& node, const std::string& file, DestinationFilepath& filepath) {
  auto filename = optional_string(node, "filename", "spec.filepath.filename", file);
  if (!filename) return filename.error();
  if (!*filename) return ok();
  const SourceLocation where = location_of(child(node, "filename"), file);
  if (filepath.mode != writer::FilepathMode::aggregated_yaml) {
    return make_error(where,
                      "\"spec.filepath.filename\" is only read in mode aggregatedYAML; remove it or set "
                      "\"spec.filepath.mode: aggregatedYAML\"");
  }
  if (!plain_file_name(**filename)) {
    return make_error(where,
                      "\"spec.filepath.filename\" must be a plain file name (no \"/\", not \".\", "
                      "\"..\", \".git\" or \".kratix\"), found " +
                          quoted_value(**filename));
  }
  filepath.aggregate_file = **filename;
  return ok();
}

// spec.cleanup: "none" (the default) or "all", Kratix's two values. `all` is refused with mode none, whose
// files only its .kratix records name (ferry would have to read every record of a Destination that is gone).
Status read_cleanup(const YAML::Node& spec, const std::string& file, DestinationFilepath& filepath) {
  auto cleanup = optional_string(spec, "cleanup", "spec.cleanup", file);
  if (!cleanup) return cleanup.error();
  const std::string value = cleanup->value_or("none");
  const SourceLocation where = location_of(child(spec, "cleanup"), file);
  if (value != "none" && value != "all")
    return make_error(where, "\"spec.cleanup\" must be one of none, all, found " + quoted_value(value));
  filepath.cleanup_all = value == "all";
  if (filepath.cleanup_all && filepath.mode == writer::FilepathMode::none) {
    return make_error(where,
                      "\"spec.cleanup: all\" is not supported with \"spec.filepath.mode: none\"; use "
                      "nestedByMetadata or aggregatedYAML, or cleanup none");
  }
  return ok();
}

}  // namespace

Result<DestinationFilepath> parse_destination_filepath(const YamlDocument& document) {
  const std::string& file = document.file;
  DestinationFilepath filepath;
  const YAML::Node node = child(child(document.node, "spec"), "filepath");
  if (!node || node.IsNull()) {
    if (Status cleanup = read_cleanup(child(document.node, "spec"), file, filepath); !cleanup)
      return cleanup.error();
    return filepath;
  }
  if (!node.IsMap()) {
    return make_error(location_of(node, file),
                      "\"spec.filepath\" must be a map, found " + describe_node_type(node));
  }
  if (Status known = known_fields_only(node, {"mode", "filename"}, "spec.filepath", file); !known) {
    return known.error();
  }
  auto mode = read_filepath_mode(node, file);
  if (!mode) return mode.error();
  filepath.mode = *mode;
  if (Status filename = read_aggregate_file(node, file, filepath); !filename) return filename.error();
  if (Status cleanup = read_cleanup(child(document.node, "spec"), file, filepath); !cleanup)
    return cleanup.error();
  return filepath;
}

}  // namespace ferry::runner
