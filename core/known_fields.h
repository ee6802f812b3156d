// Strict fields, as kubectl's --validate=strict and Kratix's strict Pipeline decoding: a table of the
// fields each kind and nested object takes, and the one walk that refuses a key no table lists, with the
// nearest known name ("did you mean"). The same table gives the parser's check and the suggestion. A field
// a table lists and ferry refuses (a hostPath volume, a seccomp profile) is refused by its parser, which
// decides it, with refuse_fields and the reason. Also Kubernetes' ObjectMeta, the table of every kind's
// `metadata`.
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
struct KnownField {
  const char* name;
  const FieldTable* nested = nullptr;
  bool list = false;
};

// A field whose value is a list of objects, each checked with `items`.
constexpr KnownField list_of(const char* name, const FieldTable* items) {
  return KnownField{name, items, true};
}

// The fields of one kind or nested object, in the order a message lists them.
struct FieldTable {
  std::vector<KnownField> fields;
};

// Checks `map` and, through the tables' `nested` links, everything below it. The first problem found, in
// document order, is returned:
//   file:4:5: unknown field "matchlabels" in "spec.destinationSelectors[0]"; did you mean "matchLabels"?
//   file:4:5: unknown field "x" in "spec.filepath"; known fields: mode, filename   (nothing near)
// A `map` that is not a map passes: the parser reports its type. `path` is "" for the document itself.
Status check_known_fields(const YAML::Node& map, const FieldTable& table, const std::string& path,
                          const std::string& file);

// The unknown-field error for `key` of the object at `path`: the suggestion when a known name is at most
// two edits away (ignoring case), else the list of known names.
Error unknown_field(const YAML::Node& key, const std::vector<std::string>& known, const std::string& path,
                    const std::string& file);

// A field its table lists that ferry refuses, with the rest of the sentence after the field's path: why,
// and what to do instead ("needs the Kubernetes downward API: use subPath").
struct RefusedField {
  const char* name;
  const char* reason;
};

// Refuses, at the key, the first key of `map` in document order that `refused` names:
//   file:6:75: "p.volumeMounts[0].subPathExpr" needs the Kubernetes downward API: use subPath
// Any value is refused, even an empty one. A `map` that is not a map passes. Called by the parser that
// decides the refusal; check_known_fields has already refused the keys no table lists.
Status refuse_fields(const YAML::Node& map, const std::vector<RefusedField>& refused, const std::string& path,
                     const std::string& file);

// Kubernetes' ObjectMeta (k8s.io/apimachinery metav1.ObjectMeta): every kind's `metadata`.
const FieldTable& object_meta_fields();

}  // namespace ferry
