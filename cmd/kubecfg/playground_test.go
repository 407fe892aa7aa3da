//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kubecfg/kubecfg/internal/testdata"
)

// TestPlaygroundFIFOStore runs the real binary on a data directory whose
// snippets.db is a named pipe: it hung for ever, silently, and ignored
// SIGTERM and SIGINT; now it is one clear error and exit status 1.
func TestPlaygroundFIFOStore(t *testing.T) {
	bin := testdata.BuildKubecfg(t)
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	site := filepath.Join(dir, "site")
	for _, d := range []string{data, site} {
		if err := os.Mkdir(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(site, "index.html"), []byte("<!doctype html>"), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(data, "snippets.db")
	if err := syscall.Mkfifo(db, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	cmd := exec.Command(bin, "--alpha", "playground", "-l", "127.0.0.1:0", "--data-dir", data, "--static-dir", site)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatalf("kubecfg playground still running after 20 s on a FIFO snippets.db: %s", stderr.String())
	}
	want := "serve playground: open snippet store " + db + ": " + db + " is a named pipe (FIFO), not a regular file\n"
	if code := cmd.ProcessState.ExitCode(); code != 1 || !strings.HasSuffix(stderr.String(), want) || strings.Contains(stderr.String(), "goroutine ") {
		t.Errorf("exit %d (%v), stderr %q; want 1 and %q", code, err, stderr.String(), want)
	}
}
