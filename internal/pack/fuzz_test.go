package pack

import (
	"strings"
	"testing"
)

// FuzzPackedRef: the packed-refs reader never panics and returns only a
// full commit hash named on a line of its own.
func FuzzPackedRef(f *testing.F) {
	h := strings.Repeat("ab", 20)
	f.Add("# pack-refs with: peeled fully-peeled sorted\n"+h+" refs/heads/main\n^"+h+"\n", "refs/heads/main")
	f.Add(h+" refs/heads/main", "refs/heads/other")
	f.Add("nothash refs/heads/main\n", "refs/heads/main")
	f.Fuzz(func(t *testing.T, data, name string) {
		hash, ok := packedRef([]byte(data), name)
		if !ok {
			return
		}
		if !hashRE.MatchString(hash) || !strings.Contains(data, hash+" "+name) {
			t.Fatalf("packedRef(%q, %q) = %q", data, name, hash)
		}
	})
}

func TestPackedRef(t *testing.T) {
	h := strings.Repeat("0", 40)
	data := "# header\n" + h + " refs/heads/main\n^" + strings.Repeat("1", 40) + "\n"
	if got, ok := packedRef([]byte(data), "refs/heads/main"); !ok || got != h {
		t.Errorf("main: %q %v", got, ok)
	}
	if _, ok := packedRef([]byte(data), "refs/heads/none"); ok {
		t.Error("found a ref that is not there")
	}
}
