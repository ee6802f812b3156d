# Helpers shared by the bench/scenario_*.sh scripts (sourced, not run). Expects BENCH_RESULTS (the JSON
# lines file records are appended to) and BENCH_REPS (repetitions) in the environment.

# Seconds since the epoch, with nanoseconds.
bench_now() { date +%s.%N; }

# Runs "$@" with its output discarded and prints the seconds it took; fails when the command fails.
bench_time() {
  local start end
  start=$(bench_now)
  "$@" >/dev/null 2>&1 || { echo "bench: command failed: $*" >&2; return 1; }
  end=$(bench_now)
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.6f\n", e - s }'
}

# a / b with six decimals.
bench_div() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f\n", a / b }'; }

# Joins the arguments with commas: a JSON list's inside.
bench_join() { local IFS=,; echo "$*"; }

# Appends one result record (one JSON line) to $BENCH_RESULTS; bench/report.py turns records into the table.
#   bench_record ID SCENARIO FERRY_LABEL "FERRY_SAMPLES" BASELINE_LABEL "BASELINE_SAMPLES" RATIO TARGET NOTE
# SAMPLES: space-separated numbers (seconds unless the label says otherwise). RATIO: "baseline/ferry" or
# "ferry/baseline" (ratio of the medians), or "ferry-baseline" (their difference, in the samples' unit). TARGET: ">=N", "<=N" or "" (reported only). NOTE: free text.
bench_record() {
  local id=$1 scenario=$2 ferry_label=$3 ferry=$4 base_label=$5 base=$6 ratio=$7 target=$8 note=$9
  # shellcheck disable=SC2086
  printf '{"id":"%s","scenario":"%s","ferry_label":"%s","ferry":[%s],"baseline_label":"%s","baseline":[%s],"ratio":"%s","target":"%s","note":"%s"}\n' \
    "$id" "$scenario" "$ferry_label" "$(bench_join $ferry)" "$base_label" "$(bench_join $base)" \
    "$ratio" "$target" "$note" >>"$BENCH_RESULTS"
}

# Prints a progress line on stderr.
bench_say() { echo "bench: $*" >&2; }

# CPU seconds every core has spent busy since boot (/proc/stat: user, nice, system, irq, softirq, steal).
bench_busy_cpu_seconds() {
  awk -v hz="$(getconf CLK_TCK)" '/^cpu / { printf "%.2f\n", ($2 + $3 + $4 + $7 + $8 + $9) / hz }' /proc/stat
}
