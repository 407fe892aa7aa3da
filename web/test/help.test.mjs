// Unit tests of help.js with stand-in elements: the help panel opens by
// itself only until it has been closed once, and an example's description
// goes to the line under the menu, the menu's title and the panel.
import { test } from "node:test";
import assert from "node:assert/strict";
import { helpPanel, exampleAbout, seenKey } from "../src/help.js";
import { memoryStorage } from "./memory-storage.mjs";

// element is a stand-in with listeners; fire(type, ev) calls them.
function element(props = {}) {
  const on = new Map();
  return {
    ...props,
    addEventListener(type, fn) { on.set(type, [...(on.get(type) || []), fn]); },
    fire(type, ev = {}) { for (const fn of on.get(type) || []) fn({ target: this, ...ev }); },
  };
}

function dialog() {
  const d = element({ open: false, opens: 0 });
  d.showModal = () => { d.open = true; d.opens++; };
  d.close = () => { d.open = false; d.fire("close"); };
  d.getBoundingClientRect = () => ({ left: 100, right: 500, top: 100, bottom: 400 });
  return d;
}

test("the help opens by itself on a first visit only", () => {
  const storage = memoryStorage();
  const [button, d] = [element(), dialog()];
  helpPanel({ button, dialog: d }, storage).firstVisit();
  assert.equal(d.open, true, "a first visit opens it");
  d.close();
  assert.equal(storage.getItem(seenKey), "1", "closing it is remembered");
  // The next visit.
  const d2 = dialog();
  const next = helpPanel({ button: element(), dialog: d2 }, storage);
  next.firstVisit();
  assert.equal(d2.open, false);
  next.open();
  assert.equal(d2.open, true, "the ? button's open still works");
});

test("the ? button opens it; a click on the backdrop closes it, one inside does not", () => {
  const [button, d] = [element(), dialog()];
  helpPanel({ button, dialog: d }, memoryStorage());
  button.fire("click");
  assert.equal(d.open, true);
  button.fire("click");
  assert.equal(d.opens, 1, "opened once");
  d.fire("click", { clientX: 200, clientY: 200 });
  assert.equal(d.open, true, "a click inside the panel");
  d.fire("click", { clientX: 20, clientY: 20 });
  assert.equal(d.open, false, "a click on the backdrop");
});

test("no storage: the help is not forced on every visit", () => {
  const broken = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("denied"); } };
  const d = dialog();
  const help = helpPanel({ button: element(), dialog: d }, broken);
  help.firstVisit();
  assert.equal(d.open, false);
  help.open();
  d.close(); // does not throw
});

test("an example's description is shown under the menu, as its title and in the panel", () => {
  const made = [];
  const doc = { createElement: (tag) => { const el = { tag, textContent: "" }; made.push(el); return el; } };
  const help = { ownerDocument: doc, hidden: true, children: [], replaceChildren(...c) { this.children = c; }, append(...c) { this.children.push(...c); } };
  const [menu, line] = [{ title: "" }, { textContent: "" }];
  const examples = { pod: { title: "A Pod", description: "YAML with expressions." } };
  const about = exampleAbout({ menu, line, help }, (n) => examples[n]);
  about.show("pod");
  assert.equal(line.textContent, "YAML with expressions.");
  assert.equal(menu.title, "YAML with expressions.");
  assert.equal(help.hidden, false);
  assert.equal(help.children[0].textContent, "This example, A Pod: ");
  assert.equal(help.children[1], "YAML with expressions.");
  about.show("");
  assert.equal(line.textContent, "");
  assert.match(menu.title, /your workspace/);
  assert.equal(help.hidden, true);
  assert.deepEqual(help.children, []);
});
