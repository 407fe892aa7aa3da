package yakl

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/golden"
)

// TestGolden compiles every testdata/*.yakl file and checks Compile,
// Desugar, the value, the line count, and that both outputs evaluate alike.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.yakl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test cases: %v", err)
	}
	for _, file := range files {
		base := strings.TrimSuffix(file, ".yakl")
		t.Run(filepath.Base(base), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			compiled, cerr := Compile(file, src)
			desugared, derr := Desugar(file, src)
			if cerr != nil {
				var ye *Error
				if !errors.As(cerr, &ye) {
					t.Errorf("Compile error is %T, not *Error", cerr)
				}
				if derr == nil || derr.Error() != cerr.Error() {
					t.Errorf("Desugar error %v differs from Compile error %v", derr, cerr)
				}
				golden.Check(t, base+".err", cerr.Error()+"\n")
				for _, ext := range []string{".compiled.jsonnet", ".desugared.jsonnet", ".json"} {
					golden.Remove(t, base+ext)
				}
				return
			}
			golden.Remove(t, base+".err")
			if derr != nil {
				t.Fatalf("Compile worked but Desugar failed: %v", derr)
			}
			if got, want := strings.Count(compiled, "\n"), strings.Count(string(src), "\n"); got != want {
				t.Errorf("compiled code has %d newlines, the source %d", got, want)
			}
			golden.Check(t, base+".compiled.jsonnet", compiled)
			golden.Check(t, base+".desugared.jsonnet", desugared)
			cv, cerr := evalJSON(file, compiled)
			dv, derr := evalJSON(file, desugared)
			if cerr != nil {
				if derr == nil {
					t.Errorf("compiled code fails (%v) but desugared evaluates", cerr)
				}
				golden.Check(t, base+".json", "ERROR: "+cerr.Error())
				return
			}
			if derr != nil {
				t.Fatalf("compiled code evaluates but desugared fails: %v", derr)
			}
			if same, err := sameJSON(cv, dv); err != nil || !same {
				t.Errorf("eval(Compile) != eval(Desugar): %s vs %s (%v)", cv, dv, err)
			}
			golden.Check(t, base+".json", cv)
		})
	}
}

const rfc06Pod = `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: web
    image: ${kubecfg.resolveImage('nginx:1.27')}
`

// rfc06PodDesugared is RFC06's text for the Pod, verbatim.
const rfc06PodDesugared = `local kubecfg = import 'internal:///kubecfg.libsonnet',
      yakl__kubecfg = kubecfg;
{
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name: 'web',
  },
  spec: {
    containers: [
      {
        name: 'web',
        image: kubecfg.resolveImage('nginx:1.27'),
      },
    ],
  },
}
`

func TestDesugarRFC06Pod(t *testing.T) {
	got, err := Desugar("pod.yakl", []byte(rfc06Pod))
	if err != nil {
		t.Fatal(err)
	}
	if got != rfc06PodDesugared {
		t.Errorf("Desugar(RFC06 Pod) =\n%s\nwant\n%s", got, rfc06PodDesugared)
	}
}
