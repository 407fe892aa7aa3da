package kubecfg

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// DefaultExportNameFormat is show's --export-filename-format default.
const DefaultExportNameFormat = `{{.apiVersion}}.{{.kind}}-{{default "default" .metadata.namespace}}.{{.metadata.name}}`

// bel stands for a / that the template writes literally (a subdirectory)
// while the template runs, so that a / inside a value can become -.
const bel = "\a"

// indexKey is the field the template's data carries the object's index in,
// for resourceIndex.
const indexKey = "___idx___"

// ExportNames names the files of show --export-dir: a Go template with
// sprig's functions and resourceIndex, over each object
// (ParseExportNames).
type ExportNames struct {
	execute func(w io.Writer, data any) error
}

// ErrNoExportFuncs is ParseExportNames's error in an engine built without
// sprig's functions (the browser's core engine; the page then runs the
// request on the full engine).
var ErrNoExportFuncs = errors.New("export file names need sprig's template functions, which this engine is built without")

// literalSlashes replaces each / of the template's text outside its
// actions with bel.
func literalSlashes(s string) string {
	var b strings.Builder
	for {
		l := strings.Index(s, "{{")
		r := strings.Index(s, "}}") + 2
		if l == -1 || l >= r {
			break
		}
		b.WriteString(strings.ReplaceAll(s[:l], "/", bel))
		b.WriteString(s[l:r])
		s = s[r:]
	}
	b.WriteString(strings.ReplaceAll(s, "/", bel))
	return b.String()
}

// name is the file name (without extension) of the idx-th object: the
// template run over the object as JSON data; a / in the result becomes -,
// and a / the template wrote literally separates directories.
func (n *ExportNames) name(idx int, o Object) (string, error) {
	b, err := json.Marshal(map[string]any(o))
	if err != nil {
		return "", err
	}
	data := map[string]any{}
	if err := json.Unmarshal(b, &data); err != nil {
		return "", err
	}
	data[indexKey] = idx
	var out strings.Builder
	if err := n.execute(&out, data); err != nil {
		return "", err
	}
	return strings.ReplaceAll(strings.ReplaceAll(out.String(), "/", "-"), bel, "/"), nil
}

// ExportFile is one file of show --export-dir: its slash-separated path
// under the directory, and its contents.
type ExportFile struct {
	Name string `json:"name"`
	Data string `json:"data"`
}

// Export renders objects as show --export-dir writes them: one file per
// object, named by names with the extension ext ("" is format's), each
// YAML file starting with ---, each JSON file but the first too (kubecfg
// writes the separator it writes between objects on standard output).
// It stops at the first error, with the files before it.
func Export(objs []Object, format string, names *ExportNames, ext string) ([]ExportFile, error) {
	if ext == "" {
		ext = format
	}
	var files []ExportFile
	for i, o := range objs {
		name, err := names.name(i, o)
		if err != nil {
			return files, err
		}
		if err := safeName(name); err != nil {
			return files, err
		}
		name = fmt.Sprintf("%s.%s", name, ext)
		data, err := FormatObjects([]Object{o}, format)
		if err != nil {
			// kubecfg has made the file when it finds the format unknown.
			return append(files, ExportFile{Name: name}), err
		}
		if format == "json" && i > 0 {
			data = "---\n" + data
		}
		files = append(files, ExportFile{Name: name, Data: data})
	}
	return files, nil
}

// safeName refuses a file name that would leave the export directory
// (the template wrote a literal / next to a ".." from a value) or is
// absolute; kubecfg would write it wherever it points.
func safeName(name string) error {
	if strings.HasPrefix(name, "/") || slices.Contains(strings.Split(name, "/"), "..") {
		return fmt.Errorf("export file name %q leaves the export directory", name)
	}
	return nil
}

// exportTemplate parses the invocation's export file name template, as
// show does before it reads anything (kubecfg parses it whether or not it
// exports, so a bad one fails show). The default template, which always
// parses, is parsed only for an export: it is nil when the invocation
// neither exports nor sets a template.
func (inv Invocation) exportTemplate() (*ExportNames, error) {
	format := inv.ExportNames
	if format == "" && inv.ExportDir != "" {
		format = DefaultExportNameFormat
	}
	if format == "" {
		return nil, nil
	}
	return ParseExportNames(format)
}
