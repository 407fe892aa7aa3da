package memlimit

import (
	"runtime/debug"
	"testing"
	"time"
)

// TestWatch: memory held past the limit is seen by the watchdog, which
// calls exceeded once with what it saw.
func TestWatch(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	limit := Used() + 32<<20
	seen := make(chan uint64, 2)
	Watch(limit, func(used uint64) { seen <- used })
	var held [][]byte
	for i := 0; i < 16; i++ {
		b := make([]byte, 8<<20)
		for j := range b {
			b[j] = byte(j)
		}
		held = append(held, b)
	}
	select {
	case used := <-seen:
		if used <= limit {
			t.Errorf("exceeded(%d) at or under the limit %d", used, limit)
		}
	case <-time.After(5 * time.Second):
		t.Fatalf("128 MiB held past a limit of %d MiB, and the watchdog said nothing", limit>>20)
	}
	if len(held) != 16 {
		t.Fatal("unreachable")
	}
}

// TestSlots: never more than max, never fewer than one.
func TestSlots(t *testing.T) {
	if n := Slots(8, 1); n != 8 {
		t.Errorf("Slots(8, 1 byte) = %d, want 8", n)
	}
	if n := Slots(8, 1<<62); n != 1 {
		t.Errorf("Slots(8, 4 EiB) = %d, want 1", n)
	}
	if avail, ok := Available(); ok && avail == 0 {
		t.Errorf("Available() = 0 with ok")
	}
}
