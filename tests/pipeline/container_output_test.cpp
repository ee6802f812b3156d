// /kratix/output is checked after every container, so a refusal names the container that wrote the bad
// entry (and the path), and later containers do not run.
#include <sys/stat.h>

#include "workflow_fixture.h"

namespace ferry::pipeline {
namespace {

class ContainerOutput : public WorkflowTest {
 protected:
  ContainerOutput() { behaviours["p/first"] = writes("/kratix/output", {{"a.yaml", "a"}}); }
  std::string error_of_second(RecordingRuntime::Behaviour second) {
    behaviours["p/second"] = std::move(second);
    return error_of({pipeline("p", {container("first"), container("second"), container("third")})});
  }
};

RecordingRuntime::Behaviour symlinks(std::string target, std::string link) {
  return [target, link](const runtime::ContainerRun& run) {
    std::filesystem::create_symlink(target, host_path_of(run, "/kratix/output") / link);
    return runtime::ContainerExit{};
  };
}

TEST_F(ContainerOutput, SymlinkNamesTheContainerThatMadeIt) {
  EXPECT_EQ(error_of_second(symlinks("/etc/passwd", "passwd")),
            "pipeline \"p\" container \"second\": output \"passwd\" is a symlink; only regular files and "
            "directories are allowed");
  EXPECT_EQ(runtime.runs().size(), 2u);  // "third" never ran
  EXPECT_TRUE(scratch_is_empty());
}

TEST_F(ContainerOutput, FifoNamesTheContainer) {
  EXPECT_EQ(error_of_second([](const runtime::ContainerRun& run) {
              ::mkfifo((host_path_of(run, "/kratix/output") / "pipe").c_str(), 0600);
              return runtime::ContainerExit{};
            }),
            "pipeline \"p\" container \"second\": output \"pipe\" is a fifo; only regular files and "
            "directories are allowed");
}

TEST_F(ContainerOutput, AnythingUnderDotGitIsRefusedInAnyCase) {
  const char* advice = "\" is under a \".git\" directory, which no state store may hold: write it elsewhere";
  EXPECT_EQ(error_of_second(writes("/kratix/output", {{".git/hooks/pre-commit", "exit 0"}})),
            std::string("pipeline \"p\" container \"second\": output \".git/hooks/pre-commit") + advice);
  EXPECT_EQ(error_of_second(writes("/kratix/output", {{"a/.GIT/HEAD", "x"}})),
            std::string("pipeline \"p\" container \"second\": output \"a/.GIT/HEAD") + advice);
  behaviours["p/second"] = writes("/kratix/output", {{"a/.github/x", "x"}, {"b.git/y", "y"}});
  EXPECT_TRUE(run({pipeline("p", {container("first"), container("second")})}).ok());
}

TEST_F(ContainerOutput, CapsNameTheContainerThatCrossedThem) {
  options.max_output_files = 2;
  EXPECT_EQ(
      error_of_second(writes("/kratix/output", {{"b", "b"}, {"c", "c"}})),
      "pipeline \"p\" container \"second\": output has more than 2 files: write fewer files or raise the "
      "limit (--max-output-files)");
  options.max_output_files = 10;
  options.max_output_bytes = 3;
  EXPECT_EQ(error_of_second(writes("/kratix/output", {{"b", "bbb"}})),
            "pipeline \"p\" container \"second\": output has more than 3 bytes in total: write less or raise "
            "the limit (--max-output-bytes)");
}

}  // namespace
}  // namespace ferry::pipeline
