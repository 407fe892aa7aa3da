package kubecfg

import (
	"fmt"
	"io"
	"net/http"
	"path"
	"strings"
)

// MaxHookBody is the largest request body a hook accepts.
const MaxHookBody = 8 << 20

// HookPath is the URL path a hook file is served at: the path without
// .jsonnet, from the root.
func HookPath(file string) string {
	return "/" + strings.TrimPrefix(strings.TrimSuffix(path.Clean(file), ".jsonnet"), "/")
}

// HookHandler serves each file as a hook (kubecfg httpd): a POST's body is
// passed as the top-level argument request (code), the file is evaluated
// with a fresh VM, and the JSON result is the response. Other methods get
// 405.
func (c *Config) HookHandler(files []string) (http.Handler, error) {
	if len(files) == 0 {
		return nil, fmt.Errorf("jsonnet filename required")
	}
	mux := http.NewServeMux()
	for _, f := range files {
		file := f
		mux.HandleFunc(HookPath(file), func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodPost {
				w.Header().Set("Allow", http.MethodPost)
				http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
				return
			}
			body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxHookBody))
			if err != nil {
				http.Error(w, "error reading request: "+err.Error(), http.StatusRequestEntityTooLarge)
				return
			}
			vm, imp, err := c.newVM()
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			vm.TLACode("request", string(body))
			out, err := evaluateURL(vm, imp, c.fileURL(file))
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, out)
		})
	}
	return mux, nil
}

// EvaluateFile evaluates one Jsonnet file with this configuration and
// returns its JSON (the rc file is read this way, with default gates).
func (c *Config) EvaluateFile(p string) (string, error) {
	vm, imp, err := c.newVM()
	if err != nil {
		return "", err
	}
	return evaluateURL(vm, imp, c.fileURL(p))
}
