// podman's lost exit code (runtime/podman_runtime.cpp; podman issue #18860): a `run` that ends with exit 127
// saying "no such exit code" is asked again with `wait`, and the container removed. Against a fake engine, a
// shell script, since the real race cannot be made to happen on demand.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "runtime/podman_runtime.h"
#include "tests/support/test_support.h"

namespace ferry::runtime {
namespace {

namespace fs = std::filesystem;

// A podman whose `run` loses the exit code, and whose `wait` answers `waited` (exit 1 when empty); every
// other call is written to `calls`.
fs::path fake_engine(const fs::path& dir, const std::string& waited) {
  const fs::path script = dir / "podman";
  const std::string calls = (dir / "calls").string();
  testing::write_file(
      script,
      "#!/bin/sh\necho \"$@\" >> '" + calls + "'\ncase \"$1\" in\n  run)\n" +
          "    echo 'level=error msg=\"Waiting for container c: getting exit code of container c from DB: "
          "no such exit code (container in state running)\"' >&2\n    exit 127 ;;\n" +
          "  wait) " + (waited.empty() ? std::string("exit 1") : "echo " + waited) + " ;;\nesac\n");
  fs::permissions(script, fs::perms::owner_all);
  return script;
}

// One run through the fake engine: how it ended (the message of an error), and the engine's calls.
struct Ran {
  int exit_code = -1;
  std::string log, calls;
};

Ran run_with_wait_answering(const std::string& waited) {
  testing::TempDir dir;
  PodmanRuntime podman(fake_engine(dir.path(), waited).string());
  ContainerRun run;
  run.label = "p/c";
  run.image = "img";
  run.command = {"true"};
  auto exit = podman.run(run);
  if (!exit) return {-1, exit.error().message, ""};
  return {exit->exit_code, exit->log, testing::read_file(dir.path() / "calls")};
}

TEST(LostExitCode, TheContainersOwnExitCodeIsAskedAgainAndTheContainerRemoved) {
  const Ran ran = run_with_wait_answering("137");
  EXPECT_EQ(ran.exit_code, 137) << ran.log;
  EXPECT_NE(ran.log.find("no such exit code"), std::string::npos) << ran.log;
  EXPECT_NE(ran.calls.find("\nwait "), std::string::npos) << ran.calls;
  EXPECT_NE(ran.calls.find("\nrm -f "), std::string::npos) << ran.calls;
}

TEST(LostExitCode, WhenWaitCannotTellTheEnginesOutcomeStands) {
  const Ran ran = run_with_wait_answering("");
  EXPECT_EQ(ran.exit_code, 127) << ran.log;
  EXPECT_NE(ran.calls.find("\nwait "), std::string::npos) << ran.calls;
}

}  // namespace
}  // namespace ferry::runtime
