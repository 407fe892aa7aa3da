package stdlib

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strings"

	jsonnet "github.com/google/go-jsonnet"
	"github.com/google/go-jsonnet/ast"

	"github.com/kubecfg/kubecfg/pkg/features"
)

// Options configures the native functions for one VM.
type Options struct {
	// Gates decides kubecfg.requireFeature and kubecfg.knit. Nil means
	// every feature at its stage's default.
	Gates *features.Gates
	// ResolveImage, when set, is called by resolveImage with every
	// normalised reference that has no digest yet, and its answer is
	// returned instead: the CLI's --resolve-images=registry (tag to
	// digest). Nil means normalise only.
	ResolveImage func(ref string) (string, error)
}

// ErrNoSchema is what validateJSONSchema fails with in a build without the
// validator (build tag kubecfg_noschema). The playground answers such a
// run with NeedsFullEngine, and the page reruns it on the full engine, so
// users never see this text.
var ErrNoSchema = errors.New("validateJSONSchema is not in this engine (built without the JSON Schema validator); the full engine has it")

// native is one function before it is wrapped for go-jsonnet.
type native struct {
	name   string
	params []string
	fn     func(args []any) (any, error)
}

// helmUnavailable is the error every call of parseHelmChart gets.
const helmUnavailable = "parseHelmChart is not available: Helm chart expansion is not part of this project's builds of kubecfg"

// Natives returns kubecfg's native functions, configured by opts, under the
// names and parameters kubecfg registers them with. Register every one on a
// VM that serves Library.
func Natives(opts Options) []*jsonnet.NativeFunction {
	defs := []native{
		{"parseJson", []string{"json"}, parseJSON},
		{"parseYaml", []string{"yaml"}, parseYAML},
		{"manifestJson", []string{"json", "indent"}, manifestJSON},
		{"manifestYaml", []string{"json"}, manifestYAML},
		{"resolveImage", []string{"image"}, func(args []any) (any, error) { return resolveImageNative(opts.ResolveImage, args) }},
		{"escapeStringRegex", []string{"str"}, escapeStringRegex},
		{"regexMatch", []string{"regex", "string"}, regexMatch},
		{"regexSubst", []string{"regex", "src", "repl"}, regexSubst},
		{"parseHelmChart", []string{"chartData", "releaseName", "namespace", "values", "capabilities"}, func([]any) (any, error) {
			return nil, errors.New(helmUnavailable)
		}},
		{"validateJSONSchema", []string{"obj", "schema"}, validateJSONSchema},
		{"requireFeature", []string{"name"}, func(args []any) (any, error) { return requireFeature(opts.Gates, args) }},
	}
	out := make([]*jsonnet.NativeFunction, 0, len(defs))
	for _, d := range defs {
		params := make(ast.Identifiers, len(d.params))
		for i, p := range d.params {
			params[i] = ast.Identifier(p)
		}
		out = append(out, &jsonnet.NativeFunction{Name: d.name, Params: params, Func: guard(d)})
	}
	return out
}

// guard checks the argument count and turns a panic into an error, so a
// native never takes the evaluator down.
func guard(d native) func([]any) (any, error) {
	return func(args []any) (res any, err error) {
		defer func() {
			if r := recover(); r != nil {
				res, err = nil, fmt.Errorf("%s: internal error: %v", d.name, r)
			}
		}()
		if len(args) != len(d.params) {
			return nil, fmt.Errorf("%s: want %d arguments, got %d", d.name, len(d.params), len(args))
		}
		return d.fn(args)
	}
}

// typeName names a JSON value's type as Jsonnet's std.type does.
func typeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

// stringArg returns v, the argument param of native fn, as a string, or a
// clear error naming both.
func stringArg(fn, param string, v any) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("%s: %s must be a string, got %s", fn, param, typeName(v))
	}
	return s, nil
}

func parseJSON(args []any) (any, error) {
	s, err := stringArg("parseJson", "json", args[0])
	if err != nil {
		return nil, err
	}
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		return nil, err
	}
	return v, nil
}

func parseYAML(args []any) (any, error) {
	s, err := stringArg("parseYaml", "yaml", args[0])
	if err != nil {
		return nil, err
	}
	return ParseYAMLStream(s)
}

// maxIndent bounds manifestJson's indent, so a typo cannot ask for
// gigabytes of spaces.
const maxIndent = 100

func manifestJSON(args []any) (any, error) {
	n, ok := args[1].(float64)
	if !ok {
		return nil, fmt.Errorf("manifestJson: indent must be a number, got %s", typeName(args[1]))
	}
	if n < 0 || n > maxIndent || n != math.Trunc(n) {
		return nil, fmt.Errorf("manifestJson: indent must be a whole number from 0 to %d, got %v", maxIndent, n)
	}
	data, err := json.MarshalIndent(args[0], "", strings.Repeat(" ", int(n)))
	if err != nil {
		return nil, fmt.Errorf("manifestJson: %w", err)
	}
	return string(data) + "\n", nil
}

func escapeStringRegex(args []any) (any, error) {
	s, err := stringArg("escapeStringRegex", "str", args[0])
	if err != nil {
		return nil, err
	}
	return regexp.QuoteMeta(s), nil
}

func regexMatch(args []any) (any, error) {
	re, err := stringArg("regexMatch", "regex", args[0])
	if err != nil {
		return nil, err
	}
	s, err := stringArg("regexMatch", "string", args[1])
	if err != nil {
		return nil, err
	}
	return regexp.MatchString(re, s)
}

func regexSubst(args []any) (any, error) {
	re, err := stringArg("regexSubst", "regex", args[0])
	if err != nil {
		return nil, err
	}
	src, err := stringArg("regexSubst", "src", args[1])
	if err != nil {
		return nil, err
	}
	repl, err := stringArg("regexSubst", "repl", args[2])
	if err != nil {
		return nil, err
	}
	r, err := regexp.Compile(re)
	if err != nil {
		return nil, err
	}
	return r.ReplaceAllString(src, repl), nil
}
