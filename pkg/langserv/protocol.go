package langserv

// EngineVersion is the version of go-jsonnet whose parser, formatter,
// linter and std this package answers from.
const EngineVersion = "go-jsonnet " + stdVersion

// ExpressionPath names the playground's Expression box (eval -e) in a
// Request: Files[ExpressionPath] is its text.
const ExpressionPath = "<expression>"

// LibraryPath is how responses name kubecfg's built-in library (a
// Definition in it, say); the page shows it read-only.
const LibraryPath = "internal:///kubecfg.libsonnet"

// The operations a Request asks for.
const (
	OpComplete   = "complete"
	OpHover      = "hover"
	OpDefinition = "definition"
	OpReferences = "references"
	OpFormat     = "format"
	OpLint       = "lint"
)

// Request is one question about one file of a workspace.
type Request struct {
	// Op is one of complete, hover, definition, references, format, lint.
	Op string `json:"op"`
	// Files is the workspace: path (relative, slash-separated) to text.
	Files map[string]string `json:"files"`
	// Path is the file asked about: a key of Files, or ExpressionPath.
	Path string `json:"path"`
	// Line and Column are the cursor (1-based; Column in UTF-16 code
	// units). Format and Lint ignore them.
	Line   int `json:"line,omitempty"`
	Column int `json:"column,omitempty"`
	// Entry is the entry file, the value of `$` in the Expression box.
	Entry string `json:"entry,omitempty"`
	// JPath are library directories searched after an import's own
	// directory (-J), relative to the workspace's root.
	JPath []string `json:"jpath,omitempty"`
	// Links are the workspace's symbolic links (jsonnet-bundler's vendor/
	// ones): a link's path to its target, relative to the link's
	// directory, as the playground's state keeps them.
	Links map[string]string `json:"links,omitempty"`
}

// Pos is a position in a file: 1-based line and UTF-16 column.
type Pos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

// Range is a span of a file, End exclusive.
type Range struct {
	Path  string `json:"path,omitempty"`
	Start Pos    `json:"start"`
	End   Pos    `json:"end"`
}

// Completion is one name offered at the cursor.
type Completion struct {
	Label string `json:"label"`
	// Kind is function, variable, property, keyword, file or namespace.
	Kind string `json:"kind"`
	// Detail is a short signature or type, Doc a sentence or two.
	Detail string `json:"detail,omitempty"`
	Doc    string `json:"doc,omitempty"`
}

// Completions is the answer to complete: the items replace the text
// between From and To (the name being typed).
type Completions struct {
	From  Pos          `json:"from"`
	To    Pos          `json:"to"`
	Items []Completion `json:"items"`
}

// Hover is the answer to hover: Markdown about the name at Range.
type Hover struct {
	Markdown string `json:"markdown"`
	Range    Range  `json:"range"`
}

// Location is the answer to definition: where the name is defined.
// Path is a workspace file, ExpressionPath or LibraryPath.
type Location struct {
	Path string `json:"path"`
	Pos
	// Range is the name at the cursor that was asked about.
	Range Range `json:"range"`
	// Text is the file's text when it is LibraryPath, which is not in
	// the workspace, for the page to show read-only.
	Text string `json:"text,omitempty"`
}

// Formatted is the answer to format: the file as jsonnetfmt would print
// it, and whether that differs from the text sent.
type Formatted struct {
	Text    string `json:"text"`
	Changed bool   `json:"changed"`
}

// Diagnostic is one finding of the linter.
type Diagnostic struct {
	Range
	Message string `json:"message"`
	// Severity is "warning": the evaluation's errors are the engine's.
	Severity string `json:"severity"`
}

// Response answers a Request. Exactly one of the answer fields is set for
// an Op that found something; Error says why there is no answer (a file
// that does not parse, an unknown op), as data.
type Response struct {
	Op          string       `json:"op"`
	Error       string       `json:"error,omitempty"`
	Completions *Completions `json:"completions,omitempty"`
	Hover       *Hover       `json:"hover,omitempty"`
	Definition  *Location    `json:"definition,omitempty"`
	References  []Range      `json:"references,omitempty"`
	Format      *Formatted   `json:"format,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics,omitempty"`
}
