//go:build !kubecfg_noschema

package playground

import (
	"errors"
	"path"
	"strings"

	"github.com/kubecfg/kubecfg/internal/kubecfg"
)

// validated answers a validate request from its Result: each problem a
// warning of kind schema at the Jsonnet line that made it, with its
// object, field path and output line; each note a warning of kind
// schema-note; standard error and the exit status as the CLI's (the
// problems' lines, the notes, then the error). A minor whose schemas the
// engine does not hold is an error of kind schema-missing, never cached
// (store false). done is false for the other errors, which fail as any
// request's.
func (r *Runner) validated(resp *Response, res kubecfg.Result, inv kubecfg.Invocation) (done, store bool) {
	var missing *kubecfg.SchemaMissingError
	if errors.As(res.Err, &missing) {
		r.fail(resp, res.Err)
		resp.Diagnostics[len(resp.Diagnostics)-1].Kind = KindSchemaMissing
		resp.SchemaMissing = missing.Version
		return true, false
	}
	var invalid *kubecfg.InvalidError
	if res.Err != nil && !errors.As(res.Err, &invalid) {
		return false, true
	}
	cwd := path.Join(r.root(), inv.Dir)
	resp.Stderr += res.ProblemText(cwd)
	var lines outputLines
	if len(res.Problems) > 0 {
		lines = outputLinesOf(res.Objects, inv.Output)
	}
	for _, p := range res.Problems {
		obj := p.Object
		d := Diagnostic{Severity: "warning", Kind: KindSchema, Message: p.Text(), Object: &obj, FieldPath: p.Path, Code: p.Code}
		switch {
		case p.Source.File != "":
			d.File, d.Line = relName(p.Source.File, r.root()), p.Source.Line
			d.Column, d.EndLine, d.EndColumn = p.Source.Column, p.Source.EndLine, p.Source.EndColumn
		case !strings.HasPrefix(p.Input, "data:"):
			d.File = relName(path.Join(cwd, p.Input), r.root())
		}
		d.OutputLine = lines.find(p.Object.Index, p.Steps)
		resp.Diagnostics = append(resp.Diagnostics, d)
	}
	for _, n := range res.Notes {
		resp.Diagnostics = append(resp.Diagnostics, Diagnostic{Severity: "warning", Kind: KindSchemaNote, Message: n})
	}
	if invalid != nil {
		resp.Stderr += kubecfg.ErrorText(res.Err)
		resp.ExitCode = 1
	}
	return true, true
}

// outputLines are the lines of show's output that hold values, by
// document (kubecfg.ValueLines).
type outputLines map[int][]kubecfg.OutputLine

// outputLinesOf formats the objects as show prints them and lists the
// lines that hold values; nil when the format is not show's.
func outputLinesOf(objs []kubecfg.Object, format string) outputLines {
	if format == "" {
		format = "yaml"
	}
	out, err := kubecfg.FormatObjects(objs, format)
	if err != nil {
		return nil
	}
	all, err := kubecfg.ValueLines([]byte(out))
	if err != nil {
		return nil
	}
	byDoc := outputLines{}
	for _, l := range all {
		byDoc[l.Doc] = append(byDoc[l.Doc], l)
	}
	return byDoc
}

// find is the output line of the value at steps in document doc: the
// line of its field or item; for an array's element that is an object,
// the line of its first field; for the object itself, its first line.
// 0 when there is none.
func (ls outputLines) find(doc int, steps []any) int {
	lines := ls[doc]
	if len(lines) == 0 {
		return 0
	}
	if len(steps) == 0 {
		return lines[0].Line
	}
	target := "$" + kubecfg.PathExpr(steps)
	for _, l := range lines {
		if l.Path == target {
			return l.Line
		}
	}
	for _, l := range lines {
		if strings.HasPrefix(l.Path, target+".") || strings.HasPrefix(l.Path, target+"[") {
			return l.Line
		}
	}
	return lines[0].Line
}
