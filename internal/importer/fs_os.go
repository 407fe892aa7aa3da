//go:build !js

package importer

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// OSFS reads the real file system. The CLI uses it.
type OSFS struct{}

// ReadFile reads the named file from disk. Only regular files are read
// (a device such as /dev/zero never ends, a FIFO may never answer), up to
// MaxFileSize; a directory is os.ReadFile's error.
func (OSFS) ReadFile(name string) ([]byte, error) {
	p := filepath.FromSlash(name)
	// Opened without blocking: opening a FIFO for reading waits for a
	// writer.
	f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	switch {
	case st.IsDir():
		f.Close()
		return os.ReadFile(p)
	case !st.Mode().IsRegular():
		f.Close()
		return nil, fmt.Errorf("%s is not a regular file", name)
	case st.Size() > MaxFileSize:
		f.Close()
		return nil, fmt.Errorf("%s is larger than the %d MiB one import may read", name, MaxFileSize>>20)
	}
	b, err := readBounded(f, readTimeout) // closes f
	if errors.Is(err, errStalled) {
		return nil, fmt.Errorf("%s: reading it did not end within %s (a pseudo-file that waits, such as /proc/kmsg, is not read)", name, readTimeout)
	}
	if err == nil && len(b) > MaxFileSize {
		return nil, fmt.Errorf("%s is larger than the %d MiB one import may read", name, MaxFileSize>>20)
	}
	return b, err
}

// readTimeout bounds reading one file: FetchTimeout, as for a URL. A
// regular file on a disk is read long before it; a pseudo-file under /proc
// or /sys that passes the regular-file check can wait forever (/proc/kmsg
// waits for the kernel's next message: its descriptor, opened without
// blocking, parks in the runtime's poller).
var readTimeout = FetchTimeout

// errStalled is readBounded's error past its time limit.
var errStalled = errors.New("read stalled")

// readBounded reads f up to MaxFileSize+1 bytes within timeout. A file
// the runtime polls (as /proc/kmsg) gets a read deadline; for any other
// the read runs in a goroutine that is abandoned at the deadline (a read
// blocked in the kernel cannot be interrupted; it ends with the process or
// when the file answers, and f stays open until then). readBounded closes
// f, or leaves that to the abandoned read.
func readBounded(f *os.File, timeout time.Duration) ([]byte, error) {
	if f.SetReadDeadline(time.Now().Add(timeout)) == nil {
		defer f.Close()
		b, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return nil, errStalled
		}
		return b, err
	}
	type result struct {
		b   []byte
		err error
	}
	done := make(chan result, 1)
	go func() {
		defer f.Close()
		b, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
		done <- result{b, err}
	}()
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case r := <-done:
		return r.b, r.err
	case <-t.C:
		return nil, errStalled
	}
}
