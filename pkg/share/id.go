package share

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// idBytes is how many bytes of the SHA-256 digest an ID keeps: 128 bits,
// 22 characters of unpadded base64url.
const idBytes = 16

// IDLen is the length in characters of every snippet ID.
const IDLen = 22

var idEncoding = base64.RawURLEncoding.Strict()

// ErrNotObject is returned by Canonicalize for JSON that is not an object.
var ErrNotObject = errors.New("snippet must be a JSON object")

// Canonicalize parses body as one JSON object and re-encodes it with sorted
// object keys, no insignificant white space and numbers kept as written, so
// that two encodings of the same snippet give the same bytes and the same ID.
// Duplicate keys keep the last value, as encoding/json does.
func Canonicalize(body []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("parse snippet: empty body")
		}
		return nil, fmt.Errorf("parse snippet: %w", err)
	}
	if _, ok := v.(map[string]any); !ok {
		return nil, ErrNotObject
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("parse snippet: data after the JSON object at offset %d", dec.InputOffset())
	}
	out, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encode snippet: %w", err)
	}
	return out, nil
}

// ID returns the content address of a canonical encoding: the first 128 bits
// of its SHA-256 digest in unpadded base64url.
func ID(canonical []byte) string {
	sum := sha256.Sum256(canonical)
	return idEncoding.EncodeToString(sum[:idBytes])
}

// ValidID reports whether id has the shape of an ID that ID can return.
func ValidID(id string) bool {
	if len(id) != IDLen {
		return false
	}
	b, err := idEncoding.DecodeString(id)
	return err == nil && len(b) == idBytes
}
