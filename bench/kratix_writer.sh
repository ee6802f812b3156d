#!/usr/bin/env bash
# Scenario 1's Kratix path: the git CLI steps of reference §4.1-4.8 for every request, against a bare
# repository over file://, as Kratix's GitWriter runs them (one write, one commit, one push per request).
#   bench/kratix_writer.sh REMOTE_URL WORKDIR FILES_DIR MANIFEST
# REMOTE_URL: file:// URL of a bare repository whose branch main exists. WORKDIR: empty scratch directory
# for the clone. FILES_DIR/MANIFEST: as written by `ferry_bench_writer files` (one line per request:
# "<request>\t<repository directory>", the files in FILES_DIR/<request>/).
# Once: `git clone --depth=1 --single-branch --no-tags --branch main` (Kratix keeps one clone per store),
# unless WORKDIR holds one already (scenario 1's later windows continue a run, so they clone untimed).
# Per request: fetch --depth 1 --force --prune, reset --hard origin/main, clean -ffdx, `git rm -r` of the
# request's directory when it exists, write the files (bash builtins, no child process), `git add` them,
# `git diff --cached --quiet`, commit with the author, `git push origin main`. Kratix skips the fetch when
# the last one is under 5 s old (git.minimumFetchInterval); this script fetches every time, as the
# issue's list of steps says.
set -euo pipefail

remote=$1 work=$2 files_dir=$3 manifest=$4
# Kratix's environment for every git command (reference §4.8).
export HOME=/dev/null GIT_TERMINAL_PROMPT=false GIT_ASKPASS=true GIT_LFS_SKIP_SMUDGE=1
export GIT_CONFIG_NOSYSTEM=1
git_() { git -c credential.helper= -c user.name=bench -c user.email=bench@localhost "$@"; }

cd "$work"
[[ -d .git ]] || git_ clone -q --depth=1 --single-branch --no-tags --branch main "$remote" .

while IFS=$'\t' read -r request dir; do
  git_ fetch -q origin main --depth 1 --no-tags --force --prune
  git_ reset -q --hard origin/main
  git_ clean -q -ffdx
  if [[ -d $dir ]]; then git_ rm -q -r -- "$dir"; fi
  mkdir -p "$dir"
  written=()
  for source in "$files_dir/$request"/*; do
    IFS= read -r -d '' content <"$source" || true
    printf '%s' "$content" >"$dir/${source##*/}"
    written+=("$dir/${source##*/}")
  done
  git_ add -- "${written[@]}"
  if git_ diff --cached --quiet; then continue; fi
  git_ commit -q -m "Update from: $request" --author="bench <bench@localhost>"
  git_ push -q origin main
done <"$manifest"
