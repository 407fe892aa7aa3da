package hostile

import (
	"testing"

	"github.com/kubecfg/kubecfg/internal/fasteval"
	"github.com/kubecfg/kubecfg/pkg/playground"
)

// TestEnvelopeFastEval runs the Error and OK cases with the fast
// evaluator on (fast-eval, issue 32) and off, each on a Runner of its
// own: the responses' output, stderr and exit code must be the same. It
// logs how many evaluations the fast evaluator finished and how many it
// left to go-jsonnet.
func TestEnvelopeFastEval(t *testing.T) {
	cases := load(t)
	plain, fast := &playground.Runner{}, &playground.Runner{}
	fast0, fell0 := fasteval.Totals()
	n, okFell := 0, int64(0)
	for _, c := range cases {
		if c.Envelope != Error && c.Envelope != OK {
			continue
		}
		n++
		t.Run(c.Name, func(t *testing.T) {
			want := runBounded(t, plain, c.Request)
			req := c.Request
			req.Features = append(append([]string(nil), req.Features...), "fast-eval")
			_, before := fasteval.Totals()
			got := runBounded(t, fast, req)
			if _, after := fasteval.Totals(); c.Envelope == OK {
				okFell += after - before
			}
			if got.Output != want.Output || got.Stderr != want.Stderr || got.ExitCode != want.ExitCode {
				t.Errorf("with fast-eval: exit %d, output %q, stderr %q; without: exit %d, output %q, stderr %q",
					got.ExitCode, clip(got.Output), clip(got.Stderr), want.ExitCode, clip(want.Output), clip(want.Stderr))
			}
		})
	}
	f, l := fasteval.Totals()
	t.Logf("%d cases: the fast evaluator finished %d evaluations, left %d to go-jsonnet (%d of them in cases that succeed)", n, f-fast0, l-fell0, okFell)
}
