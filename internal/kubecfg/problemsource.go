//go:build !kubecfg_noschema

package kubecfg

import (
	"errors"
	"net/url"
	"strconv"
	"strings"

	"github.com/kubecfg/kubecfg/internal/importer"
)

// ErrNoSource is ValueSource's error for an object whose values no
// Jsonnet line made: one of a .json or .yaml input (it holds the object as
// it is), or of --exec code or an overlay (a data: URL, which cannot be
// traced).
var ErrNoSource = errors.New("the object comes from no Jsonnet file that can be traced")

// ValueSource finds the Jsonnet line that made a value of an object show
// read, with the causal trace (trace.go): src is the object's Source, path
// the value's below the object (string keys, int indices; empty for the
// object itself). With collection (the value is an object or an array, or
// the object lacking a field), the line that makes it (TraceCollection);
// otherwise the lines that feed the value (TraceExpr). Of the trace's
// places, the most recent file's (the first in Trace.Roots) is the
// producing one: a field's place is written after its body is evaluated,
// so the most recent is the field that holds the value itself (its
// line, not those of the fields its value reads). The frame's File is
// the file's absolute path and its Name the place as the trace wrote it;
// found is false when the trace names no file (only kubecfg's built-in
// library).
//
// A list's items (Source.Path ending in .item) are traced as its items
// field's element item, the object's place among the list's.
func (s *Session) ValueSource(src Source, item int, path []any, collection bool) (f Frame, found bool, err error) {
	return s.valueSource(&sharedTraces{}, src, item, path, collection)
}

// valueSource is ValueSource with st's tracers (validate's run shares
// them among its problems).
func (s *Session) valueSource(st *sharedTraces, src Source, item int, path []any, collection bool) (f Frame, found bool, err error) {
	if src.File == "" || strings.HasPrefix(src.File, "data:") {
		return Frame{}, false, ErrNoSource
	}
	expr := src.Path
	if p, ok := strings.CutSuffix(expr, ".item"); ok {
		expr = p + ".items[" + strconv.Itoa(item) + "]"
	}
	expr += PathExpr(path)
	u := s.cfg.inputURL(src.File)
	if evalKind(src.File) == inYAKL {
		u = importer.YAKLScheme + u
	}
	t, err := s.sharedTrace(st, u, expr, collection)
	if err != nil {
		return Frame{}, false, err
	}
	for _, root := range t.Roots {
		if fr, ok := rootFrame(root); ok {
			return fr, true, nil
		}
	}
	return Frame{}, false, nil
}

// PathExpr is a field path (string keys, int indices) as Jsonnet
// accessors: .spec.containers[0]["app.kubernetes.io/name"].
func PathExpr(path []any) string {
	var b strings.Builder
	for _, step := range path {
		switch v := step.(type) {
		case string:
			b.WriteString(pathAccessor(v))
		case int:
			b.WriteString("[" + strconv.Itoa(v) + "]")
		}
	}
	return b.String()
}

// rootFrame reads one of a trace's places, "URL:LINE ": a file's (file://
// or a compiled .yakl file's) as its absolute path, other places' URL;
// ok is false for a place in no file (kubecfg's built-in library).
func rootFrame(root string) (Frame, bool) {
	root = strings.TrimSpace(root)
	i := strings.LastIndexByte(root, ':')
	if i < 0 {
		return Frame{}, false
	}
	line, err := strconv.Atoi(root[i+1:])
	if err != nil {
		return Frame{}, false
	}
	u := strings.TrimPrefix(root[:i], importer.YAKLScheme)
	p, isFile := strings.CutPrefix(u, "file://")
	if !isFile {
		return Frame{}, false
	}
	if unescaped, err := url.PathUnescape(p); err == nil {
		p = unescaped
	}
	return Frame{File: p, Line: line, Name: root}, true
}
