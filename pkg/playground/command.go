package playground

import (
	"maps"
	"slices"
	"strings"
)

// CommandLine returns the kubecfg command line equivalent to a request
// ("Copy as command"), with shell quoting, run from the workspace's root
// (a cd first when the request has a Dir).
func CommandLine(req Request) string {
	args := []string{"kubecfg"}
	if req.Alpha {
		args = append(args, "--alpha")
	}
	cmd := req.Command
	if cmd == "" {
		cmd = "show"
	}
	args = append(args, cmd)
	for _, d := range req.JPath {
		args = append(args, "-J", shellQuote(d))
	}
	for _, in := range inputs(req) {
		args = append(args, shellQuote(in))
	}
	if req.Expr != "" && cmd == "eval" {
		args = append(args, "-e", shellQuote(req.Expr))
	}
	if req.ShowKeys && cmd == "eval" {
		args = append(args, "-k")
	}
	if req.Exec != "" {
		args = append(args, "--exec", shellQuote(req.Exec))
	}
	if req.OverlayCode != "" {
		args = append(args, "--overlay-code", shellQuote(req.OverlayCode))
	}
	if req.OverlayCodeFile != "" {
		args = append(args, "--overlay-code-file", shellQuote(req.OverlayCodeFile))
	}
	if req.Output != "" && req.Output != "yaml" {
		args = append(args, "-o", req.Output)
	}
	for _, f := range []struct {
		flag string
		m    map[string]string
	}{{"-V", req.ExtStr}, {"--ext-str-file", req.ExtStrFile}, {"--ext-code", req.ExtCode}, {"--ext-code-file", req.ExtCodeFile},
		{"-A", req.TLAStr}, {"--tla-str-file", req.TLAStrFile}, {"--tla-code", req.TLACode}, {"--tla-code-file", req.TLACodeFile}} {
		for _, k := range slices.Sorted(maps.Keys(f.m)) {
			args = append(args, f.flag, shellQuote(k+"="+f.m[k]))
		}
	}
	if len(req.Features) > 0 {
		args = append(args, "--features="+shellQuote(strings.Join(req.Features, ",")))
	}
	line := strings.Join(args, " ")
	if req.Dir != "" && req.Dir != "." {
		line = "cd " + shellQuote(req.Dir) + " && " + line
	}
	return line
}

// shellQuote quotes s for a POSIX shell when it needs quoting.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=.,/:+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
