package kubecfg

import (
	"errors"
	"strings"
	"syscall"

	"github.com/kubecfg/kubecfg/pkg/features"
)

// KubecfgHint is printed after an "Unknown variable: kubecfg" error
// (RFC06): everywhere else kubecfg is predefined, so the code is in a file.
const KubecfgHint = "hint: kubecfg is not predefined in Jsonnet files. Add this line at the top of the file:\n  local kubecfg = import 'kubecfg.libsonnet';"

// Hint returns the hint to print after an error, or "".
func Hint(err error) string {
	if err == nil {
		return ""
	}
	var notObject *NotObjectError
	if errors.As(err, &notObject) {
		return EvalHint(notObject)
	}
	msg := err.Error()
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		return "hint: another program listens on that address: give another with -l, as in -l 127.0.0.1:9090 (make serve SERVE_FLAGS='-l 127.0.0.1:9090')"
	case strings.Contains(msg, "Unknown variable: kubecfg\n") || strings.HasSuffix(msg, "Unknown variable: kubecfg"):
		return KubecfgHint
	case yaklAsJsonnet(err):
		return "hint: .yakl files are YAKL, not Jsonnet: import them with the yakl: scheme, as in import 'yakl:app.yakl'"
	}
	return ""
}

// EvalHint is the hint after show's error for a value that is not a
// Kubernetes object: what the value is, in words, and, below the file's
// top level, that eval (an alpha feature, features.Eval) prints any value.
// At the top level eval fails too (kubecfg's eval, like show, reads the
// file as an object), so the hint says only what the value is.
func EvalHint(e *NotObjectError) string {
	if !e.EvalPrints() {
		return "hint: show prints Kubernetes objects, and the file's value is " + e.What() + ", not an object or an array of objects"
	}
	return "hint: show prints Kubernetes objects, and " + e.Path + " is " + e.What() + ": to print any value, use eval, as in kubecfg --features=" + features.Eval.Name + " eval FILE"
}

// ErrorText is an error as the kubecfg command line prints it on standard
// error: kubecfg's logger trims the message's surrounding white space (so
// go-jsonnet's tab after the last stack frame and the blank line after a
// static error's excerpt are not printed) and ends it with one newline;
// the hint, where one applies, follows on its own lines.
func ErrorText(err error) string {
	text := strings.TrimSpace(err.Error()) + "\n"
	if h := Hint(err); h != "" {
		text += h + "\n"
	}
	return text
}

// yaklAsJsonnet reports whether err is, or was caused by, go-jsonnet's
// syntax error in a .yakl file read as Jsonnet (imported without the
// yakl: scheme); the YAKL compiler's own errors are yakl.Error.
func yaklAsJsonnet(err error) bool {
	var je *JsonnetError
	for errors.As(err, &je) {
		if je.Static && len(je.Frames) > 0 {
			f := je.Frames[0]
			return f.Line > 0 && strings.HasPrefix(f.File, "file://") && strings.HasSuffix(f.File, ".yakl")
		}
		err = je.Cause
	}
	return false
}
