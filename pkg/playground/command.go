package playground

import (
	"strings"
)

// CommandLine returns the kubecfg command line equivalent to a request
// ("Copy as command"), with shell quoting.
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
	if req.Entry != "" {
		args = append(args, shellQuote(req.Entry))
	}
	if req.Expr != "" && cmd == "eval" {
		args = append(args, "-e", shellQuote(req.Expr))
	}
	if req.Exec != "" {
		args = append(args, "--exec", shellQuote(req.Exec))
	}
	if req.OverlayCode != "" {
		args = append(args, "--overlay-code", shellQuote(req.OverlayCode))
	}
	if req.Output != "" && req.Output != "yaml" {
		args = append(args, "-o", req.Output)
	}
	for _, f := range []struct {
		flag string
		m    map[string]string
	}{{"-V", req.ExtStr}, {"--ext-code", req.ExtCode}, {"-A", req.TLAStr}, {"--tla-code", req.TLACode}} {
		for _, k := range sortedKeys(f.m) {
			args = append(args, f.flag, shellQuote(k+"="+f.m[k]))
		}
	}
	if len(req.Features) > 0 {
		args = append(args, "--features="+shellQuote(strings.Join(req.Features, ",")))
	}
	return strings.Join(args, " ")
}

// shellQuote quotes s for a POSIX shell when it needs quoting.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=.,/:+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
