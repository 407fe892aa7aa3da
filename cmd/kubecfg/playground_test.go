//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kubecfg/kubecfg/internal/testdata"
	"github.com/kubecfg/kubecfg/pkg/share"
)

// playgroundDirs makes an empty data directory and a site directory with
// an index.html, for kubecfg playground's --data-dir and --static-dir.
func playgroundDirs(t *testing.T) (data, site string) {
	dir := t.TempDir()
	data = filepath.Join(dir, "data")
	site = filepath.Join(dir, "site")
	for _, d := range []string{data, site} {
		if err := os.Mkdir(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(site, "index.html"), []byte("<!doctype html>"), 0o644); err != nil {
		t.Fatal(err)
	}
	return data, site
}

// TestPlaygroundFIFOStore runs the real binary on a data directory whose
// snippets.db is a named pipe: it hung for ever, silently, and ignored
// SIGTERM and SIGINT; now it is one clear error and exit status 1.
func TestPlaygroundFIFOStore(t *testing.T) {
	bin := testdata.BuildKubecfg(t)
	data, site := playgroundDirs(t)
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

// TestPlaygroundSignalDuringStartUp sends SIGTERM to the real binary while
// it waits, at start-up, for the lock on a store another process holds
// open: the start-up step ends on the signal, with a sentence that says
// so and exit status 1 (the signal only cancelled a context, and the wait
// went on to its own end, a lock timeout, or for ever on a FIFO).
func TestPlaygroundSignalDuringStartUp(t *testing.T) {
	bin := testdata.BuildKubecfg(t)
	data, site := playgroundDirs(t)
	db := filepath.Join(data, "snippets.db")
	// This process holds the store (bbolt's exclusive lock) for the test.
	held, err := share.OpenBolt(db)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	if _, err := held.PutIfAbsent(t.Context(), share.ID([]byte(`{"a":1}`)), []byte(`{"a":1}`)); err != nil {
		t.Fatal(err)
	}

	cmd := exec.Command(bin, "--alpha", "playground", "-l", "127.0.0.1:0", "--data-dir", data, "--static-dir", site)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	// The store is open in a process of the binary's (the supervised
	// child), which then waits for the lock: signal then.
	deadline := time.Now().Add(20 * time.Second)
	for !holds(db, cmd.Process.Pid) {
		select {
		case err := <-done:
			t.Fatalf("kubecfg playground ended before it opened the store: %v: %s", err, stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("kubecfg playground did not open %s in 20 s", db)
		}
		time.Sleep(2 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatalf("still running 20 s after SIGTERM: %s", stderr.String())
	}
	want := "serve playground: stopped while opening the snippet store " + db + "\n"
	if code := cmd.ProcessState.ExitCode(); code != 1 || !strings.HasSuffix(stderr.String(), want) {
		t.Errorf("exit %d, stderr %q; want 1 and %q", code, stderr.String(), want)
	}
}

// holds reports whether pid or one of its children has path open (Linux
// /proc).
func holds(path string, pid int) bool {
	for _, p := range append([]string{"/proc/" + strconv.Itoa(pid) + "/stat"}, children(pid)...) {
		fds, _ := filepath.Glob(filepath.Join(filepath.Dir(p), "fd", "*"))
		for _, fd := range fds {
			if target, err := os.Readlink(fd); err == nil && target == path {
				return true
			}
		}
	}
	return false
}
