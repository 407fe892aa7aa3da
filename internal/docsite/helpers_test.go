package docsite

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
)

// Helpers only the tests use.

// Unreferenced returns the examples no page shows.
func (s *Site) Unreferenced() []string {
	seen := map[string]bool{}
	for _, p := range s.Pages {
		for _, e := range p.Examples {
			seen[e] = true
		}
	}
	var out []string
	for _, name := range s.Order {
		if !seen[name] {
			out = append(out, name)
		}
	}
	return out
}

// DecodeFragment reverses EncodeFragment, reading at most limit bytes of
// JSON.
func DecodeFragment(frag string, limit int64) (State, error) {
	var s State
	raw, err := base64.RawURLEncoding.DecodeString(frag)
	if err != nil {
		return s, fmt.Errorf("decoding the fragment: %w", err)
	}
	r := flate.NewReader(bytes.NewReader(raw))
	defer r.Close()
	var out bytes.Buffer
	n, err := out.ReadFrom(io.LimitReader(r, limit+1))
	if err != nil {
		return s, fmt.Errorf("decompressing the fragment: %w", err)
	}
	if n > limit {
		return s, fmt.Errorf("decompressing the fragment: more than %d bytes", limit)
	}
	if err := json.Unmarshal(out.Bytes(), &s); err != nil {
		return s, fmt.Errorf("decoding the fragment's state: %w", err)
	}
	return s, nil
}
