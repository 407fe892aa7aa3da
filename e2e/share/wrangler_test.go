package sharee2e

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/kubecfg/kubecfg/internal/site"
	"github.com/kubecfg/kubecfg/pkg/share"
	"github.com/kubecfg/kubecfg/pkg/share/sharetest"
)

// repoRoot is the checkout this file is in.
func repoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(filepath.Dir(file)))
}

func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// lockedBuffer collects wrangler's output for error messages.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) add(s string) { l.mu.Lock(); l.b.WriteString(s + "\n"); l.mu.Unlock() }
func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// wranglerEnv is the environment of every wrangler command the tests run:
// no metrics, no account, and no request-body draining middleware. wrangler
// wraps a worker in that middleware under `wrangler dev` only (not in a
// deployed worker): it reads the whole request body before it lets the
// answer out, so a POST that declares 99999999999 bytes and sends none
// got no answer at all. Without it, the worker is tested as it is
// deployed.
var wranglerEnv = []string{"WRANGLER_SEND_METRICS=false", "CLOUDFLARE_CF_FETCH_ENABLED=false", "NO_COLOR=1", "WRANGLER_DISABLE_REQUEST_BODY_DRAINING=1"}

// startWrangler runs `wrangler dev` on 127.0.0.1 in the repository root
// (wrangler.toml, KV state in .wrangler/state) and waits, at most four
// minutes, until it is ready.
func startWrangler(t *testing.T) string {
	t.Helper()
	root := repoRoot()
	bin := filepath.Join(root, "e2e", "share", "node_modules", ".bin", "wrangler")
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("wrangler is not installed (%v): run make test-share-wrangler, which runs npm ci in e2e/share", err)
	}
	port := freePort(t)
	cmd := exec.Command(bin, "dev", "--ip", "127.0.0.1", "--port", fmt.Sprint(port),
		"--show-interactive-dev-session=false", "--log-level", "info")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), wranglerEnv...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		t.Fatalf("start wrangler: %v", err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); pw.Close(); close(exited) }()
	t.Cleanup(func() {
		// wrangler and its workerd child share the process group started
		// here; end the group, hard after five seconds.
		syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-exited
		}
	})
	var out lockedBuffer
	ready := make(chan struct{}, 1)
	want := fmt.Sprintf("Ready on http://127.0.0.1:%d", port)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			out.add(sc.Text())
			if strings.Contains(sc.Text(), want) {
				select {
				case ready <- struct{}{}:
				default:
				}
			}
		}
	}()
	select {
	case <-ready:
	case <-exited:
		t.Fatalf("wrangler dev exited before it was ready:\n%s", out.String())
	case <-time.After(4 * time.Minute):
		t.Fatalf("wrangler dev not ready within 4 minutes:\n%s", out.String())
	}
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	// The worker answers a malformed ID with 400 once the wasm is loaded.
	c := &http.Client{Timeout: 30 * time.Second}
	deadline := time.Now().Add(60 * time.Second)
	for {
		resp, err := c.Get(base + "/api/snippets/x")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 400 {
				return base
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("worker not answering within 60s of ready (last: %v %v):\n%s", resp, err, out.String())
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func TestWorkerUnderWranglerDev(t *testing.T) {
	gate(t, "SHARE_E2E_WRANGLER", "share worker under wrangler dev")
	base := startWrangler(t)
	t.Run("api", func(t *testing.T) {
		sharetest.RunAPI(t, base, sharetest.APIOptions{Atomic: false, WaitsForBody: true})
	})
	t.Run("damaged_kv_value", func(t *testing.T) {
		damagedKVValue(t, base)
	})
	t.Run("shared_link_in_browser", func(t *testing.T) {
		openSharedLink(t, browserPrereqs(t), base)
	})
	t.Run("static_types", func(t *testing.T) {
		c := &http.Client{Timeout: 30 * time.Second}
		// From /s/ID the page's relative URLs go under /s/: _redirects
		// serves them as at the root.
		for _, p := range []string{"/kubecfg.wasm", "/s/kubecfg.wasm"} {
			resp, err := c.Get(base + p)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != 200 {
				t.Skipf("GET %s: %d (not built yet)", p, resp.StatusCode)
			}
			if ct := resp.Header.Get("Content-Type"); ct != "application/wasm" {
				t.Errorf("GET %s: Content-Type %q, want application/wasm", p, ct)
			}
		}
	})
	t.Run("go_source_not_served", func(t *testing.T) {
		resp, err := sharetest.Do(&http.Client{Timeout: 30 * time.Second}, "GET", base+"/static.go", "", nil)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(resp.Body), "package static") {
			t.Errorf("GET /static.go served the Go source; .assetsignore should leave it out")
		}
	})
	t.Run("static_headers", func(t *testing.T) {
		c := &http.Client{Timeout: 30 * time.Second}
		for _, tc := range []struct{ path, csp, frameOptions, corp string }{
			{"/", site.CSP, "DENY", site.SameOrigin},
			{"/s/RBNvo1WzZ4oRRq0W9-hkng", site.CSP, "DENY", site.SameOrigin},
			{"/embed", site.EmbedCSP, "", site.CrossOrigin},
			{"/" + site.EmbedScript, site.CSP, "DENY", site.CrossOrigin},
			{"/kubecfg.wasm", site.CSP, "DENY", site.SameOrigin},
		} {
			t.Run(strings.Trim(strings.ReplaceAll(tc.path, "/", "_"), "_"), func(t *testing.T) {
				resp, err := c.Get(base + tc.path)
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				if resp.StatusCode != 200 {
					t.Skipf("GET %s: %d (no index.html in static/ yet)", tc.path, resp.StatusCode)
				}
				if got := resp.Header.Get("Content-Security-Policy"); got != tc.csp {
					t.Errorf("GET %s: CSP %q, want %q", tc.path, got, tc.csp)
				}
				if got := resp.Header.Get("X-Frame-Options"); got != tc.frameOptions {
					t.Errorf("GET %s: X-Frame-Options %q, want %q", tc.path, got, tc.frameOptions)
				}
				if got := resp.Header.Get("X-Content-Type-Options"); got != "nosniff" {
					t.Errorf("GET %s: X-Content-Type-Options %q, want nosniff", tc.path, got)
				}
				if got := resp.Header.Get("Cross-Origin-Resource-Policy"); got != tc.corp {
					t.Errorf("GET %s: Cross-Origin-Resource-Policy %q, want %q", tc.path, got, tc.corp)
				}
			})
		}
	})
}

// damagedKVValue stores a snippet, overwrites its value in the local KV
// store behind wrangler dev (`wrangler kv key put --local`, the state
// under .wrangler/state that wrangler dev reads), and asks for it: the
// worker answered the new bytes with 200 and an immutable Cache-Control.
func damagedKVValue(t *testing.T, base string) {
	c := &http.Client{Timeout: 30 * time.Second}
	// An ID may start with "-", which wrangler's command line would read
	// as an option: store another body until one does not.
	var created share.Created
	for try := 0; try == 0 || strings.HasPrefix(created.ID, "-"); try++ {
		if try == 20 {
			t.Fatalf("20 IDs in a row start with -")
		}
		body := fmt.Sprintf(`{"damaged_kv":%d,"try":%d}`, time.Now().UnixNano(), try)
		resp, err := sharetest.Do(c, "POST", base+share.CollectionPath, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if resp.Status != 201 || json.Unmarshal(resp.Body, &created) != nil {
			t.Fatalf("POST: %d %s", resp.Status, resp.Body)
		}
	}
	root := repoRoot()
	cmd := exec.Command(filepath.Join(root, "e2e", "share", "node_modules", ".bin", "wrangler"),
		"kv", "key", "put", created.ID, `{"damaged_kv":"other bytes"}`, "--binding", "SNIPPETS", "--local")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), wranglerEnv...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("wrangler kv key put: %v\n%s", err, out)
	}
	for _, tc := range []struct{ method, inm string }{{"GET", ""}, {"HEAD", ""}, {"GET", `"` + created.ID + `"`}} {
		req, _ := http.NewRequest(tc.method, base+share.ItemPrefix+created.ID, nil)
		if tc.inm != "" {
			req.Header.Set("If-None-Match", tc.inm)
		}
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		what := fmt.Sprintf("%s of the damaged snippet (If-None-Match %q)", tc.method, tc.inm)
		if resp.StatusCode != http.StatusInternalServerError {
			t.Errorf("%s: %d %s, want 500", what, resp.StatusCode, b)
		}
		if cc := resp.Header.Get("Cache-Control"); cc != "no-store" {
			t.Errorf("%s: Cache-Control %q, want no-store", what, cc)
		}
		var e share.Error
		if tc.method == "GET" && (json.Unmarshal(b, &e) != nil || !strings.Contains(e.Error, "damaged")) {
			t.Errorf("%s: body %q, want a JSON error that says the store is damaged", what, b)
		}
	}
}
