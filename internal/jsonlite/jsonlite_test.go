package jsonlite

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"reflect"
	"strings"
	"testing"
)

// viaJSON is what json.Unmarshal reads data as, into an any.
func viaJSON(data []byte, numbers bool) (any, error) {
	var v any
	if !numbers {
		err := json.Unmarshal(data, &v)
		return v, err
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	var rest any
	if err := d.Decode(&rest); err != io.EOF {
		return nil, fmt.Errorf("after the value: %v", err)
	}
	return toNumbers(v), nil
}

// toNumbers turns json.Number into Number throughout v.
func toNumbers(v any) any {
	switch v := v.(type) {
	case json.Number:
		return Number(v)
	case map[string]any:
		for k, e := range v {
			v[k] = toNumbers(e)
		}
	case []any:
		for i, e := range v {
			v[i] = toNumbers(e)
		}
	}
	return v
}

// same checks that Decode reads data as encoding/json does, or declines.
// It returns whether Decode read it with float64 numbers.
func same(t *testing.T, data []byte) bool {
	t.Helper()
	read := false
	for _, numbers := range []bool{false, true} {
		got, ok := Decode(data, numbers)
		want, err := viaJSON(data, numbers)
		if !ok {
			if got != nil {
				t.Errorf("Decode(%q) declined with a value %#v", data, got)
			}
			continue
		}
		read = read || !numbers
		if err != nil {
			t.Errorf("Decode(%q, %v) = %#v, encoding/json refuses it: %v", data, numbers, got, err)
		} else if !reflect.DeepEqual(got, want) {
			t.Errorf("Decode(%q, %v) = %#v, encoding/json reads %#v", data, numbers, got, want)
		}
	}
	return read
}

var decodeCases = []struct {
	in   string
	read bool // Decode reads it (rather than declining)
}{
	{`{}`, true},
	{` [ ] `, true},
	{`{"a":1,"b":[true,false,null],"c":{"d":"e"}}`, true},
	{`{"a":1,"a":2}`, false},
	{`"x\"\\\/\b\f\n\r\t\u00e9\u2028"`, true},
	{`"héllo ✓"`, true},
	{`-0`, true},
	{`1.5e300`, true},
	{`-12.25E-3`, true},
	{`0.0000001`, true},
	{`[1,[2,[3]]]`, true},
	{"\t\n\r 7 \n", true},
	{`"\ud83d\ude00"`, false}, // a surrogate pair: encoding/json decides
	{"\"\xff\"", false},       // invalid UTF-8: encoding/json replaces it
	{`1e400`, false},          // out of range: encoding/json's error (as a float64)
	{`01`, false},
	{`1.`, false},
	{`.5`, false},
	{`-`, false},
	{`1e`, false},
	{`+1`, false},
	{`[1,]`, false},
	{`{"a":1,}`, false},
	{`{"a" 1}`, false},
	{`{a:1}`, false},
	{`[1 2]`, false},
	{`"a`, false},
	{"\"a\tb\"", false},
	{`"\x"`, false},
	{`"\u12"`, false},
	{`"\u+123"`, false},
	{`tru`, false},
	{`nul`, false},
	{`1 2`, false},
	{``, false},
	{`{"a":[}`, false},
	{strings.Repeat("[", 600) + strings.Repeat("]", 600), false},
	{strings.Repeat("[", 100) + strings.Repeat("]", 100), true},
}

func TestDecode(t *testing.T) {
	for _, c := range decodeCases {
		if read := same(t, []byte(c.in)); read != c.read {
			t.Errorf("Decode(%q) read it: %v, want %v", c.in, read, c.read)
		}
	}
}

func FuzzDecode(f *testing.F) {
	for _, c := range decodeCases {
		f.Add([]byte(c.in))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		same(t, data)
	})
}

var strs = []string{"", "plain", `"quoted" \back\`, "<a href='x'>&amp;</a>", "\x00\x01\b\f\n\r\t\x1f\x7f", "é ✓ 😀", "\u2028\u2029", "bad \xff\xfe utf-8 \xe2\x82", "tail \xc3"}

func TestAppendString(t *testing.T) {
	for _, s := range strs {
		same := func(got []byte) {
			want, _ := json.Marshal(s)
			if !bytes.Equal(got, want) {
				t.Errorf("AppendString(%q) = %s, json.Marshal %s", s, got, want)
			}
		}
		same(AppendString(nil, s))
	}
}

func FuzzAppendString(f *testing.F) {
	for _, s := range strs {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := AppendString(nil, s); !bytes.Equal(got, want) {
			t.Errorf("AppendString(%q) = %s, json.Marshal %s", s, got, want)
		}
	})
}

func TestAppendFloat(t *testing.T) {
	for _, f := range []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 12.375, 1e-6, 9.99e-7, 1e-7, 1e20, 1e21, 123456789e15, -3.5e-300, math.MaxFloat64, math.SmallestNonzeroFloat64} {
		want, _ := json.Marshal(f)
		got, ok := AppendFloat(nil, f)
		if !ok || !bytes.Equal(got, want) {
			t.Errorf("AppendFloat(%v) = %s, %v; json.Marshal %s", f, got, ok, want)
		}
	}
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if _, ok := AppendFloat(nil, f); ok {
			t.Errorf("AppendFloat(%v) ok; json.Marshal refuses it", f)
		}
	}
}

func TestObject(t *testing.T) {
	type row struct {
		S  string            `json:"s"`
		SO string            `json:"so,omitempty"`
		I  int               `json:"i"`
		IO int               `json:"io,omitempty"`
		B  bool              `json:"b"`
		BO bool              `json:"bo,omitempty"`
		L  []string          `json:"l"`
		LO []string          `json:"lo,omitempty"`
		M  map[string]string `json:"m"`
		MO map[string]string `json:"mo,omitempty"`
	}
	write := func(r row) []byte {
		o := Begin(nil)
		o.Str("s", r.S, false)
		o.Str("so", r.SO, true)
		o.Int("i", r.I, false)
		o.Int("io", r.IO, true)
		o.Bool("b", r.B, false)
		o.Bool("bo", r.BO, true)
		o.Strs("l", r.L, false)
		o.Strs("lo", r.LO, true)
		o.StrMap("m", r.M, false)
		o.StrMap("mo", r.MO, true)
		return o.End()
	}
	for _, r := range []row{
		{},
		{S: "a<", SO: "b", I: -3, IO: 7, B: true, BO: true, L: []string{}, LO: []string{"x", "y"}, M: map[string]string{}, MO: map[string]string{"z": "1", "a": "2", "é": "3", "B": "4"}},
		{L: []string{""}, LO: []string{}, M: map[string]string{"": ""}, MO: map[string]string{}},
	} {
		want, _ := json.Marshal(r)
		if got := write(r); !bytes.Equal(got, want) {
			t.Errorf("Object = %s, json.Marshal %s", got, want)
		}
	}
}
