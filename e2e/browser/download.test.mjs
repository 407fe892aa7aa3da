// A workspace's download reopens exactly (issue 22), in Debian's
// Chromium: a project with jsonnet-bundler's links and search paths
// (-J, KUBECFG_JPATH) downloaded as .txtar and as .zip opens again with
// the same files, entry, search paths, links and settings; and the .txtar
// unpacked on disk, with the commands of its comment run, gives the CLI's
// same output.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, mkdir, writeFile, readFile, rm } from "node:fs/promises";
import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { kubecfgBin, browserPerTest } from "./browser.mjs";
import { waitStatus, waitOutput, outputText, afterRun, openPane, setSource } from "./helpers.mjs";
import { decodeTxtar } from "../../web/src/txtar.js";
import { decodeZip } from "../../web/src/zip.js";

const openPage = browserPerTest();
let b;

// makeProject writes a project whose vendor/k is jsonnet-bundler's link
// to vendor/github.com/x/k/lib, and whose extra/ is searched through
// KUBECFG_JPATH.
async function makeProject(root) {
  const dir = path.join(root, "proj");
  const put = async (p, text) => {
    await mkdir(path.dirname(path.join(dir, p)), { recursive: true });
    await writeFile(path.join(dir, p), text);
  };
  await put("jsonnetfile.json", JSON.stringify({ version: 1, dependencies: [{ source: { git: { remote: "https://github.com/x/k.git", subdir: "lib" } }, name: "k", version: "main" }] }));
  await put("example.jsonnet", "local k = import 'k/main.libsonnet';\nlocal e = import 'extra.libsonnet';\n{ cm: k.configMap(e.name) }\n");
  await put("vendor/github.com/x/k/lib/main.libsonnet", "{ configMap(name):: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: name } } }\n");
  await put("paths/extra/extra.libsonnet", "{ name: 'through-links' }\n");
  return dir;
}

// pageState is what the page shows of the state: the command line, the
// search path boxes, the output format, the entry tab and the output.
async function pageState(page) {
  return {
    command: await page.locator("#command-line").textContent(),
    jpath: await page.locator("#path-jpath").inputValue(),
    jpathEnv: await page.locator("#path-jpathEnv").inputValue(),
    output: await page.getByLabel("Output format").inputValue(),
    timeLimit: await page.getByLabel("Time limit").inputValue(),
    text: await outputText(page),
  };
}

test("a download (.txtar and .zip) reopens with its search paths, links, entry and settings; the CLI runs its comment", async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), "kubecfg-download-"));
  try {
    const dir = await makeProject(root);
    b = await openPage();
    const { page } = b;
    await page.goto(b.url + "?nosw");
    await waitStatus(page, /^Evaluated/, 30000);
    await afterRun(page, () => page.locator("#folder-input").setInputFiles(dir));
    await waitStatus(page, /Made jsonnet-bundler's 1 link in vendor\/ \(such as vendor\/k\)/);
    // Settings a download must keep: -J vendor, KUBECFG_JPATH, the output
    // format and the time limit.
    await openPane(page, "Variables");
    await afterRun(page, () => page.getByLabel("-J", { exact: true }).fill("vendor"));
    await afterRun(page, () => page.locator("#path-jpathEnv").fill("paths/extra"));
    await openPane(page, "Output");
    await afterRun(page, () => page.getByLabel("Output format").selectOption("json"));
    await page.getByLabel("Time limit").selectOption("30");
    await waitOutput(page, /"name": "through-links"/);
    const want = await pageState(page);
    assert.equal(want.command, "KUBECFG_JPATH=paths/extra kubecfg show -J vendor example.jsonnet -o json");

    for (const kind of ["txtar", "zip"]) {
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: `Download .${kind}` }).click()]);
      const bytes = await readFile(await download.path());
      // Another workspace (an example) first, so that opening is a change.
      await afterRun(page, () => page.locator("#examples").selectOption({ label: "knit: keyed-array merge" }));
      await afterRun(page, () => page.locator("#file-input").setInputFiles({ name: `workspace.${kind}`, mimeType: "application/octet-stream", buffer: bytes }));
      assert.match(await waitStatus(page, new RegExp(`Opened workspace\\.${kind}: 4 files, the entry example\\.jsonnet, search paths, links and settings as downloaded\\.`)), /Restore previous workspace/);
      await waitOutput(page, /"name": "through-links"/);
      assert.deepEqual(await pageState(page), want, `the .${kind} reopened`);
      const entryTab = page.getByRole("tablist", { name: "Files" }).getByRole("tab", { name: /example\.jsonnet/ });
      assert.match(await entryTab.innerText(), /example\.jsonnet/);

      if (kind !== "txtar") continue;
      // The CLI: unpack, run the comment's commands (the link, then the
      // command line), get the page's output.
      const { comment, files } = decodeTxtar(bytes.toString("utf8"));
      const cli = path.join(root, "cli");
      for (const [p, t] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(cli, p)), { recursive: true });
        await writeFile(path.join(cli, p), t);
      }
      const commands = comment.split("\n").filter((l) => l.startsWith("$ ")).map((l) => l.slice(2));
      assert.deepEqual(commands, ["mkdir -p vendor && ln -s github.com/x/k/lib vendor/k", want.command]);
      const out = execFileSync("sh", ["-ec", commands.join("\n")], {
        cwd: cli, encoding: "utf8", env: { ...process.env, PATH: `${path.dirname(kubecfgBin)}:${process.env.PATH}` },
      });
      assert.equal(out.trimEnd(), want.text.trimEnd());
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test("a file with a txtar marker line: the .txtar is refused with a reason, the .zip keeps the file whole", async () => {
  b = await openPage();
  const { page } = b;
  await page.goto(b.url + "?nosw");
  await waitStatus(page, /^Evaluated/, 30000);
  const text = "/* a file that quotes a txtar:\n-- evil.jsonnet --\n*/\n{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'whole' } }\n";
  await afterRun(page, () => setSource(page, text));
  await waitOutput(page, /name: whole/);
  let downloads = 0;
  page.on("download", () => downloads++);
  await page.getByRole("button", { name: "Download .txtar" }).click();
  assert.match(await waitStatus(page, /Could not make the \.txtar/), /has a line "-- evil\.jsonnet --", which a \.txtar reads as the start of another file: download a \.zip/);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download .zip" }).click()]);
  const { files } = await decodeZip(new Uint8Array(await readFile(await download.path())));
  const app = files.filter((f) => f.name === "app.jsonnet");
  assert.equal(app.length, 1, `app.jsonnet once: ${files.map((f) => f.name)}`);
  assert.ok(!files.some((f) => f.name === "evil.jsonnet"));
  assert.equal(new TextDecoder().decode(app[0].data), text);
  assert.equal(downloads, 1, "only the zip was downloaded");
});
