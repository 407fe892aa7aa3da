package yamlout

import (
	"flag"
	"math/rand"
	"testing"
)

var randomValues = flag.Int("random", 20000, "how many pseudo-random values TestRandomValues compares")

// TestRandomValues runs the fuzz target's value generator on a fixed
// sequence of pseudo-random inputs, so every go test compares thousands of
// values with go-yaml v2 even without -fuzz.
func TestRandomValues(t *testing.T) {
	n := *randomValues
	if testing.Short() {
		n = 2000
	}
	r := rand.New(rand.NewSource(1))
	compared := 0
	for range n {
		data := make([]byte, r.Intn(300))
		r.Read(data)
		v := (&gen{b: data}).value(0)
		if !consistentOrder(v) {
			continue
		}
		same(t, v)
		compared++
	}
	if compared < n/2 {
		t.Fatalf("only %d of %d values compared", compared, n)
	}
}
