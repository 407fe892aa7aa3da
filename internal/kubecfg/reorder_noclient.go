//go:build kubecfg_noschema

package kubecfg

// reorderClient is ErrNoReorder in the browser's core engine: the built-in
// kinds' facts and the dependency order are the full engine's, which the
// page loads for the first --reorder=client.
func reorderClient(objs []Object, srcs []Source) ([]Object, []Source, error) {
	return objs, srcs, ErrNoReorder
}
