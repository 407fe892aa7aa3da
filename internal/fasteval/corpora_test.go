package fasteval_test

import (
	"io"
	"os"
	"path/filepath"
	"sort"
	"testing"

	jsonnet "github.com/google/go-jsonnet"

	"github.com/kubecfg/kubecfg/internal/fasteval"
	"github.com/kubecfg/kubecfg/internal/sidebyside"
	"github.com/kubecfg/kubecfg/pkg/kubecfg"
)

// TestCorporaGoJsonnet times every one of go-jsonnet's test programs
// with the gate off (go-jsonnet, kubecfg's std rewrites and natives, as
// a session's VM) and on as a session does (the fast evaluator with the
// session's options, at the collector's target of 200% a command with
// it holds, then go-jsonnet when it falls back), side by side,
// and prints the median ratio and the slowest programs. It runs only
// when FASTEVAL_CORPORA is set.
func TestCorporaGoJsonnet(t *testing.T) {
	o := sidebyside.FromEnv(t)
	dir, progs := programs(t)
	imp := &jsonnet.FileImporter{JPaths: []string{dir}}
	names := make([]string, 0, len(progs))
	for n := range progs {
		names = append(names, n)
	}
	sort.Strings(names)
	var cases []sidebyside.Case
	for _, n := range names {
		if slow[filepath.Base(n)] {
			continue
		}
		src := progs[n]
		off := func() error {
			vm := goVM(imp)
			_, err := vm.EvaluateSnippet(n, src)
			return err
		}
		fellBack := false
		on := func() error {
			e := fasteval.New(fasteval.Options{Importer: imp, Natives: append(kubecfgStd(), natives...), ExtVars: vars(), TraceOut: io.Discard, GCPercent: 200})
			if _, err := e.Evaluate(n, src); err == nil {
				return nil
			}
			fellBack = true
			return off()
		}
		werr := off()
		_ = on()
		cases = append(cases, sidebyside.Case{
			Name: filepath.Base(n), Fails: werr != nil, FellBack: fellBack,
			Off: func() { _ = off() }, On: func() { _ = on() },
		})
	}
	sidebyside.Print(os.Stdout, "go-jsonnet's test programs", sidebyside.Measure(cases, o), 12)
}

// slow are go-jsonnet's programs left out of the measurement: none yet.
var slow = map[string]bool{}

// goVM is a VM as go-jsonnet's harness configures it (diff_test.go's
// settings) with kubecfg's std rewrites, as a session's.
func goVM(imp jsonnet.Importer) *jsonnet.VM {
	return harnessVM(imp, io.Discard, append(kubecfgStd(), natives...))
}

// TestCorporaBench times kubecfg show (YAML, pkg/kubecfg.Run) on the
// benchmark programs with fast-eval off and on, as TestCorporaGoJsonnet
// does, and the same programs failing in their last field (the error
// path). It runs only when FASTEVAL_CORPORA is set.
func TestCorporaBench(t *testing.T) {
	o := sidebyside.FromEnv(t)
	var cases []sidebyside.Case
	for _, p := range benchPrograms(t) {
		env := kubecfg.OSEnv(filepath.Dir(p.file), io.Discard)
		for _, failing := range []bool{false, true} {
			inv := kubecfg.Invocation{Inputs: []string{filepath.Base(p.file)}}
			name := p.name
			if failing {
				inv = kubecfg.Invocation{Exec: "(import '" + filepath.Base(p.file) + "') + { zzzz: error 'boom' }"}
				name += ", failing in its last field"
			}
			if p.jpath != nil {
				inv.JPath = []string{"vendor"}
			}
			fastInv := inv
			fastInv.Features = []string{"fast-eval"}
			want, got := kubecfg.Run(inv, env), kubecfg.Run(fastInv, env)
			if (want.Err != nil) != failing || got.Output != want.Output ||
				(failing && kubecfg.ErrorText(got.Err) != kubecfg.ErrorText(want.Err)) {
				t.Fatalf("%s: the outputs differ (%v, %v)", name, want.Err, got.Err)
			}
			cases = append(cases, sidebyside.Case{
				Name: name, Fails: failing,
				Off: func() { kubecfg.Run(inv, env) }, On: func() { kubecfg.Run(fastInv, env) },
			})
		}
	}
	sidebyside.Print(os.Stdout, "the benchmark programs (kubecfg show)", sidebyside.Measure(cases, o), 12)
}
