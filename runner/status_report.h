// `ferry status`'s output: what the recorded state (run_state.h) says, as text or JSON. Nothing is run.
#pragma once

#include <string>

#include "run/run_state.h"

namespace ferry::runner {

// One line per record, Promises first, then the counts by result, as the run report has them:
//   succeeded  Promise redis  last run 2026-01-02T03:04:05Z  on worker-dev, worker-prod
//   suspended  default/cache-a (redis, Promise redis)  last run ...  on worker-dev  retry at ...  status: ...
//   2 Promises: 2 succeeded
//   4 requests: 4 succeeded
std::string render_status_text(const RunState& state);

// The whole record of one object: result, times, messages, its status's conditions and the fields its
// pipelines wrote (as YAML, indented), every placement with its path, every commit.
std::string render_record_text(const ObjectRecord& record);

// {"format_version": 1, "promises": [record...], "requests": [record...]}, each record as record_json
// with its `status` as a JSON object (run/object_status.h), not YAML text.
std::string render_status_json(const RunState& state);

// Every object with its status, as `kubectl get -o yaml` shows it (the published status file's text,
// run_state.h published_status), one YAML document each; objects without a status are left out. As every
// text output, no line can start a GitHub workflow command and control characters are escaped
// (core/untrusted_text.h).
std::string render_status_yaml(const RunState& state);

}  // namespace ferry::runner
