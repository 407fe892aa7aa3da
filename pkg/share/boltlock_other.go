//go:build !unix && !js

package share

import (
	"os"
	"time"
)

// lockShared does nothing where flock is missing: the check reads the file
// unlocked, and bbolt's own lock still keeps a second writer out.
func lockShared(*os.File, time.Duration) error { return nil }

// openNonblock opens path for reading (its type was checked first).
func openNonblock(path string) (*os.File, error) { return os.Open(path) }
