// Package memlimit caps the memory of a process that does one piece of
// work (kubecfg httpd's worker, one per request): Go's soft memory limit
// makes the collector work harder near the cap, and a watchdog ends the
// process, with a sentence, once the memory the runtime holds passes it
// anyway. It also says how much memory the machine has, so a server can
// start no more such processes than fit.
package memlimit

import (
	"bufio"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"time"
)

// Every is how often the watchdog looks.
const Every = 5 * time.Millisecond

// samples are what Used reads: all the memory the runtime maps, less what
// it has given back to the system.
var samples = []metrics.Sample{
	{Name: "/memory/classes/total:bytes"},
	{Name: "/memory/classes/heap/released:bytes"},
}

// Used is the memory the Go runtime holds now, in bytes.
func Used() uint64 {
	s := make([]metrics.Sample, len(samples))
	copy(s, samples)
	metrics.Read(s)
	total, released := s[0].Value.Uint64(), s[1].Value.Uint64()
	if released > total {
		return 0
	}
	return total - released
}

// Watch sets Go's soft memory limit to limit bytes and starts a watchdog
// that calls exceeded with the memory used once Used passes limit.
// exceeded must end the process (or the work); Watch returns at once.
func Watch(limit uint64, exceeded func(used uint64)) {
	debug.SetMemoryLimit(int64(limit) * 9 / 10)
	go func() {
		t := time.NewTicker(Every)
		defer t.Stop()
		for range t.C {
			if u := Used(); u > limit {
				exceeded(u)
				return
			}
		}
	}()
}

// Available is the memory the system can give without swapping
// (MemAvailable of /proc/meminfo), and whether it is known.
func Available() (uint64, bool) {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "MemAvailable:")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) != 2 || f[1] != "kB" {
			return 0, false
		}
		kb, err := strconv.ParseUint(f[0], 10, 64)
		return kb << 10, err == nil
	}
	return 0, false
}

// Slots is how many processes of limit bytes each may run at once: at
// most max, no more than the available memory holds (at least one).
func Slots(max int, limit uint64) int {
	avail, ok := Available()
	if !ok || limit == 0 {
		return max
	}
	n := int(avail / limit)
	if n < 1 {
		n = 1
	}
	if n < max {
		return n
	}
	return max
}
