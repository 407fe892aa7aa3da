//go:build unix

package site

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestUntilDoneEndsABlockedStep: a start-up step blocked in the kernel
// (opening a named pipe with no writer, which is what a FIFO snippets.db
// did, for ever) no longer holds Serve once ctx is done: untilDone
// returns errStopped at once, and what the step returns later is
// discarded.
func TestUntilDoneEndsABlockedStep(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	started := make(chan struct{})
	discarded := make(chan *os.File, 1)
	type result struct{ err error }
	got := make(chan result, 1)
	go func() {
		_, err := untilDone(ctx, func() (*os.File, error) {
			close(started)
			return os.Open(fifo) // blocks until a writer opens the pipe
		}, func(f *os.File) { discarded <- f })
		got <- result{err}
	}()
	<-started
	cancel()
	select {
	case r := <-got:
		if !errors.Is(r.err, errStopped) {
			t.Fatalf("untilDone = %v, want errStopped", r.err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("untilDone did not return within 5 s of the cancel")
	}
	// A writer lets the blocked open finish: its file is discarded.
	w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	select {
	case f := <-discarded:
		f.Close()
	case <-time.After(5 * time.Second):
		t.Fatal("the late result was not discarded")
	}
}
