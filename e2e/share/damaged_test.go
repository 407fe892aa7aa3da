package sharee2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kubecfg/kubecfg/internal/site"
	"github.com/kubecfg/kubecfg/pkg/share"
	"github.com/kubecfg/kubecfg/pkg/share/sharetest"
)

// makeStore writes a store at dataDir/snippets.db with n snippets, every
// tenth one of 60,000 bytes, and returns their IDs.
func makeStore(t *testing.T, dataDir string, n int) []string {
	t.Helper()
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		t.Fatal(err)
	}
	s, err := share.OpenBolt(filepath.Join(dataDir, site.DBFile))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var ids []string
	for i := range n {
		pad := ""
		if i%10 == 0 {
			pad = strings.Repeat("x", 60000)
		}
		body, err := share.Canonicalize(fmt.Appendf(nil, `{"n":%d,"pad":%q}`, i, pad))
		if err != nil {
			t.Fatal(err)
		}
		id := share.ID(body)
		if _, err := s.PutIfAbsent(context.Background(), id, body); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return ids
}

// noCrashTrace fails the test if the server's output holds what a panic
// or a fatal error of the Go runtime prints.
func noCrashTrace(t *testing.T, out string) {
	t.Helper()
	for _, bad := range []string{"goroutine ", "panic", "fatal error", "unexpected fault address"} {
		if strings.Contains(out, bad) {
			t.Errorf("server output holds %q:\n%s", bad, out)
		}
	}
}

// TestDamagedStoreServerProcess runs the server on damaged database files.
// At start, a truncated file is one error that names it (truncated to
// 8 KiB, the server died with "evaluation was stopped by a fatal error of
// the Go runtime"; to 1 MiB, it started and every handler panicked).
// While serving, a file truncated under the server makes its snippets 500
// JSON errors and the server keeps serving.
func TestDamagedStoreServerProcess(t *testing.T) {
	gate(t, "SHARE_E2E", "damaged stores against a server process")
	static := t.TempDir()
	os.WriteFile(filepath.Join(static, "index.html"), []byte("<!doctype html><title>kubecfg</title>"), 0o644)

	for _, tc := range []struct {
		name string
		n    int
		size int64
	}{
		{"fresh_store_truncated_to_8KiB", 1, 8 << 10},
		{"store_truncated_to_8KiB", 100, 8 << 10},
		{"store_truncated_to_1MiB", 400, 1 << 20},
	} {
		t.Run("at_start_"+tc.name, func(t *testing.T) {
			dataDir := filepath.Join(t.TempDir(), "data")
			makeStore(t, dataDir, tc.n)
			db := filepath.Join(dataDir, site.DBFile)
			if fi, err := os.Stat(db); err != nil || fi.Size() < 2*tc.size {
				t.Fatalf("the store is %v bytes (%v), want at least %d to cut it to %d", fi.Size(), err, 2*tc.size, tc.size)
			}
			if err := os.Truncate(db, tc.size); err != nil {
				t.Fatal(err)
			}
			cmd := serverCommand(t, dataDir, static)
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cmd = withContext(ctx, cmd)
			out, err := cmd.CombinedOutput()
			if err == nil {
				t.Fatalf("server on a damaged store exited 0:\n%s", out)
			}
			if ctx.Err() != nil {
				t.Fatalf("server on a damaged store still running after 60s:\n%s", out)
			}
			for _, want := range []string{"open snippet store " + db, "the file is damaged", "cut short"} {
				if !strings.Contains(string(out), want) {
					t.Errorf("output lacks %q:\n%s", want, out)
				}
			}
			if n := strings.Count(strings.TrimSpace(string(out)), "\n"); n > 0 {
				t.Errorf("output is %d lines, want one:\n%s", n+1, out)
			}
			noCrashTrace(t, string(out))
		})
	}

	t.Run("while_serving", func(t *testing.T) {
		dataDir := filepath.Join(t.TempDir(), "data")
		ids := makeStore(t, dataDir, 100)
		srv := startServerWith(t, dataDir, static)
		c := client()
		if err := os.Truncate(filepath.Join(dataDir, site.DBFile), 8<<10); err != nil {
			t.Fatal(err)
		}
		failed := 0
		for _, id := range ids {
			resp, err := sharetest.Do(c, "GET", srv.URL+share.ItemPrefix+id, "", nil)
			if err != nil {
				t.Fatalf("GET %s after the damage: %v (server output:\n%s)", id, err, srv.output())
			}
			switch resp.Status {
			case 200:
				if share.Verify(id, resp.Body) != nil {
					t.Errorf("GET %s: 200 with bytes that are not the snippet", id)
				}
			case 500:
				failed++
				var e share.Error
				if json.Unmarshal(resp.Body, &e) != nil || !strings.Contains(e.Error, "damaged") || resp.Header.Get("Cache-Control") != "no-store" {
					t.Errorf("GET %s: 500 %q (Cache-Control %q), want a JSON error that says the store is damaged, not cached", id, resp.Body, resp.Header.Get("Cache-Control"))
				}
			default:
				t.Errorf("GET %s after the damage: %d %s", id, resp.Status, resp.Body)
			}
		}
		if failed == 0 {
			t.Errorf("every snippet was served after the file was cut to 8 KiB")
		}
		resp, err := sharetest.Do(c, "POST", srv.URL+share.CollectionPath, "application/json", bytes.NewReader([]byte(`{"after":"damage"}`)))
		if err != nil || resp.Status != 500 || !strings.Contains(string(resp.Body), "damaged") {
			t.Errorf("POST after the damage: %v %v, want a 500 JSON error that says the store is damaged", resp, err)
		}
		// The server keeps serving the site.
		page, err := c.Get(srv.URL + "/")
		if err != nil {
			t.Fatalf("GET / after the damage: %v", err)
		}
		page.Body.Close()
		if page.StatusCode != http.StatusOK {
			t.Errorf("GET / after the damage: %d", page.StatusCode)
		}
		select {
		case <-srv.exited:
			t.Fatalf("the server exited:\n%s", srv.output())
		default:
		}
		out := srv.output()
		noCrashTrace(t, out)
		if !strings.Contains(out, filepath.Join(dataDir, site.DBFile)) {
			t.Errorf("server log does not name the damaged file:\n%s", out)
		}
	})
}

// withContext gives cmd a context that kills it.
func withContext(ctx context.Context, cmd *osexec.Cmd) *osexec.Cmd {
	c := osexec.CommandContext(ctx, cmd.Path, cmd.Args[1:]...)
	c.Env = cmd.Env
	return c
}
