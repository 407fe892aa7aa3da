package kubecfg

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/kubecfg/kubecfg/internal/yamlout"
)

// marshalYAML prints a decoded JSON value as go-yaml v2's marshaller does,
// as kubecfg does: natural key order, YAML 1.1 quoting, folding, | blocks.
// yamlout prints the same bytes several times faster.
func marshalYAML(v any) ([]byte, error) {
	return yamlout.Marshal(v)
}

// FormatObjects prints objects as show prints them: "yaml" (each after a
// --- line) or "json" (2-space indent, keys sorted, HTML-escaped, ---
// between objects).
func FormatObjects(objs []Object, format string) (string, error) {
	var buf bytes.Buffer
	switch format {
	case "yaml":
		for _, o := range objs {
			buf.WriteString("---\n")
			b, err := yamlout.Append(buf.AvailableBuffer(), map[string]any(o))
			if err != nil {
				return "", err
			}
			buf.Write(b)
		}
	case "json":
		enc := json.NewEncoder(&buf)
		enc.SetIndent("", "  ")
		for i, o := range objs {
			if i > 0 {
				buf.WriteString("---\n")
			}
			if err := enc.Encode(map[string]any(o)); err != nil {
				return "", err
			}
		}
	default:
		return "", fmt.Errorf("Unknown --format: %s", format)
	}
	return buf.String(), nil
}
