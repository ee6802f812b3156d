// The PipelineObjects fake (api/pipeline_view.h): holds a request (or Promise) and its Promise as JSON,
// records every status write in order, and applies it to the held object: merge_status as a JSON merge
// patch of the status (the run merges as status.yaml does; the fake's merge only has to be visible), or an
// error the test set for the next write.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "api/merge_patch.h"
#include "api/pipeline_view.h"

namespace ferry::api {

class RecordingPipelineObjects final : public PipelineObjects {
 public:
  struct StatusWrite {
    std::string how;   // "merge", "replace", "create <plural>" or "delete <plural>"
    std::string text;  // the merged text, the replacing status or created object dumped, or "<ns>/<name>"
  };

  RecordingPipelineObjects(nlohmann::json object, nlohmann::json promise)
      : object_(std::move(object)), promise_(std::move(promise)) {}

  nlohmann::json object() const override { return object_; }
  nlohmann::json promise() const override { return promise_; }

  Result<nlohmann::json> merge_status(const std::string& status_text) override {
    writes_.push_back({"merge", status_text});
    if (auto error = take_error()) return *error;
    const nlohmann::json patch = nlohmann::json::parse(status_text);
    object_["status"] =
        merge_patched(object_.contains("status") ? object_["status"] : nlohmann::json(), patch);
    return object_;
  }

  Result<nlohmann::json> replace_status(const nlohmann::json& status) override {
    writes_.push_back({"replace", status.dump()});
    if (auto error = take_error()) return *error;
    object_["status"] = status;
    return object_;
  }

  // A created request is kept and served back as it came; a deleted one is only recorded.
  Result<nlohmann::json> create_request(const ServedKind& kind, const nlohmann::json& object) override {
    writes_.push_back({"create " + kind.plural, object.dump()});
    if (auto error = take_error()) return *error;
    return object;
  }
  Status delete_request(const ServedKind& kind, const std::string& namespace_name,
                        const std::string& name) override {
    writes_.push_back({"delete " + kind.plural, namespace_name + "/" + name});
    if (auto error = take_error()) return *error;
    return ok();
  }

  // The next write (of a status or a request) fails with `message`.
  void fail_next_write(std::string message) { next_error_ = std::move(message); }
  const std::vector<StatusWrite>& writes() const { return writes_; }

 private:
  std::optional<Error> take_error() {
    if (!next_error_) return std::nullopt;
    Error error = make_error(*next_error_);
    next_error_.reset();
    return error;
  }

  nlohmann::json object_;
  nlohmann::json promise_;
  std::optional<std::string> next_error_;
  std::vector<StatusWrite> writes_;
};

}  // namespace ferry::api
