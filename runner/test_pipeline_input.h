// `ferry test pipeline`'s inputs: one Promise file and one object file, read and checked as the platform
// loader checks them (a request of a version the Promise serves, valid against its openAPIV3Schema, with
// the schema's defaults applied), every problem at file:line:column.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "pipeline/model.h"
#include "pipeline/workflow.h"

namespace ferry::runner {

// The workflow names `--workflow` accepts.
const std::vector<std::string>& test_workflow_names();

// What one test run runs: `workflow` of `promise` for `object`.
struct TestSubject {
  pipeline::Promise promise;
  std::string workflow;  // "resource.configure", "promise.delete", ...
  pipeline::WorkflowObject object;
};

struct TestSubjectLoad {
  std::optional<TestSubject> subject;  // set when `errors` is empty
  std::vector<Error> errors;
};

// Reads the one Promise of `promise_file` and the object of `input_file`: for resource workflows a request
// of the Promise's API (required), for promise workflows the Promise itself (`input_file` "" = the
// Promise of `promise_file`). A workflow the Promise does not declare is an error at its spec.workflows.
TestSubjectLoad load_test_subject(const std::string& promise_file, const std::string& input_file,
                                  const std::string& workflow);

}  // namespace ferry::runner
