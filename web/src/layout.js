// The page's layout by width (the breakpoints are layout.css's too):
//
// - wide (at least 1200 px): the result pane shows the output and, below
//   it, the settings pane chosen by the Features, Variables or Export tab,
//   so the output stays in view while a feature is toggled; the Output tab
//   shows the output alone. Narrower, the tabs show one pane at a time.
// - narrow (at most 600 px, a phone): the controls fold behind a Controls
//   button, leaving the command line they make in view.
import "./layout.css";

/** wideQuery is the media query of the wide layout. */
export const wideQuery = "(min-width: 1200px)";

/**
 * resultLayout keeps the result pane's tabs (list, whose tabs panelTabs
 * drives: select(tab) selects one) right for the width: wide, the output
 * panel stays shown whichever tab is selected, and arriving at the wide
 * layout (a resize; the page itself starts on the Output tab) with the
 * Output tab selected opens the first settings tab under it; leaving it, the Output tab is selected, as the output was in view.
 * output is the output's tab. It returns { wide }, wide() telling whether
 * the wide layout is on.
 */
export function resultLayout({ list, output, select }, media = globalThis.matchMedia?.(wideQuery)) {
  const panel = (tab) => list.ownerDocument.getElementById(tab.getAttribute("aria-controls"));
  const wide = () => !!media?.matches;
  const selected = () => list.querySelector("[role=tab][aria-selected=true]");
  // After every selection (a click, a key, the page's own), the output's
  // panel is shown again when the layout is wide.
  const keep = () => {
    list.closest(".result")?.classList.toggle("split", wide() && selected() !== output);
    if (wide()) panel(output).hidden = false;
  };
  new MutationObserver(keep).observe(list, { subtree: true, attributeFilter: ["aria-selected"] });
  const apply = () => {
    const tabs = [...list.querySelectorAll("[role=tab]")];
    if (wide() && selected() === output && tabs.length > 1) select(tabs.find((t) => t !== output));
    else if (!wide() && selected() !== output) select(output);
    keep();
  };
  media?.addEventListener("change", apply);
  // The page starts on the Output tab at any width: its first screen is
  // the output, not half the features table under it.
  keep();
  return { wide };
}

/**
 * foldControls makes toggle (a button in section) fold and unfold the
 * section's controls on narrow screens, folded to begin with; wider, the
 * button is not shown and the controls always are (layout.css).
 */
export function foldControls({ section, toggle }) {
  const set = (open) => {
    toggle.setAttribute("aria-expanded", String(open));
    section.classList.toggle("folded", !open);
  };
  toggle.addEventListener("click", () => set(toggle.getAttribute("aria-expanded") !== "true"));
  set(false);
}
