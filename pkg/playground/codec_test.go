package playground

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/kubecfg"
	"golang.org/x/tools/txtar"
)

// sameRequest checks that DecodeRequest reads data as json.Unmarshal does
// (the value, or an error alike); it returns whether the hand-written
// decoder read it.
func sameRequest(t *testing.T, data []byte) bool {
	t.Helper()
	var want Request
	wantErr := json.Unmarshal(data, &want)
	got, ok := decodeRequest(data)
	if ok {
		if wantErr != nil {
			t.Errorf("decodeRequest(%q) = %+v, encoding/json refuses it: %v", data, got, wantErr)
		} else if !reflect.DeepEqual(got, want) {
			t.Errorf("decodeRequest(%q) = %+v, encoding/json reads %+v", data, got, want)
		}
	}
	got, err := DecodeRequest(data)
	if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
		t.Errorf("DecodeRequest(%q): error %v, encoding/json's %v", data, err, wantErr)
	} else if err == nil && !reflect.DeepEqual(got, want) {
		t.Errorf("DecodeRequest(%q) = %+v, encoding/json reads %+v", data, got, want)
	}
	return ok
}

// sameRequestJSON checks that AppendRequest writes req as json.Marshal.
func sameRequestJSON(t *testing.T, req Request) {
	t.Helper()
	want, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	if got := AppendRequest(nil, &req); !bytes.Equal(got, want) {
		t.Errorf("AppendRequest:\n%s\njson.Marshal:\n%s", got, want)
	}
}

// sameResponseJSON checks that EncodeResponse writes resp as
// json.Marshal; it returns whether the hand-written encoder wrote it.
func sameResponseJSON(t *testing.T, resp Response) bool {
	t.Helper()
	want, err := json.Marshal(resp)
	if err != nil {
		t.Fatal(err)
	}
	got, err := EncodeResponse(&resp)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("EncodeResponse: %v\n%s\njson.Marshal:\n%s", err, got, want)
	}
	_, ok := appendResponse(nil, &resp)
	return ok
}

// TestCodecWorkspaces: the hand-written codec reads every golden
// workspace's request (testdata/workspaces: each comment is a request),
// writes it back, and writes the response Run gives it, as encoding/json.
func TestCodecWorkspaces(t *testing.T) {
	paths, _ := filepath.Glob("testdata/workspaces/*.txtar")
	if len(paths) == 0 {
		t.Fatal("no workspaces")
	}
	written := 0
	for _, p := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(p), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(p)
			if err != nil {
				t.Fatal(err)
			}
			comment := bytes.ReplaceAll(ar.Comment, []byte("$HTTP"), []byte("http://127.0.0.1:1"))
			if !sameRequest(t, comment) {
				t.Errorf("the hand-written decoder declined %s", comment)
			}
			req, _ := DecodeRequest(comment)
			req.Files = map[string]string{}
			for _, f := range ar.Files {
				req.Files[f.Name] = string(f.Data)
			}
			sameRequestJSON(t, req)
			rest := req
			rest.Files = nil
			old, _ := json.Marshal([]any{"files-key", rest})
			if sum := sha256.Sum256(old); keysFor(req, "files-key").request != hex.EncodeToString(sum[:]) {
				t.Errorf("keysFor's request key is not the SHA-256 of json.Marshal's %s", old)
			}
			whole := AppendRequest(nil, &req)
			if !sameRequest(t, whole) {
				t.Errorf("the hand-written decoder declined %s", whole)
			}
			if sameResponseJSON(t, (&Runner{}).Run(req)) {
				written++
			}
		})
	}
	if written < len(paths)/2 {
		t.Errorf("the hand-written encoder wrote %d responses of %d", written, len(paths))
	}
}

// TestCodecEveryField: each of Request's JSON fields (the invocation's
// too), set alone, crosses the hand-written codec as encoding/json's: a
// field added to kubecfg.Invocation fails here until requestFields has it
// (the cache keys are AppendRequest's bytes).
func TestCodecEveryField(t *testing.T) {
	typ := reflect.TypeOf(Request{})
	n := 0
	var walk func(typ reflect.Type)
	walk = func(typ reflect.Type) {
		for i := 0; i < typ.NumField(); i++ {
			f := typ.Field(i)
			if f.Anonymous {
				walk(f.Type)
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			n++
			if findField(name) == nil {
				t.Errorf("field %s (%q) is not in requestFields", f.Name, name)
				continue
			}
			var req Request
			fv := reflect.ValueOf(&req).Elem().FieldByName(f.Name)
			switch fv.Kind() {
			case reflect.String:
				fv.SetString("v<&>\n" + name)
			case reflect.Bool:
				fv.SetBool(true)
			case reflect.Int:
				fv.SetInt(-42)
			case reflect.Slice:
				fv.Set(reflect.ValueOf([]string{name, "", "é"}))
			case reflect.Map:
				fv.Set(reflect.ValueOf(map[string]string{"b": name, "a": "", "A": "x"}))
			default:
				t.Errorf("field %s: a %s, which the codec does not write", f.Name, fv.Kind())
				continue
			}
			sameRequestJSON(t, req)
			b, _ := json.Marshal(req)
			if !sameRequest(t, b) {
				t.Errorf("field %s: the hand-written decoder declined %s", f.Name, b)
			}
		}
	}
	walk(typ)
	if n != len(requestFields) {
		t.Errorf("Request has %d JSON fields, requestFields %d", n, len(requestFields))
	}
}

// TestDecodeRequestEdges: what json.Unmarshal reads differently from a
// plain reading, and errors, come out as encoding/json's.
func TestDecodeRequestEdges(t *testing.T) {
	for _, c := range []struct {
		in   string
		read bool
	}{
		{`{"entry":"a.jsonnet","command":"show","unknown":[1,{"x":null}]}`, true},
		{`{"entry":null,"features":null,"extStr":null,"traceLine":null}`, true},
		{`{"features":[],"extStr":{}}`, true},
		{`{"traceLine":12}`, true},
		{`{"traceLine":-0}`, true},
		{`{"traceLine":1.5}`, false},
		{`{"traceLine":1e2}`, false},
		{`{"traceLine":"1"}`, false},
		{`{"traceLine":99999999999999999999}`, false},
		{`{"Entry":"a"}`, false},
		{`{"ENTRY":"a","entry":"b"}`, false},
		{`{"entry":"a","entry":"b"}`, false},
		{`{"extStr":{"a":"1"},"extStr":{"b":"2"}}`, false},
		{`{"features":["a",null]}`, false},
		{`{"extStr":{"a":1}}`, false},
		{`{"alpha":"true"}`, false},
		{`{"files":{"a":"x"}}`, true},
		{`[]`, false},
		{`null`, false},
		{`{"entry":"a"`, false},
		{`{"ſhowKeys":true}`, false},
	} {
		if read := sameRequest(t, []byte(c.in)); read != c.read {
			t.Errorf("decodeRequest(%s) read it: %v, want %v", c.in, read, c.read)
		}
	}
}

func FuzzDecodeRequest(f *testing.F) {
	for _, s := range []string{
		`{"version":"","entry":"app.jsonnet","command":"show","output":"yaml","features":[],"alpha":false}`,
		`{"entry":"a","command":"eval","expr":"1+1","extStr":{"x":"y"},"jpath":["lib"],"traceLine":3,"traceAll":true}`,
		`{"files":{"a.jsonnet":"{}"},"links":{"vendor/x":"../x"},"Entry":"b"}`,
		`{"traceLine":1e2,"crds":[null]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sameRequest(t, data)
	})
}

// TestEncodeResponseEdges: responses of every kind the hand-written
// encoder writes, and those it leaves to encoding/json, come out alike.
func TestEncodeResponseEdges(t *testing.T) {
	for _, c := range []struct {
		resp    Response
		written bool
	}{
		{Response{}, true},
		{Response{Output: "a: <b>\n", Stderr: "e\u2028\xff", ExitCode: 2, Diagnostics: []Diagnostic{}, Features: []FeatureRow{}, Command: "kubecfg show 'a b'", Timings: Timings{TotalMs: 12.345678, Cached: true}, NeedsFullEngine: true, TracesCut: true, SchemaMissing: "1.31"}, true},
		{Response{Timings: Timings{TotalMs: 1e-9}}, true},
		{Response{Diagnostics: []Diagnostic{{Severity: "error", File: "a", Line: 1, Column: 2, EndLine: 3, EndColumn: 4, Message: "m", Hint: "h", OfferEval: true, Kind: "gate", Feature: "f", FieldPath: "spec", Code: "type", OutputLine: 9}, {Severity: "warning", Message: ""}}}, true},
		{Response{Features: []FeatureRow{{Name: "n", Stage: "alpha", Default: true, Enabled: false, Source: "--alpha", Since: "v1", Doc: "d & e"}}}, true},
		{Response{Diagnostics: []Diagnostic{{Severity: "error", Frames: []Frame{{Frame: kubecfg.Frame{File: "a"}, Wrapper: true}}}}}, false},
		{Response{Diagnostics: []Diagnostic{{Severity: "warning", Object: &ProblemObject{Kind: "Pod"}}}}, false},
		{Response{Trace: &Trace{Places: []TracePlace{}}}, false},
		{Response{Traces: []Trace{{}}}, false},
		{Response{ExportFiles: []kubecfg.ExportFile{{Name: "a.yaml"}}}, false},
	} {
		if written := sameResponseJSON(t, c.resp); written != c.written {
			t.Errorf("appendResponse(%+v) wrote it: %v, want %v", c.resp, written, c.written)
		}
	}
}
