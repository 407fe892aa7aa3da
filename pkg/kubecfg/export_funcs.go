//go:build !kubecfg_noschema

package kubecfg

import (
	"text/template"

	"github.com/Masterminds/sprig/v3"
)

// exportFuncs are the functions of export file name templates: sprig's,
// as kubecfg has them. The browser's core engine (kubecfg_noschema)
// leaves them out: they are a third of its size.
func exportFuncs() template.FuncMap { return sprig.TxtFuncMap() }
