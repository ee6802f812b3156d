// Scenario 1 ("Writing"): the same R requests' bundles, one commit per request, three ways.
//   ferry_bench_writer apply REPO R K [FIRST] ferry's writer (LocalGitRepo::apply, one Change per request)
//                                            on the existing bare repository REPO, branch main; prints
//                                            {"requests":R,"seconds":S} with S the time of the R applies.
//   ferry_bench_writer fast-import R K [FIRST] the `git fast-import` stream of the same commits on main
//                                            (which must exist), to stdout.
// FIRST (default 0) numbers the requests FIRST..FIRST+R-1: a repository pre-filled with requests 0..N-1
// by fast-import, then `apply ... N`, measures the cost per request at size N.
//   ferry_bench_writer files DIR R K         every file as DIR/<request>/<file>, and on stdout one line
//                                            "<request>\t<repository directory>" per request, for the
//                                            Kratix-path script (bench/kratix_writer.sh).
// FERRY_FSYNC=0 or 1 in the environment sets fsync as ferry's --fsync option does (writer/durability.h);
// unset, ferry's default.
// Exit status 0, or 1 with a message on stderr.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "bench/bundles.h"
#include "core/allocator.h"
#include "writer/durability.h"
#include "writer/local_git_repo.h"

namespace {

using ferry::bench::request_change;

int apply(const std::filesystem::path& repo_path, std::size_t requests, std::size_t files,
          std::size_t first) {
  if (const char* fsync = std::getenv("FERRY_FSYNC"); fsync != nullptr)
    ferry::writer::set_fsync(std::string(fsync) != "0");
  auto repo = ferry::writer::LocalGitRepo::open(repo_path, "main");
  if (!repo) {
    std::cerr << repo.error().message << "\n";
    return 1;
  }
  std::vector<ferry::writer::Change> changes;
  changes.reserve(requests);
  for (std::size_t r = first; r < first + requests; ++r) changes.push_back(request_change(r, files));
  const auto start = std::chrono::steady_clock::now();
  for (const auto& change : changes) {
    auto outcome = (*repo)->apply(change);
    if (!outcome || !outcome->commit_sha) {
      std::cerr << "apply failed: " << (outcome ? "no commit" : outcome.error().message) << "\n";
      return 1;
    }
  }
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
  std::printf("{\"requests\":%zu,\"seconds\":%.6f}\n", requests, elapsed.count());
  return 0;
}

void data_block(std::ostream& out, const std::string& bytes) {
  out << "data " << bytes.size() << "\n" << bytes;
}

int fast_import(std::size_t requests, std::size_t files, std::size_t first) {
  std::ostream& out = std::cout;
  for (std::size_t r = first; r < first + requests; ++r) {
    out << "commit refs/heads/main\n"
        << "author bench <bench@localhost> 1700000000 +0000\n"
        << "committer bench <bench@localhost> 1700000000 +0000\n";
    data_block(out, ferry::bench::commit_message(r) + "\n");
    if (r == first) out << "from refs/heads/main^0\n";
    const std::string dir = ferry::bench::bundle_directory(r);
    for (std::size_t f = 0; f < files; ++f) {
      out << "M 100644 inline " << dir << "/" << ferry::bench::file_name(f) << "\n";
      data_block(out, ferry::bench::file_content(r, f));
      out << "\n";
    }
    out << "\n";
  }
  return out.good() ? 0 : 1;
}

int files(const std::filesystem::path& root, std::size_t requests, std::size_t files, std::size_t first) {
  for (std::size_t r = first; r < first + requests; ++r) {
    const std::string name = ferry::bench::request_name(r);
    std::filesystem::create_directories(root / name);
    for (std::size_t f = 0; f < files; ++f) {
      std::ofstream(root / name / ferry::bench::file_name(f), std::ios::binary)
          << ferry::bench::file_content(r, f);
    }
    std::cout << name << "\t" << ferry::bench::bundle_directory(r) << "\n";
  }
  return std::cout.good() ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  ferry::tune_allocator_for_large_buffers();  // as ferry's main() does
  const std::vector<std::string> args(argv + 1, argv + argc);
  auto number = [](const std::string& text) { return static_cast<std::size_t>(std::stoul(text)); };
  auto first = [&](std::size_t at) { return args.size() > at ? number(args[at]) : 0; };
  if ((args.size() == 4 || args.size() == 5) && args[0] == "apply") {
    return apply(args[1], number(args[2]), number(args[3]), first(4));
  }
  if ((args.size() == 3 || args.size() == 4) && args[0] == "fast-import") {
    return fast_import(number(args[1]), number(args[2]), first(3));
  }
  if ((args.size() == 4 || args.size() == 5) && args[0] == "files") {
    return files(args[1], number(args[2]), number(args[3]), first(4));
  }
  std::cerr << "usage: ferry_bench_writer apply REPO R K [FIRST] | fast-import R K [FIRST] | files DIR R K "
               "[FIRST]\n";
  return 1;
}
