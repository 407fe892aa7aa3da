// Package kubecfg is kubecfg's evaluator: VM set-up (ext vars, TLAs,
// native functions, the importer), the show and eval commands, the object
// walk, duplicate checks, YAML and JSON output, and the hint printed after
// "Unknown variable: kubecfg". It never touches the real file system or the
// network itself: they come in through Config (OSEnv names the CLI's), so
// the CLI, the browser and the tests run one code path. Its public face,
// for other Go programs, is pkg/kubecfg (Run, an Invocation in an Env into
// a Result).
package kubecfg
