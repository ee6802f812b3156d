// runtime/exec_runtime.h: a bwrap that fails while it sets the sandbox up (a mount that another engine
// changed under /var at that moment), before the command starts, is tried again, at most three times in all;
// any other failure is the container's own. A stand-in bwrap counts its starts.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "runtime/exec_runtime.h"
#include "tests/support/test_support.h"

namespace ferry::runtime {
namespace {

namespace fs = std::filesystem;
using ferry::testing::read_file;
using ferry::testing::TempDir;
using ferry::testing::write_file;

const std::string kSetupFailure =
    "bwrap: Can't bind mount /oldroot/var on /newroot/var: Unable to apply mount flags: remount "
    "\"/newroot/var/lib/docker/overlay2/x/merged\": Invalid argument";

class ExecSandboxSetup : public ::testing::Test {
 protected:
  // A bwrap that prints `failure` and exits 1 on its first `failing_starts` starts, then prints "ran".
  fs::path fake_bwrap(int failing_starts, const std::string& failure) {
    const fs::path script = dir_.path() / "bwrap";
    write_file(dir_.path() / "failure", failure + "\n");
    write_file(script, "#!/bin/sh\nn=$(($(cat " + starts_file().string() + " 2>/dev/null || echo 0) + 1))\n" +
                           "echo $n >" + starts_file().string() + "\nif [ $n -le " +
                           std::to_string(failing_starts) + " ]; then cat " +
                           (dir_.path() / "failure").string() + " >&2; exit 1; fi\necho ran\n");
    fs::permissions(script, fs::perms::owner_all);
    return script;
  }
  fs::path starts_file() const { return dir_.path() / "starts"; }
  int starts() const { return std::stoi("0" + read_file(starts_file())); }

  Result<ContainerExit> run_with(const fs::path& bwrap) {
    ExecRuntime runtime(ExecConfig{{{"img", {"/bin/true"}}}, "exec.yaml"}, bwrap.string());
    ContainerRun run;
    run.label = "p/c";
    run.image = "img";
    return runtime.run(run);
  }

  TempDir dir_;
};

TEST_F(ExecSandboxSetup, AMountChangedDuringSetupIsTriedAgain) {
  Result<ContainerExit> exit = run_with(fake_bwrap(2, kSetupFailure));
  ASSERT_TRUE(exit.ok()) << exit.error().render();
  EXPECT_EQ(exit->exit_code, 0) << exit->log;
  EXPECT_EQ(exit->log, "ran\n");
  EXPECT_EQ(starts(), 3);
}

TEST_F(ExecSandboxSetup, ThreeFailedSetupsAreTheContainersFailure) {
  Result<ContainerExit> exit = run_with(fake_bwrap(5, kSetupFailure));
  ASSERT_TRUE(exit.ok()) << exit.error().render();
  EXPECT_EQ(exit->exit_code, 1);
  EXPECT_EQ(exit->log, kSetupFailure + "\n");
  EXPECT_EQ(starts(), 3);
}

TEST_F(ExecSandboxSetup, AnyOtherFailureIsNotTriedAgain) {
  Result<ContainerExit> exit = run_with(fake_bwrap(5, "bwrap: execvp /bin/true: No such file or directory"));
  ASSERT_TRUE(exit.ok()) << exit.error().render();
  EXPECT_EQ(exit->exit_code, 1);
  EXPECT_EQ(starts(), 1);
}

}  // namespace
}  // namespace ferry::runtime
