package playground

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/kubecfg/kubecfg/internal/jsonlite"
	"github.com/kubecfg/kubecfg/internal/kubecfg"
)

// The envelope's JSON form without encoding/json: the wasm boundary
// decodes each request and encodes each response, and the first run of
// a fresh engine pays V8's compilation of every function it calls, so
// this path keeps encoding/json and reflect out of it (issue 33). The
// JSON form is encoding/json's, value for value (codec_test.go holds
// the two to each other field by field); what the hand-written codec
// does not cover goes to encoding/json.

// requestField is one member of a request's JSON form: its name, whether
// json leaves it out when empty, and a pointer to it in a Request.
type requestField struct {
	name      string
	omitempty bool
	ptr       func(r *Request) any
}

// requestFields are Request's members in json.Marshal's order.
var requestFields = []requestField{
	{"version", true, func(r *Request) any { return &r.Version }},
	{"files", false, func(r *Request) any { return &r.Files }},
	{"entry", false, func(r *Request) any { return &r.Entry }},
	{"command", false, func(r *Request) any { return &r.Command }},
	{"expr", true, func(r *Request) any { return &r.Expr }},
	{"output", true, func(r *Request) any { return &r.Output }},
	{"features", true, func(r *Request) any { return &r.Features }},
	{"alpha", true, func(r *Request) any { return &r.Alpha }},
	{"extStr", true, func(r *Request) any { return &r.ExtStr }},
	{"extCode", true, func(r *Request) any { return &r.ExtCode }},
	{"tlaStr", true, func(r *Request) any { return &r.TLAStr }},
	{"tlaCode", true, func(r *Request) any { return &r.TLACode }},
	{"exec", true, func(r *Request) any { return &r.Exec }},
	{"overlayCode", true, func(r *Request) any { return &r.OverlayCode }},
	{"dir", true, func(r *Request) any { return &r.Dir }},
	{"inputs", true, func(r *Request) any { return &r.Inputs }},
	{"jpath", true, func(r *Request) any { return &r.JPath }},
	{"jpathEnv", true, func(r *Request) any { return &r.JPathEnv }},
	{"jurl", true, func(r *Request) any { return &r.JURL }},
	{"showKeys", true, func(r *Request) any { return &r.ShowKeys }},
	{"extStrFile", true, func(r *Request) any { return &r.ExtStrFile }},
	{"extCodeFile", true, func(r *Request) any { return &r.ExtCodeFile }},
	{"tlaStrFile", true, func(r *Request) any { return &r.TLAStrFile }},
	{"tlaCodeFile", true, func(r *Request) any { return &r.TLACodeFile }},
	{"overlayCodeFile", true, func(r *Request) any { return &r.OverlayCodeFile }},
	{"showProvenance", true, func(r *Request) any { return &r.ShowProvenance }},
	{"exportDir", true, func(r *Request) any { return &r.ExportDir }},
	{"exportNames", true, func(r *Request) any { return &r.ExportNames }},
	{"exportExt", true, func(r *Request) any { return &r.ExportExt }},
	{"trace", true, func(r *Request) any { return &r.Trace }},
	{"reorder", true, func(r *Request) any { return &r.Reorder }},
	{"kubernetesVersion", true, func(r *Request) any { return &r.KubernetesVersion }},
	{"crds", true, func(r *Request) any { return &r.CRDs }},
	{"reportUnknown", true, func(r *Request) any { return &r.ReportUnknown }},
	{"repeatEval", true, func(r *Request) any { return &r.RepeatEval }},
	{"links", true, func(r *Request) any { return &r.Links }},
	{"traceLine", true, func(r *Request) any { return &r.TraceLine }},
	{"traceAll", true, func(r *Request) any { return &r.TraceAll }},
}

// DecodeRequest reads a request's JSON form as json.Unmarshal does, with
// its errors: a request it does not read exactly as encoding/json would
// (a member of another type, a name that differs only in case, a
// duplicate, syntax it declines) is read by encoding/json.
func DecodeRequest(data []byte) (Request, error) {
	if req, ok := decodeRequest(data); ok {
		return req, nil
	}
	var req Request
	err := json.Unmarshal(data, &req)
	return req, err
}

func decodeRequest(data []byte) (req Request, ok bool) {
	names := make([]string, len(requestFields))
	ptrs := make([]any, len(requestFields))
	for i, f := range requestFields {
		names[i], ptrs[i] = f.name, f.ptr(&req)
	}
	return req, DecodeObject(data, names, ptrs)
}

func findField(name string) *requestField {
	for i := range requestFields {
		if requestFields[i].name == name {
			return &requestFields[i]
		}
	}
	return nil
}

// DecodeObject reads a JSON object into the fields ptrs point to (each a
// *string, *bool, *int, *[]string or *map[string]string, zero), of the
// JSON names names, as json.Unmarshal reads it into a struct of those
// fields. It answers false, having set some of them, for an object it
// does not read exactly as encoding/json does (a member of another type,
// a name that differs from a field's only in case, a duplicate, syntax
// it declines): the caller then zeroes them and calls json.Unmarshal.
func DecodeObject(data []byte, names []string, ptrs []any) bool {
	v, ok := jsonlite.Decode(data, true)
	obj, isObj := v.(map[string]any)
	if !ok || !isObj {
		return false
	}
	for k, v := range obj {
		i := slices.Index(names, k)
		if i < 0 {
			if foldsToField(names, k) {
				return false
			}
			continue // json ignores a member it has no field for
		}
		if v != nil && !setField(ptrs[i], v) {
			return false
		}
	}
	return true
}

// foldsToField says whether json would match name to one of names by its
// case-insensitive rule (Unicode case folding: K matches the Kelvin sign).
func foldsToField(names []string, name string) bool {
	for _, n := range names {
		if strings.EqualFold(n, name) {
			return true
		}
	}
	for i := 0; i < len(name); i++ {
		if name[i] >= 0x80 {
			return true // a non-ASCII name: let encoding/json decide
		}
	}
	return false
}

// setField stores v (not nil) in the field p points to, if v has the
// field's JSON type.
func setField(p, v any) bool {
	switch p := p.(type) {
	case *string:
		s, ok := v.(string)
		*p = s
		return ok
	case *bool:
		b, ok := v.(bool)
		*p = b
		return ok
	case *int:
		n, ok := v.(jsonlite.Number)
		if !ok {
			return false
		}
		i, err := strconv.ParseInt(string(n), 10, 64)
		*p = int(i)
		return err == nil && int64(int(i)) == i
	case *[]string:
		a, ok := v.([]any)
		if !ok {
			return false
		}
		*p = make([]string, len(a))
		for i, e := range a {
			if (*p)[i], ok = e.(string); !ok {
				return false
			}
		}
		return true
	case *map[string]string:
		m, ok := v.(map[string]any)
		if !ok {
			return false
		}
		*p = make(map[string]string, len(m))
		for k, e := range m {
			if (*p)[k], ok = e.(string); !ok {
				return false
			}
		}
		return true
	}
	return false
}

// AppendRequest appends req's JSON form, as json.Marshal writes it.
func AppendRequest(dst []byte, req *Request) []byte {
	o := jsonlite.Begin(dst)
	for _, f := range requestFields {
		switch p := f.ptr(req).(type) {
		case *string:
			o.Str(f.name, *p, f.omitempty)
		case *bool:
			o.Bool(f.name, *p, f.omitempty)
		case *int:
			o.Int(f.name, *p, f.omitempty)
		case *[]string:
			o.Strs(f.name, *p, f.omitempty)
		case *map[string]string:
			o.StrMap(f.name, *p, f.omitempty)
		}
	}
	return o.End()
}

// EncodeResponse is resp's JSON form as json.Marshal writes it.
func EncodeResponse(resp *Response) ([]byte, error) {
	if b, ok := appendResponse(nil, resp); ok {
		return b, nil
	}
	return json.Marshal(resp)
}

// appendResponse writes the response of a run that has no trace, export
// files or error frames; ok is false for one that has (encoding/json
// writes those).
func appendResponse(dst []byte, r *Response) (_ []byte, ok bool) {
	if r.Trace != nil || len(r.Traces) > 0 || len(r.ExportFiles) > 0 {
		return dst, false
	}
	o := jsonlite.Begin(dst)
	o.Str("output", r.Output, false)
	o.Str("stderr", r.Stderr, true)
	o.Int("exitCode", r.ExitCode, false)
	o.Key("diagnostics")
	if o.B, ok = appendDiagnostics(o.B, r.Diagnostics); !ok {
		return dst, false
	}
	o.Key("features")
	o.B = kubecfg.AppendRows(o.B, r.Features)
	o.Str("command", r.Command, false)
	o.Key("timings")
	t := jsonlite.Begin(o.B)
	t.Key("totalMs")
	if t.B, ok = jsonlite.AppendFloat(t.B, r.Timings.TotalMs); !ok {
		return dst, false
	}
	t.Bool("cached", r.Timings.Cached, true)
	o.B = t.End()
	o.Bool("needsFullEngine", r.NeedsFullEngine, true)
	o.Bool("tracesCut", r.TracesCut, true)
	o.Str("schemaMissing", r.SchemaMissing, true)
	return o.End(), true
}

func appendDiagnostics(dst []byte, ds []Diagnostic) (_ []byte, ok bool) {
	if ds == nil {
		return append(dst, "null"...), true
	}
	dst = append(dst, '[')
	for i := range ds {
		d := &ds[i]
		if len(d.Frames) > 0 || d.Object != nil {
			return dst, false
		}
		if i > 0 {
			dst = append(dst, ',')
		}
		o := jsonlite.Begin(dst)
		o.Str("severity", d.Severity, false)
		o.Str("file", d.File, true)
		o.Int("line", d.Line, true)
		o.Int("column", d.Column, true)
		o.Int("endLine", d.EndLine, true)
		o.Int("endColumn", d.EndColumn, true)
		o.Str("message", d.Message, false)
		o.Str("hint", d.Hint, true)
		o.Bool("offerEval", d.OfferEval, true)
		o.Str("kind", d.Kind, true)
		o.Str("feature", d.Feature, true)
		o.Str("fieldPath", d.FieldPath, true)
		o.Str("code", d.Code, true)
		o.Int("outputLine", d.OutputLine, true)
		dst = o.End()
	}
	return append(dst, ']'), true
}
