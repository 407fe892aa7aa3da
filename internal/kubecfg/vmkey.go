package kubecfg

import (
	"github.com/kubecfg/kubecfg/internal/jsonlite"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// AppendRows appends the features table as json.Marshal writes it.
func AppendRows(b []byte, rows []features.Row) []byte {
	if rows == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range rows {
		r := &rows[i]
		if i > 0 {
			b = append(b, ',')
		}
		o := jsonlite.Begin(b)
		o.Str("name", r.Name, false)
		o.Str("stage", r.Stage, false)
		o.Bool("default", r.Default, false)
		o.Bool("enabled", r.Enabled, false)
		o.Str("source", r.Source, false)
		o.Str("since", r.Since, false)
		o.Str("doc", r.Doc, false)
		b = o.End()
	}
	return append(b, ']')
}

// appendVars appends variables as json.Marshal writes []Var.
func appendVars(b []byte, vars []Var) []byte {
	if vars == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, v := range vars {
		if i > 0 {
			b = append(b, ',')
		}
		o := jsonlite.Begin(b)
		o.Str("Name", v.Name, false)
		o.Str("Value", v.Value, false)
		o.Int("Kind", int(v.Kind), false)
		b = o.End()
	}
	return append(b, ']')
}
