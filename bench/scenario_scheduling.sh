#!/usr/bin/env bash
# Scenario 4, "Scheduling": time per placement decision among 1,000 Destinations against 100, where the
# 900 added ones cannot match (bench/scheduler_bench.cpp, Google Benchmark, 100,000 groups cycled); and one
# run's decisions for 1,000 new requests linked by mutual anti-affinity (bench/same_run_bench.cpp).
#   bench/scenario_scheduling.sh MIN_TIME_SECONDS
# Env: BENCH_BIN, BENCH_TMP, BENCH_RESULTS, BENCH_REPS.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"

out=$BENCH_TMP/scheduler.json
bench_say "scenario 4: scheduling, ${BENCH_REPS} repetitions of ${1}s"
"$BENCH_BIN/ferry_bench_scheduler" --benchmark_format=json --benchmark_repetitions="$BENCH_REPS" \
  --benchmark_min_time="$1" >"$out" 2>/dev/null

# samples NAME: the per-repetition nanoseconds per decision of benchmark NAME.
samples() {
  python3 - "$out" "$1" <<'PY'
import json, sys
runs = json.load(open(sys.argv[1]))["benchmarks"]
print(" ".join(f"{b['real_time']:.1f}" for b in runs
               if b["run_name"] == sys.argv[2] and b.get("run_type") == "iteration"))
PY
}

# Place, Decide and PlaceExpressions are reconcile's indexed path (target <=2); Explain is `ferry explain`'s,
# which judges every Destination by design (reported only). BM_PlaceExpressions exists only when the
# scheduler has matchExpressions (see scheduler_bench.cpp).
for call in Place Decide PlaceExpressions Explain; do
  at_1000=$(samples "BM_$call/1000")
  [[ -n $at_1000 ]] || continue
  selector="matchLabels env=env-N"
  [[ $call == PlaceExpressions ]] && selector="$selector and matchExpressions region In (4 values)"
  target="<=2"
  [[ $call == Explain ]] && target="" && selector="$selector; explains every Destination"
  bench_record "4-$call" "4 Scheduling: $call, 1,000 vs 100 Destinations" "ns/decision, 1,000 Destinations" \
    "$at_1000" "ns/decision, 100 Destinations" "$(samples "BM_$call/100")" ferry/baseline "$target" "$selector"
done

# The same-run row: one run's decisions for 1,000 new requests with mutual anti-affinity over 100
# Destinations, decided one after another with the placements before them visible (same_run_bench.cpp),
# against the same requests without the rule (target <=2).
with_rule=$(samples "BM_SameRun/1")
if [[ -n $with_rule ]]; then
  bench_record "4-SameRun" "4 Scheduling: 1,000 new requests with mutual anti-affinity in one run" \
    "ms/run, with the rule" "$with_rule" "ms/run, without the rule" "$(samples "BM_SameRun/0")" \
    ferry/baseline "<=2" "preferred anti-affinity app=cache by host over 100 Destinations; linked, decided in order"
fi
