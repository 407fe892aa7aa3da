package kubecfg

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/internal/jsonlite"
	"github.com/kubecfg/kubecfg/internal/lex"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// Overlay is what --overlay-code or --overlay-code-file add to each input.
type Overlay struct {
	Code string // --overlay-code
	File string // --overlay-code-file
}

func (o Overlay) empty() bool { return o.Code == "" && o.File == "" }

// inputKind is how an input is read, by extension or URL scheme.
type inputKind int

const (
	inJsonnet inputKind = iota
	inJSON
	inYAML
	inYAKL
)

// classify returns how to read an input, or kubecfg's error for an unknown
// extension.
func classify(input string) (inputKind, error) {
	if strings.HasPrefix(input, "http://") || strings.HasPrefix(input, "https://") || strings.HasPrefix(input, "file://") || strings.HasPrefix(input, "oci://") {
		if path.Ext(input) == ".yakl" {
			return inYAKL, nil
		}
		return inJsonnet, nil
	}
	switch path.Ext(input) {
	case ".jsonnet", ".libsonnet":
		return inJsonnet, nil
	case ".json":
		return inJSON, nil
	case ".yaml":
		return inYAML, nil
	case ".yakl":
		return inYAKL, nil
	}
	return 0, fmt.Errorf("unknown file extension: %s", input)
}

// inputURL is the URL an input is imported by.
func (c *Config) inputURL(input string) string {
	if strings.Contains(input, "://") {
		return input
	}
	return c.fileURL(input)
}

// importExpr is the Jsonnet expression that imports an input.
func (c *Config) importExpr(input string, kind inputKind) string {
	u := c.inputURL(input)
	if kind == inYAKL {
		u = importer.YAKLScheme + u
	}
	return "import " + strconv.Quote(u)
}

// GateInput returns the standard error, prefixed with the input, when an
// input needs a feature that is off (.yakl files need yakl).
func (c *Config) GateInput(input string) error {
	if path.Ext(input) == ".yakl" {
		if err := c.Gates.Require(features.YAKL); err != nil {
			return fmt.Errorf("%s: %w", input, err)
		}
	}
	return nil
}

// readInput reads one input's Kubernetes objects as kubecfg's reader
// does. Its errors, the walk's included, start "error reading NAME: ",
// NAME being the input as given (for an overlay, kubecfg's expression).
// Each object's Source is the input as given (for an overlay, the data:
// URL of kubecfg's expression) and its walk path; objects of .json and
// .yaml inputs have none.
func (s *Session) readInput(input string, ov Overlay) ([]Object, []Source, error) {
	c := s.cfg
	kind, err := classify(input)
	if err != nil {
		return nil, nil, fmt.Errorf("error reading %s: %w", input, err)
	}
	if err := c.GateInput(input); err != nil {
		return nil, nil, err
	}
	if !ov.empty() {
		if kind == inYAML {
			return nil, nil, fmt.Errorf("error reading %s: overlays apply to Jsonnet, JSON and YAKL inputs, not YAML streams", input)
		}
		// kubecfg's expression, the input imported as typed from the
		// current directory; a .yakl input through the yakl: scheme.
		add := c.overlayCode(ov)
		expr := fmt.Sprintf("(import %q) + (%s)", input, add)
		code := expr
		if kind == inYAKL {
			code = "(" + c.importExpr(input, kind) + ") + (" + add + ")"
		}
		return s.readSnippet(expr, dataURL(expr), code)
	}
	var objs []Object
	switch kind {
	case inJSON, inYAML:
		data, err := c.readFile(input)
		if err == nil && kind == inJSON {
			objs, err = decodeJSONInput(data)
		} else if err == nil {
			objs, err = decodeYAMLInput(data)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("error reading %s: %w", input, err)
		}
		srcs := make([]Source, len(objs))
		for i := range srcs {
			srcs[i].Decoded = input
		}
		return objs, srcs, nil
	}
	u := c.inputURL(input)
	if kind == inYAKL {
		u = importer.YAKLScheme + u
	}
	var srcs []Source
	out, err := s.evaluateURLOutput(u, true)
	if err == nil {
		objs, srcs, err = out.walk(input)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("error reading %s: %w", input, err)
	}
	return objs, srcs, nil
}

// readExec reads the objects of --exec code, named by its data: URL as
// kubecfg names it. kubecfg reads the code as one more input, so an
// overlay imports that data: URL, which kubecfg cannot import: the same
// error here.
func (s *Session) readExec(code string, ov Overlay) ([]Object, []Source, error) {
	name := dataURL(code)
	if !ov.empty() {
		expr := fmt.Sprintf("(import %q) + (%s)", name, s.cfg.overlayCode(ov))
		return s.readSnippet(expr, dataURL(expr), expr)
	}
	return s.readSnippet(name, name, code)
}

// readSnippet evaluates code from the current directory (kubecfg
// predefined) and walks its value; errors name the input as name, and
// the objects' Source is file.
func (s *Session) readSnippet(name, file, code string) ([]Object, []Source, error) {
	out, err := s.evaluateOutput(s.cfg.cwdURL(), code, true)
	var objs []Object
	var srcs []Source
	if err == nil {
		objs, srcs, err = out.walk(file)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("error reading %s: %w", name, err)
	}
	return objs, srcs, nil
}

// walkOutput walks an evaluation's JSON output for Kubernetes objects,
// each with its Source: file and the walk's path.
func walkOutput(out, file string) ([]Object, []Source, error) {
	v, ok := jsonlite.Decode([]byte(out), false) // encoding/json's value, without it
	if !ok {
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			return nil, nil, err
		}
	}
	return walkValue(v, file)
}

// walkValue walks an evaluation's value (its JSON output as
// encoding/json reads it) as walkOutput does.
func walkValue(v any, file string) ([]Object, []Source, error) {
	var objs []Object
	var srcs []Source
	err := walk("$", v, func(p string, o Object) {
		objs = append(objs, o)
		srcs = append(srcs, Source{File: file, Path: p})
	})
	return objs, srcs, err
}

// evaluateURL reads an input file through the importer (which refuses one
// nested deeper than lex.MaxDepth, whatever its extension) and evaluates
// it under the name it was found at. A file is evaluated as it is:
// kubecfg is not predefined in files (RFC06).
func (s *Session) evaluateURL(u string) (string, error) {
	out, err := s.evaluateURLOutput(u, false)
	return out.text, err
}

// evaluateURLOutput is evaluateURL; with value, the fast evaluator
// (fast-eval) gives its value without the JSON text.
func (s *Session) evaluateURLOutput(u string, value bool) (output, error) {
	contents, foundAt, err := s.imp.ReadInput(u)
	if err != nil {
		return output{}, err
	}
	s.imp.NoteCode(foundAt, contents.String())
	out, err := s.evaluateSnippet(foundAt, contents.String(), value)
	return out, s.errs.asData(err)
}

// evaluate is the way code that is not a file (--exec, an overlay's
// expression, eval's wrapper) enters the VM: code nested deeper than
// lex.MaxDepth is refused before go-jsonnet parses it, and kubecfg is
// predefined where the code reads it (RFC06).
func (s *Session) evaluate(name, code string) (string, error) {
	out, err := s.evaluateOutput(name, code, false)
	return out.text, err
}

// evaluateOutput is evaluate; with value, the fast evaluator (fast-eval)
// gives its value without the JSON text.
func (s *Session) evaluateOutput(name, code string, value bool) (output, error) {
	if err := importer.CheckNesting(name, code, lex.MaxDepth); err != nil {
		return output{}, err
	}
	code = predefineKubecfg(name, code)
	s.imp.NoteCode(name, code)
	out, err := s.evaluateSnippet(name, code, value)
	return out, s.errs.asData(err)
}

// overlayCode is the expression an overlay adds to each input, built as
// kubecfg builds it: --overlay-code is code and --overlay-code-file a file
// (overlayFile); either may be PATH=VALUE, where PATH is a dotted path of
// fields: a.b=v is {a+:{b+:v}}. (kubecfg takes any text before the first
// '=' as the path when it has no '$', which breaks code such as
// {a: x == y}; here only a path of identifiers is one.)
func (c *Config) overlayCode(ov Overlay) string {
	value, parse := ov.Code, func(code string) string { return code }
	if ov.File != "" {
		value, parse = ov.File, overlayFile
	}
	m := overlayPath.FindStringSubmatch(value)
	if m == nil {
		return parse(value)
	}
	fields := strings.Split(m[1], ".")
	for _, f := range fields {
		if !isJsonnetIdentifier(strings.TrimSpace(f)) {
			return parse(value)
		}
	}
	code := parse(m[2])
	for i := len(fields) - 1; i >= 0; i-- {
		code = fmt.Sprintf("{%s+:%s}", fields[i], code)
	}
	return code
}

// overlayFile is the expression of an --overlay-code-file: the file
// imported as given, or for a .json, .yaml or .yml file its data merged at
// every depth.
func overlayFile(file string) string {
	switch path.Ext(file) {
	case ".yml", ".yaml", ".json":
		return fmt.Sprintf("(import 'kubecfg.libsonnet').toOverlay(std.parseYaml(importstr %q))", file)
	}
	return fmt.Sprintf("import %q", file)
}

// overlayPath is kubecfg's PATH=VALUE overlay form.
var overlayPath = regexp.MustCompile(`^([^$=]*)=(.*)$`)

func (c *Config) readFile(input string) ([]byte, error) {
	if c.FS == nil {
		return nil, fmt.Errorf("no file system")
	}
	data, err := c.FS.ReadFile(c.abs(input))
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return nil, &fs.PathError{Op: pe.Op, Path: input, Err: pe.Err}
	}
	return data, err
}
