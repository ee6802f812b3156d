#!/usr/bin/env python3
"""Prints one step of action.yml as a bash script, for the tests of tests/ci/: the step's environment as
exports (its ${{ }} expressions replaced as GitHub would: github.action_path by the given path, inputs by the
given NAME=VALUE or their defaults, github.token by nothing), then its `run` text. The step's `if` goes to
stderr as `if: ...` so a test can check when it runs.
Usage: action_step.py ACTION_YML STEP_ID ACTION_PATH [INPUT=VALUE ...]"""
import re
import shlex
import sys

import yaml


def main():
    action_yml, step_id, action_path, *given = sys.argv[1:]
    inputs = dict(pair.split("=", 1) for pair in given)
    with open(action_yml) as f:
        action = yaml.safe_load(f)
    steps = [s for s in action["runs"]["steps"] if s.get("id") == step_id]
    if not steps:
        sys.exit(f"{action_yml} has no step with id {step_id}")
    step = steps[0]

    def value_of(expression):
        name = expression.strip()
        if name == "github.action_path":
            return action_path
        if name == "github.token":
            return ""
        match = re.fullmatch(r"inputs\.([a-z-]+)", name)
        if not match:
            sys.exit(f"step {step_id}: no value for ${{{{ {name} }}}}")
        return inputs.get(match[1], str(action["inputs"][match[1]].get("default", "")))

    for name, text in (step.get("env") or {}).items():
        value = re.sub(r"\$\{\{(.*?)\}\}", lambda m: value_of(m[1]), str(text))
        print(f"export {name}={shlex.quote(value)}")
    if "${{" in step["run"]:
        sys.exit(f"step {step_id} splices an expression into its script")
    print(step["run"])
    print(f"if: {step.get('if', '')}", file=sys.stderr)


main()
