//go:build !js

package importer

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"
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
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	switch {
	case st.IsDir():
		return os.ReadFile(p)
	case !st.Mode().IsRegular():
		return nil, fmt.Errorf("%s is not a regular file", name)
	case st.Size() > MaxFileSize:
		return nil, fmt.Errorf("%s is larger than the %d MiB one import may read", name, MaxFileSize>>20)
	}
	b, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err == nil && len(b) > MaxFileSize {
		return nil, fmt.Errorf("%s is larger than the %d MiB one import may read", name, MaxFileSize>>20)
	}
	return b, err
}
