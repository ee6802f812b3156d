#!/usr/bin/env bash
# The key of the Action's build cache (step `sources` of action.yml, run as action.yml has it through
# tests/ci/action_step.py): it names the runner's image (ImageOS) and architecture (RUNNER_ARCH), and a change
# to a file in any folder of the action, including a folder added later, changes it; build output does not.
#   action_cache_key_test.sh SOURCE_DIR WORK_DIR
set -euo pipefail
source_dir=$(realpath "$1")
work=$2
here=$(dirname "$(realpath "$0")")
rm -rf "$work" && mkdir -p "$work/action"
tar -C "$source_dir" --exclude='./build*' --exclude=./.git --exclude=./.cache -c . | tar -C "$work/action" -x
python3 "$here/action_step.py" "$source_dir/action.yml" sources "$work/action" >"$work/sources.sh" 2>/dev/null

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# The key the step writes, with the environment given as NAME=VALUE arguments.
key() {
  : >"$work/outputs"
  env "$@" GITHUB_OUTPUT="$work/outputs" bash --noprofile --norc -eo pipefail "$work/sources.sh"
  sed -n 's/^key=//p' "$work/outputs"
}

runner=(ImageOS=ubuntu24 RUNNER_ARCH=X64)
base=$(key "${runner[@]}")
[[ $base =~ ^ferry-build-ubuntu24-X64-[0-9a-f]{32}$ ]] || fail "the key names no image and architecture: $base"
[[ $(key ImageOS=ubuntu22 RUNNER_ARCH=X64) != "$base" ]] || fail "ubuntu22 and ubuntu24 share a key"
[[ $(key ImageOS=ubuntu24 RUNNER_ARCH=ARM64) != "$base" ]] || fail "ARM64 and X64 share a key"
system=$(. /etc/os-release && echo "$ID$VERSION_ID")
[[ $(key -u ImageOS RUNNER_ARCH=X64) == ferry-build-$system-X64-* ]] ||
  fail "without ImageOS the key does not name the system ($system)"

# Every folder of the action, and one added after the step was written.
mkdir -p "$work/action/newfolder" && echo "// a new folder" >"$work/action/newfolder/new.cpp"
[[ $(key "${runner[@]}") != "$base" ]] || fail "a file in a new folder does not change the key"
rm -r "$work/action/newfolder"
for folder in "$work"/action/*/; do
  file=$(find "$folder" -type f | LC_ALL=C sort | sed -n 1p)
  [[ -n $file ]] || continue
  cp "$file" "$work/saved"
  echo "changed" >>"$file"
  [[ $(key "${runner[@]}") != "$base" ]] || fail "a change in ${folder#"$work"/action/} does not change the key"
  cp "$work/saved" "$file"
done
[[ $(key "${runner[@]}") == "$base" ]] || fail "the same files give another key"
mkdir -p "$work/action/build" && echo output >"$work/action/build/ferry"
[[ $(key "${runner[@]}") == "$base" ]] || fail "build output changes the key"

((failures == 0)) || { echo "action_cache_key_test: $failures failure(s)"; exit 1; }
echo "action_cache_key_test: passed ($(find "$work"/action/* -maxdepth 0 -type d | wc -l) folders)"
