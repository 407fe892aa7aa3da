package langserv

import (
	"errors"
	"fmt"
	"io"
	"strings"

	jsonnet "github.com/google/go-jsonnet"
	"github.com/google/go-jsonnet/ast"
	"github.com/google/go-jsonnet/formatter"
	"github.com/google/go-jsonnet/linter"
)

// format answers format: the text as jsonnetfmt prints it with its
// default options. The formatter rewrites only layout, so the program's
// meaning cannot change; a file that does not parse is not formatted.
func format(p, text string) Response {
	resp := Response{Op: OpFormat}
	if strings.HasSuffix(p, ".yakl") {
		resp.Error = p + ": a .yakl file is YAML; only Jsonnet files are formatted"
		return resp
	}
	if tooDeep(text) {
		resp.Error = p + " is " + errTooDeep + ", so it is not formatted"
		return resp
	}
	out, err := formatter.Format(p, text, formatter.DefaultOptions())
	if err != nil {
		resp.Error = fmt.Sprintf("%s does not parse, so it is not formatted: %s", p, strings.TrimSpace(err.Error()))
		return resp
	}
	resp.Format = &Formatted{Text: out, Changed: out != text}
	return resp
}

// lint answers lint: go-jsonnet's linter on the file, with the
// workspace's files to import. Its findings in this file are warnings; a
// file that does not parse has none (the evaluation reports that).
func lint(ws *workspace, p, text string) Response {
	resp := Response{Op: OpLint, Diagnostics: []Diagnostic{}}
	switch {
	case strings.HasSuffix(p, ".yakl"):
		resp.Error = p + ": a .yakl file is not linted"
		return resp
	case p == ExpressionPath:
		text = "local kubecfg = import 'kubecfg.libsonnet';\n" + text
	}
	if tooDeep(text) {
		resp.Error = p + " is " + errTooDeep + ", so it is not linted"
		return resp
	}
	if _, err := jsonnet.SnippetToAST(p, text); err != nil {
		return resp
	}
	vm := jsonnet.MakeVM()
	vm.Importer(&lintImporter{ws: ws, cache: map[string]jsonnet.Contents{}})
	rec := &recorder{}
	vm.ErrorFormatter = rec
	linter.LintSnippet(vm, io.Discard, []linter.Snippet{{FileName: p, Code: text}})
	src := newSource(text)
	resp.Diagnostics = append(resp.Diagnostics, unusedParams(p, text, src)...)
	for _, e := range rec.errs {
		lr := e.Loc()
		if lr.FileName != p || !lr.IsSet() || strings.Contains(e.Error(), errNotLinted.Error()) {
			continue
		}
		from, to := src.locOffset(lr.Begin), src.locOffset(lr.End)
		d := Diagnostic{Range: src.span(p, from, max(to, from)), Message: message(e), Severity: "warning"}
		if p == ExpressionPath {
			// the predefined line is not in the box
			d.Start.Line--
			d.End.Line--
			if d.Start.Line < 1 {
				continue
			}
		}
		resp.Diagnostics = append(resp.Diagnostics, d)
	}
	return resp
}

// located is a go-jsonnet static error: the linter's findings.
type located interface {
	error
	Loc() ast.LocationRange
}

// recorder is a jsonnet.ErrorFormatter that keeps the linter's findings.
type recorder struct{ errs []located }

func (r *recorder) Format(err error) string {
	if e, ok := err.(located); ok {
		r.errs = append(r.errs, e)
	}
	return err.Error()
}
func (r *recorder) SetMaxStackTraceSize(int)                 {}
func (r *recorder) SetColorFormatter(jsonnet.ColorFormatter) {}

// message is a finding's text without the location go-jsonnet puts first.
func message(e located) string {
	msg := e.Error()
	if lr := e.Loc(); lr.IsSet() {
		msg = strings.TrimPrefix(msg, lr.String()+" ")
	}
	return strings.TrimSpace(msg)
}

// errNotLinted is what the linter gets for a yakl: import: the language
// service has no YAKL compiler (it would double its size), so the
// imported value is unknown, and the finding is dropped.
var errNotLinted = errors.New("yakl: imports are not followed by the linter")

// lintImporter gives the linter the workspace's files, the library and
// compiled .yakl files.
// go-jsonnet wants the same Contents each time a path is imported.
type lintImporter struct {
	ws    *workspace
	cache map[string]jsonnet.Contents
}

func (im *lintImporter) Import(from, imp string) (jsonnet.Contents, string, error) {
	p := im.ws.resolve(from, imp)
	if p == "" {
		return jsonnet.Contents{}, "", fmt.Errorf("couldn't open import %q: no match in the workspace", imp)
	}
	if strings.HasPrefix(imp, "yakl:") {
		return jsonnet.Contents{}, "", errNotLinted
	}
	if c, ok := im.cache[p]; ok {
		return c, p, nil
	}
	text, _ := im.ws.text(p)
	c := jsonnet.MakeContents(text)
	im.cache[p] = c
	return c, p, nil
}

// unusedParams are the parameters no code reads (go-jsonnet's linter
// reports unused locals only). A name that starts with _ is left alone.
func unusedParams(p, text string, src *source) []Diagnostic {
	if p == ExpressionPath {
		return nil
	}
	f := parse(p, text)
	var out []Diagnostic
	for _, b := range analyze(f, -1).bindings {
		if b.kind == "parameter" && len(b.uses) == 0 && !strings.HasPrefix(b.name, "_") {
			out = append(out, Diagnostic{Range: src.span(p, b.def, b.def+len(b.name)),
				Message: "Unused parameter: " + b.name, Severity: "warning"})
		}
	}
	return out
}
