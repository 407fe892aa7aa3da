package docsite

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// State is the playground page's state as web/src/state.js keeps it and
// web/src/share.js puts it in a #s= fragment: the workspace and the
// controls (the CLI's flags).
type State struct {
	Files    map[string]string `json:"files"`
	Entry    string            `json:"entry"`
	Controls Controls          `json:"controls"`
}

// Controls are the page's controls (state.js blankControls).
type Controls struct {
	Command  string          `json:"command"`
	Expr     string          `json:"expr"`
	Output   string          `json:"output"`
	Features map[string]bool `json:"features"`
	Alpha    bool            `json:"alpha"`
	Vars     Vars            `json:"vars"`
}

// Vars are the ext vars and TLAs as NAME=VALUE lines (state.js formatVars).
type Vars struct {
	ExtStr  string `json:"extStr"`
	ExtCode string `json:"extCode"`
	TLAStr  string `json:"tlaStr"`
	TLACode string `json:"tlaCode"`
}

// StateOf is the playground state that shows the example.
func StateOf(ex *Example) State {
	r := ex.Request
	out := r.Output
	if out == "" {
		out = "yaml"
	}
	feats := map[string]bool{}
	for _, f := range r.Features {
		name, value, _ := strings.Cut(f, "=")
		feats[strings.TrimSpace(name)] = value != "false"
	}
	return State{
		Files: r.Files, Entry: r.Entry,
		Controls: Controls{
			Command: r.Command, Expr: r.Expr, Output: out, Features: feats, Alpha: r.Alpha,
			Vars: Vars{ExtStr: formatVars(r.ExtStr), ExtCode: formatVars(r.ExtCode), TLAStr: formatVars(r.TLAStr), TLACode: formatVars(r.TLACode)},
		},
	}
}

// formatVars writes NAME=VALUE lines in name order (state.js formatVars).
func formatVars(m map[string]string) string {
	var lines []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		lines = append(lines, k+"="+m[k])
	}
	return strings.Join(lines, "\n")
}

// EncodeFragment is share.js encodeFragment in Go: the state's JSON,
// raw-DEFLATE compressed, in unpadded base64url (the text after #s=).
func EncodeFragment(s State) (string, error) {
	data, err := json.Marshal(s)
	if err != nil {
		return "", fmt.Errorf("encoding the playground state: %w", err)
	}
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, flate.BestCompression)
	if err != nil {
		return "", fmt.Errorf("compressing the playground state: %w", err)
	}
	if _, err := w.Write(data); err != nil {
		return "", fmt.Errorf("compressing the playground state: %w", err)
	}
	if err := w.Close(); err != nil {
		return "", fmt.Errorf("compressing the playground state: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(buf.Bytes()), nil
}
