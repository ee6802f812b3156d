#!/usr/bin/env bash
# action.yml and every workflow under .github/workflows pass @action-validator/cli (the schemas GitHub's
# runner follows: keys, types, required fields); a broken action and a broken workflow are refused, so the
# validator is known to check. The validator is installed with npm into the project's .cache/ (gitignored)
# on first use, so a clean clone needs only node and npm (ci/setup).
#   action_validator_test.sh SOURCE_DIR WORK_DIR
set -euo pipefail
source_dir=$(realpath "$1")
work=$2
version=0.6.0
tools=$source_dir/.cache/action-validator-$version
validator=$tools/node_modules/.bin/action-validator
if [[ ! -x $validator ]]; then
  npm install --prefix "$tools" --no-audit --no-fund --loglevel=error "@action-validator/cli@$version" >/dev/null
fi
rm -rf "$work" && mkdir -p "$work/broken/.github/workflows"

failures=0
cd "$source_dir"  # globs in the files are checked against the repository
shopt -s nullglob
files=(action.yml .github/workflows/*.yml .github/workflows/*.yaml)
for file in "${files[@]}"; do
  if "$validator" "$file" >"$work/out" 2>&1; then
    echo "valid: $file"
  else
    echo "FAIL: $file"; cat "$work/out"; failures=$((failures + 1))
  fi
done
((${#files[@]} >= 2)) || { echo "FAIL: no workflow files found"; failures=$((failures + 1)); }

# A composite step without `shell`, and a step whose `with` is not a map.
printf 'name: broken\ndescription: a step without shell\nruns:\n  using: composite\n  steps:\n    - run: echo hi\n' \
  >"$work/broken/action.yml"
printf 'name: broken\non: push\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n        with: 3\n' \
  >"$work/broken/.github/workflows/broken.yml"
for file in "$work/broken/action.yml" "$work/broken/.github/workflows/broken.yml"; do
  if "$validator" "$file" >/dev/null 2>&1; then
    echo "FAIL: the validator accepts $file"; failures=$((failures + 1))
  fi
done

((failures == 0)) || { echo "action_validator_test: $failures failure(s)"; exit 1; }
echo "action_validator_test: passed (${#files[@]} files)"
