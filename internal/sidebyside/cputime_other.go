//go:build !linux

package sidebyside

import "time"

var start = time.Now()

// cpuTime is the wall time since the process started where the process's
// CPU time is not read (the measurement is meant for Linux).
func cpuTime() time.Duration { return time.Since(start) }
