// Package langserv is the playground editor's language service: given a
// workspace (its files' text) and a position in one file, it answers
// completions, hover, go-to-definition, references in the file,
// formatting and lint diagnostics, from go-jsonnet's own parser, formatter
// and linter, the same code the engine evaluates with.
//
// One Request asks one question (Op) and gets one Response, both plain
// JSON: the browser sends them through wasm/lang, tests call Serve.
// Positions are 1-based lines and 1-based columns counted in UTF-16 code
// units, as the editor (CodeMirror) counts them; a column past the end of
// its line means the end of the line.
//
// The Expression box of the playground (eval -e) is the pseudo-file
// ExpressionPath ("<expression>"): its text is in Files under that name,
// `kubecfg` is predefined there (RFC06), imports resolve from the
// workspace's root and `$` is the entry file's value. A .yakl file is
// answered inside its ${…} expressions (completion, hover, definition);
// Format and Lint answer that they do not apply to YAKL.
//
// Completion works on text that does not parse (the user is typing
// `lib.`): the text is repaired at the cursor (the partial name cut, or a
// placeholder put in), then the last text of the file that parsed is used,
// and last a scan of its `local` bindings. Inside strings and comments
// nothing is offered, except file names inside an import's string.
//
// The std members come from the engine (std_gen.go, written by
// internal/genstd from the go-jsonnet in go.mod), with one line of
// documentation each (stddoc.go); kubecfg's library members and their
// documentation come from pkg/stdlib's kubecfg.libsonnet, parsed with its
// comments.
package langserv

//go:generate go run ./internal/genstd
