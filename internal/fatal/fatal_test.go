package fatal

import "testing"

func TestMessage(t *testing.T) {
	for _, tc := range []struct {
		line, want string
		ok         bool
	}{
		{"runtime: goroutine stack exceeds 1000000000-byte limit\n", Overflow, true},
		{"fatal error: stack overflow", Overflow, true},
		{"fatal error: runtime: out of memory\n", OutOfMemory, true},
		{"runtime: out of memory: cannot allocate 1073741824-byte block\n", OutOfMemory, true},
		{"fatal error: concurrent map writes\n", Other, true},
		{"error reading a.jsonnet: fatal error: no\n", "", false},
		{"", "", false},
	} {
		if got, ok := Message(tc.line); got != tc.want || ok != tc.ok {
			t.Errorf("Message(%q) = %q, %v; want %q, %v", tc.line, got, ok, tc.want, tc.ok)
		}
	}
}

// TestWasmReports: the wasm table names everything the native one does,
// the same way, and its own report first.
func TestWasmReports(t *testing.T) {
	if len(WasmReports) != len(Reports)+1 || WasmReports[0].Message != Overflow {
		t.Fatalf("WasmReports = %v", WasmReports)
	}
	for i, r := range Reports {
		if WasmReports[i+1] != r {
			t.Errorf("WasmReports[%d] = %v, want %v", i+1, WasmReports[i+1], r)
		}
	}
}
