package playground

import (
	"maps"
	"slices"

	"github.com/kubecfg/kubecfg/pkg/kubecfg"
)

// Invocation is the request as the kubecfg invocation it is the JSON form
// of: the inputs are the entry and then the further ones, and each family
// of variables (ext, tla) is its strings, string files, code and code
// files, each in name order (the CLI's order when its flags are given so).
// The response's command line is its CommandLine.
func (req Request) Invocation() kubecfg.Invocation {
	inv := kubecfg.Invocation{
		Command:  req.Command,
		Dir:      req.Dir,
		Expr:     req.Expr,
		ShowKeys: req.ShowKeys,
		Exec:     req.Exec,
		Overlay:  kubecfg.Overlay{Code: req.OverlayCode, File: req.OverlayCodeFile},
		Output:   req.Output,
		Features: req.Features,
		Alpha:    req.Alpha,
		JPathEnv: req.JPathEnv,
		JPath:    req.JPath,
		JURL:     req.JURL,
		ExtVars:  vars(req.ExtStr, req.ExtStrFile, req.ExtCode, req.ExtCodeFile),
		TLAs:     vars(req.TLAStr, req.TLAStrFile, req.TLACode, req.TLACodeFile),

		Trace:       req.Trace,
		Provenance:  req.ShowProvenance,
		ExportDir:   req.ExportDir,
		ExportNames: req.ExportNames,
		ExportExt:   req.ExportExt,
	}
	if req.Entry != "" {
		inv.Inputs = append(inv.Inputs, req.Entry)
	}
	inv.Inputs = append(inv.Inputs, req.Inputs...)
	return inv
}

func vars(str, strFile, code, codeFile map[string]string) []kubecfg.Var {
	var out []kubecfg.Var
	for _, m := range []struct {
		values map[string]string
		kind   kubecfg.VarKind
	}{{str, kubecfg.Str}, {strFile, kubecfg.StrFile}, {code, kubecfg.Code}, {codeFile, kubecfg.CodeFile}} {
		for _, n := range slices.Sorted(maps.Keys(m.values)) {
			out = append(out, kubecfg.Var{Name: n, Value: m.values[n], Kind: m.kind})
		}
	}
	return out
}
