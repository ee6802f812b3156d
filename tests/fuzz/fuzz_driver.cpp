// tests/fuzz's own driver, linked with each target in the gcc builds (plain and ASan+UBSan): replays every
// file given (the seed corpus and the regression inputs), then runs seeded mutations for a bounded number
// of iterations or seconds, whichever ends first. The clang build (ci/fuzz) links libFuzzer instead.
//
//   <target>_fuzz [--seconds S] [--iterations N] [--seed X] [--dict FILE] [--max-len BYTES] DIR|FILE...
//
// FERRY_FUZZ_SECONDS and FERRY_FUZZ_SEED override --seconds and --seed (ci/test runs the ctest entries
// longer under ASan this way). A crash (signal, sanitizer report, uncaught exception) writes the input to
// ./crash-<target>-<seed>-<iteration> before the process dies, so it can become a regression input.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "tests/fuzz/fuzz_mutator.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
// Present when linked with a sanitizer runtime: called before a sanitizer ends the process.
extern "C" void __sanitizer_set_death_callback(void (*callback)()) __attribute__((weak));

namespace {
namespace fs = std::filesystem;

struct Options {
  double seconds = 2;
  long long iterations = 1'000'000'000;
  std::uint64_t seed = std::random_device{}();
  std::string dictionary;
  std::size_t max_length = 4096;
  std::vector<std::string> inputs;
};

// The input being run and where to save it: plain buffers, because the crash handler may only write(2).
std::string current_input;
char crash_path[512] = "";

void save_current_input() {
  if (crash_path[0] == '\0') return;
  const int fd = ::open(crash_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return;
  ssize_t ignored = ::write(fd, current_input.data(), current_input.size());
  (void)ignored;
  ::close(fd);
  const char note[] = "\nfuzz driver: the crashing input is saved as ";
  ignored = ::write(STDERR_FILENO, note, sizeof note - 1);
  ignored = ::write(STDERR_FILENO, crash_path, std::char_traits<char>::length(crash_path));
  ignored = ::write(STDERR_FILENO, "\n", 1);
}

void on_fatal_signal(int signal) {
  save_current_input();
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

// Under a sanitizer its own SEGV handler reports (and then calls the death callback); replacing it would
// lose the report. An uncaught exception aborts, which no sanitizer reports, so SIGABRT is always ours.
void install_crash_capture() {
  std::signal(SIGABRT, on_fatal_signal);
  if (__sanitizer_set_death_callback) return __sanitizer_set_death_callback(save_current_input);
  for (int signal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL}) std::signal(signal, on_fatal_signal);
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Every regular file of the directories (sorted, recursively) and every file named directly.
std::vector<fs::path> input_files(const std::vector<std::string>& inputs) {
  std::vector<fs::path> files;
  for (const std::string& input : inputs) {
    if (!fs::is_directory(input)) {
      if (fs::is_regular_file(input)) files.emplace_back(input);
      continue;
    }
    std::vector<fs::path> found;
    for (const auto& entry : fs::recursive_directory_iterator(input)) {
      if (entry.is_regular_file() && entry.path().filename().string().front() != '.') found.push_back(entry);
    }
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

Options parse_options(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--seconds" && has_value) {
      options.seconds = std::stod(argv[++i]);
    } else if (arg == "--iterations" && has_value) {
      options.iterations = std::stoll(argv[++i]);
    } else if (arg == "--seed" && has_value) {
      options.seed = std::stoull(argv[++i]);
    } else if (arg == "--dict" && has_value) {
      options.dictionary = argv[++i];
    } else if (arg == "--max-len" && has_value) {
      options.max_length = std::stoul(argv[++i]);
    } else {
      options.inputs.push_back(arg);
    }
  }
  if (const char* seconds = std::getenv("FERRY_FUZZ_SECONDS")) options.seconds = std::stod(seconds);
  if (const char* seed = std::getenv("FERRY_FUZZ_SEED")) options.seed = std::stoull(seed);
  return options;
}

void run_one(const std::string& input) {
  current_input = input;
  LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(current_input.data()), current_input.size());
}

void set_crash_path(const std::string& target, const std::string& what) {
  std::snprintf(crash_path, sizeof crash_path, "crash-%s-%s", target.c_str(), what.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  const Options options = parse_options(argc, argv);
  const std::string target = fs::path(argv[0]).filename().string();
  install_crash_capture();
  std::vector<std::string> corpus;
  for (const fs::path& file : input_files(options.inputs)) {
    corpus.push_back(read_file(file));
    set_crash_path(target, "replay-" + file.filename().string());
    run_one(corpus.back());
  }
  std::printf("%s: replayed %zu inputs; mutating with seed %llu for %g s or %lld iterations\n",
              target.c_str(), corpus.size(), static_cast<unsigned long long>(options.seed), options.seconds,
              options.iterations);
  std::fflush(stdout);
  const std::string dictionary = options.dictionary.empty() ? "" : read_file(options.dictionary);
  ferry::fuzz::Mutator mutator(options.seed, corpus, ferry::fuzz::read_dictionary(dictionary),
                               options.max_length);
  const auto start = std::chrono::steady_clock::now();
  const auto deadline = start + std::chrono::duration<double>(options.seconds);
  long long done = 0;
  for (; done < options.iterations; ++done) {
    if (done % 64 == 0 && std::chrono::steady_clock::now() >= deadline) break;
    std::string input = mutator.next();
    set_crash_path(target, std::to_string(options.seed) + "-" + std::to_string(done));
    run_one(input);
  }
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s: %lld executions in %.1f s (%.0f/s), no crash\n", target.c_str(), done, elapsed,
              elapsed > 0 ? done / elapsed : 0.0);
  return 0;
}
