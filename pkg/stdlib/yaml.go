package stdlib

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	goyaml "go.yaml.in/yaml/v2"
	"sigs.k8s.io/yaml"

	"github.com/kubecfg/kubecfg/internal/lazyre"
	"github.com/kubecfg/kubecfg/internal/lex"
)

// CheckYAMLDepth refuses YAML text whose collections nest deeper than
// lex.MaxDepth, naming the line and column (in characters, as go-yaml
// counts them) where the limit is passed; it parses nothing.
func CheckYAMLDepth(s string) error {
	if line, col, deep := lex.YAMLDepth(s, lex.MaxDepth); deep {
		return fmt.Errorf("yaml: line %d, column %d: collections nested deeper than %d levels; refusing to parse", line, col, lex.MaxDepth)
	}
	return nil
}

// ParseYAMLStream reads a YAML stream the way kubectl does (and kubecfg's
// parseYaml): the text is cut into documents at lines that start with
// "---", each document is read with YAML 1.1 rules (yes is true, 012 is
// octal) and converted to JSON values (float64 numbers, string keys). The
// empty stream is an empty array; a document with nothing but comments or
// blank lines is null. A separator line followed by anything but a comment
// is an error, as in kubectl. Unlike kubectl, which drops it silently, a
// document after a "..." document-end line with no "---" before it is an
// error. Line numbers in errors count from the start of the stream
// (kubectl's count from the start of each document). Collections nested
// deeper than lex.MaxDepth are refused before parsing.
func ParseYAMLStream(s string) ([]any, error) {
	if err := CheckYAMLDepth(s); err != nil {
		return nil, err
	}
	docs, err := SplitYAMLStream(s)
	if err != nil {
		return nil, err
	}
	out := []any{}
	for _, d := range docs {
		v, err := d.Decode()
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// Decode reads one document of a stream as parseYaml does (see
// ParseYAMLStream), line numbers in errors counting from the start of the
// stream. It does not check the depth: the caller checked the stream.
func (d YAMLDocument) Decode() (any, error) {
	return d.decode("error converting YAML to JSON: ", false) // as sigs.k8s.io/yaml.Unmarshal says it
}

// ToJSON is Decode as apimachinery's ToJSON and JSON decoder do it for
// kubecfg's .yaml reader: errors without Decode's "error converting YAML
// to JSON: " prefix, text after a "..." document-end line dropped
// silently, as kubecfg drops it (parseYaml refuses it), and integers as
// int64 where they fit (DecodeJSON).
func (d YAMLDocument) ToJSON() (any, error) {
	return d.decode("", true)
}

// decode reads the document with parseYaml's rules, or with reader those
// of kubecfg's .yaml reader (see ToJSON).
func (d YAMLDocument) decode(prefix string, reader bool) (any, error) {
	v, err := parseDocument(d, prefix, reader)
	if err != nil {
		return nil, streamLines(err, d.Line)
	}
	return v, nil
}

// parseDocument reads the text between two separators as one document,
// the way kubectl does. kubectl silently drops anything after a "..."
// document-end line; YAML 1.1 wants a "---" line before a new document, so
// for parseYaml (not reader) that is an error.
func parseDocument(d YAMLDocument, prefix string, reader bool) (any, error) {
	if err := checkAliases([]byte(d.Text)); err != nil {
		return nil, err
	}
	v, err := decodeYAML([]byte(d.Text), reader)
	if err != nil {
		if isDuplicateKey(err) {
			return nil, err
		}
		return nil, fmt.Errorf("%s%w", prefix, err)
	}
	if !reader && documentEnd().MatchString(d.Text) {
		dec := goyaml.NewDecoder(strings.NewReader(d.Text))
		var first, next any
		if dec.Decode(&first) == nil {
			err := dec.Decode(&next)
			if err == nil {
				err = errors.New("yaml: more than one document")
			}
			if !errors.Is(err, io.EOF) {
				return nil, fmt.Errorf("%s%w (after a \"...\" line, a document must start with \"---\")", prefix, err)
			}
		}
	}
	return v, nil
}

// documentEnd finds a "..." document-end line.
var documentEnd = lazyre.New(`(?m)^\.\.\.([ \t#].*)?$`)

// YAMLDocument is one document of a YAML stream: its text, line ends
// normalised to "\n", and the line of the stream it starts on.
type YAMLDocument struct {
	Text string
	Line int
}

// lineRef finds the parser's line numbers.
var lineRef = lazyre.New(`\bline (\d+)\b`)

// streamLines rewrites the parser's line numbers, which count from the
// start of the document, to count from the start of the stream.
func streamLines(err error, first int) error {
	if first == 1 {
		return err
	}
	msg := lineRef().ReplaceAllStringFunc(err.Error(), func(m string) string {
		n, convErr := strconv.Atoi(strings.TrimPrefix(m, "line "))
		if convErr != nil {
			return m
		}
		return "line " + strconv.Itoa(n+first-1)
	})
	return &yamlError{msg: msg, err: err}
}

// yamlError is a parser error with its line numbers moved; Unwrap gives
// the original.
type yamlError struct {
	msg string
	err error
}

func (e *yamlError) Error() string { return e.msg }
func (e *yamlError) Unwrap() error { return e.err }

// SplitYAMLStream cuts a stream into documents at separator lines, as
// Kubernetes' YAML reader does (kubecfg reads .yaml inputs and parseYaml's
// argument with it). Line
// ends are normalised to "\n" and the last line gets one, as kubectl's
// line reader does; an empty document between two separators is skipped.
func SplitYAMLStream(s string) ([]YAMLDocument, error) {
	var docs []YAMLDocument
	var cur strings.Builder
	start := 1
	for n := 1; len(s) > 0; n++ {
		line, rest, _ := strings.Cut(s, "\n")
		s = rest
		line = strings.TrimSuffix(line, "\r")
		if strings.HasPrefix(line, "---") {
			after := strings.TrimSpace(line[3:])
			if after != "" && after[0] != '#' {
				return nil, fmt.Errorf("invalid Yaml document separator: %s", after)
			}
			if cur.Len() > 0 {
				docs = append(docs, YAMLDocument{cur.String(), start})
				cur.Reset()
			}
			start = n + 1
			continue
		}
		cur.WriteString(line)
		cur.WriteByte('\n')
	}
	if cur.Len() > 0 {
		docs = append(docs, YAMLDocument{cur.String(), start})
	}
	return docs, nil
}

func manifestYAML(args []any) (any, error) {
	out, err := ManifestYAML(args[0])
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ManifestYAML writes a JSON value as one YAML document, as kubecfg's
// manifestYaml does: through JSON text and go-yaml v2, so keys come in
// natural order, strings YAML 1.1 would misread are quoted and integers
// keep all their digits. Two inputs that path gets wrong are written by
// go-yaml directly instead, which quotes and escapes them: control
// characters such as DEL (go-yaml will not read them back from the JSON
// text) and U+0085 NEL (which it reads back as a line break).
func ManifestYAML(v any) (string, error) {
	if !hasNEL(v) {
		if out, err := yaml.Marshal(v); err == nil {
			return string(out), nil
		}
	}
	out, err := goyaml.Marshal(yamlValue(v))
	if err != nil {
		return "", fmt.Errorf("manifestYaml: %w", err)
	}
	return string(out), nil
}

// hasNEL reports whether a string or key anywhere in v holds U+0085.
func hasNEL(v any) bool {
	switch v := v.(type) {
	case string:
		return strings.ContainsRune(v, '\u0085')
	case []any:
		for _, e := range v {
			if hasNEL(e) {
				return true
			}
		}
	case map[string]any:
		for k, e := range v {
			if strings.ContainsRune(k, '\u0085') || hasNEL(e) {
				return true
			}
		}
	}
	return false
}

// yamlValue prepares a JSON value for go-yaml the way the JSON path would
// have: whole numbers become integers when they fit 64 bits.
func yamlValue(v any) any {
	switch v := v.(type) {
	case float64:
		// The digits encoding/json writes, read back as go-yaml would.
		if math.Abs(v) < 1e21 && v == math.Trunc(v) {
			digits := strconv.FormatFloat(v, 'f', -1, 64)
			if i, err := strconv.ParseInt(digits, 10, 64); err == nil {
				return i
			}
			if u, err := strconv.ParseUint(digits, 10, 64); err == nil {
				return u
			}
		}
		return v
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = yamlValue(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[k] = yamlValue(e)
		}
		return out
	}
	return v
}
