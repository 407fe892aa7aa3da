// Package hook is kubecfg httpd's server: each Jsonnet file is a hook at
// its own path, and a POST's body, which must be JSON, is the file's
// top-level argument request. The evaluation itself is the caller's (an
// Evaluator: the CLI runs each in a process of its own, so that a hook
// that dies or runs away costs that request only); this package speaks
// HTTP: methods, the body's size and form, timeouts, and JSON errors.
package hook

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/kubecfg/kubecfg/internal/lex"
)

// MaxBody is the largest request body a hook accepts.
const MaxBody = 8 << 20

// Path is the URL path a hook file is served at: the path without
// .jsonnet, from the root.
func Path(file string) string {
	return "/" + strings.TrimPrefix(strings.TrimSuffix(path.Clean(file), ".jsonnet"), "/")
}

// Evaluator evaluates one hook file with request, a JSON text, as its
// top-level argument request, and returns the JSON result. It must give
// up when ctx is done.
type Evaluator func(ctx context.Context, file string, request []byte) (string, error)

// ErrTimeout is what an Evaluator returns when ctx ended the evaluation.
var ErrTimeout = errors.New("the evaluation took too long and was stopped")

// Options are a server's limits.
type Options struct {
	// Timeout bounds one evaluation (0: DefaultTimeout).
	Timeout time.Duration
	// ReadTimeout bounds reading a whole request, headers and body (0:
	// a minute); headers alone get a sixth of it.
	ReadTimeout time.Duration
}

// DefaultTimeout is the evaluation time limit when none is set.
const DefaultTimeout = 30 * time.Second

func (o Options) timeout() time.Duration {
	if o.Timeout <= 0 {
		return DefaultTimeout
	}
	return o.Timeout
}

// Handler serves each file as a hook: a POST's body must be JSON (what
// hook callers such as metacontroller send; JSON is Jsonnet, so a call
// means what it meant to kubecfg, which evaluates the body as code), and
// is handed to eval; the JSON result is the response. Anything else is
// answered with a JSON error: 405 for other methods, 413 for a body past
// MaxBody, 408 for one that arrives too slowly, 400 for one that is not
// JSON, 404 for a path that is no hook's, 500 for an evaluation error,
// 504 past the time limit.
func Handler(files []string, eval Evaluator, opts Options) (http.Handler, error) {
	if len(files) == 0 {
		return nil, fmt.Errorf("jsonnet filename required")
	}
	mux := http.NewServeMux()
	served := map[string]string{}
	for _, f := range files {
		file := f
		if other, ok := served[Path(file)]; ok {
			return nil, fmt.Errorf("%s and %s would both be served at %s", other, file, Path(file))
		}
		served[Path(file)] = file
		if err := handle(mux, Path(file), func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodPost {
				w.Header().Set("Allow", http.MethodPost)
				jsonError(w, http.StatusMethodNotAllowed, "method not allowed: a hook takes a POST")
				return
			}
			body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
			var tooBig *http.MaxBytesError
			switch {
			case errors.As(err, &tooBig):
				jsonError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the request body is larger than %d bytes", MaxBody))
				return
			case err != nil:
				jsonError(w, http.StatusRequestTimeout, "the request body did not arrive in time")
				return
			}
			if msg := checkJSON(body); msg != "" {
				jsonError(w, http.StatusBadRequest, msg)
				return
			}
			ctx, cancel := context.WithTimeout(r.Context(), opts.timeout())
			defer cancel()
			out, err := eval(ctx, file, body)
			switch {
			case errors.Is(err, ErrTimeout):
				jsonError(w, http.StatusGatewayTimeout, fmt.Sprintf("%v (the limit is %s)", err, opts.timeout()))
			case err != nil:
				jsonError(w, http.StatusInternalServerError, err.Error())
			default:
				w.Header().Set("Content-Type", "application/json")
				io.WriteString(w, out)
			}
		}); err != nil {
			return nil, fmt.Errorf("%s cannot be served: %w", file, err)
		}
	}
	if _, ok := served["/"]; !ok {
		// Any other path: a JSON 404, as every other error.
		mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
			jsonError(w, http.StatusNotFound, fmt.Sprintf("no hook at %s", r.URL.Path))
		})
	}
	return mux, nil
}

// handle registers h at path, and returns an error, not the mux's panic,
// for a path that the mux would read as a pattern of its own (a{b}, a
// space) or cannot take.
func handle(mux *http.ServeMux, path string, h http.HandlerFunc) (err error) {
	if strings.ContainsAny(path, "{} \t") {
		return errors.New("its path has a brace or a space, which http.ServeMux reads as a pattern")
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	mux.HandleFunc(path, h)
	return nil
}

// checkJSON says what is wrong with a request body, or "": it must be one
// JSON value in UTF-8, nested no deeper than lex.MaxDepth (the limit of
// all code this project evaluates).
func checkJSON(body []byte) string {
	if !utf8.Valid(body) {
		return "the request body is not UTF-8"
	}
	if at := lex.JsonnetDepth(string(body), lex.MaxDepth); at >= 0 {
		line, col := lex.Position(string(body), at)
		return fmt.Sprintf("the request body is nested deeper than %d levels (line %d, column %d)", lex.MaxDepth, line, col)
	}
	if !json.Valid(body) {
		var v any
		err := json.Unmarshal(body, &v)
		return fmt.Sprintf("the request body must be JSON: %v", err)
	}
	return ""
}

// Decode decodes a request body that checkJSON passed (the Handler hands
// eval only those) into the value the hook's request is: nil, bool,
// float64, string, []any or map[string]any. A number past float64's range
// is an error, as it is in Jsonnet.
func Decode(body []byte) (any, error) {
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return nil, fmt.Errorf("the request body must be JSON: %w", err)
	}
	return v, nil
}

// jsonError answers {"error": msg} with code.
func jsonError(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(code)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(map[string]string{"error": msg})
}

// Server is an http.Server for h with timeouts that a slow client cannot
// stretch: headers in 10 s, the whole request in a minute (ReadTimeout),
// the answer within the evaluation's limit and a minute more, idle
// connections closed after two minutes.
func Server(h http.Handler, opts Options) *http.Server {
	read := opts.ReadTimeout
	if read <= 0 {
		read = time.Minute
	}
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: read / 6,
		ReadTimeout:       read,
		WriteTimeout:      read + opts.timeout() + time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
}
