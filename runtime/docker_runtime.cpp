#include "runtime/docker_runtime.h"

namespace ferry::runtime {

DockerRuntime::DockerRuntime(std::string executable)
    : CliEngineRuntime(CliEngine{"docker", "docker.io", false, {"rm", "--force"}, true, "{{.CgroupDriver}}"},
                       std::move(executable)) {}

}  // namespace ferry::runtime
