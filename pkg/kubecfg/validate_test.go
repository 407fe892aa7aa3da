package kubecfg_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/kubecfg/kubecfg/pkg/kubecfg"
)

// TestRunValidate: validate through the public face, in the command
// line's Env (OSEnv: the schemas built in): the problem at its line.
func TestRunValidate(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "app.jsonnet"), []byte("{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' },\n  data: { x: 1 } }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := kubecfg.Run(kubecfg.Invocation{Command: "validate", Inputs: []string{"app.jsonnet"}, Features: []string{"offline-validate"}}, kubecfg.OSEnv(dir, nil))
	if res.ExitCode() != 1 || len(res.Problems) != 1 {
		t.Fatalf("exit %d, problems %+v, error %v", res.ExitCode(), res.Problems, res.Err)
	}
	var p kubecfg.Problem = res.Problems[0]
	if got, want := p.Line(filepath.ToSlash(dir)), "app.jsonnet:2: ConfigMap a: data.x: expected string, got integer"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}
