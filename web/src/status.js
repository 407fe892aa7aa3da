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
 * (optional: without it el itself is live). A notice (tell) is a message
 * about something the user did (a file added, an example loaded); edits
 * run at once, so the run's own status line would replace it: the notice
 * rides along after the next run's status instead (run).
 */
export function statusLine(el, announce = null) {
  let notice = "";
  let noticeBad = false;
  let said = "";
  let timer = 0;
  const say = (text) => {
    clearTimeout(timer);
    if (!announce || gist(text) === said) return;
    said = gist(text);
    announce.textContent = text;
  };
  const show = (text, bad = false, { now = false } = {}) => {
    el.textContent = text;
    el.className = bad ? "bad" : "";
    if (now) say(text);
    else {
      clearTimeout(timer);
      timer = setTimeout(() => say(el.textContent), settleMs);
    }
  };
  return {
    /** show puts text on the line as it is, red when bad. */
    show: (text, bad = false) => show(text, bad, { now: true }),
    /** tell shows a notice and keeps it for the next run's status. */
    tell(text, bad = false) {
      notice = text;
      noticeBad = bad;
      show(text, bad, { now: true });
    },
    /** run shows a run's status with the pending notice after it; keep keeps the notice for the next. */
    run(text, bad = false, { keep = false } = {}) {
      show(notice ? `${text} ${notice}` : text, bad || (!!notice && noticeBad));
      if (!keep) notice = "";
    },
    /** finished counts one more finished run (data-runs). */
    finished() {
      el.dataset.runs = String(Number(el.dataset.runs || 0) + 1);
    },
    /** copy puts text on the clipboard and says done, or why it could not. */
    async copy(text, done) {
      try {
        await navigator.clipboard.writeText(text);
        show(done, false, { now: true }); // no run follows a copy, so a plain status line
      } catch {
        show("The browser refused the clipboard; select the text and copy it.", true, { now: true });
      }
    },
  };
}
