// The playground page's status line (#status): what the engine is doing,
// how the last run went, and notices about what the user did. Each
// finished run counts up data-runs on it, so a test (or assistive tech
// watching attributes) can tell a new result from an old one.

/**
 * statusLine drives the status element el. A notice (tell) is a message
 * about something the user did (a file added, an example loaded); edits
 * run at once, so the run's own status line would replace it: the notice
 * rides along after the next run's status instead (run).
 */
export function statusLine(el) {
  let notice = "";
  let noticeBad = false;
  const show = (text, bad = false) => {
    el.textContent = text;
    el.className = bad ? "bad" : "";
  };
  return {
    /** show puts text on the line as it is, red when bad. */
    show,
    /** tell shows a notice and keeps it for the next run's status. */
    tell(text, bad = false) {
      notice = text;
      noticeBad = bad;
      show(text, bad);
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
        show(done); // no run follows a copy, so a plain status line
      } catch {
        show("The browser refused the clipboard; select the text and copy it.", true);
      }
    },
  };
}
