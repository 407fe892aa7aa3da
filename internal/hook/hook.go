// Package hook is kubecfg httpd's server: each Jsonnet file is a hook at
// its own path, and a POST's body is the file's top-level argument
// request. The evaluation is pkg/kubecfg's (Config.EvaluateHook); this
// package only speaks HTTP.
package hook

import (
	"fmt"
	"io"
	"net/http"
	"path"
	"strings"

	"github.com/kubecfg/kubecfg/pkg/kubecfg"
)

// MaxBody is the largest request body a hook accepts.
const MaxBody = 8 << 20

// Path is the URL path a hook file is served at: the path without
// .jsonnet, from the root.
func Path(file string) string {
	return "/" + strings.TrimPrefix(strings.TrimSuffix(path.Clean(file), ".jsonnet"), "/")
}

// Handler serves each file as a hook: a POST's body is passed as the
// top-level argument request (code), the file is evaluated with a fresh
// VM, and the JSON result is the response. Other methods get 405.
func Handler(c *kubecfg.Config, files []string) (http.Handler, error) {
	if len(files) == 0 {
		return nil, fmt.Errorf("jsonnet filename required")
	}
	mux := http.NewServeMux()
	for _, f := range files {
		file := f
		mux.HandleFunc(Path(file), func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodPost {
				w.Header().Set("Allow", http.MethodPost)
				http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
				return
			}
			body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
			if err != nil {
				http.Error(w, "error reading request: "+err.Error(), http.StatusRequestEntityTooLarge)
				return
			}
			out, err := c.EvaluateHook(file, string(body))
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
