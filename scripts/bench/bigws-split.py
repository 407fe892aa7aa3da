#!/usr/bin/env python3
"""Splits a V8 CPU profile of the playground engine (bigws.mjs with
BIGWS_CPUPROFILE) by where the time went: each sample goes to go-jsonnet
when any frame of its stack is go-jsonnet's (github.com/google/go-jsonnet),
else to this project's Go code and the Go runtime it called, else to the
garbage collector's background work, else to JS (the shim's JS side,
wasm_exec.js, V8) and idle time.

    python3 scripts/bench/bigws-split.py PROFILE.cpuprofile [EDITS]

With EDITS, it also prints each part per edit.
"""
import json
import sys

prof = json.load(open(sys.argv[1]))
edits = int(sys.argv[2]) if len(sys.argv) > 2 else 0
nodes = {n["id"]: n for n in prof["nodes"]}
parent = {}
for n in prof["nodes"]:
    for c in n.get("children", []):
        parent[c] = n["id"]

memo = {}


def kind(nid):
    if nid in memo:
        return memo[nid]
    names = []
    i = nid
    while i is not None:
        names.append(nodes[i]["callFrame"]["functionName"])
        i = parent.get(i)
    # V8 names Go's functions as the wasm name section has them, with
    # "/" and "-" made "_": github.com_google_go_jsonnet.__interpreter_.evaluate
    if any("google_go_jsonnet" in f or "google/go-jsonnet" in f for f in names):
        k = "go-jsonnet"
    elif any(f.startswith("runtime.gcBgMarkWorker") for f in names):
        k = "Go's garbage collector (background)"
    elif any(f.startswith("github.com_kubecfg_") or f.startswith("github.com/kubecfg/") or f.startswith("main.") for f in names):
        k = "this project's Go code (and the Go runtime it called)"
    elif "postMessageCopy" in names:
        k = "the driver's copy of the request (postMessage's, in the page; not timed)"
    elif names[0] == "(garbage collector)":
        k = "V8's garbage collector"
    elif names[0] in ("(idle)", "(program)"):
        k = names[0]
    else:
        k = "JS (wasm_exec.js, the driver, the Go scheduler)"
    memo[nid] = k
    return k


totals = {}
for nid, dt in zip(prof["samples"], prof["timeDeltas"]):
    k = kind(nid)
    totals[k] = totals.get(k, 0) + dt / 1000
all_ms = sum(totals.values())
for k, ms in sorted(totals.items(), key=lambda kv: -kv[1]):
    per = f", {ms / edits:.1f} ms per edit" if edits else ""
    print(f"{k}: {ms:.1f} ms ({100 * ms / all_ms:.0f}%){per}")
