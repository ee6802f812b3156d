// Strict fields, as kubectl's --validate=strict and Kratix's strict Pipeline decoding: a table of the
// fields each kind and nested object takes, and the one walk that refuses a key no table lists, with the
// nearest known name ("did you mean"). The same table gives the parser's check and the suggestion. Also
// Kubernetes' ObjectMeta, the table of every kind's `metadata`.
#pragma once

#include <string>
#include <vector>

#include "core/error.h"
#include "core/yaml_document.h"

namespace ferry {

struct FieldTable;

// One field of an object. `nested` (when set) checks its value: the map itself, or with `list` each map of
// the list (a value of the other shape is left to the parser, which names the type it wants). A field
// without `nested` takes any value (labels, a free-form object): its parser checks the type.
// `not_supported` marks a field Kratix knows but ferry does not honour yet: a non-empty value is refused
// (an empty one, `{}` or `[]`, asks for nothing and passes), never silently dropped.
struct KnownField {
  const char* name;
  const FieldTable* nested = nullptr;
  bool not_supported = false;
  bool list = false;
};

// A field whose value is a list of objects, each checked with `items`.
constexpr KnownField list_of(const char* name, const FieldTable* items) {
  return KnownField{name, items, false, true};
}

// The fields of one kind or nested object, in the order a message lists them.
struct FieldTable {
  std::vector<KnownField> fields;
};

// Checks `map` and, through the tables' `nested` links, everything below it. The first problem found, in
// document order, is returned:
//   file:4:5: unknown field "matchlabels" in "spec.destinationSelectors[0]"; did you mean "matchLabels"?
//   file:4:5: unknown field "x" in "spec.filepath"; known fields: mode, filename   (nothing near)
//   file:9:9: "spec.volumes" is not supported by ferry yet; remove it (Kratix would ...)
// A `map` that is not a map passes: the parser reports its type. `path` is "" for the document itself.
Status check_known_fields(const YAML::Node& map, const FieldTable& table, const std::string& path,
                          const std::string& file);

// The unknown-field error for `key` of the object at `path`: the suggestion when a known name is at most
// two edits away (ignoring case), else the list of known names.
Error unknown_field(const YAML::Node& key, const std::vector<std::string>& known, const std::string& path,
                    const std::string& file);

// Kubernetes' ObjectMeta (k8s.io/apimachinery metav1.ObjectMeta): every kind's `metadata`.
const FieldTable& object_meta_fields();

}  // namespace ferry
