// Package kubecfg runs kubecfg's show and eval from another Go program, as
// the kubecfg command line does: an Invocation (what a command line says)
// is Run in an Env (the file system, the directory, what may be fetched)
// into a Result (the objects, the output, the export's files, the trace,
// the error). OSEnv is the command line's Env; ErrorText prints an error
// as the command line does.
//
// The evaluator itself is internal/kubecfg; the names here are its small
// public face, and where one is an alias its documentation is there.
package kubecfg
