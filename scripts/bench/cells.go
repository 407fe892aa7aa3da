package main

import (
	"embed"
	"fmt"
	"github.com/kubecfg/kubecfg/internal/kubecfg"
	"path"
	"strings"

	"github.com/kubecfg/kubecfg/pkg/playground"
)

//go:embed testdata/*.jsonnet
var programs embed.FS

// program is one benchmark program: testdata/NAME.jsonnet.
type program struct {
	name, file, src string
}

// loadPrograms returns the programs named, in order.
func loadPrograms(names []string) ([]program, error) {
	var out []program
	for _, n := range names {
		src, err := programs.ReadFile("testdata/" + n + ".jsonnet")
		if err != nil {
			return nil, fmt.Errorf("loading benchmark program %s: %w", n, err)
		}
		out = append(out, program{name: n, file: n + ".jsonnet", src: string(src)})
	}
	return out, nil
}

// variant returns the program's text with a comment naming the cell and
// call i, so that every call is a workspace the playground has not seen:
// no cached VM, objects or response (pkg/playground.Runner keeps them per
// workspace, and the wasm shim has one Runner for all cells). The comment
// changes nothing else.
func (p program) variant(cell string, i int) string {
	return p.src + fmt.Sprintf("\n// %s call %d\n", cell, i)
}

// bareCall is one call of bare go-jsonnet: a new VM evaluating code.
type bareCall struct {
	File string `json:"file"`
	Code string `json:"code"`
}

// schedule returns the order of the calls as (cell index, call index):
// the cells that are not alone take turns, one call each, so that a change
// of load on the machine falls on all of them alike; then each alone cell
// runs its calls in a row.
func schedule(cells []cell) [][2]int {
	var out [][2]int
	longest := 0
	for _, c := range cells {
		if !c.alone {
			longest = max(longest, c.calls())
		}
	}
	for i := 0; i < longest; i++ {
		for k, c := range cells {
			if !c.alone && i < c.calls() {
				out = append(out, [2]int{k, i})
			}
		}
	}
	for k, c := range cells {
		if c.alone {
			for i := 0; i < c.calls(); i++ {
				out = append(out, [2]int{k, i})
			}
		}
	}
	return out
}

// cell is one measured quantity: a sequence of calls on one platform's
// evaluator, of which the first warm are not measured. kubecfg calls run
// in order on one playground.Runner (the wasm shim keeps one for the
// page), so a cell can warm a workspace and then measure new requests on
// it.
type cell struct {
	name string
	warm int
	// alone cells run by themselves, after the others have taken turns:
	// they measure requests against a workspace the Runner remembers,
	// and the wasm shim's one Runner would forget it if other cells'
	// calls came in between.
	alone bool
	bare  []bareCall
	reqs  []playground.Request
}

func (c cell) calls() int { return len(c.bare) + len(c.reqs) }

// Cell names: PROGRAM/KIND.
const (
	kindBare     = "bare"
	kindShow     = "show"
	kindEval     = "eval"
	kindExprCold = "eval-e-cold"
	kindExprWarm = "eval-e-warm"
	kindTrace    = "trace-line"
)

func cellName(p, kind string) string { return p + "/" + kind }

// newExprs are the -e of the warm and cold cells, with a suffix that
// makes every call a new expression: the whole value (what
// pkg/playground's BenchmarkEvalWarmNewExpr measures) and one object of
// the 200 (BenchmarkSelectWarm).
var newExprs = []struct{ kind, expr string }{
	{"", "[$, %d]"},
	{"-select", "[$.app42.deployment, %d]"},
}

// exprProgram is the program the -e cells run on.
const exprProgram = "k8s200"

// makeCells returns the cells for the programs: for each, bare go-jsonnet,
// show (YAML, kubecfg's default) and eval -o json through the playground;
// for exprProgram also a new -e on a fresh workspace (cold) and on one
// evaluated before (warm).
func makeCells(progs []program, warm, n int) []cell {
	var cells []cell
	total := warm + n
	for _, p := range progs {
		bare := cell{name: cellName(p.name, kindBare), warm: warm}
		show := cell{name: cellName(p.name, kindShow), warm: warm}
		eval := cell{name: cellName(p.name, kindEval), warm: warm}
		for i := 0; i < total; i++ {
			bare.bare = append(bare.bare, bareCall{File: p.file, Code: p.variant(bare.name, i)})
			show.reqs = append(show.reqs, request(p, show.name, i, "show", ""))
			eval.reqs = append(eval.reqs, request(p, eval.name, i, "eval", ""))
		}
		cells = append(cells, bare, show, eval)
		if p.name != exprProgram {
			continue
		}
		for _, e := range newExprs {
			cold := cell{name: cellName(p.name, kindExprCold+e.kind), warm: warm}
			hot := cell{name: cellName(p.name, kindExprWarm+e.kind), warm: warm + 1, alone: true}
			hot.reqs = append(hot.reqs, request(p, hot.name, -1, "eval", "$"))
			for i := 0; i < total; i++ {
				cold.reqs = append(cold.reqs, request(p, cold.name, i, "eval", fmt.Sprintf(e.expr, i)))
				hot.reqs = append(hot.reqs, request(p, hot.name, -1, "eval", fmt.Sprintf(e.expr, i)))
			}
			cells = append(cells, cold, hot)
		}
		cells = append(cells, traceCell(p, warm, total))
	}
	return cells
}

// traceCell clicks output lines of p's show: the unchanged workspace shown
// first (not measured), then a trace of a Deployment's replicas line each
// call, a new line each time so that no response is cached.
func traceCell(p program, warm, total int) cell {
	c := cell{name: cellName(p.name, kindTrace), warm: warm + 1, alone: true}
	show := request(p, c.name, -1, "show", "")
	c.reqs = append(c.reqs, show)
	var lines []int
	for i, l := range strings.Split(playground.Run(show).Output, "\n") {
		if strings.HasPrefix(l, "  replicas:") {
			lines = append(lines, i+1)
		}
	}
	for i := 0; i < total && len(lines) > 0; i++ {
		req := show
		req.TraceLine = lines[i%len(lines)]
		c.reqs = append(c.reqs, req)
	}
	return c
}

// request is a playground request for call i of a cell on p (i < 0: the
// unchanged workspace).
func request(p program, cell string, i int, command, expr string) playground.Request {
	src := p.src
	if i >= 0 {
		src = p.variant(cell, i)
	}
	req := playground.Request{Files: map[string]string{p.file: src}, Invocation: kubecfg.Invocation{Entry: path.Base(p.file), Command: command}}
	if command == "eval" {
		req.Features = []string{"eval"}
		req.Output = "json"
		req.Expr = expr
	}
	return req
}
