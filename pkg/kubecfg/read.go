package kubecfg

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"strconv"
	"strings"

	jsonnet "github.com/google/go-jsonnet"

	"github.com/kubecfg/kubecfg/pkg/features"
	"github.com/kubecfg/kubecfg/pkg/importer"
	"github.com/kubecfg/kubecfg/pkg/stdlib"
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
	if strings.HasPrefix(input, "http://") || strings.HasPrefix(input, "https://") || strings.HasPrefix(input, "file://") {
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

// readInput evaluates one input to the values it holds: one for Jsonnet
// and JSON, one per document for YAML.
func (c *Config) readInput(vm *jsonnet.VM, imp *importer.Importer, input string, ov Overlay) ([]any, error) {
	kind, err := classify(input)
	if err != nil {
		return nil, err
	}
	if err := c.GateInput(input); err != nil {
		return nil, err
	}
	if !ov.empty() {
		if kind == inYAML {
			return nil, fmt.Errorf("error reading %s: overlays apply to Jsonnet, JSON and YAKL inputs, not YAML streams", input)
		}
		code := "(" + c.importExpr(input, kind) + ") + (" + c.overlayCode(ov) + ")"
		return evalValue(vm, c.cwdURL(), code, input)
	}
	switch kind {
	case inJSON, inYAML:
		data, err := c.readFile(input)
		if err != nil {
			return nil, fmt.Errorf("error reading %s: %w", input, err)
		}
		if kind == inJSON {
			var v any
			if err := json.Unmarshal(data, &v); err != nil {
				return nil, fmt.Errorf("error reading %s: %w", input, err)
			}
			return []any{v}, nil
		}
		docs, err := yamlDocs(data)
		if err != nil {
			return nil, fmt.Errorf("error reading %s: %w", input, err)
		}
		return docs, nil
	}
	u := c.inputURL(input)
	if kind == inYAKL {
		u = importer.YAKLScheme + u
	}
	out, err := evaluateURL(vm, imp, u)
	if err != nil {
		return nil, fmt.Errorf("error reading %s: %w", input, err)
	}
	return decode(out, input)
}

// evaluateURL reads a file through the importer, as an import would, and
// evaluates it under the name it was found at.
func evaluateURL(vm *jsonnet.VM, imp *importer.Importer, u string) (string, error) {
	contents, foundAt, err := imp.ReadInput(u)
	if err == nil {
		err = importer.CheckNesting(foundAt, contents.String(), importer.MaxNesting)
	}
	if err != nil {
		return "", err
	}
	return vm.EvaluateSnippet(foundAt, contents.String())
}

// overlayCode is the overlay expression, kubecfg predefined in --overlay-code.
func (c *Config) overlayCode(ov Overlay) string {
	if ov.File != "" {
		return "import " + strconv.Quote(c.fileURL(ov.File))
	}
	return ov.Code
}

// evalValue evaluates an anonymous snippet named name and decodes it.
func evalValue(vm *jsonnet.VM, name, code, input string) ([]any, error) {
	if err := importer.CheckNesting(name, code, importer.MaxNesting); err != nil {
		return nil, fmt.Errorf("error reading %s: %w", input, err)
	}
	out, err := vm.EvaluateSnippet(name, predefine(name, code))
	if err != nil {
		return nil, fmt.Errorf("error reading %s: %w", input, err)
	}
	return decode(out, input)
}

func decode(out, input string) ([]any, error) {
	var v any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		return nil, fmt.Errorf("error reading %s: %w", input, err)
	}
	return []any{v}, nil
}

func (c *Config) readFile(input string) ([]byte, error) {
	if c.FS == nil {
		return nil, fmt.Errorf("no file system")
	}
	return c.FS.ReadFile(c.abs(input))
}

// yamlDocs splits a YAML stream at lines starting with "---" (as
// Kubernetes' YAML reader does) and converts each document with YAML 1.1
// rules.
func yamlDocs(data []byte) ([]any, error) {
	if err := stdlib.CheckYAMLDepth(string(data)); err != nil {
		return nil, err
	}
	var docs []any
	var cur [][]byte
	flush := func() error {
		doc := bytes.Join(cur, nil)
		cur = nil
		if len(bytes.TrimSpace(doc)) == 0 {
			return nil
		}
		if err := checkAliases(doc); err != nil {
			return err
		}
		v, err := stdlib.DecodeYAML(doc)
		if err != nil {
			return err
		}
		docs = append(docs, v)
		return nil
	}
	for _, line := range bytes.SplitAfter(data, []byte("\n")) {
		if bytes.HasPrefix(line, []byte("---")) {
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		cur = append(cur, line)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return docs, nil
}
