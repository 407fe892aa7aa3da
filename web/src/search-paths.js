// The search paths on the Variables pane (-J, KUBECFG_JPATH, -U, one per
// line) and the offer of `-J vendor` for a jsonnet-bundler project: a
// workspace with a jsonnetfile.json and a vendor/ tree whose imports only
// resolve along vendor/. The offer is a visible bar with a button, never a
// silent setting, and what it sets can be undone from the same bar (or by
// editing the -J box).
import { lines } from "./state.js";

const kinds = ["jpath", "jpathEnv", "jurl"];

/**
 * vendorOffer says what the bar offers for state s: "add" (the workspace
 * is a jsonnet-bundler project and -J lacks vendor), "undo" (the bar just
 * added it) or "" (nothing).
 */
export function vendorOffer(s, justAdded = false) {
  const c = s.controls;
  const has = lines(c.jpath).some((d) => d.replace(/\/+$/, "") === "vendor");
  if (has) return justAdded ? "undo" : "";
  if (c.vendorDeclined) return "";
  const paths = Object.keys(s.files);
  return paths.includes("jsonnetfile.json") && paths.some((p) => p.startsWith("vendor/")) ? "add" : "";
}

/**
 * searchPaths binds the three boxes (els.jpath, els.jpathEnv, els.jurl)
 * and the offer bar (els.offer, with its yes and no buttons) to the page
 * state. deps: state() is the page state, changed() is called after each
 * change, tell(text) is the status line's notice. render() shows the
 * state again (after a workspace or example is loaded, files added).
 */
export function searchPaths(els, { state, changed, tell }) {
  let justAdded = false;

  function offer() {
    const what = vendorOffer(state(), justAdded);
    els.offer.hidden = what === "";
    if (what === "add") {
      els.offer.querySelector("span").textContent = "This is a jsonnet-bundler project (jsonnetfile.json, vendor/): its imports are found with -J vendor.";
      els.yes.textContent = "Use -J vendor";
      els.no.textContent = "Not now";
      els.no.hidden = false;
    } else if (what === "undo") {
      els.offer.querySelector("span").textContent = "-J vendor is set: imports are also looked for in vendor/ (the Variables pane's search paths).";
      els.yes.textContent = "Undo";
      els.no.textContent = "OK";
    }
  }

  function render() {
    const c = state().controls;
    for (const k of kinds) els[k].value = c[k] || "";
    offer();
  }

  for (const k of kinds) {
    els[k].addEventListener("input", (e) => {
      state().controls[k] = e.target.value;
      justAdded = false;
      offer();
      changed();
    });
  }
  els.yes.addEventListener("click", () => {
    const c = state().controls;
    if (vendorOffer(state(), justAdded) === "undo") {
      c.jpath = lines(c.jpath).filter((d) => d.replace(/\/+$/, "") !== "vendor").join("\n");
      c.vendorDeclined = true;
      justAdded = false;
      tell("Removed -J vendor.");
    } else {
      c.jpath = [...lines(c.jpath), "vendor"].join("\n");
      justAdded = true;
      tell("Added -J vendor to the search paths.");
    }
    render();
    changed();
  });
  els.no.addEventListener("click", () => {
    if (!justAdded) state().controls.vendorDeclined = true;
    justAdded = false;
    els.offer.hidden = true;
    changed({ run: false });
  });

  return { render, offer };
}
