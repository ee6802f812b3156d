// Kratix's `kratix.io/hash` (reference §2.4, lib/hash/hasher.go): what decides whether a spec changed and
// a workflow must run again. Only `spec` counts; labels, annotations and status never do.
//   promise workflows:  md5(json(promise.spec))
//   resource workflows: md5("<md5(json(promise.spec))>-<md5(json(request.spec))>[-dry-run]")
// json() is Go's json.Marshal of the spec as Kubernetes hands it to Kratix: map keys sorted (byte order),
// no spaces, Go's string escaping (<, >, & as \u003c, \u003e, \u0026; U+2028, U+2029 escaped; other control
// characters as \b \f \n \r \t or \u00XX; invalid UTF-8 as \ufffd), and float64 printed as Go does
// (1.5, 1e+21, 1e-7; 1.0 as 1). An absent spec is `null`.
//
// Scalars are typed by the YAML 1.2 core schema; only plain (unquoted) scalars can be anything but a
// string, and a `!!str` tag forces a string:
//   ~, null, Null, NULL, nothing                      -> null
//   true, True, TRUE, false, False, FALSE             -> true / false
//   [-+]?[0-9]+, 0x[0-9a-fA-F]+, 0o[0-7]+             -> integer (decimals beyond int64: float64, as
//                                                        Kubernetes decodes them; hex/octal ones: string)
//   [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)? -> float64
//   anything else (including .inf, .nan)              -> string
// Limits, where the hash can differ from the one Kratix computes for the same file:
// - kubectl reads YAML 1.1: yes/no/on/off are booleans there, 0777 is octal, 1_000 is a number. Write
//   true/false and plain decimal numbers (or quote such strings) and both agree.
// - Kratix hashes the object the API server stored: CRD defaults, pruned unknown fields and
//   mutating webhooks change the spec; ferry hashes the spec as written.
// - Map keys are their text (a key written `true` is "true"); a duplicate key keeps the last value; merge
//   keys (<<) are not expanded; other tags are ignored.
// This file: the JSON of a parsed spec and the hashes of parsed nodes; pipeline/spec_hash.h has the same
// from YAML texts.
#pragma once

#include <string>

#include "core/yaml_document.h"

namespace ferry::pipeline {

// Go's json.Marshal of the value `spec` decodes to (see above).
std::string spec_json(const YAML::Node& spec);

// Promise workflows: md5(spec_json(promise_spec)), 32 lower-case hex digits.
std::string kratix_spec_hash(const YAML::Node& promise_spec);

// Resource workflows: md5 of "<promise hash>-<request spec hash>", with "-dry-run" appended for a dry run.
std::string kratix_spec_hash(const YAML::Node& promise_spec, const YAML::Node& request_spec,
                             bool dry_run = false);

// md5 of spec_json(object["spec"]): the request's half of its resource hash, from the parsed object.
std::string request_spec_md5(const YAML::Node& object);

}  // namespace ferry::pipeline
