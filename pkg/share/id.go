package share

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/kubecfg/kubecfg/internal/lex"
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
// object keys, no insignificant white space, numbers kept as written and
// strings as written (no HTML escaping: <, > and & stay one byte), so that
// two encodings of the same snippet give the same bytes and the same ID.
// Duplicate keys keep the last value, as encoding/json does.
//
// It refuses what encoding/json would silently change into another text:
// bytes that are not UTF-8 and \u escapes of lone UTF-16 surrogates (both
// become U+FFFD, so different bodies would share one ID and two file
// names would become one), and nesting deeper than lex.MaxDepth, the
// project's one nesting limit (encoding/json accepts 10,000 levels, which
// the worker's WebAssembly stack does not survive).
func Canonicalize(body []byte) ([]byte, error) {
	if err := checkText(body); err != nil {
		return nil, fmt.Errorf("parse snippet: %w", err)
	}
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
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("encode snippet: %w", err)
	}
	return bytes.TrimSuffix(out.Bytes(), []byte("\n")), nil
}

// checkText scans JSON text for what Canonicalize refuses before
// encoding/json sees it: invalid UTF-8, lone surrogate escapes in strings,
// and brackets nested deeper than lex.MaxDepth. Malformed JSON is left to
// the decoder.
func checkText(body []byte) error {
	if !utf8.Valid(body) {
		at := 0
		for at < len(body) {
			r, size := utf8.DecodeRune(body[at:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			at += size
		}
		return fmt.Errorf("invalid UTF-8 at offset %d: send text as UTF-8", at)
	}
	depth := 0
	for i := 0; i < len(body); i++ {
		switch body[i] {
		case '[', '{':
			if depth++; depth > lex.MaxDepth {
				return fmt.Errorf("nested more than %d levels deep at offset %d", lex.MaxDepth, i)
			}
		case ']', '}':
			depth--
		case '"':
			end, err := checkString(body, i+1)
			if err != nil {
				return err
			}
			i = end
		}
	}
	return nil
}

// checkString scans the JSON string whose text starts at body[i] (after
// its opening quote) and returns the offset of its closing quote (or the
// end of body). It refuses a \u escape of a high surrogate that is not
// followed by one of a low surrogate, and of a low surrogate that does not
// follow a high one.
func checkString(body []byte, i int) (int, error) {
	pendingHigh := -1 // offset of a \u escape of a high surrogate
	for ; i < len(body); i++ {
		switch body[i] {
		case '"':
			if pendingHigh >= 0 {
				return 0, loneSurrogate(body, pendingHigh)
			}
			return i, nil
		case '\\':
			if i+1 >= len(body) {
				return len(body), nil
			}
			if body[i+1] != 'u' {
				if pendingHigh >= 0 {
					return 0, loneSurrogate(body, pendingHigh)
				}
				i++
				continue
			}
			r, ok := hex4(body, i+2)
			if !ok {
				return len(body), nil // malformed: the decoder says so
			}
			switch {
			case utf16.IsSurrogate(r) && r < 0xdc00: // high
				if pendingHigh >= 0 {
					return 0, loneSurrogate(body, pendingHigh)
				}
				pendingHigh = i
			case utf16.IsSurrogate(r): // low
				if pendingHigh < 0 {
					return 0, loneSurrogate(body, i)
				}
				pendingHigh = -1
			default:
				if pendingHigh >= 0 {
					return 0, loneSurrogate(body, pendingHigh)
				}
			}
			i += 5
		default:
			if pendingHigh >= 0 {
				return 0, loneSurrogate(body, pendingHigh)
			}
		}
	}
	return len(body), nil
}

// hex4 reads the four hex digits at body[i:].
func hex4(body []byte, i int) (rune, bool) {
	if i+4 > len(body) {
		return 0, false
	}
	var r rune
	for _, c := range body[i : i+4] {
		switch {
		case '0' <= c && c <= '9':
			r = r<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

func loneSurrogate(body []byte, at int) error {
	return fmt.Errorf("lone surrogate %s at offset %d: a JSON string must be valid UTF-16", body[at:at+6], at)
}

// ID returns the content address of a canonical encoding: the first 128 bits
// of its SHA-256 digest in unpadded base64url.
func ID(canonical []byte) string {
	sum := sha256.Sum256(canonical)
	return idEncoding.EncodeToString(sum[:idBytes])
}

// Verify checks that body, read from a store under id, is what was stored
// there: bytes whose ID is id. A mismatch is an error wrapping ErrDamaged
// (a damaged database file or KV value); such a body must never be served
// as the snippet, let alone as an immutable one.
func Verify(id string, body []byte) error {
	if got := ID(body); got != id {
		return fmt.Errorf("snippet %s is %w: its %d stored bytes have the ID %s", id, ErrDamaged, len(body), got)
	}
	return nil
}

// ValidID reports whether id has the shape of an ID that ID can return.
func ValidID(id string) bool {
	if len(id) != IDLen {
		return false
	}
	b, err := idEncoding.DecodeString(id)
	return err == nil && len(b) == idBytes
}
