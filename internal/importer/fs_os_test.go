//go:build !js

package importer

import (
	"errors"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestOSFSRefuses: only regular files are read, up to MaxFileSize, each
// refusal naming the file; nothing blocks or grows without bound.
func TestOSFSRefuses(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.txt")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(MaxFileSize + 1) // sparse
	f.Close()
	ok := filepath.Join(dir, "ok.txt")
	os.WriteFile(ok, []byte("fine"), 0o644)
	link := filepath.Join(dir, "zero.jsonnet")
	os.Symlink("/dev/zero", link)
	for _, tc := range []struct{ name, path, err string }{
		{"a device", "/dev/zero", "/dev/zero is not a regular file"},
		{"a symlink to a device", link, link + " is not a regular file"},
		{"a FIFO", fifo, fifo + " is not a regular file"},
		{"a file past the cap", big, big + " is larger than the 64 MiB one import may read"},
		{"a directory", dir, "is a directory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			done := make(chan error, 1)
			go func() { _, err := OSFS{}.ReadFile(filepath.ToSlash(tc.path)); done <- err }()
			select {
			case err := <-done:
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("ReadFile(%s) = %v, want %q", tc.path, err, tc.err)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("ReadFile(%s) did not return", tc.path)
			}
		})
	}
	if b, err := (OSFS{}).ReadFile(filepath.ToSlash(ok)); err != nil || string(b) != "fine" {
		t.Errorf("a regular file: %q, %v", b, err)
	}
	if _, err := (OSFS{}).ReadFile(filepath.ToSlash(filepath.Join(dir, "nope"))); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v, want fs.ErrNotExist", err)
	}
}

// TestHTTPFetcherCap: an answer past MaxFileSize is an error naming the
// URL, not a silently cut file.
func TestHTTPFetcherCap(t *testing.T) {
	chunk := make([]byte, 1<<20)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i <= MaxFileSize>>20; i++ {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	}))
	defer srv.Close()
	_, err := HTTPFetcher{Client: srv.Client()}.Fetch(srv.URL + "/big.libsonnet")
	if err == nil || !strings.Contains(err.Error(), srv.URL+"/big.libsonnet is larger than the 64 MiB one import may read") {
		t.Fatalf("error = %v", err)
	}
}

// TestOSFSStalledRead: a pseudo-file that passes the regular-file check
// but waits for data (/proc/kmsg waits for the kernel's next message; its
// descriptor parked in the runtime's poller and the import hung) ends
// with one error within the read's time limit.
func TestOSFSStalledRead(t *testing.T) {
	const kmsg = "/proc/kmsg"
	f, err := os.OpenFile(kmsg, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Skipf("%s cannot be opened here (%v): nothing to test against", kmsg, err)
	}
	f.Close()
	defer func(d time.Duration) { readTimeout = d }(readTimeout)
	readTimeout = 300 * time.Millisecond
	done := make(chan error, 1)
	go func() {
		// Twice: the first read may drain messages the kernel already had.
		_, err := OSFS{}.ReadFile(kmsg)
		if err == nil {
			_, err = OSFS{}.ReadFile(kmsg)
		}
		done <- err
	}()
	select {
	case err := <-done:
		want := kmsg + ": reading it did not end within 300ms (a pseudo-file that waits, such as /proc/kmsg, is not read)"
		if err == nil || err.Error() != want {
			t.Errorf("ReadFile(%s) = %v, want %q", kmsg, err, want)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("ReadFile(%s) did not return", kmsg)
	}
}
