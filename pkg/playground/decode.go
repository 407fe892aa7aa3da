package playground

import (
	"encoding/json"
	"strings"
	"sync"
	"unicode/utf8"
)

// DecodeRequest decodes a request's JSON text exactly as json.Unmarshal
// does (the same Request, the same error), faster for a big workspace sent
// again and again: the files of the previous request this Runner decoded
// are kept with their JSON text, and a file whose text is unchanged is
// compared, not decoded again, and is the same string as before (so the
// workspace's hashes, cache.fileHashes, are not computed again either).
//
// The wasm shim decodes with it; the page sends the whole workspace on
// every run, and for a workspace of hundreds of files json.Unmarshal alone
// took longer than the evaluation of an edit.
func (r *Runner) DecodeRequest(data []byte) (Request, error) {
	r.dec.mu.Lock()
	defer r.dec.mu.Unlock()
	if req, ok := r.dec.fast(data); ok {
		return req, nil
	}
	var req Request
	err := json.Unmarshal(data, &req)
	return req, err
}

// fileDecoder remembers the files of the last request it decoded.
type fileDecoder struct {
	mu    sync.Mutex
	files map[string]decodedFile
	// next is the table being built from the request being decoded.
	next map[string]decodedFile
	// decoded counts the bytes of file texts decoded (not reused), for
	// tests.
	decoded int
}

// decodedFile is one file of a request: its JSON string's body as sent
// (escapes and all) and its text.
type decodedFile struct {
	raw, text string
}

// fast decodes data when its "files" member is plainly an object of
// strings: that member is read here, the rest by json.Unmarshal with an
// empty object in its place. Anything else (no such member, a key that
// json's case-insensitive matching could also take for "files", a syntax
// error) answers !ok, and json.Unmarshal decodes the whole text, errors
// included.
func (d *fileDecoder) fast(data []byte) (Request, bool) {
	files, start, end, ok := d.findFiles(data)
	if !ok {
		return Request{}, false
	}
	rest := make([]byte, 0, len(data)-(end-start)+2)
	rest = append(append(append(rest, data[:start]...), "{}"...), data[end:]...)
	var req Request
	if json.Unmarshal(rest, &req) != nil {
		return Request{}, false
	}
	req.Files = files
	d.files = d.next
	d.next = nil
	return req, true
}

// findFiles reads the value of the top-level member "files" of a JSON
// object (see object), and says where it starts and ends. The other
// members are only skipped.
func (d *fileDecoder) findFiles(data []byte) (files map[string]string, start, end int, ok bool) {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return nil, 0, 0, false
	}
	i = skipSpace(data, i+1)
	for i < len(data) && data[i] != '}' {
		if data[i] != '"' {
			return nil, 0, 0, false
		}
		kEnd, escaped, ok := stringEnd(data, i+1)
		if !ok || escaped {
			return nil, 0, 0, false
		}
		key := data[i+1 : kEnd]
		for _, c := range key {
			if c >= utf8.RuneSelf {
				return nil, 0, 0, false // json folds a few non-ASCII letters
			}
		}
		isFiles := string(key) == "files"
		if !isFiles && strings.EqualFold(string(key), "files") {
			return nil, 0, 0, false
		}
		i = skipSpace(data, kEnd+1)
		if i >= len(data) || data[i] != ':' {
			return nil, 0, 0, false
		}
		i = skipSpace(data, i+1)
		var vEnd int
		if isFiles {
			if files != nil {
				return nil, 0, 0, false // json would merge the two
			}
			files, vEnd, ok = d.object(data, i)
			start, end = i, vEnd
		} else {
			vEnd, ok = skipValue(data, i)
		}
		if !ok {
			return nil, 0, 0, false
		}
		i = skipSpace(data, vEnd)
		if i < len(data) && data[i] == ',' {
			i = skipSpace(data, i+1)
		}
	}
	return files, start, end, files != nil
}

// object reads a JSON object of strings at data[i:] strictly (anything
// json.Unmarshal would not decode into a map[string]string answers !ok)
// into a map, and the decoder's next table of files.
func (d *fileDecoder) object(data []byte, i int) (map[string]string, int, bool) {
	if i >= len(data) || data[i] != '{' {
		return nil, 0, false
	}
	files := map[string]string{}
	d.next = make(map[string]decodedFile, len(d.files))
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return files, i + 1, true
	}
	for {
		if i >= len(data) || data[i] != '"' {
			return nil, 0, false
		}
		kEnd, escaped, ok := stringEnd(data, i+1)
		if !ok {
			return nil, 0, false
		}
		key, ok := unquote(data[i+1:kEnd], escaped)
		if !ok {
			return nil, 0, false
		}
		i = skipSpace(data, kEnd+1)
		if i >= len(data) || data[i] != ':' {
			return nil, 0, false
		}
		i = skipSpace(data, i+1)
		if i >= len(data) || data[i] != '"' {
			return nil, 0, false
		}
		i++
		f, seen := d.files[key]
		// A body that was a whole JSON string before, followed by a
		// quote, is that string again.
		if seen && len(data)-i > len(f.raw) && data[i+len(f.raw)] == '"' && sameText(data[i:i+len(f.raw)], f.raw) {
			i += len(f.raw) + 1
		} else {
			vEnd, escaped, ok := stringEnd(data, i)
			if !ok {
				return nil, 0, false
			}
			text, ok := unquote(data[i:vEnd], escaped)
			if !ok {
				return nil, 0, false
			}
			d.decoded += len(text)
			f = decodedFile{raw: text, text: text}
			if escaped || len(text) != vEnd-i {
				// Escapes, or invalid UTF-8 that json replaced (with
				// three bytes for each bad one, so the length differs).
				f.raw = string(data[i:vEnd])
			}
			i = vEnd + 1
		}
		files[key] = f.text
		d.next[key] = f
		i = skipSpace(data, i)
		if i >= len(data) {
			return nil, 0, false
		}
		switch data[i] {
		case ',':
			i = skipSpace(data, i+1)
		case '}':
			return files, i + 1, true
		default:
			return nil, 0, false
		}
	}
}

// unquote is a JSON string's text from its body (checked by stringEnd):
// as is when it has no escapes, unescaped here when its escapes are
// single characters, and through json.Unmarshal otherwise (\u escapes,
// invalid UTF-8, which json replaces as it always does).
func unquote(body []byte, escaped bool) (string, bool) {
	if !utf8.Valid(body) {
		return unmarshalString(body)
	}
	if !escaped {
		return string(body), true
	}
	b := make([]byte, 0, len(body))
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c != '\\' {
			b = append(b, c)
			continue
		}
		i++
		switch body[i] {
		case '"', '\\', '/':
			b = append(b, body[i])
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		default:
			return unmarshalString(body)
		}
	}
	return string(b), true
}

func unmarshalString(body []byte) (string, bool) {
	q := make([]byte, 0, len(body)+2)
	q = append(append(append(q, '"'), body...), '"')
	var s string
	if json.Unmarshal(q, &s) != nil {
		return "", false
	}
	return s, true
}

// stringEnd finds the quote that ends the JSON string whose body starts at
// data[i], checking the escapes and refusing control characters, and says
// whether the body has escapes.
func stringEnd(data []byte, i int) (end int, escaped, ok bool) {
	for i < len(data) {
		c := data[i]
		switch {
		case c == '"':
			return i, escaped, true
		case c < 0x20:
			return 0, false, false
		case c == '\\':
			escaped = true
			if i+1 >= len(data) {
				return 0, false, false
			}
			switch data[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(data) {
					return 0, false, false
				}
				for _, h := range data[i+2 : i+6] {
					if !isHex(h) {
						return 0, false, false
					}
				}
				i += 6
			default:
				return 0, false, false
			}
		default:
			i++
		}
	}
	return 0, false, false
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// skipValue finds the end of the JSON value at data[i:] as far as nesting
// and strings go; it does not check the value (json.Unmarshal does).
func skipValue(data []byte, i int) (int, bool) {
	depth := 0
	for i < len(data) {
		switch c := data[i]; c {
		case '"':
			end, _, ok := stringEnd(data, i+1)
			if !ok {
				return 0, false
			}
			i = end + 1
		case '{', '[':
			depth++
			i++
		case '}', ']':
			if depth == 0 {
				return i, true
			}
			depth--
			i++
		case ',':
			if depth == 0 {
				return i, true
			}
			i++
		case ' ', '\t', '\n', '\r':
			if depth == 0 {
				return i, true
			}
			i++
		default:
			i++
		}
		if depth == 0 && i > 0 && (data[i-1] == '"' || data[i-1] == '}' || data[i-1] == ']') {
			return i, true
		}
	}
	return 0, false
}

func skipSpace(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}
