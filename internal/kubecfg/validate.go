package kubecfg

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// DefaultKubernetesVersion is the minor validate checks against when the
// invocation names none (k8sschema.Default; a test holds them equal).
const DefaultKubernetesVersion = "1.35"

// KubernetesVersions are the minors whose schemas validate knows
// (k8sschema.Versions; a test holds them equal).
var KubernetesVersions = []string{"1.31", "1.32", "1.33", "1.34", "1.35"}

// MaxTracedProblems is how many of a run's problems validate locates
// (each a causal trace of its object's input); the rest are listed
// without a source line, and a note says how many.
const MaxTracedProblems = 200

// DefaultTraceBudget bounds the time validate spends locating its
// problems when Env.TraceBudget is 0: the problems left when it has
// passed are listed without a source line, and a note says so.
const DefaultTraceBudget = 10 * time.Second

// Problem is one way an object validate read departs from its schema, as
// data: the object, the field path, kubectl's words, and the Jsonnet
// line that made the value (or the object lacking the field).
type Problem struct {
	Object ProblemObject `json:"object"`
	// Path is the field path of the offending value, or of the object
	// lacking a required field: spec.template.spec.containers[0].image,
	// metadata.labels["app.kubernetes.io/name"]; "" is the object.
	Path string `json:"path"`
	// Message says what is wrong in kubectl's words: unknown field
	// "imagePullPolcy", expected integer, got string, missing required
	// field "containers".
	Message string `json:"message"`
	// Code is the class of the problem (pkg/validate's Code*:
	// "unknown-field", "type", "required", ...; "unknown-kind" for a kind
	// without a schema under --ignore-unknown=false).
	Code string `json:"code"`
	// Source is the Jsonnet line that made the value (the most recent of
	// its causal trace; for a missing field, the line that made the object
	// lacking it): File is an absolute path; Column to EndColumn (one
	// past) the field's name on the line, when the line names it once.
	// Zero when the object comes
	// from a .json or .yaml input, --exec code or an overlay, when the
	// trace named no file, and for the problems past MaxTracedProblems or
	// the trace budget.
	Source Frame `json:"source"`
	// Input is the input the object came from, as given (Source.File of
	// the object's Source, or the .json or .yaml file it was decoded
	// from).
	Input string `json:"input"`
	// Steps is Path as keys and indices; Missing the required field that
	// is missing ("" for other problems).
	Steps   []any  `json:"-"`
	Missing string `json:"-"`
}

// ProblemObject names a problem's object: its index in the Result's
// Objects (show's order), kind, name and namespace.
type ProblemObject struct {
	Index      int    `json:"index"`
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Name       string `json:"name"`
	Namespace  string `json:"namespace,omitempty"`
}

// QualifiedName is the object's name as a problem's line writes it:
// NAMESPACE/NAME when it has a namespace; "" when it has no name.
func (o ProblemObject) QualifiedName() string {
	if o.Namespace != "" && o.Name != "" {
		return o.Namespace + "/" + o.Name
	}
	return o.Name
}

// Text is the problem after its place: KIND NAME: PATH: MESSAGE (no NAME
// for an object without one, no PATH for the object itself).
func (p Problem) Text() string {
	s := p.Object.Kind
	if n := p.Object.QualifiedName(); n != "" {
		s += " " + n
	}
	s += ": "
	if p.Path != "" {
		s += p.Path + ": "
	}
	return s + p.Message
}

// Line is the problem as the CLI prints it: FILE:LINE: TEXT, the file
// relative to cwd when it is below it; FILE: TEXT (the input) when no
// line made it.
func (p Problem) Line(cwd string) string {
	if p.Source.File == "" {
		return p.Input + ": " + p.Text()
	}
	return fmt.Sprintf("%s:%d: %s", relativeTo(cwd, p.Source.File), p.Source.Line, p.Text())
}

// relativeTo is file (absolute) relative to dir when it is below it.
func relativeTo(dir, file string) string {
	if rel, ok := strings.CutPrefix(file, strings.TrimSuffix(dir, "/")+"/"); ok && dir != "" {
		return rel
	}
	return file
}

// InvalidError is validate's error when an object is invalid (exit
// status 1): how many problems, in how many objects.
type InvalidError struct {
	Problems, Objects int
}

func (e *InvalidError) Error() string {
	return fmt.Sprintf("validation failed: %s in %s", plural(e.Problems, "problem"), plural(e.Objects, "object"))
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// SchemaMissingError is the error of an Env.Schema that does not hold a
// known minor's schemas (the browser's engine before the page hands them
// over): the page fetches them and runs the request again.
type SchemaMissingError struct {
	Version string
}

func (e *SchemaMissingError) Error() string {
	return fmt.Sprintf("the schemas of Kubernetes %s are not loaded", e.Version)
}

// ErrNoValidate is validate's error in an engine built without the
// schema check (the browser's core engine): the page runs the request
// again on the full engine.
var ErrNoValidate = errors.New("the Kubernetes schema check is not in this engine (built without it); the full engine has it")

// ProblemText is what the CLI prints on standard error for validate: a
// line per problem (Problem.Line), then the notes ("note: ...").
func (r Result) ProblemText(cwd string) string {
	var b strings.Builder
	for _, p := range r.Problems {
		b.WriteString(p.Line(cwd) + "\n")
	}
	for _, n := range r.Notes {
		b.WriteString("note: " + n + "\n")
	}
	return b.String()
}

// kubernetesVersion is the minor validate checks against.
func (inv Invocation) kubernetesVersion() string {
	if inv.KubernetesVersion == "" {
		return DefaultKubernetesVersion
	}
	return inv.KubernetesVersion
}
