// Opening a project's folder (web/src/open.js readFolder) and the file
// tree of a big workspace (web/src/file-tree.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFolder, folderMessage, folderSkip } from "../src/open.js";
import { tabPaths, treeOf, matches, manyFiles } from "../src/file-tree.js";

const file = (text) => {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  return { size: bytes.length, arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) };
};

test("a folder opens the files a Jsonnet program imports, under paths without the folder's name", async () => {
  const items = [
    ["proj/example.jsonnet", "import 'k/main.libsonnet'\n"],
    ["proj/jsonnetfile.json", "{}"],
    ["proj/vendor/k/main.libsonnet", "{}"],
    ["proj/manifests/a.yaml", "a: 1\n"],
    ["proj/.kubecfgrc.jsonnet", "{}"],
    ["proj/README.md", "# hi"],
    ["proj/go.mod", "module x"],
    ["proj/.git/config", "[core]"],
    ["proj/node_modules/x/package.json", "{}"],
    ["proj/vendor/k/logo.json", new Uint8Array([0xff, 0xfe, 0x00])],
  ].map(([path, text]) => ({ path, file: file(text) }));
  const got = await readFolder(items);
  assert.equal(got.folder, "proj");
  assert.deepEqual([...got.files.keys()], ["example.jsonnet", "jsonnetfile.json", "vendor/k/main.libsonnet", "manifests/a.yaml", ".kubecfgrc.jsonnet"]);
  assert.equal(got.entry, "example.jsonnet");
  assert.deepEqual({ hidden: got.left.hidden, tool: got.left.tool, type: got.left.type }, { hidden: 1, tool: 1, type: 2 });
  assert.deepEqual(got.skipped, [{ name: "vendor/k/logo.json", why: "it is not UTF-8 text" }]);
  const said = folderMessage(got);
  assert.match(said, /^Opened the folder proj: 5 files \(\d+ bytes\); the entry is example\.jsonnet \(Make entry changes it\)\./);
  assert.match(said, /Passed over: 2 files a Jsonnet program does not import \((\.md, \.mod|\.mod, \.md)\); 1 hidden file \(\.git and other dot folders\); 1 file in node_modules and the like\./);
  assert.match(said, /Not opened: vendor\/k\/logo\.json \(it is not UTF-8 text\)\./);
});

test("folderSkip keeps the rc file and YAML, passes over dot folders and other types", () => {
  assert.equal(folderSkip(".kubecfgrc.jsonnet"), "");
  assert.equal(folderSkip("a/b/c.yml"), "");
  assert.equal(folderSkip("a/.github/ci.yaml"), "hidden");
  assert.equal(folderSkip("scripts/build.sh"), "type");
});

test("a big workspace's tab row keeps the entry, the open file and the recent ones", () => {
  const paths = Array.from({ length: 40 }, (_, i) => `vendor/f${String(i).padStart(2, "0")}.libsonnet`);
  paths.unshift("example.jsonnet");
  assert.equal(tabPaths(paths.slice(0, manyFiles), "example.jsonnet", "example.jsonnet", []).length, manyFiles);
  assert.deepEqual(tabPaths(paths, "example.jsonnet", "vendor/f10.libsonnet", ["vendor/f03.libsonnet", "vendor/f10.libsonnet"]),
    ["example.jsonnet", "vendor/f03.libsonnet", "vendor/f10.libsonnet"]);
});

test("the tree groups by folder and the filter matches every word", () => {
  const t = treeOf(["b.jsonnet", "vendor/x/a.libsonnet", "vendor/y.libsonnet", "a.jsonnet"]);
  assert.deepEqual(t.files, ["a.jsonnet", "b.jsonnet"]);
  assert.deepEqual([...t.dirs.keys()], ["vendor"]);
  assert.deepEqual(t.dirs.get("vendor").files, ["vendor/y.libsonnet"]);
  assert.ok(matches("vendor/kube-prometheus/alerts/node.libsonnet", "Prometheus node"));
  assert.ok(!matches("vendor/kube-prometheus/alerts/node.libsonnet", "grafana"));
});

test("jsonnet-bundler's vendor/ links are made again from the lock file, where the browser dropped them", async () => {
  const { bundlerLinks } = await import("../src/open.js");
  const lock = JSON.stringify({ version: 1, dependencies: [
    { source: { git: { remote: "https://github.com/jsonnet-libs/xtd.git", subdir: "" } }, version: "abc" },
    { source: { git: { remote: "https://github.com/prometheus/alertmanager.git", subdir: "doc/alertmanager-mixin" } }, name: "alertmanager" },
    { source: { git: { remote: "https://github.com/o/present.git", subdir: "lib" } } },
    { source: { git: { remote: "https://github.com/o/absent.git", subdir: "lib2" } } },
    { source: { local: { directory: "jsonnet/kube-prometheus" } } },
    { source: { git: { remote: "https://github.com/o/evil.git" } }, name: "../../x" },
  ] });
  const files = new Map([
    ["jsonnetfile.lock.json", lock],
    ["vendor/github.com/jsonnet-libs/xtd/main.libsonnet", "{}"],
    ["vendor/github.com/prometheus/alertmanager/doc/alertmanager-mixin/mixin.libsonnet", "{}"],
    ["vendor/github.com/o/present/lib/a.libsonnet", "{}"],
    ["vendor/lib/a.libsonnet", "{}"], // the link's place is a real folder: no link
    ["vendor/github.com/o/evil/x.libsonnet", "{}"],
    ["jsonnet/kube-prometheus/main.libsonnet", "{}"],
  ]);
  assert.deepEqual(bundlerLinks(files), {
    "vendor/xtd": "github.com/jsonnet-libs/xtd",
    "vendor/alertmanager": "github.com/prometheus/alertmanager/doc/alertmanager-mixin",
    "vendor/kube-prometheus": "../jsonnet/kube-prometheus",
  });
  assert.deepEqual(bundlerLinks(new Map([["jsonnetfile.lock.json", "not json"]])), {});
  assert.deepEqual(bundlerLinks({ "a.jsonnet": "{}" }), {});
});
