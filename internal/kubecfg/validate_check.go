//go:build !kubecfg_noschema

package kubecfg

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/kubecfg/kubecfg/pkg/features"
	"github.com/kubecfg/kubecfg/pkg/validate"
)

// ValidateBuiltIn says whether this engine has the schema check: every
// build but the browser's core engine.
const ValidateBuiltIn = true

// parsed keeps the last schemas parsed per minor, with the bytes they were
// parsed from: a session validates again after every edit.
var parsed struct {
	sync.Mutex
	byVersion map[string]parsedSchemas
}

type parsedSchemas struct {
	data    []byte
	schemas *validate.Schemas
}

// schemasOf parses a minor's schemas, or returns those parsed before from
// the same bytes.
func schemasOf(version string, data []byte) (*validate.Schemas, error) {
	parsed.Lock()
	defer parsed.Unlock()
	if p, ok := parsed.byVersion[version]; ok && bytes.Equal(p.data, data) {
		return p.schemas, nil
	}
	s, err := validate.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("the schemas of Kubernetes %s: %w", version, err)
	}
	if parsed.byVersion == nil {
		parsed.byVersion = map[string]parsedSchemas{}
	}
	parsed.byVersion[version] = parsedSchemas{data: data, schemas: s}
	return s, nil
}

// schemaChecker is checker over pkg/validate's Schemas.
type schemaChecker struct{ schemas *validate.Schemas }

// newChecker is the check of a minor's schemas (data, pkg/validate's
// document), with the kinds of the CustomResourceDefinitions among objs.
func newChecker(version string, data []byte, objs []Object) (checker, error) {
	s, err := schemasOf(version, data)
	if err != nil {
		return nil, err
	}
	var crds []map[string]any
	for _, o := range objs {
		if validate.IsCRD(o) {
			crds = append(crds, o)
		}
	}
	if len(crds) > 0 {
		if s, err = s.WithCRDs(crds); err != nil {
			return nil, err
		}
	}
	return schemaChecker{s}, nil
}

func (c schemaChecker) check(o Object) (bool, []found) {
	known, problems := c.schemas.Validate(o)
	out := make([]found, len(problems))
	for i, p := range problems {
		out[i] = found{path: p.Path.String(), steps: p.Path, missing: p.Missing, message: p.Message, code: p.Code}
	}
	return known, out
}

// validate is Run's validate: the inputs read as show reads them (the
// session's earlier read of them when it reuses), each input evaluated a
// second time and compared (--repeat-eval), the objects checked against
// the minor's schemas with the CustomResourceDefinitions among them and
// in the --crd files, each problem located (the first MaxTracedProblems,
// within the trace budget). Nothing is printed on standard output.
func (inv Invocation) validate(s *Session) Result {
	if err := s.cfg.Gates.Require(features.OfflineValidate); err != nil {
		return Result{Err: err}
	}
	version := inv.kubernetesVersion()
	if !slices.Contains(KubernetesVersions, version) {
		return Result{Err: fmt.Errorf("unknown --kubernetes-version %q: want one of %s", version, strings.Join(KubernetesVersions, ", "))}
	}
	opts := inv.readOptions()
	var res Result
	var reused bool
	var err error
	res.Objects, res.Sources, reused, err = s.readCached(opts)
	res.Read = !reused
	if err != nil {
		return Result{Read: res.Read, Err: err}
	}
	if inv.RepeatEval {
		if err := s.repeatRead(opts, res.Objects, res.Sources); err != nil {
			res.Err = err
			return res
		}
	}
	var extra []Object
	for _, f := range inv.CRDs {
		objs, _, err := s.readInput(f, Overlay{})
		if err != nil {
			res.Err = fmt.Errorf("--crd: %w", err)
			return res
		}
		extra = append(extra, objs...)
	}
	if s.cfg.Schema == nil {
		res.Err = fmt.Errorf("no Kubernetes schemas in this environment (Env.Schema is nil)")
		return res
	}
	data, err := s.cfg.Schema(version)
	if err != nil {
		res.Err = err
		return res
	}
	ch, err := newChecker(version, data, append(extra, res.Objects...))
	if err != nil {
		res.Err = err
		return res
	}
	invalid := 0
	for i, o := range res.Objects {
		obj := ProblemObject{Index: i, APIVersion: o.str("apiVersion"), Kind: o.Kind(), Name: o.Name(), Namespace: o.Namespace()}
		input := res.Sources[i].File
		if input == "" {
			input = res.Sources[i].Decoded
		}
		known, probs := ch.check(o)
		if !known {
			if !inv.ReportUnknown {
				// One note per kind.
				note := fmt.Sprintf("%s %s: no schema in Kubernetes %s, skipped", obj.Kind, obj.APIVersion, version)
				if !slices.Contains(res.Notes, note) {
					res.Notes = append(res.Notes, note)
				}
				continue
			}
			probs = []found{{message: fmt.Sprintf("no schema for %s %s in Kubernetes %s", obj.Kind, obj.APIVersion, version), code: "unknown-kind"}}
		}
		if len(probs) > 0 {
			invalid++
		}
		for _, f := range probs {
			res.Problems = append(res.Problems, Problem{Object: obj, Path: f.path, Message: f.message, Code: f.code, Input: input, Steps: f.steps, Missing: f.missing})
		}
	}
	if len(res.Problems) > 0 {
		res.Notes = append(res.Notes, s.locate(res.Objects, res.Sources, res.Problems)...)
		res.Err = &InvalidError{Problems: len(res.Problems), Objects: invalid}
	}
	return res
}

// found is one problem the checker found in an object: the field path as
// text and as steps, the missing field, kubectl's words, the class.
type found struct {
	path    string
	steps   []any
	missing string
	message string
	code    string
}

// locate finds the source line of each problem (Problem.Source), the
// first MaxTracedProblems within the trace budget, and returns the notes
// on those it left: a valid input is never traced.
func (s *Session) locate(objs []Object, srcs []Source, problems []Problem) []string {
	budget := s.cfg.TraceBudget
	if budget <= 0 {
		budget = DefaultTraceBudget
	}
	start := time.Now()
	// The problems' traces share their tracers: each file instrumented
	// once for the run (trace_shared.go).
	st := &sharedTraces{}
	for i := range problems {
		p := &problems[i]
		if i >= MaxTracedProblems {
			return []string{fmt.Sprintf("%s listed without a source line: only the first %d are traced", plural(len(problems)-i, "problem"), MaxTracedProblems)}
		}
		if i > 0 && time.Since(start) > budget {
			return []string{fmt.Sprintf("%s listed without a source line: tracing stopped after %s", plural(len(problems)-i, "problem"), budget)}
		}
		k := p.Object.Index
		src := srcs[k]
		if src.File == "" || strings.HasPrefix(src.File, "data:") {
			continue
		}
		item := 0
		for j := 0; j < k; j++ {
			if srcs[j] == src {
				item++
			}
		}
		v := valueAt(objs[k], p.Steps)
		collection := p.Missing != "" || p.Code == "unknown-kind"
		switch v.(type) {
		case map[string]any, []any:
			collection = true
		}
		f, ok, err := s.elementSource(st, src, item, p.Steps, v)
		if !ok && err == nil {
			f, ok, err = s.valueSource(st, src, item, p.Steps, collection)
		}
		if !ok && err == nil && len(p.Steps) == 0 {
			// An object that is no field's value (an array's element,
			// a file's whole value): where its kind is set.
			f, ok, err = s.valueSource(st, src, item, []any{"kind"}, false)
		}
		if errors.Is(err, ErrNoTrace) {
			return nil
		}
		if err == nil && ok {
			p.Source = s.withKeyColumns(f, p.Steps)
		}
	}
	return nil
}

// withKeyColumns adds to a problem's place the columns of the field it is
// about (the path's last key, or for a missing field, nothing) when the
// line names that key once: the editor marks the name, not the line.
func (s *Session) withKeyColumns(f Frame, steps []any) Frame {
	if len(steps) == 0 || s.cfg.FS == nil {
		return f
	}
	key, ok := steps[len(steps)-1].(string)
	if !ok || key == "" {
		return f
	}
	data, err := s.cfg.FS.ReadFile(f.File)
	if err != nil {
		return f
	}
	lines := strings.Split(string(data), "\n")
	if f.Line < 1 || f.Line > len(lines) {
		return f
	}
	text, at := lines[f.Line-1], -1
	for off := 0; off < len(text); {
		i := strings.Index(text[off:], key)
		if i < 0 {
			break
		}
		i += off
		end := i + len(key)
		if (i == 0 || !wordByte(text[i-1])) && (end == len(text) || !wordByte(text[end])) {
			if at >= 0 {
				return f // named twice: which one is unknown
			}
			at = i
		}
		off = i + 1
	}
	if at < 0 {
		return f
	}
	f.Column, f.EndLine, f.EndColumn = at+1, f.Line, at+1+len(key)
	return f
}

// wordByte is a byte of an identifier.
func wordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// elementSource locates an array's element that is an object by one of
// its scalar fields (name when it has one, else the first in key order):
// an element is no field, so a trace of the element itself names only its
// array's line. ok is false when it is not such an element.
func (s *Session) elementSource(st *sharedTraces, src Source, item int, steps []any, v any) (Frame, bool, error) {
	if len(steps) == 0 {
		return Frame{}, false, nil
	}
	if _, isIndex := steps[len(steps)-1].(int); !isIndex {
		return Frame{}, false, nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return Frame{}, false, nil
	}
	key := ""
	if _, scalar := scalarValue(m["name"]); scalar {
		key = "name"
	} else {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if _, scalar := scalarValue(m[k]); scalar {
				key = k
				break
			}
		}
	}
	if key == "" {
		return Frame{}, false, nil
	}
	return s.valueSource(st, src, item, append(slices.Clip(steps), key), false)
}

// scalarValue says whether v is a scalar (not an object or an array).
func scalarValue(v any) (any, bool) {
	switch v.(type) {
	case map[string]any, []any, nil:
		return v, false
	}
	return v, true
}

// valueAt is the value at path in v (string keys, int indices), or nil.
func valueAt(v any, path []any) any {
	for _, step := range path {
		switch k := step.(type) {
		case string:
			m, ok := v.(map[string]any)
			if !ok {
				if o, isObj := v.(Object); isObj {
					m = o
				} else {
					return nil
				}
			}
			v = m[k]
		case int:
			a, ok := v.([]any)
			if !ok || k < 0 || k >= len(a) {
				return nil
			}
			v = a[k]
		default:
			return nil
		}
	}
	return v
}

// repeatRead is --repeat-eval: the inputs read again (on the session's
// VM, as kubecfg reads each input twice) must give the same objects.
// kubecfg's error names the input whose second read differs.
func (s *Session) repeatRead(opts ReadOptions, objs []Object, srcs []Source) error {
	again, againSrcs, err := s.ReadSources(opts)
	if err != nil {
		return fmt.Errorf("error re-reading the inputs (--repeat-eval): %w", err)
	}
	n := min(len(objs), len(again))
	for i := 0; i <= n; i++ {
		if i < n && srcs[i] == againSrcs[i] && reflect.DeepEqual(map[string]any(objs[i]), map[string]any(again[i])) {
			continue
		}
		if i == n && len(objs) == len(again) {
			return nil
		}
		name := ""
		switch {
		case i < len(srcs):
			name = srcs[i].File
		case i < len(againSrcs):
			name = againSrcs[i].File
		}
		if name == "" {
			name = strings.Join(opts.Inputs, " ")
		}
		return fmt.Errorf("repeat read of %s returned non-idempotent result", name)
	}
	return nil
}

// checker checks objects against one minor's schemas (validate_check.go;
// the core engine has none): known is false for a kind it has no schema
// for.
type checker interface {
	check(o Object) (known bool, problems []found)
}
