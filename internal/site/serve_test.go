//go:build !js

package site_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kubecfg/kubecfg/internal/site"
)

// syncBuffer is a log writer that tests read while Serve writes.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

var urlRE = regexp.MustCompile(`kubecfg playground: serving (http://127\.0\.0\.1:\d+/)`)

// waitURL waits (bounded) for Serve to print its URL.
func waitURL(t *testing.T, log *syncBuffer, errc <-chan error) string {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		if m := urlRE.FindStringSubmatch(log.String()); m != nil {
			return m[1]
		}
		select {
		case err := <-errc:
			t.Fatalf("Serve returned early: %v (log %q)", err, log.String())
		case <-deadline:
			t.Fatalf("Serve printed no URL in 10s (log %q)", log.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
}

func TestServe(t *testing.T) {
	dataDir := filepath.Join(t.TempDir(), "data")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var log syncBuffer
	errc := make(chan error, 1)
	go func() { errc <- site.Serve(ctx, "127.0.0.1:0", dataDir, testFS(), &log) }()
	base := waitURL(t, &log, errc)

	client := &http.Client{Timeout: 10 * time.Second}
	resp, err := client.Post(base+"api/snippets", "application/json", strings.NewReader(`{"files":{"a":"1"}}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 201 {
		t.Fatalf("POST: %d %s", resp.StatusCode, body)
	}
	resp, err = client.Get(base)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Security-Policy") != site.CSP {
		t.Errorf("GET /: %d, CSP %q", resp.StatusCode, resp.Header.Get("Content-Security-Policy"))
	}

	// A second server on the same data directory cannot take the store.
	err = site.Serve(ctx, "127.0.0.1:0", dataDir, testFS(), io.Discard)
	if err == nil || !strings.Contains(err.Error(), "open snippet store") {
		t.Errorf("second Serve on one data dir: %v, want a store error", err)
	}

	cancel()
	select {
	case err := <-errc:
		if err != nil {
			t.Fatalf("Serve after cancel: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return within 10s of cancel")
	}
	if _, err := os.Stat(filepath.Join(dataDir, site.DBFile)); err != nil {
		t.Errorf("store file: %v", err)
	}
}

func TestServeErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	os.WriteFile(file, nil, 0o644)
	// A data directory whose snippets.db is a named pipe: opening it
	// waited for a writer for ever.
	fifoDir := filepath.Join(dir, "fifo")
	os.Mkdir(fifoDir, 0o700)
	if err := mkfifo(filepath.Join(fifoDir, site.DBFile)); err != nil {
		t.Logf("no named pipe: %v", err)
	}
	for _, tc := range []struct {
		name, addr, dataDir, want string
		noStatic                  bool
	}{
		{"bad_address", "127.0.0.1:notaport", filepath.Join(dir, "a"), "serve playground: listen tcp", false},
		{"data_dir_is_a_file", "127.0.0.1:0", file, "serve playground: data directory", false},
		{"no_static", "127.0.0.1:0", filepath.Join(dir, "b"), "serve playground: no static files", true},
		{"db_is_a_fifo", "127.0.0.1:0", fifoDir, "serve playground: open snippet store " + filepath.Join(fifoDir, site.DBFile) + ": " + filepath.Join(fifoDir, site.DBFile) + " is a named pipe (FIFO), not a regular file", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "db_is_a_fifo" {
				if _, err := os.Stat(filepath.Join(fifoDir, site.DBFile)); err != nil {
					t.Skip("no named pipes here")
				}
			}
			fsys := testFS()
			if tc.noStatic {
				fsys = nil
			}
			var err error
			if fsys == nil {
				err = site.Serve(context.Background(), tc.addr, tc.dataDir, nil, io.Discard)
			} else {
				err = site.Serve(context.Background(), tc.addr, tc.dataDir, fsys, io.Discard)
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Serve error = %v, want %q", err, tc.want)
			}
		})
	}
}
