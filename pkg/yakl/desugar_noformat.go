//go:build kubecfg_noschema

package yakl

// format is ErrNoFormat in the browser's core engine: jsonnetfmt's
// printer is about 25 kB of its first load, and only eval -o jsonnet of a
// .yakl file (the page's compiled view) needs it; the page runs that
// request again on the full engine.
func format(string, string) (string, error) { return "", ErrNoFormat }
