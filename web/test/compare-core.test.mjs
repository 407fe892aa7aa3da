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
  assert.deepEqual(splitDocs("---\na: 1\n---\nb: 2\nc: 3\n"), [{ line: 2, text: "a: 1" }, { line: 4, text: "b: 2\nc: 3" }]);
  assert.deepEqual(splitDocs("a: 1\n"), [{ line: 1, text: "a: 1" }]);
  assert.deepEqual(splitDocs("a: 1\n---\nb: 2"), [{ line: 1, text: "a: 1" }, { line: 3, text: "b: 2" }]);
  assert.deepEqual(splitDocs("---\n---\n"), []);
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
  // A ConfigMap's data comes before its kind and metadata; JSON as -o json prints it.
  const [cm] = parseOutput("---\napiVersion: v1\ndata:\n  kind: no\n  name: no\nkind: ConfigMap\nmetadata:\n  annotations:\n    name: no\n  name: 'a''b'\n  namespace: \"n\\u0073\"\n");
  assert.deepEqual([cm.kind, cm.name, cm.namespace], ["ConfigMap", "a'b", "ns"]);
  const [j] = parseOutput('{\n  "apiVersion": "apps/v1",\n  "data": {\n    "name": "no"\n  },\n  "kind": "Deployment",\n  "metadata": {\n    "labels": {\n      "name": "no"\n    },\n    "name": "web",\n    "namespace": "prod"\n  }\n}\n');
  assert.deepEqual([j.group, j.kind, j.name, j.namespace], ["apps", "Deployment", "web", "prod"]);
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

test("parseVariant and applyVariant: one feature, ext var or TLA set otherwise", async () => {
  const { parseVariant, applyVariant } = await import("../src/compare-core.js");
  assert.deepEqual(parseVariant("--features=yakl=false"), { features: ["yakl=false"], extStr: {}, extCode: {}, tlaStr: {}, tlaCode: {} });
  assert.deepEqual(parseVariant(`-V env=prod --tla-code n=1+2 -A 'who=a b' --ext-code="x={a: 1}"`), {
    features: [], extStr: { env: "prod" }, extCode: { x: "{a: 1}" }, tlaStr: { who: "a b" }, tlaCode: { n: "1+2" },
  });
  assert.throws(() => parseVariant("-J vendor"), /-J: a variant sets/);
  assert.throws(() => parseVariant("-V env"), /want NAME=VALUE/);
  assert.throws(() => parseVariant("-V"), /needs a value/);
  assert.throws(() => parseVariant("--features=Bad Name"), /not NAME/);
  assert.throws(() => parseVariant("  "), /no flag/);
  assert.throws(() => parseVariant("-V 'env=prod"), /unclosed quote/);
  const req = { command: "show", entry: "app.jsonnet", features: ["yakl", "knit=false"], extStr: { env: "dev", keep: "1" }, extCode: { n: "1" } };
  assert.deepEqual(applyVariant(req, parseVariant("--features=yakl=false -V n=2 --ext-code env=3")), {
    command: "show", entry: "app.jsonnet", features: ["knit=false", "yakl=false"], extStr: { keep: "1", n: "2" }, extCode: { env: "3" },
  });
  assert.deepEqual(req.extStr, { env: "dev", keep: "1" }, "the request is not changed");
});
