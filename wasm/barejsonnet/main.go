//go:build js && wasm

// Command barejsonnet is the wasm baseline of the evaluator benchmark
// (scripts/bench): bare go-jsonnet, with nothing of this project around
// it, compiled with GOOS=js GOARCH=wasm. It defines
// globalThis.barejsonnet = { run(file, code) → Promise<{output, error}> },
// shaped like the playground shim's kubecfg.run (one goroutine per call,
// the answer through a Promise), so that the two are timed the same way
// from JavaScript. Each call makes a new VM and evaluates code with
// jsonnet.MakeVM().EvaluateAnonymousSnippet, as the native baseline does.
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

// run evaluates (file, code) on a new goroutine and resolves the Promise
// it returns with {output, error}.
func run(_ js.Value, args []js.Value) any {
	var file, code string
	var argErr error
	if len(args) != 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString {
		argErr = fmt.Errorf("barejsonnet.run: want 2 string arguments (file, code), got %d", len(args))
	} else {
		file, code = args[0].String(), args[1].String()
	}
	handler := js.FuncOf(func(_ js.Value, pargs []js.Value) any {
		resolve := pargs[0]
		go func() {
			res := js.Global().Get("Object").New()
			out, err := evaluate(file, code, argErr)
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

// evaluate runs one snippet on a fresh VM; a panic becomes an error.
func evaluate(file, code string, argErr error) (out string, err error) {
	if argErr != nil {
		return "", argErr
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("barejsonnet.run: internal error: %v", p)
		}
	}()
	return jsonnet.MakeVM().EvaluateAnonymousSnippet(file, code)
}
