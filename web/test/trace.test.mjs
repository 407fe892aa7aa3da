// The trace's plain logic (web/src/trace.js) and the export's zip
// (web/src/export.js): what is marked where, both ways, and the files of
// an export under out/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { traceable, requestKey, listPlaces, marksByFile, indexTraces, fedBy, lineRanges } from "../src/trace.js";
import { exportZip } from "../src/export.js";
import { decodeZip } from "../src/zip.js";

const files = { "app.jsonnet": "…", "lib.libsonnet": "…" };
// The default example's trace of "replicas: 2" (output line 9).
const replicas = {
  line: 9, file: "app.jsonnet", path: "$.deployment.spec.replicas",
  places: [
    { file: "lib.libsonnet", line: 9, workspace: true },
    { file: "app.jsonnet", line: 7, workspace: true },
    { file: "lib.libsonnet", line: 4, workspace: true },
  ],
};

test("traceable: a successful show or eval printed as YAML or JSON", async (t) => {
  const ok = { output: "a: 1\n", exitCode: 0 };
  const cases = [
    { name: "show yaml", req: { command: "show", output: "yaml" }, resp: ok, want: true },
    { name: "show json", req: { command: "show", output: "json" }, resp: ok, want: true },
    { name: "eval", req: { command: "eval", output: "yaml", expr: "$.a" }, resp: ok, want: true },
    { name: "failed", req: { command: "show" }, resp: { output: "", exitCode: 1 }, want: false },
    { name: "empty output", req: { command: "show" }, resp: { output: "", exitCode: 0 }, want: false },
    { name: "compiled view", req: { command: "eval", output: "jsonnet" }, resp: ok, want: false },
    { name: "eval -k", req: { command: "eval", showKeys: true }, resp: ok, want: false },
    { name: "an export", req: { command: "show", exportDir: "out" }, resp: ok, want: false },
    { name: "no request", req: null, resp: ok, want: false },
    { name: "no answer", req: { command: "show" }, resp: null, want: false },
  ];
  for (const c of cases) await t.test(c.name, () => assert.equal(traceable(c.req, c.resp), c.want));
});

test("requestKey: the same request traces alike whatever its version or trace fields", () => {
  const req = { version: "v1", files, entry: "app.jsonnet", command: "show" };
  assert.equal(requestKey(req), requestKey({ ...req, version: "v2", traceLine: 4 }));
  assert.notEqual(requestKey(req), requestKey({ ...req, files: { ...files, "app.jsonnet": "other" } }));
  assert.notEqual(requestKey(req), requestKey({ ...req, output: "json" }));
  assert.equal(requestKey(null), "");
});

test("listPlaces: each place once, in the trace's order; links only to the workspace's files", () => {
  const places = [
    ...replicas.places,
    { file: "lib.libsonnet", line: 9, workspace: true }, // again
    { file: "internal:///kubecfg.libsonnet", line: 40, workspace: false },
    { file: "gone.libsonnet", line: 2, workspace: true }, // a file the page no longer has
    { file: "bad", line: 0, workspace: true },
    null,
  ];
  assert.deepEqual(listPlaces(places, files), [
    { file: "lib.libsonnet", line: 9, link: true },
    { file: "app.jsonnet", line: 7, link: true },
    { file: "lib.libsonnet", line: 4, link: true },
    { file: "internal:///kubecfg.libsonnet", line: 40, link: false },
    { file: "gone.libsonnet", line: 2, link: false },
  ]);
  assert.deepEqual(listPlaces(undefined, files), []);
});

test("marksByFile: the lines to mark in each file, ascending", () => {
  const marks = marksByFile([...replicas.places, { file: "internal:///kubecfg.libsonnet", line: 40, workspace: false }], files);
  assert.deepEqual([...marks], [["lib.libsonnet", [4, 9]], ["app.jsonnet", [7]]]);
  // The embed page has only its entry file.
  assert.deepEqual([...marksByFile(replicas.places, { "app.jsonnet": "…" })], [["app.jsonnet", [7]]]);
});

test("indexTraces: output line → trace, and source line → the output lines it feeds", () => {
  const traces = [
    { line: 2, places: [{ file: "lib.libsonnet", line: 5, workspace: true }, { file: "app.jsonnet", line: 7, workspace: true }] },
    { line: 3, places: [{ file: "lib.libsonnet", line: 6, workspace: true }, { file: "app.jsonnet", line: 7, workspace: true }] },
    replicas,
    { line: 19, places: [{ file: "internal:///kubecfg.libsonnet", line: 40, workspace: false }, { file: "app.jsonnet", line: 7, workspace: true }, { file: "app.jsonnet", line: 7, workspace: true }] },
    { line: 23, places: [{ file: "app.jsonnet", line: 8, workspace: true }] },
    { line: 30, error: "line 30 holds no value", places: [] },
  ];
  const { byLine, bySource } = indexTraces(traces);
  assert.deepEqual([...byLine.keys()], [2, 3, 9, 19, 23]);
  assert.equal(byLine.get(9), replicas);
  assert.deepEqual(fedBy(bySource, "app.jsonnet", 7), [2, 3, 9, 19]);
  assert.deepEqual(fedBy(bySource, "app.jsonnet", 8), [23]);
  assert.deepEqual(fedBy(bySource, "lib.libsonnet", 9), [9]);
  assert.deepEqual(fedBy(bySource, "app.jsonnet", 1), []);
  assert.deepEqual(fedBy(bySource, "internal:///kubecfg.libsonnet", 40), [], "places outside the workspace are not indexed");
  assert.deepEqual(indexTraces(undefined).byLine.size, 0);
});

test("lineRanges", () => {
  assert.equal(lineRanges([2, 3, 4, 9, 11, 12]), "2–4, 9, 11–12");
  assert.equal(lineRanges([5]), "5");
  assert.equal(lineRanges([]), "");
});

test("exportZip: the export's files under out/, names with directories kept", async () => {
  const files = [
    { name: "apps-v1.Deployment-default.web.yaml", data: "---\napiVersion: apps/v1\n" },
    { name: "service/1-web.yml", data: "---\nkind: Service\n" },
  ];
  const zip = exportZip(files, new Date(2024, 0, 2), "kubecfg show app.jsonnet --export-dir out\n");
  const got = await decodeZip(zip);
  assert.deepEqual(got.skipped, []);
  assert.equal(got.comment, "kubecfg show app.jsonnet --export-dir out\n");
  assert.deepEqual(got.files.map((f) => [f.name, new TextDecoder().decode(f.data)]), [
    ["out/apps-v1.Deployment-default.web.yaml", "---\napiVersion: apps/v1\n"],
    ["out/service/1-web.yml", "---\nkind: Service\n"],
  ]);
});
