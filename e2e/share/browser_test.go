package sharee2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kubecfg/kubecfg/pkg/share"
	"github.com/kubecfg/kubecfg/pkg/share/sharetest"
)

// TestSharedLinkOpensInBrowser opens /s/ID of a stored snippet in headless
// Chromium against the real site (static/, as make builds it) and the
// share API, and checks that the page shows the snippet and that the
// Content-Security-Policy refused nothing.
func TestSharedLinkOpensInBrowser(t *testing.T) {
	gate(t, "SHARE_E2E", "shared link in a browser")
	chromium := browserPrereqs(t)
	srv := startServerWith(t, t.TempDir(), filepath.Join(repoRoot(), "static"))
	openSharedLink(t, chromium, srv.URL)
}

// browserPrereqs skips the test unless the site is built and Chromium is
// installed, and returns Chromium's path.
func browserPrereqs(t *testing.T) string {
	t.Helper()
	static := filepath.Join(repoRoot(), "static")
	for _, f := range []string{"index.html", "kubecfg.wasm"} {
		if _, err := os.Stat(filepath.Join(static, f)); err != nil {
			t.Skipf("static/%s is not built (make web builds it): %v", f, err)
		}
	}
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		t.Skipf("no chromium (make e2e-deps installs it): %v", err)
	}
	return chromium
}

// openSharedLink shares a snippet through the API at base, opens its /s/ID
// page in Chromium and checks the page shows it without CSP violations.
func openSharedLink(t *testing.T, chromium, base string) {
	t.Helper()
	marker := fmt.Sprintf("shared_marker_%d", time.Now().UnixNano())
	body, _ := json.Marshal(map[string]any{
		"entry":    "main.jsonnet",
		"files":    map[string]string{"main.jsonnet": "{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'shared' }, data: { " + marker + ": '42' } }"},
		"controls": map[string]any{},
	})
	resp, err := sharetest.Do(client(), "POST", base+share.CollectionPath, "application/json", bytes.NewReader(body))
	if err != nil || resp.Status != 201 {
		t.Fatalf("POST: %v %v", resp, err)
	}
	var created share.Created
	json.Unmarshal(resp.Body, &created)

	b := startBrowser(t, chromium)
	session, err := b.open(base + created.URL)
	if err != nil {
		t.Fatal(err)
	}
	// The page fetches the snippet, puts it into the editor and shows its
	// output (the engine ran under this server's headers); wait for both in
	// real time, at most 60 s.
	probe := fmt.Sprintf(`[...document.querySelectorAll(".cm-content")].filter((e) => e.textContent.includes(%q)).length`, marker)
	shown := 0
	var evalErr error // while the page navigates, evaluation may fail
	for deadline := time.Now().Add(60 * time.Second); shown < 2 && time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		evalErr = b.eval(session, probe, &shown)
	}
	if shown < 2 {
		var status string
		b.eval(session, `document.getElementById("status")?.textContent`, &status)
		t.Errorf("the page at %s does not show the shared snippet (%s) and its output after 60 s; its status line: %q (last error: %v)", created.URL, marker, status, evalErr)
	}
	b.close()
	for _, line := range strings.Split(b.stderr.String(), "\n") {
		if strings.Contains(line, "Content Security Policy") || strings.Contains(line, "Refused to") {
			t.Errorf("CSP violation: %s", line)
		}
	}
}
