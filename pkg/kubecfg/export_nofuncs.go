//go:build kubecfg_noschema

package kubecfg

import "text/template"

// exportFuncs is nil in the browser's core engine: an export file name
// template needs the full engine (ErrNoExportFuncs).
func exportFuncs() template.FuncMap { return nil }
