package stdlib

import (
	"fmt"
	"strings"

	"sigs.k8s.io/yaml"
)

// ParseYAMLStream reads a YAML stream the way kubectl does (and kubecfg's
// parseYaml): the text is cut into documents at lines that start with
// "---", each document is read with YAML 1.1 rules (yes is true, 012 is
// octal) and converted to JSON values (float64 numbers, string keys). The
// empty stream is an empty array; a document with nothing but comments or
// blank lines is null. A separator line followed by anything but a comment
// is an error, as in kubectl.
func ParseYAMLStream(s string) ([]any, error) {
	docs, err := splitYAMLDocuments(s)
	if err != nil {
		return nil, err
	}
	out := []any{}
	for _, d := range docs {
		var v any
		if err := yaml.Unmarshal([]byte(d), &v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// splitYAMLDocuments cuts a stream into documents at separator lines. Line
// ends are normalised to "\n" and the last line gets one, as kubectl's
// line reader does; an empty document between two separators is skipped.
func splitYAMLDocuments(s string) ([]string, error) {
	var docs []string
	var cur strings.Builder
	for len(s) > 0 {
		line, rest, _ := strings.Cut(s, "\n")
		s = rest
		line = strings.TrimSuffix(line, "\r")
		if strings.HasPrefix(line, "---") {
			after := strings.TrimSpace(line[3:])
			if after != "" && after[0] != '#' {
				return nil, fmt.Errorf("invalid Yaml document separator: %s", after)
			}
			if cur.Len() > 0 {
				docs = append(docs, cur.String())
				cur.Reset()
			}
			continue
		}
		cur.WriteString(line)
		cur.WriteByte('\n')
	}
	if cur.Len() > 0 {
		docs = append(docs, cur.String())
	}
	return docs, nil
}

func manifestYAML(args []any) (any, error) {
	out, err := yaml.Marshal(args[0])
	if err != nil {
		return nil, fmt.Errorf("manifestYaml: %w", err)
	}
	return string(out), nil
}
