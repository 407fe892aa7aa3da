// The playground page's status line (#status): what the engine is doing,
// how the last run went, and notices about what the user did. Each
// finished run counts up data-runs on it, so a test (or assistive tech
// watching attributes) can tell a new result from an old one.
//
// The line changes at every keystroke (a run per edit), so it is not what
// screen readers hear: they hear a second, visually hidden live region
// (#announce), which gets the line once it has settled for settleMs, and
// only when it says something new: "Evaluated in 12 ms." after "Evaluated
// in 9 ms." is not news, a failure after a success is. A notice about
// something the user did is said at once.

/** settleMs is how long the line must stay unchanged before it is announced. */
export const settleMs = 1000;

/**
 * gist is what an announcement of text says that matters: the text
 * without its timings, so two results that differ only in how long they
 * took are the same news.
 */
export function gist(text) {
  return text.replace(/\s*\(?\b(?:in )?[\d.]+ m?s\)?/g, "").replace(/\s+/g, " ").trim();
}

/**
 * statusLine drives the status element el and the live region announce
 * (optional: without it el itself is live). The line has two slots: the
 * run's (what the engine is doing, how the last run went) and the
 * notice's (a message about something the user did: a file added, an
 * example loaded), each with its own colour, so a good result beside a
 * bad notice is not painted red, nor a good notice beside a failed run.
 * A notice (tell) stays beside the runs' status until the run after the
 * next one (run without keep), so that the run an edit starts at once
 * does not wipe it.
 */
export function statusLine(el, announce = null) {
  let notice = "";
  let noticeBad = false;
  let said = "";
  let timer = 0;
  const doc = el.ownerDocument;
  const slot = (cls) => Object.assign(doc.createElement("span"), { className: cls });
  const runEl = slot("status-run");
  const noteEl = slot("status-notice");
  const say = (text) => {
    clearTimeout(timer);
    if (!announce || gist(text) === said) return;
    said = gist(text);
    announce.textContent = text;
  };
  // draw shows the run's text and the notice in their slots, with a space
  // between them (the slots' border marks them apart).
  const draw = (text, bad) => {
    runEl.textContent = text;
    runEl.className = bad ? "status-run bad" : "status-run";
    noteEl.textContent = notice;
    noteEl.className = noticeBad ? "status-notice bad" : "status-notice";
    const parts = [runEl];
    if (notice) parts.push(text ? " " : "", noteEl);
    el.replaceChildren(...parts);
    el.className = "";
  };
  const show = (text, bad = false, { now = false } = {}) => {
    draw(text, bad);
    if (now) say(el.textContent);
    else {
      clearTimeout(timer);
      timer = setTimeout(() => say(el.textContent), settleMs);
    }
  };
  return {
    /** show puts text on the line as it is, red when bad, in place of the notice too. */
    show(text, bad = false) {
      notice = "";
      show(text, bad, { now: true });
    },
    /** tell shows a notice in its slot, beside the runs' status, and keeps it for the next run's status. */
    tell(text, bad = false) {
      notice = text;
      noticeBad = bad;
      draw(runEl.textContent, runEl.classList.contains("bad"));
      say(text); // said at once, alone
    },
    /** run shows a run's status with the pending notice beside it; keep keeps the notice for the next. */
    run(text, bad = false, { keep = false } = {}) {
      show(text, bad);
      if (!keep) notice = "";
    },
    /** finished counts one more finished run (data-runs). */
    finished() {
      el.dataset.runs = String(Number(el.dataset.runs || 0) + 1);
    },
    /** copy puts text on the clipboard and says done, or why it could not, as a notice. */
    async copy(text, done) {
      try {
        await navigator.clipboard.writeText(text);
        notice = done;
        noticeBad = false;
      } catch {
        notice = "The browser refused the clipboard; select the text and copy it.";
        noticeBad = true;
      }
      draw(runEl.textContent, runEl.classList.contains("bad"));
      say(notice);
    },
  };
}

/**
 * banner puts text after the element after, as a banner that cannot be
 * missed (an alert, across the page), with a button that dismisses it;
 * bad paints it as an error. It returns the banner, which dismiss()
 * removes.
 */
export function banner(after, text, bad = true) {
  const doc = after.ownerDocument;
  doc.querySelector(".page-banner")?.remove();
  const el = doc.createElement("div");
  el.className = bad ? "page-banner bad" : "page-banner";
  el.setAttribute("role", "alert");
  const msg = Object.assign(doc.createElement("span"), { textContent: text });
  const close = Object.assign(doc.createElement("button"), { type: "button", textContent: "Dismiss" });
  close.addEventListener("click", () => el.remove());
  el.append(msg, " ", close);
  after.after(el);
  return { el, dismiss: () => el.remove() };
}
