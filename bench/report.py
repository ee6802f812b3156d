#!/usr/bin/env python3
"""Turns the result records of bench/scenario_*.sh (JSON lines) into the table and the JSON file.

    bench/report.py RECORDS.jsonl OUTPUT.json MODE

Each record holds samples for ferry and for its baseline; the table shows their medians, the spread
(min-max across repetitions), the ratio of the medians as the record says (baseline/ferry or
ferry/baseline), or their difference (ferry-baseline, in the samples' unit), the target and whether it is
met. Exit status 0 whatever the targets: a missed target is
a finding, not a failure.
"""
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys


def machine():
    cpu = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "kernel": platform.release(),
            "memory_gib": round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30, 1),
            "load_average_at_end": [round(x, 2) for x in os.getloadavg()]}


def commit():
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def summarise(record):
    f, b = statistics.median(record["ferry"]), statistics.median(record["baseline"])
    ratio = {"baseline/ferry": lambda: b / f, "ferry/baseline": lambda: f / b,
             "ferry-baseline": lambda: f - b}[record["ratio"]]()
    target, met = record["target"], None
    if target.startswith(">="):
        met = ratio >= float(target[2:])
    elif target.startswith("<="):
        met = ratio <= float(target[2:])
    return dict(record, ferry_median=f, baseline_median=b, ratio_value=ratio, met=met)


def figure(samples, median):
    spread = f" ({min(samples):.4g}-{max(samples):.4g})" if len(samples) > 1 else ""
    return f"{median:.4g}{spread}"


def table(rows):
    head = ["scenario", "ferry", "median (spread)", "baseline", "median (spread)", "ratio", "target", "met"]
    lines = [head]
    for r in rows:
        met = {True: "yes", False: "NO", None: "-"}[r["met"]]
        lines.append([r["scenario"], r["ferry_label"], figure(r["ferry"], r["ferry_median"]), r["baseline_label"],
                      figure(r["baseline"], r["baseline_median"]), f"{r['ratio_value']:.3g} {r['ratio']}",
                      r["target"] or "report", met])
    widths = [max(len(l[i]) for l in lines) for i in range(len(head))]
    out = ["| " + " | ".join(c.ljust(w) for c, w in zip(l, widths)) + " |" for l in lines]
    out.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(out)


def main():
    records_path, output_path, mode = sys.argv[1:4]
    with open(records_path) as f:
        rows = [summarise(json.loads(line)) for line in f if line.strip()]
    print(table(rows))
    for r in rows:
        if r["note"]:
            print(f"  {r['id']}: {r['note']}")
    result = {"format_version": 1, "mode": mode, "commit": commit(), "machine": machine(),
              "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
              "results": rows}
    with open(output_path, "w") as f:
        json.dump(result, f, indent=1)
        f.write("\n")
    m = result["machine"]
    print(f"machine: {m['cpu']}, {m['cores']} cores, {m['memory_gib']} GiB, load average at end "
          f"{m['load_average_at_end']}")
    print(f"ci/bench: wrote {output_path}")


if __name__ == "__main__":
    main()
