// Package yakl compiles YAKL (YAML with Jsonnet expressions, see
// docs/yakl.md) to Jsonnet, and predefines the name kubecfg in code that is
// not in a Jsonnet file (RFC06).
//
// Compile gives the code that kubecfg evaluates: every node stays on its
// source line, so runtime errors name the right .yakl line. Desugar gives
// the same program formatted for people (kubecfg eval -o jsonnet).
// PredefineKubecfg and FreeVars are the shared static check: go-jsonnet's
// parser plus a walk of its AST that tracks bound names.
package yakl
