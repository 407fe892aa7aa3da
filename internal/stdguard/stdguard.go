// Package stdguard puts guards in front of go-jsonnet builtins with known
// holes, so that a program's mistake or a hostile size ends in an ordinary
// Jsonnet runtime error (with its position and stack trace) instead of a Go
// panic or an allocation that takes the process (the page's engine) down.
//
// go-jsonnet v0.22 implements some of std in Go ("builtins") and puts them
// into the standard library object after evaluating the standard library's
// Jsonnet, over any field of the same name. Four of them have holes:
//
//   - std.removeAt(arr, i) slices arr without a bounds check: an index out
//     of range is a Go panic ("slice bounds out of range"), which go-jsonnet
//     reports as INTERNAL ERROR (CRASH) with a goroutine trace.
//   - std.range(from, to) allocates to-from+1 elements at once and
//     std.makeArray(sz, func) sz elements: std.range(0, 2e9) asks for 16 GB,
//     which in WebAssembly (a 4 GB address space) is a fatal "out of memory"
//     that no recover() catches. std.repeat and the rest of std that build
//     arrays go through std.makeArray.
//   - std.parseYaml(str) expands YAML aliases with go-yaml v2 (an alias
//     bomb takes all memory) and recurses once per level of nesting (in
//     WebAssembly 100,000 levels overflow the browser's stack before
//     go-yaml's own limit); its guard asks the native YAMLCheck first.
//
// Install moves those builtins to hidden fields of std named
// Prefix+name (std['$kubecfg:range']) and gives std.removeAt, std.range,
// std.makeArray and std.parseYaml Jsonnet bodies (in astgen.StdAst, the
// standard library's AST) that check the arguments and then call the
// builtin: an index out of
// range fails as indexing does ("Index 3 out of bounds, not within [0,
// 3)"), a size above MaxArray fails with a sentence naming the limit.
// Arguments of the wrong type go to the builtin unchecked, so its own
// errors are unchanged. If go-jsonnet's shape changes (the builtins or the
// standard library object are not where they were), Install changes
// nothing and Installed is false; the tests fail then.
package stdguard

import (
	"fmt"
	"sync"
	"unsafe"

	jsonnet "github.com/google/go-jsonnet"
	"github.com/google/go-jsonnet/ast"
	"github.com/google/go-jsonnet/astgen"
)

// MaxArray is the most elements std.range and std.makeArray (so std.repeat
// too) make: ten million, far beyond any real configuration (a
// kube-prometheus build makes no array longer than a few thousand), and
// well inside what the browser's engine can hold (about 1 GB for ten
// million elements of std.makeArray; twenty times more would not fit in
// WebAssembly's 4 GB). The kubecfg CLI itself would try to allocate.
const MaxArray = 10_000_000

// Prefix names the hidden std fields that keep the guarded builtins.
const Prefix = "$kubecfg:"

// Installed says whether Install put the guards in.
var Installed bool

var once sync.Once

// Install puts the guards in, once per process; call it before making a
// VM (internal/kubecfg does, for every VM it makes). It is not done in init:
// parsing the guards costs about 1.5 ms, which a process that evaluates
// nothing (the CLI's supervising parent) need not pay. It reports whether
// the guards are in.
func Install() bool {
	once.Do(func() { Installed = install(astgen.StdAst, funcBuiltins) == nil })
	return Installed
}

// guarded are the builtins that get a guard, in the order of the guard
// source's fields.
var guarded = []string{"removeAt", "range", "makeArray", "parseYaml"}

// source is the guards' Jsonnet: an object whose fields become std's.
//
// Each field is a local holding the builtin, then the function: std's
// fields are evaluated once per std object (each file's), so a call costs
// the checks and one call more, not a lookup of the hidden field (nor of
// std.type, a builtin; std.isNumber is Jsonnet around it). std.map and
// the rest of std call std.makeArray, which makes it a hot path: a
// std.makeArray(3, f) costs about twice the builtin's.
var source = fmt.Sprintf(`{
  removeAt:
    local impl = std['%[1]sremoveAt'], type = std.type;
    function(arr, at)
      if type(arr) == 'array' && type(at) == 'number' && at == std.floor(at)
         && (at < 0 || at >= std.length(arr)) then
        error 'Index ' + at + ' out of bounds, not within [0, ' + std.length(arr) + ')'
      else impl(arr, at),
  range:
    local impl = std['%[1]srange'], type = std.type;
    function(from, to)
      if type(from) == 'number' && type(to) == 'number' && to - from >= %[2]d then
        error 'std.range(' + from + ', ' + to + ') would make ' + (std.floor(to) - std.ceil(from) + 1)
          + ' elements, more than the limit of %[2]d'
      else impl(from, to),
  makeArray:
    local impl = std['%[1]smakeArray'], type = std.type;
    function(sz, func)
      if type(sz) == 'number' && sz > %[2]d then
        error 'std.makeArray(' + sz + ', ...) would make ' + sz + ' elements, more than the limit of %[2]d'
      else impl(sz, func),
  parseYaml:
    local impl = std['%[1]sparseYaml'], check = std.native('%[3]s');
    function(str)
      local refused = if check == null || std.type(str) != 'string' then null else check(str);
      if refused != null then error refused
      else impl(str),
}`, Prefix, MaxArray, YAMLCheck)

// YAMLCheck is the native function that std.parseYaml's guard calls
// first: given the text, null to go on or the sentence to fail with. A
// VM without it (one this project did not make) parses unchecked.
// internal/kubecfg registers it with kubecfg's own YAML guards (the nesting
// limit and the alias guard of pkg/stdlib), so that go-jsonnet's
// std.parseYaml refuses what kubecfg's parseYaml and .yaml inputs refuse.
const YAMLCheck = "kubecfg:checkYaml"

// callable has the layout of go-jsonnet's evalCallable, an interface value:
// the builtins are only moved, never called from here.
type callable struct{ tab, data unsafe.Pointer }

// funcBuiltins is go-jsonnet's table of builtins (builtins.go), which
// buildStdObject copies into every std object.
//
//go:linkname funcBuiltins github.com/google/go-jsonnet.funcBuiltins
var funcBuiltins map[string]callable

// install gives std's object guarded fields and moves the builtins they
// call to their hidden names; it changes nothing when it fails.
func install(std ast.Node, builtins map[string]callable) error {
	obj, ok := std.(*ast.DesugaredObject)
	if !ok {
		return fmt.Errorf("go-jsonnet's standard library is a %T, not an object", std)
	}
	for _, name := range guarded {
		if _, ok := builtins[name]; !ok {
			return fmt.Errorf("go-jsonnet has no builtin %s", name)
		}
	}
	parsed, err := jsonnet.SnippetToAST("<std>", source)
	if err != nil {
		return fmt.Errorf("the guards do not parse: %w", err)
	}
	guards, ok := parsed.(*ast.DesugaredObject)
	if !ok || len(guards.Fields) != len(guarded) {
		return fmt.Errorf("the guards are a %T, not an object of %d fields", parsed, len(guarded))
	}
	for k, name := range guarded {
		f := guards.Fields[k]
		if i := fieldIndex(obj, name); i >= 0 {
			obj.Fields[i].Body = f.Body
		} else {
			obj.Fields = append(obj.Fields, f)
		}
		builtins[Prefix+name] = builtins[name]
		delete(builtins, name)
	}
	return nil
}

// fieldIndex is the index of obj's field with the literal name, or -1.
func fieldIndex(obj *ast.DesugaredObject, name string) int {
	for i, f := range obj.Fields {
		if s, ok := f.Name.(*ast.LiteralString); ok && s.Value == name {
			return i
		}
	}
	return -1
}
