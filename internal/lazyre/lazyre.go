// Package lazyre holds regular expressions that are compiled on first use
// instead of at program start: the page's WebAssembly engine pays, before
// its first result, for every regexp a package's init compiles (and for
// V8's compilation of the regexp compiler itself), though most of them
// serve only YAKL files, YAML edge cases or errors.
package lazyre

import (
	"regexp"
	"sync"
)

// New returns a function that compiles pattern the first time it is
// called and returns the same *regexp.Regexp from then on. pattern must be
// valid: the first call panics otherwise, as regexp.MustCompile does.
func New(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}
