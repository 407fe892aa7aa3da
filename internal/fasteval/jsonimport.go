package fasteval

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/google/go-jsonnet/ast"
)

// errNotPlainJSON is decodeJSON's answer for text it leaves to the
// Jsonnet parser.
var errNotPlainJSON = errors.New("not plain JSON")

// decodeJSON reads an imported .json file as JSON, without the Jsonnet
// parser: the value is the one go-jsonnet's evaluation of the same text
// gives. Text that is not plain JSON (comments, Jsonnet), or where the two
// could part (a duplicate key, invalid UTF-8, an escaped surrogate), is
// errNotPlainJSON: the caller parses it as Jsonnet.
func decodeJSON(data []byte) (value, error) {
	if !utf8.Valid(data) || hasSurrogateEscape(data) {
		return nil, errNotPlainJSON
	}
	d := json.NewDecoder(bytes.NewReader(data))
	v, err := decodeJSONValue(d)
	if err != nil {
		return nil, errNotPlainJSON
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, errNotPlainJSON
	}
	return v, nil
}

func hasSurrogateEscape(data []byte) bool {
	for i := 0; ; {
		k := bytes.Index(data[i:], []byte(`\u`))
		if k < 0 {
			return false
		}
		i += k + 2
		if i < len(data) && (data[i] == 'd' || data[i] == 'D') {
			return true
		}
	}
}

func decodeJSONValue(d *json.Decoder) (value, error) {
	t, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch t := t.(type) {
	case nil:
		return null, nil
	case bool:
		return t, nil
	case float64:
		return t, nil
	case string:
		return t, nil
	case json.Delim:
		switch t {
		case '[':
			var el []value
			for d.More() {
				v, err := decodeJSONValue(d)
				if err != nil {
					return nil, err
				}
				el = append(el, v)
			}
			if _, err := d.Token(); err != nil {
				return nil, err
			}
			return &array{elems: el}, nil
		case '{':
			fields := map[string]value{}
			for d.More() {
				k, err := d.Token()
				if err != nil {
					return nil, err
				}
				key, ok := k.(string)
				if !ok {
					return nil, errNotPlainJSON
				}
				if _, dup := fields[key]; dup {
					return nil, errNotPlainJSON
				}
				v, err := decodeJSONValue(d)
				if err != nil {
					return nil, err
				}
				fields[key] = v
			}
			if _, err := d.Token(); err != nil {
				return nil, err
			}
			return valuesObject(fields, ast.ObjectFieldInherit), nil
		}
	}
	return nil, errNotPlainJSON
}

// isJSONFile says whether an import found at this name is read as JSON
// first.
func isJSONFile(foundAt string) bool { return strings.HasSuffix(foundAt, ".json") }
