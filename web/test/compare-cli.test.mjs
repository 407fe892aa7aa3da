// The page's Compare (web/src/compare-core.js) and the CLI's `kubecfg
// diff --against` agree on what changed: on the same pair of outputs
// (testdata/compare: base.jsonnet and now.jsonnet shown as YAML and as
// JSON), the page's verdict for each object (changed, unchanged, added,
// removed) is the CLI's (changed, unchanged, "doesn't exist on server",
// "doesn't exist in config"). The outputs and the CLI's answers are golden
// files made by the CLI: UPDATE=1 node --test test/compare-cli.test.mjs
// makes them again (KUBECFG names a kubecfg binary; else `go run`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { compareOutputs, parseOutput } from "../src/compare-core.js";

const dir = fileURLToPath(new URL("testdata/compare/", import.meta.url));
const root = fileURLToPath(new URL("../../", import.meta.url));
const read = (f) => readFileSync(dir + f, "utf8");

// kubecfg runs the CLI in dir: its standard output, whatever the exit status.
function kubecfg(args) {
  const [cmd, pre] = process.env.KUBECFG ? [process.env.KUBECFG, []] : ["go", ["run", `${root}cmd/kubecfg`]];
  const r = spawnSync(cmd, [...pre, ...args], { cwd: dir, encoding: "utf8" });
  if (r.status !== 0 && r.status !== 10) throw new Error(`kubecfg ${args.join(" ")}: ${r.stderr}`);
  return r.stdout;
}

const formats = [["yaml", ""], ["json", "-json"]];
if (process.env.UPDATE) {
  for (const [o, suffix] of formats) {
    for (const side of ["base", "now"]) writeFileSync(`${dir}${side}${suffix}.yaml`, kubecfg(["show", "-o", o, `${side}.jsonnet`]));
    writeFileSync(`${dir}cli${suffix}.txt`, kubecfg(["--features=diff-against", "diff", "--against", `base${suffix}.yaml`, `now${suffix}.yaml`]));
  }
}

// cliVerdicts reads kubecfg diff's output as "STATE DESC" lines, sorted.
function cliVerdicts(text) {
  const out = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    let m = /^--- live (.*)$/.exec(lines[i]);
    if (m) {
      const desc = m[1];
      const says = lines[i + 2];
      if (says === `${desc} unchanged`) out.push(`unchanged ${desc}`);
      else if (says === `${desc} doesn't exist on server`) out.push(`added ${desc}`);
      else if (says.startsWith("@@ ")) out.push(`changed ${desc}`);
      else throw new Error(`line ${i + 3}: ${says}`);
      continue;
    }
    m = /^(.*) doesn't exist in config$/.exec(lines[i]);
    if (m) out.push(`removed ${m[1]}`);
  }
  return out.sort();
}

for (const [o, suffix] of formats) {
  test(`-o ${o}: the page's verdicts are kubecfg diff --against's`, () => {
    const want = cliVerdicts(read(`cli${suffix}.txt`));
    const got = compareOutputs(read(`base${suffix}.yaml`), read(`now${suffix}.yaml`), { all: true });
    assert.deepEqual(got.entries.map((e) => `${e.state} ${e.desc}`).sort(), want);
    // Each state is there, so the test holds all four.
    for (const s of ["changed", "unchanged", "added", "removed"]) assert.ok(want.some((w) => w.startsWith(`${s} `)), s);
  });
}

test("the objects' identities are read from the YAML and the JSON alike", () => {
  const strip = (d) => ({ apiVersion: d.apiVersion, kind: d.kind, namespace: d.namespace, name: d.name });
  assert.deepEqual(parseOutput(read("now.yaml")).map(strip), parseOutput(read("now-json.yaml")).map(strip));
  assert.ok(parseOutput(read("now.yaml")).some((d) => d.name === "007" && d.namespace === "prod"));
  assert.ok(parseOutput(read("now.yaml")).some((d) => d.name === "it's" && d.namespace === "q'ns"));
});

test("the golden outputs are the CLI's (a kubecfg on PATH, when there is one)", { skip: !process.env.KUBECFG && "KUBECFG not set" }, () => {
  assert.equal(execFileSync(process.env.KUBECFG, ["show", "now.jsonnet"], { cwd: dir, encoding: "utf8" }), read("now.yaml"));
});
