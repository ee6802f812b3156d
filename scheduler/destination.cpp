#include "scheduler/destination.h"

namespace ferry::scheduler {

std::string Destination::why_not_schedulable() const {
  if (!readiness.ready) {
    std::string why = "not ready";
    if (!readiness.reason.empty()) why += ": " + readiness.reason;
    if (!readiness.message.empty()) why += ": " + readiness.message;
    return why;
  }
  if (unschedulable) return "unschedulable: " + *unschedulable;
  return "";
}

}  // namespace ferry::scheduler
