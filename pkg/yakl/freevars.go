package yakl

import "github.com/kubecfg/kubecfg/internal/predefine"

// KubecfgLocal is the line that predefines kubecfg (RFC06): code that reads
// kubecfg without declaring it is evaluated as if it started with it.
const KubecfgLocal = predefine.KubecfgLocal

// yaklKubecfgLocal is the predefined local of compiled .yakl files. It also
// declares yakl__kubecfg, the name that code written by the compiler reads.
const yaklKubecfgLocal = "local kubecfg = import 'internal:///kubecfg.libsonnet', yakl__kubecfg = kubecfg;"

// PredefineKubecfg returns KubecfgLocal + code when code reads the variable
// kubecfg without declaring it, on the same first line so that line numbers
// do not move. Any other code, including code that does not parse, is
// returned unchanged, byte for byte. (RFC06; the analysis is
// internal/predefine's, which the evaluator uses directly.)
func PredefineKubecfg(filename, code string) string { return predefine.Kubecfg(filename, code) }
