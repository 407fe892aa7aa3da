package yakl

import (
	"bytes"
	"errors"
	"io"
	"regexp"
	"strconv"
	"strings"

	yaml "sigs.k8s.io/yaml/goyaml.v3"
)

var reYAMLLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)
var reUnknownAnchor = regexp.MustCompile(`^yaml: unknown anchor '(.*)' referenced$`)

// yamlError turns a goyaml error into an *Error with a position.
func (c *compiler) yamlError(err error) error {
	msg := err.Error()
	if m := reYAMLLine.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return c.errAt(line, 1, "%s", m[2])
	}
	if m := reUnknownAnchor.FindStringSubmatch(msg); m != nil {
		line, col := 1, 1
		if i := bytes.Index(c.src, []byte("*"+m[1])); i >= 0 {
			line, col = lineCol(c.src, i)
		}
		return c.errAt(line, col, "alias *%s has no anchor &%s defined before it", m[1], m[1])
	}
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	return c.errAt(1, 1, "%s", strings.TrimPrefix(msg, "yaml: "))
}

func lineCol(src []byte, off int) (int, int) {
	line := 1 + bytes.Count(src[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(src[:off], '\n')
	return line, col
}

// parseYAML parses a stream, retrying once with repair, and returns the
// source that parsed.
func parseYAML(src []byte) ([]*yaml.Node, []byte, error) {
	docs, err := parseStream(src)
	if err == nil {
		return docs, src, nil
	}
	if fixed, ok := repair(src); ok {
		if d2, err2 := parseStream(fixed); err2 == nil {
			return d2, fixed, nil
		}
	}
	return nil, src, err
}

// parseStream reads every document of a YAML stream as nodes.
func parseStream(src []byte) ([]*yaml.Node, error) {
	var docs []*yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(src))
	for {
		var d yaml.Node
		if err := dec.Decode(&d); err != nil {
			if err == io.EOF {
				return docs, nil
			}
			return nil, err
		}
		docs = append(docs, &d)
	}
}
