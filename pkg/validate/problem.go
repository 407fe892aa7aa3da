package validate

import (
	"sort"
	"strings"
)

// Problem is one way an object departs from its schema.
type Problem struct {
	// Path leads to the offending value; for a missing required field it
	// leads to the object that lacks the field.
	Path Path
	// Missing is the name of the missing field ("" unless Code is
	// "required", or "name" for a missing metadata.name).
	Missing string
	// Message says what is wrong in kubectl's words:
	// unknown field "imagePullPolcy", expected integer, got string.
	Message string
	// Code is the class of the problem: one of the Code* constants.
	Code string
}

// The classes of Problem.Code.
const (
	CodeUnknownField = "unknown-field" // a field the schema does not have
	CodeType         = "type"          // a value of the wrong JSON type
	CodeRequired     = "required"      // a required field left out (Missing names it)
	CodeEnum         = "enum"          // a value outside the allowed set
	CodePattern      = "pattern"       // a string not matching the schema's pattern
	CodeFormat       = "format"        // int32/int64 range, base64, date-time, quantity, ...
	CodeRange        = "range"         // minimum/maximum, min/max length, items, properties
	CodeName         = "name"          // metadata.name (or namespace) missing or not a valid name
	CodeLabel        = "label"         // a label key or value
	CodeAnnotation   = "annotation"    // an annotation key, or their total size
	CodeListMapKey   = "list-map-key"  // a list map's duplicate or missing key, a set's duplicate
	CodeEmbedded     = "embedded"      // an embedded resource without apiVersion or kind
	CodeKey          = "key"           // a ConfigMap's or Secret's data key
)

// String is the problem as one line: PATH: MESSAGE (the message alone
// for the object itself).
func (p Problem) String() string {
	if s := p.Path.String(); s != "" {
		return s + ": " + p.Message
	}
	return p.Message
}

func sortProblems(ps []Problem) {
	sort.SliceStable(ps, func(i, j int) bool {
		if c := comparePaths(ps[i].Path, ps[j].Path); c != 0 {
			return c < 0
		}
		if ps[i].Missing != ps[j].Missing {
			return ps[i].Missing < ps[j].Missing
		}
		return strings.Compare(ps[i].Message, ps[j].Message) < 0
	})
}
