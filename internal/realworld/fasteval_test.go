package realworld_test

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/fasteval"
	"github.com/kubecfg/kubecfg/internal/realworld"
	"github.com/kubecfg/kubecfg/internal/testdata"
	"github.com/kubecfg/kubecfg/pkg/playground"
)

// TestSuiteCLIFastEval runs every recorded case as TestSuiteCLI does with
// the fast evaluator on (KUBECFG_FEATURES=fast-eval, issue 32): stdout,
// stderr and exit status must still be the reference kubecfg's, byte for
// byte. A case whose command line gives --features itself runs with its
// own features.
func TestSuiteCLIFastEval(t *testing.T) {
	dir := testdata.Dir(t, suite)
	cases := load(t, dir)
	bin := testdata.BuildKubecfg(t)
	if runtime.GOOS == "windows" {
		t.Skip("the wrapper is a shell script")
	}
	wrapper := filepath.Join(t.TempDir(), "kubecfg-fast")
	script := "#!/bin/sh\nKUBECFG_FEATURES=fast-eval exec '" + bin + "' \"$@\"\n"
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	runCLI(t, dir, cases, wrapper)
}

// TestSuiteEnvelopeFastEval is TestSuiteEnvelope with the fast evaluator
// on (the request's features name fast-eval): the output, stderr and exit
// code must still be the reference kubecfg's. It logs how many
// evaluations the fast evaluator finished and how many fell back.
func TestSuiteEnvelopeFastEval(t *testing.T) {
	dir := testdata.Dir(t, suite)
	cases := load(t, dir)
	run := copyTemp(t, dir)
	files := readTree(t, run)
	fast0, fell0 := fasteval.Totals()
	fasteval.FallbackHook = func(file, reason string) {
		if i := strings.IndexByte(reason, '\n'); i >= 0 && !testing.Verbose() {
			reason = reason[:i]
		}
		t.Logf("fell back: %s: %s", strings.ReplaceAll(file, run, realworld.DirToken), reason)
	}
	defer func() { fasteval.FallbackHook = nil }()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			want, err := realworld.Expected(dir, c)
			if err != nil {
				t.Fatal(err)
			}
			req, err := requestFor(c.Command)
			if err != nil {
				t.Fatal(err)
			}
			req.Features = append(req.Features, "fast-eval")
			req.Files = files
			resp := (&playground.Runner{Root: filepath.ToSlash(run)}).Run(req)
			got := realworld.Result{
				Stdout: strings.ReplaceAll(resp.Output, run, realworld.DirToken),
				Stderr: strings.ReplaceAll(resp.Stderr, run, realworld.DirToken),
				Code:   resp.ExitCode,
			}
			if d := realworld.Diff(want, got); d != "" {
				t.Errorf("%s\nas %s\n%s", c.Command, resp.Command, d)
			}
		})
	}
	fast, fell := fasteval.Totals()
	t.Logf("%d cases: the fast evaluator finished %d evaluations, left %d to go-jsonnet", len(cases), fast-fast0, fell-fell0)
}
