// Package fasteval is kubecfg's own Jsonnet evaluator (issue 32), behind
// the alpha feature fast-eval: it evaluates go-jsonnet's desugared AST
// (jsonnet.SnippetToAST; go-jsonnet stays the parser and its static
// errors are go-jsonnet's) and gives go-jsonnet's output byte for byte,
// faster.
//
// It compiles the AST first: variables become slots of frames (no maps
// per frame), and a value is wrapped in a thunk only where it is not known
// (literals, functions and variables are passed as they are). An object
// is its inheritance chain flattened into leaves, with its fields' values
// cached per object. The standard library is go-jsonnet's: its builtins
// written here in Go, the rest go-jsonnet's own Jsonnet (astgen.StdAst, as
// internal/stdguard and internal/stdformat rewrote it); std.format's
// common codes, std.manifestJsonEx, std.manifestYamlDoc,
// std.manifestTomlEx and std.parseYaml are Go too, and .json imports are
// read as JSON.
//
// Anything it does not take and any runtime error end its attempt with a
// *Fallback error: the caller (internal/kubecfg's session) evaluates the
// program again with go-jsonnet, whose output or error is the answer, so
// errors and their traces are go-jsonnet's by construction. std.trace's
// lines are written only when an attempt finishes, the stack limit is
// counted as go-jsonnet counts it, and the differential tests (diff_test.go,
// go-jsonnet's test programs and a fuzzer) compare the two engines.
package fasteval
