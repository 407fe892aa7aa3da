//go:build !kubecfg_noschema

package kubecfg

import (
	"text/template"

	"github.com/Masterminds/sprig/v3"
)

// ParseExportNames parses an --export-filename-format template, as kubecfg
// does before it reads anything: a Go template with sprig's functions and
// resourceIndex.
func ParseExportNames(format string) (*ExportNames, error) {
	t, err := template.New("").Funcs(sprig.TxtFuncMap()).Funcs(template.FuncMap{
		"resourceIndex": func(o map[string]any) int { return o[indexKey].(int) },
	}).Parse(literalSlashes(format))
	if err != nil {
		return nil, err
	}
	return &ExportNames{execute: t.Execute}, nil
}
