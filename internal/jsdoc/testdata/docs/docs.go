// Package docs is readDocs's test input.
package docs

// Alone is a type declared on its own: the doc is the declaration's.
type Alone struct {
	// A has a doc comment.
	A    int
	B    string // B has a line comment.
	C, D bool
}

type (
	// Grouped is one of a group: the doc is the spec's.
	Grouped struct{ X int }
	// NotAStruct is left out.
	NotAStruct int
)
