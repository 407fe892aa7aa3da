// The Compare view's comparison (web/src/compare-core.js): the objects of
// an output, their line diffs with the output's line numbers, the tab's
// count, and "Copy as command"'s kubecfg diff --against line.
import { test } from "node:test";
import assert from "node:assert/strict";
import { splitDocs, parseOutput, compareOutputs, summary, diffCommand } from "../src/compare-core.js";

const dep = (replicas) => `---
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app: web
  name: web
spec:
  replicas: ${replicas}
  selector:
    matchLabels:
      app: web
`;
const svc = `---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  ports:
  - port: 80
`;

test("splitDocs: the documents between --- lines, with their first lines", () => {
  assert.deepEqual(splitDocs("---\na: 1\n---\nb: 2\n"), [{ line: 2, lines: ["a: 1"] }, { line: 4, lines: ["b: 2"] }]);
  assert.deepEqual(splitDocs("a: 1\n"), [{ line: 1, lines: ["a: 1"] }]);
  assert.deepEqual(splitDocs(""), []);
});

test("parseOutput: identities, and not fooled by nested name: keys", () => {
  const [d, s] = parseOutput(dep(2) + svc);
  assert.equal(d.group, "apps");
  assert.equal(d.kind, "Deployment");
  assert.equal(d.name, "web");
  assert.equal(d.namespace, "");
  assert.equal(d.line, 2);
  assert.equal(s.group, "");
  assert.equal(s.line, 14);
});

test("compareOutputs: one changed line, numbered as the new output's and the baseline's lines", () => {
  const r = compareOutputs(dep(2) + svc, dep(3) + svc);
  assert.deepEqual(r.counts, { changed: 1, added: 0, removed: 0, unchanged: 1 });
  assert.equal(r.entries.length, 1);
  const [e] = r.entries;
  assert.equal(e.state, "changed");
  assert.equal(e.desc, "deployments web");
  const changed = e.hunks.flatMap((h) => h.lines).filter((l) => l.op !== " ");
  assert.deepEqual(changed, [{ op: "-", text: "  replicas: 2", a: 9 }, { op: "+", text: "  replicas: 3", b: 9 }]);
  assert.equal(summary(r.counts), "1 object changed");
  assert.equal(summary(compareOutputs(svc, svc).counts), "no object changed");
  assert.equal(summary(compareOutputs(svc, dep(1)).counts), "2 objects changed"); // one added, one removed
});

test("diffCommand: show's line as diff --against's", () => {
  assert.equal(diffCommand("kubecfg show app.jsonnet"), "kubecfg diff --against baseline.yaml app.jsonnet --features=diff-against");
  assert.equal(diffCommand("kubecfg --alpha show -J vendor app.jsonnet -o json --show-provenance"), "kubecfg --alpha diff --against baseline.yaml -J vendor app.jsonnet");
  assert.equal(diffCommand("kubecfg show app.jsonnet -V env=prod --features=yakl"), "kubecfg diff --against baseline.yaml app.jsonnet -V env=prod --features=yakl,diff-against");
  assert.equal(diffCommand("kubecfg show app.jsonnet --features=diff-against,yakl"), "kubecfg diff --against baseline.yaml app.jsonnet --features=diff-against,yakl");
  assert.equal(diffCommand("cd sub && KUBECFG_JPATH=lib kubecfg show --reorder=client -- -x.jsonnet"), "cd sub && KUBECFG_JPATH=lib kubecfg diff --against baseline.yaml --features=diff-against -- -x.jsonnet");
  assert.equal(diffCommand("kubecfg eval app.jsonnet"), "");
});
