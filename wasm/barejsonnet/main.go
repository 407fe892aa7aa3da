//go:build js && wasm

// Command barejsonnet is the wasm baseline of the evaluator benchmark
// (scripts/bench): bare go-jsonnet, with nothing of this project around
// it, compiled with GOOS=js GOARCH=wasm. It defines
// globalThis.barejsonnet = { run(file, code[, files]) → Promise<{output,
// error}> }, shaped like the playground shim's kubecfg.run (one goroutine
// per call, the answer through a Promise), so that the two are timed the
// same way from JavaScript. Each call makes a new VM and evaluates code
// with jsonnet.MakeVM().EvaluateAnonymousSnippet, as the native baseline
// does; files ({path: text}), when given, are what code can import (go-jsonnet's
// MemoryImporter), so that the start-up floor can run a workspace's
// Jsonnet too.
package main

import (
	"fmt"
	"syscall/js"

	"github.com/google/go-jsonnet"
)

func main() {
	api := js.Global().Get("Object").New()
	api.Set("version", jsonnet.Version())
	api.Set("run", js.FuncOf(run))
	js.Global().Set("barejsonnet", api)
	select {} // callbacks run on this process; never exit
}

// run evaluates (file, code[, files]) on a new goroutine and resolves the
// Promise it returns with {output, error}.
func run(_ js.Value, args []js.Value) any {
	var file, code string
	var files map[string]string
	var argErr error
	if len(args) < 2 || len(args) > 3 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString {
		argErr = fmt.Errorf("barejsonnet.run: want 2 string arguments (file, code) and an optional object of files, got %d", len(args))
	} else {
		file, code = args[0].String(), args[1].String()
		if len(args) == 3 {
			files, argErr = filesOf(args[2])
		}
	}
	handler := js.FuncOf(func(_ js.Value, pargs []js.Value) any {
		resolve := pargs[0]
		go func() {
			res := js.Global().Get("Object").New()
			out, err := evaluate(file, code, files, argErr)
			res.Set("output", out)
			if err != nil {
				res.Set("error", err.Error())
			}
			resolve.Invoke(res)
		}()
		return nil
	})
	defer handler.Release()
	return js.Global().Get("Promise").New(handler)
}

// filesOf reads a {path: text} object.
func filesOf(v js.Value) (map[string]string, error) {
	if v.Type() != js.TypeObject {
		return nil, fmt.Errorf("barejsonnet.run: files is a %s, want an object", v.Type())
	}
	keys := js.Global().Get("Object").Call("keys", v)
	files := make(map[string]string, keys.Length())
	for i := 0; i < keys.Length(); i++ {
		k := keys.Index(i).String()
		if t := v.Get(k); t.Type() == js.TypeString {
			files[k] = t.String()
		} else {
			return nil, fmt.Errorf("barejsonnet.run: file %q is a %s, want a string", k, t.Type())
		}
	}
	return files, nil
}

// evaluate runs one snippet on a fresh VM, importing from files when there
// are any; a panic becomes an error.
func evaluate(file, code string, files map[string]string, argErr error) (out string, err error) {
	if argErr != nil {
		return "", argErr
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("barejsonnet.run: internal error: %v", p)
		}
	}()
	vm := jsonnet.MakeVM()
	if files != nil {
		data := make(map[string]jsonnet.Contents, len(files))
		for path, text := range files {
			data[path] = jsonnet.MakeContents(text)
		}
		vm.Importer(&jsonnet.MemoryImporter{Data: data})
	}
	return vm.EvaluateAnonymousSnippet(file, code)
}
