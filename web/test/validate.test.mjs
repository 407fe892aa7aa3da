// The Validate switch's logic (web/src/validate.js) over envelope-shaped
// data: the validate request that follows a show, the schemas fetched
// once (from a real HTTP server), a validate response's problems as the
// errors pane's entries, the output's marks and the switch's verdict, and
// the controls' place in the page state (state.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { Text } from "@codemirror/state";
import {
  validateRequest, schemaPath, schemaLoader, problems, notes, objectName, entries, outputMarks, verdict, commandLine, feature,
  lastKey, marks,
} from "../src/validate.js";
import { workspacePath } from "../src/errors.js";
import { blankControls, normalize, toRequest, defaultKubernetesVersion, kubernetesVersion } from "../src/state.js";

const state = (controls = {}) => normalize({
  files: { "app.jsonnet": "(import 'lib.libsonnet')", "lib.libsonnet": "{}" }, entry: "app.jsonnet",
  controls: { ...blankControls(), ...controls },
});

test("validateRequest: show's inputs, reading flags and features, the command validate, the version", () => {
  const s = state({
    validate: true, features: { yakl: true, [feature]: false, knit: false }, showProvenance: true, exportNames: "{{.kind}}", exportExt: "yml",
    vars: { extStr: "a=1", extCode: "", tlaStr: "", tlaCode: "" }, jpath: "vendor",
  });
  const show = toRequest(s, "v0");
  assert.deepEqual(show.features, ["yakl", feature, "knit=false"], "with the switch on, show's request has the feature on, in the user's place");
  const req = JSON.parse(JSON.stringify(validateRequest(show, "1.31")));
  assert.deepEqual(req, {
    version: "v0", files: { ...show.files }, entry: "app.jsonnet", command: "validate", output: "yaml",
    features: ["yakl", feature, "knit=false"], alpha: false, extStr: { a: "1" }, jpath: ["vendor"], kubernetesVersion: "1.31",
  });
  assert.equal(show.command, "show", "show's request is left as it was");
  assert.equal(show.showProvenance, true);
  // Off, show's request is as it was; a validate request made from it
  // anyway has the feature, after the user's.
  assert.deepEqual(toRequest(state({ features: { yakl: true } }), "").features, ["yakl"]);
  assert.deepEqual(toRequest(state({ validate: true, command: "eval", features: { yakl: true } }), "").features, ["yakl"], "eval has no Validate switch");
  assert.deepEqual(validateRequest(toRequest(state({ features: { [feature]: false, yakl: true } }), ""), "1.35").features, ["yakl", feature]);
});

test("the controls: Validate off and the default version in a blank state; a stored or shared value kept, a bad one replaced", () => {
  assert.equal(blankControls().validate, false);
  assert.equal(blankControls().kubernetesVersion, defaultKubernetesVersion);
  assert.equal(defaultKubernetesVersion, "1.35");
  const n = normalize({ files: { "a.jsonnet": "{}" }, entry: "a.jsonnet", controls: { validate: true, kubernetesVersion: "1.31" } });
  assert.equal(n.controls.validate, true);
  assert.equal(n.controls.kubernetesVersion, "1.31");
  for (const bad of [undefined, 1.31, "1.31; rm", "v1.31", "2.0", "1." + "9".repeat(10), { v: 1 }]) {
    const c = normalize({ files: { "a.jsonnet": "{}" }, entry: "a.jsonnet", controls: { validate: "yes", kubernetesVersion: bad } }).controls;
    assert.equal(c.validate, false, "only true turns it on");
    assert.equal(c.kubernetesVersion, defaultKubernetesVersion, `${JSON.stringify(bad)} is no version`);
  }
  // A minor this build has no schemas of is kept: validating says so.
  assert.equal(kubernetesVersion("1.40"), "1.40");
  // A show's request carries neither: validation is a request of its own.
  const req = toRequest(state({ validate: true, kubernetesVersion: "1.31" }), "");
  assert.equal("validate" in req || "kubernetesVersion" in req, false);
});

// serve answers GET /schemas/k8s-V.json from files (version → text), 404
// for any other, and counts the requests.
async function serve(files) {
  const hits = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url);
    const m = /^\/site\/schemas\/k8s-(1\.\d+)\.json$/.exec(req.url);
    if (m && files.has(m[1])) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(files.get(m[1]));
    } else {
      res.writeHead(404);
      res.end("404 page not found\n");
    }
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { hits, base: `http://127.0.0.1:${server.address().port}/site/`, close: () => new Promise((r) => server.close(r)) };
}

test("schemaLoader: a minor's schemas fetched once from the site; a minor it lacks says so and is asked again", async () => {
  const files = new Map([["1.35", '{"definitions":{}}']]);
  const site = await serve(files);
  try {
    assert.equal(schemaPath("1.35"), "schemas/k8s-1.35.json");
    const load = schemaLoader(fetch, site.base);
    assert.equal(await load("1.35"), '{"definitions":{}}');
    assert.equal(await load("1.35"), '{"definitions":{}}');
    assert.deepEqual(site.hits, ["/site/schemas/k8s-1.35.json"], "fetched once");
    await assert.rejects(load("1.31"), /this playground has no schemas of Kubernetes 1\.31/);
    files.set("1.31", "{}");
    assert.equal(await load("1.31"), "{}", "a failed fetch is tried again");
    assert.equal(site.hits.filter((h) => h.includes("1.31")).length, 2);
  } finally {
    await site.close();
  }
  // The site gone (offline, no service worker yet): said as such.
  const load = schemaLoader(fetch, site.base);
  await assert.rejects(load("1.35"), /the schemas of Kubernetes 1\.35 could not be loaded \(/);
});

// A validate response as pkg/playground writes one: the default
// example's Deployment with imagePullPolcy typed in lib.libsonnet, a
// Service in a namespace without its ports' port, a kind the minor lacks.
const response = {
  output: "", exitCode: 1, command: "kubecfg --features=offline-validate validate --kubernetes-version 1.35 app.jsonnet",
  stderr: "lib.libsonnet:13: Deployment web: spec.template.spec.containers[0].imagePullPolcy: unknown field \"imagePullPolcy\"\n",
  features: [], timings: { totalMs: 3 },
  diagnostics: [
    {
      severity: "warning", kind: "schema", file: "lib.libsonnet", line: 13, column: 9,
      message: 'Deployment web: spec.template.spec.containers[0].imagePullPolcy: unknown field "imagePullPolcy"',
      object: { index: 0, kind: "Deployment", name: "web" }, fieldPath: "spec.template.spec.containers[0].imagePullPolcy", outputLine: 20,
    },
    {
      severity: "warning", kind: "schema", file: "file:///workspace/lib.libsonnet", line: 22, column: 5,
      message: 'Service prod/web: spec.ports[0]: missing required field "port"',
      object: { index: 1, kind: "Service", name: "web", namespace: "prod" }, fieldPath: "spec.ports[0]", outputLine: 99,
    },
    {
      severity: "warning", kind: "schema", file: "objects.yaml",
      message: "ConfigMap x: metadata.name: a lowercase RFC 1123 subdomain must consist of …",
      object: { index: 2, kind: "ConfigMap", name: "x" }, fieldPath: "metadata.name",
    },
    { severity: "warning", kind: "schema-note", message: "note: FlowSchema flowcontrol.apiserver.k8s.io/v1beta3: no schema in Kubernetes 1.35, skipped" },
  ],
};

test("problems, entries and notes of a validate response", () => {
  assert.equal(problems(response).length, 3);
  assert.deepEqual(problems({ output: "", exitCode: 0, diagnostics: [] }), []);
  assert.deepEqual(problems(null), []);
  const files = { "app.jsonnet": "", "lib.libsonnet": "" };
  const got = entries(response, (f) => workspacePath(files, f));
  assert.deepEqual(got[0], {
    path: "lib.libsonnet", file: "lib.libsonnet", line: 13, column: 9, object: "Deployment web",
    fieldPath: "spec.template.spec.containers[0].imagePullPolcy",
    message: 'Deployment web: spec.template.spec.containers[0].imagePullPolcy: unknown field "imagePullPolcy"', outputLine: 20,
  });
  assert.equal(got[1].path, "lib.libsonnet", "a file URL of the workspace is its path");
  assert.equal(got[1].object, "Service prod/web");
  assert.deepEqual([got[2].path, got[2].line, got[2].outputLine], ["", 0, 0], "a problem with no place and no output line");
  assert.deepEqual(notes(response), ["note: FlowSchema flowcontrol.apiserver.k8s.io/v1beta3: no schema in Kubernetes 1.35, skipped"]);
  assert.equal(objectName({ kind: "Pod" }), "Pod");
  assert.equal(objectName(undefined), "");
});

test("outputMarks: each problem's output line, its text without the indentation, with its message; a line past the output left out", () => {
  const doc = Text.of(Array.from({ length: 30 }, (_, i) => (i === 19 ? "        imagePullPolcy: Always" : `line ${i + 1}`)));
  const marks = outputMarks(doc, response);
  assert.equal(marks.length, 1, "line 99 is past the output, the third problem has none");
  assert.deepEqual(marks[0], {
    from: doc.line(20).from + 8, to: doc.line(20).to, severity: "warning", source: "kubecfg validate", message: response.diagnostics[0].message,
  });
});

test("verdict and the command line", () => {
  assert.deepEqual(verdict(response, "1.35"), { text: "3 problems", title: "3 problems against the schemas of Kubernetes 1.35: listed above the output", bad: true });
  assert.equal(verdict({ ...response, diagnostics: [response.diagnostics[0]] }, "1.35").text, "1 problem");
  assert.deepEqual(verdict({ output: "", exitCode: 0, diagnostics: [] }, "1.31"), { text: "valid", title: "Valid against the schemas of Kubernetes 1.31" });
  const skipped = verdict({ output: "", exitCode: 0, diagnostics: [response.diagnostics[3]] }, "1.35");
  assert.equal(skipped.text, "valid, 1 skipped");
  assert.match(skipped.title, /^Valid against the schemas of Kubernetes 1\.35, but for 1 object of a kind it has no schema of/);
  const failed = verdict({ output: "", exitCode: 1, stderr: "RUNTIME ERROR: boom\n", diagnostics: [] }, "1.35");
  assert.equal(failed.text, "failed");
  assert.match(failed.title, /RUNTIME ERROR: boom$/);
  assert.equal(commandLine("kubecfg show app.jsonnet", response.command), `kubecfg show app.jsonnet && ${response.command}`);
  assert.equal(commandLine("kubecfg show app.jsonnet", ""), "kubecfg show app.jsonnet");
});

test("lastKey: the last field name of a field path", () => {
  assert.equal(lastKey("spec.template.spec.containers[0].imagePullPolcy"), "imagePullPolcy");
  assert.equal(lastKey("spec.ports[0]"), "ports");
  assert.equal(lastKey("spec.containers[0].ports[1]"), "ports");
  assert.equal(lastKey('metadata.labels["app.kubernetes.io/name"]'), "app.kubernetes.io/name");
  assert.equal(lastKey('metadata.annotations["a\\"b"]'), 'a"b');
  assert.equal(lastKey("replicas"), "replicas");
  assert.equal(lastKey(""), "");
  assert.equal(lastKey(undefined), "");
});

test("marks: each problem narrowed to where its line names the field, else to the line's text", () => {
  const lib = [
    "{",
    "  deployment(name):: {",
    "    spec: { containers: [{ name: name, image: image, imagePullPolcy: 'Always' }] },",
    "    metadata: { 'app.kubernetes.io/name'+: 'x' },",
    "    replicas: 'two',",
    "  },",
    "}",
  ].join("\n");
  const d = (line, fieldPath, more = {}) => ({ severity: "warning", kind: "schema", file: "lib.libsonnet", line, message: "m", fieldPath, ...more });
  const resp = {
    output: "", exitCode: 1, diagnostics: [
      d(3, "spec.template.spec.containers[0].imagePullPolcy"),
      d(4, 'metadata.labels["app.kubernetes.io/name"]'),
      d(5, "spec.template.spec.containers[0].name"), // no such field on that line: the line's text
      d(3, "x", { column: 7 }), // the engine's own column stays
      d(99, "spec"), // past the file: as it is
      d(0, "spec", { file: "objects.yaml" }), // no line
      { severity: "warning", kind: "schema-note", message: "note" },
    ],
  };
  const files = { "lib.libsonnet": lib };
  const got = marks(resp, (f) => files[workspacePath(files, f)]);
  assert.equal(got.length, 6, "the problems only");
  const at = (i) => ({ column: got[i].column, endLine: got[i].endLine, endColumn: got[i].endColumn });
  const line3 = lib.split("\n")[2];
  assert.deepEqual(at(0), { column: line3.indexOf("imagePullPolcy") + 1, endLine: 3, endColumn: line3.indexOf("imagePullPolcy") + 1 + "imagePullPolcy".length });
  const line4 = lib.split("\n")[3];
  assert.deepEqual(at(1), { column: line4.indexOf("'app") + 1, endLine: 4, endColumn: line4.indexOf("'app") + 1 + "'app.kubernetes.io/name'".length });
  assert.deepEqual(at(2), { column: 5, endLine: undefined, endColumn: undefined });
  assert.deepEqual(at(3), { column: 7, endLine: undefined, endColumn: undefined });
  assert.equal(got[4], resp.diagnostics[4]);
  assert.equal(got[5], resp.diagnostics[5]);
});
