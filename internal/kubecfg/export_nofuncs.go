//go:build kubecfg_noschema

package kubecfg

// ParseExportNames is ErrNoExportFuncs in the browser's core engine: an
// export file name template needs the full engine. Go's text/template
// stays out of the core engine with it (its use of reflection keeps every
// exported method of the program in the binary: about 3 MB of wasm).
func ParseExportNames(string) (*ExportNames, error) {
	return nil, ErrNoExportFuncs
}
