// A container's output as ferry keeps and shows it (docs/logs.md): the log of one container run, its secret
// values masked, bounded to its last kContainerLogBytes bytes with the cut marked, and the hook a workflow
// hands each one to (WorkflowOptions::container_logs).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace ferry::pipeline {

// The bytes of one container's output that are kept: the tail, so that the lines before a failure stay.
constexpr std::size_t kContainerLogBytes = 256u << 10;

struct ContainerLog {
  std::string pipeline;
  std::string container;
  std::string text;  // masked and bounded (bounded_container_log)
};

// Receives each container's log as the container ends, succeeded or failed, in the order they ran.
using ContainerLogSink = std::function<void(const ContainerLog&)>;

// `text` when it fits in `max_bytes`; else its last `max_bytes` bytes, starting at a line when one starts
// within them, after the line "[ferry: N earlier bytes of this log were cut]".
std::string bounded_container_log(std::string_view text, std::size_t max_bytes = kContainerLogBytes);

}  // namespace ferry::pipeline
