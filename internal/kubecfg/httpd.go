package kubecfg

import "github.com/google/go-jsonnet"

// EvaluateHook evaluates one hook file (kubecfg httpd) with a fresh VM,
// passing request, the HTTP request's JSON body as encoding/json decodes
// it into an any (nil, bool, float64, string, []any, map[string]any), as
// the top-level argument request, and returns the JSON result.
// internal/hook serves it over HTTP; this package stays free of net/http so
// the browser build does not carry it.
//
// The value reaches the VM through a native function (go-jsonnet has no
// TLA that takes a value): go-jsonnet converts it to Jsonnet values
// directly, where the body as TLA code was lexed, parsed, desugared and
// analysed as a program, at 130 to 450 times its size in memory
// (docs/benchmarks.md, "kubecfg httpd's request body").
func (c *Config) EvaluateHook(file string, request any) (string, error) {
	s, err := c.NewSession()
	if err != nil {
		return "", err
	}
	s.vm.NativeFunction(&jsonnet.NativeFunction{
		Name: hookRequestNative,
		Func: func([]any) (any, error) { return request, nil },
	})
	s.vm.TLACode("request", "std.native('"+hookRequestNative+"')()")
	return s.evaluateURL(c.fileURL(file))
}

// hookRequestNative is the native function that returns a hook's request.
const hookRequestNative = "kubecfg:hookRequest"

// EvaluateFile evaluates one Jsonnet file with this configuration and
// returns its JSON (the rc file is read this way, with default gates).
func (c *Config) EvaluateFile(p string) (string, error) {
	s, err := c.NewSession()
	if err != nil {
		return "", err
	}
	return s.evaluateURL(c.fileURL(p))
}
