// Package testdata finds the third-party test suites that live beside the
// checkout in ../shared/testdata (the YAML test suite, go-jsonnet's test
// programs). Tests run them in place; nothing is copied into the project.
package testdata

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// EnvVar overrides the directory that holds the suites.
const EnvVar = "KUBECFG_TESTDATA"

// Root returns the directory that holds the suites: $KUBECFG_TESTDATA, or
// ../shared/testdata beside the repository root.
func Root() string {
	if d := os.Getenv(EnvVar); d != "" {
		return d
	}
	_, file, _, _ := runtime.Caller(0)
	repo := filepath.Dir(filepath.Dir(filepath.Dir(file)))
	return filepath.Join(filepath.Dir(repo), "shared", "testdata")
}

// Dir returns the directory of one suite, or skips the test with a visible
// reason when it is absent. In CI (CI=true) an absent suite fails instead.
func Dir(tb testing.TB, suite string) string {
	tb.Helper()
	d := filepath.Join(Root(), suite)
	if _, err := os.Stat(d); err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("test suite %s not found at %s (set %s)", suite, d, EnvVar)
		}
		tb.Skipf("test suite %s not found at %s (set %s to run it)", suite, d, EnvVar)
	}
	return d
}

// BuildKubecfg builds ./cmd/kubecfg into a temporary directory of the test
// and returns the binary's path, for tests that run the real CLI. Under
// GOOS=js (the tests run by go_js_wasm_exec in Node) there is no go
// command to run nor a process to start: the test is skipped, saying so.
func BuildKubecfg(tb testing.TB) string {
	tb.Helper()
	if runtime.GOOS == "js" {
		tb.Skip("skipped under GOOS=js: this test builds and runs the kubecfg binary, and js/wasm starts no processes")
	}
	bin := filepath.Join(tb.TempDir(), "kubecfg")
	cmd := exec.Command("go", "build", "-o", bin, "github.com/kubecfg/kubecfg/cmd/kubecfg")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("building kubecfg: %v\n%s", err, out)
	}
	return bin
}
