#!/usr/bin/env bash
# The Action's ferry step (action.yml, run through tests/ci/action_step.py) picks the ferry to run: the one
# built from the action's sources (build/ferry), or with `version` or `package-url` the package's on PATH, and
# an error annotation when the package brought none; validate runs in a workspace that is no Git checkout,
# as only the commands that keep records (reconcile, plan, status) need `state: remote`'s origin.
# (tests/e2e/commands_e2e_test.cpp runs the step's reconcile and plan.)
#   action_ferry_step_test.sh SOURCE_DIR WORK_DIR FERRY_BINARY
set -euo pipefail
source_dir=$(realpath "$1")
work=$(realpath -m "$2")
ferry=$(realpath "$3")
here=$(dirname "$(realpath "$0")")
rm -rf "$work" && mkdir -p "$work/action/build" "$work/workspace" "$work/bin"
ln -s "$ferry" "$work/action/build/ferry"
cp -r "$source_dir/fixtures/platform" "$work/workspace/platform"

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# Runs the ferry step with the inputs given as NAME=VALUE and the PATH of $step_path; sets $output and $code.
step_path=$PATH
run_step() {
  python3 "$here/action_step.py" "$source_dir/action.yml" ferry "$work/action" "$@" >"$work/step.sh" 2>/dev/null
  : >"$work/outputs"
  code=0
  # The work directory may lie inside a checkout (the build directory of a clone): git must not find it.
  output=$(cd "$work/workspace" && env PATH="$step_path" GITHUB_WORKSPACE="$work/workspace" \
    GIT_CEILING_DIRECTORIES="$work" GITHUB_OUTPUT="$work/outputs" \
    bash --noprofile --norc -eo pipefail "$work/step.sh" 2>&1) || code=$?
}

run_step command=validate platform=platform
((code == 0)) && [[ $output == *"ferry: platform is valid"* ]] ||
  fail "validate in a workspace without Git: $code $output"
grep -qx 'process-exit-code=0' "$work/outputs" || fail "validate: outputs $(cat "$work/outputs")"

run_step command=status platform=platform
((code == 1)) && [[ $output == *"state: remote needs the workspace to be a checkout with an origin"* ]] ||
  fail "status without a checkout: $code $output"

# A package: the step runs the ferry on PATH, not build/ferry.
rm "$work/action/build/ferry"
ln -s "$ferry" "$work/bin/ferry"
step_path=$work/bin:$PATH run_step command=validate platform=platform version=0.1.0
((code == 0)) || fail "with version, the ferry on PATH did not run: $code $output"
run_step command=validate platform=platform package-url=https://example.com/ferry.deb
((code == 1)) && [[ $output == *"::error::ferry action: the package installed no ferry on PATH"* ]] ||
  fail "a package without ferry on PATH: $code $output"

((failures == 0)) || { echo "action_ferry_step_test: $failures failure(s)"; exit 1; }
echo "action_ferry_step_test: passed"
