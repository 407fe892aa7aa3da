package gopin

import (
	"os"
	"runtime"
	"strings"
	"testing"
)

// TestPinned fails when the Go running the tests is not the one go.mod
// pins: CI's fresh machine builds with the same release as here.
func TestPinned(t *testing.T) {
	gomod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	if err := Check(gomod, runtime.Version()); err != nil {
		t.Fatal(err)
	}
}

func TestCheck(t *testing.T) {
	const mod = "module example.com/m\n\ngo 1.26\n\ntoolchain go1.26.8\n\nrequire x v1.0.0\n"
	for _, tc := range []struct {
		name, gomod, running string
		wantErr              string // "" for none
	}{
		{"same", mod, "go1.26.8", ""},
		{"older patch", mod, "go1.26.7", "this is built with go1.26.7 but go.mod pins go1.26.8"},
		{"newer patch", mod, "go1.26.9", "go mod edit -toolchain=go1.26.9"},
		{"newer minor", mod, "go1.27.0", "pins go1.26.8"},
		{"devel", mod, "devel go1.27-abcdef", "built with devel go1.27-abcdef"},
		{"no line", "module m\n\ngo 1.26\n", "go1.26.8", "go.mod has no toolchain line"},
		{"commented out", "module m\n// toolchain go1.26.8\n", "go1.26.8", "no toolchain line"},
		{"CRLF", "module m\r\ngo 1.26\r\ntoolchain go1.26.8\r\n", "go1.26.8", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Check([]byte(tc.gomod), tc.running)
			switch {
			case tc.wantErr == "" && err != nil:
				t.Errorf("Check: %v, want nil", err)
			case tc.wantErr != "" && err == nil:
				t.Errorf("Check: nil, want an error with %q", tc.wantErr)
			case tc.wantErr != "" && !strings.Contains(err.Error(), tc.wantErr):
				t.Errorf("Check: %v, want %q in it", err, tc.wantErr)
			}
		})
	}
}
