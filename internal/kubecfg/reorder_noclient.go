//go:build kubecfg_noschema

package kubecfg

// ReorderBuiltIn says whether this engine has show --reorder=client: not
// the browser's core engine, which answers ErrNoReorder (the built-in
// kinds' facts and the dependency order are the full engine's, which the
// page loads for the first --reorder=client).
const ReorderBuiltIn = false

// reorderClient is never called in the core engine (ReorderBuiltIn).
func reorderClient(objs []Object, srcs []Source) ([]Object, []Source, error) {
	return objs, srcs, ErrNoReorder
}
