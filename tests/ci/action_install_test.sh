#!/usr/bin/env bash
# The Action's install steps, simulated by apt on a runner that has GitHub's Docker (containerd.io, which
# provides and conflicts with runc and containerd; docker-ce and docker-ce-cli on top: github_docker_status):
# each step installs what it should and removes nothing, and no container engine, service or test tool.
# The steps: the build set-up of a cache miss, the runtime libraries of a cache hit, a released package by
# URL and by version (a stand-in `gh` checks which release asset is asked for).
# The steps run as action.yml has them (tests/ci/action_step.py), with `apt-get` simulating (-s) against that
# dpkg status (dpkg-query reads it through DPKG_ADMINDIR) and `apt-get update` skipped: it needs the apt lists
# of this Debian machine (ci/setup updates them), the names of the build list being common to Debian and
# Ubuntu. As a non-root user `sudo` runs its command with a reset environment, as sudo does.
#   action_install_test.sh SOURCE_DIR WORK_DIR
set -euo pipefail
source_dir=$(realpath "$1")
work=$2
here=$(dirname "$(realpath "$0")")
rm -rf "$work" && mkdir -p "$work/bin" "$work/dpkg"

sed "s/^Architecture: amd64/Architecture: $(dpkg --print-architecture)/" "$here/github_docker_status" \
  >"$work/dpkg/status"
cat >"$work/bin/apt-get" <<SHIM
#!/usr/bin/env bash
if [[ \${DEBIAN_FRONTEND:-} != noninteractive ]]; then
  echo "E: apt-get runs without DEBIAN_FRONTEND=noninteractive (set before sudo, it is lost)"
  exit 1
fi
for argument in "\$@"; do
  [[ \$argument != update ]] || { echo "(apt-get update skipped by the simulation)"; exit 0; }
done
exec /usr/bin/apt-get -s -o Dir::State::status="$work/dpkg/status" "\$@"
SHIM
# sudo resets the environment, as the real one does (env_reset).
printf '#!/usr/bin/env bash\nexec env -i PATH="$PATH" "$@"\n' >"$work/bin/sudo"
chmod +x "$work/bin/apt-get" "$work/bin/sudo"

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# Runs step $1 of action.yml (inputs as further NAME=VALUE arguments) and checks what apt would do; $2 is a
# package the step must install, proving the simulation ran.
# The step runs as this user, or as the user of `as_user` (a command prefix).
as_user=()
check_step() {
  local step=$1 expected=$2
  shift 2
  local log=$work/$step${as_user:+-${as_user[-2]}}.log
  echo "== step $step${as_user:+ as ${as_user[-2]}}"
  python3 "$here/action_step.py" "$source_dir/action.yml" "$step" "$source_dir" "$@" >"$work/$step.sh" \
    2>"$work/$step.if"
  local code=0
  "${as_user[@]}" env PATH="$work/bin:$PATH" DPKG_ADMINDIR="$work/dpkg" \
    bash --noprofile --norc -eo pipefail "$work/$step.sh" >"$log" 2>&1 || code=$?
  ((code == 0)) || fail "step $step exited with $code: $(grep -E '^E:' "$log" | head -3)"
  if grep -E '^Remv ' "$log"; then fail "step $step removes packages"; fi
  if grep -E '^Inst (docker\.io|docker-ce|containerd|runc|podman|crun|prometheus|busybox-static|bubblewrap|libgtest-dev|libbenchmark-dev) ' "$log"; then
    fail "step $step installs a container engine, a service or a test tool"
  fi
  grep -qE "^Inst $expected " "$log" || fail "step $step does not install $expected (the simulation did not run?)"
  echo "$(grep -c '^Inst ' "$log") packages installed, $(grep -c '^Remv ' "$log") removed"
}

# On a cache miss: the build dependencies.
check_step deps libgit2-dev
grep -q "steps.cache.outputs.cache-hit != 'true'" "$work/deps.if" || fail "step deps runs on a cache hit: $(cat "$work/deps.if")"

# On a cache hit: only the runtime libraries recorded next to the cached binary (here, Debian 12's). The
# action is where the runner checks actions out, _actions/OWNER/NAME/REF.
action=$work/_actions/acme/ferry/v1
mkdir -p "$action/ci" "$action/build"
cp "$source_dir/action.yml" "$action/"
cp "$source_dir/ci/install-build-deps" "$source_dir/ci/install-release" "$action/ci/"
printf '%s\n' libboost-filesystem1.74.0 libc6 libfmt9 libgit2-1.5 libre2-9 libspdlog1.10 libssl3 libtbb12 \
  libyaml-cpp0.7 zlib1g >"$action/build/runtime-packages"
source_dir=$action check_step runtime libgit2-1.5
grep -q "steps.cache.outputs.cache-hit == 'true'" "$work/runtime.if" || fail "step runtime runs on a cache miss: $(cat "$work/runtime.if")"
if grep -qE '^Inst (cmake|g\+\+|libgit2-dev) ' "$work/runtime.log"; then fail "step runtime installs build tools"; fi

# A released package: a ferry .deb that depends on a library, at a file:// URL.
mkdir -p "$work/deb/DEBIAN"
printf 'Package: ferry\nVersion: 0.0.1\nArchitecture: %s\nMaintainer: ferry tests <ferry@example.com>\nDepends: libgit2-1.5\nDescription: ferry, a stand-in for the test\n' \
  "$(dpkg --print-architecture)" >"$work/deb/DEBIAN/control"
dpkg-deb --build "$work/deb" "$work/ferry_0.0.1_test.deb" >/dev/null
check_step package ferry package-url="file://$work/ferry_0.0.1_test.deb"

# A released version: `gh` (a stand-in that records its arguments and hands out that .deb) is asked for the
# asset of this system and architecture in the release of the repository the action was taken from.
asset="ferry_*_$(. /etc/os-release && echo "$ID$VERSION_ID")_$(dpkg --print-architecture).deb"
cat >"$work/bin/gh" <<SHIM
#!/usr/bin/env bash
echo "gh \$*" >"$work/gh.args"
while ((\$#)); do [[ \$1 != --dir ]] || cp "$work/ferry_0.0.1_test.deb" "\$2/${asset/\*/0.1.0}"; shift; done
SHIM
chmod +x "$work/bin/gh"
source_dir=$action check_step package ferry version=0.1.0
expected="gh release download v0.1.0 --repo acme/ferry --pattern $asset --dir"
[[ $(cat "$work/gh.args") == "$expected "* ]] || fail "version 0.1.0 asked gh for: $(cat "$work/gh.args")"

# As a user that is not root, whose apt-get goes through sudo (when this test runs as root).
if [[ $(id -u) -eq 0 ]] && id nobody >/dev/null 2>&1 && command -v runuser >/dev/null &&
  runuser -u nobody -- test -r "$source_dir/ci/install-build-deps"; then
  as_user=(runuser -u nobody --)
  check_step deps libgit2-dev
fi

((failures == 0)) || { echo "action_install_test: $failures failure(s); logs in $work"; exit 1; }
echo "action_install_test: passed"
