package objdiff

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"
)

// Strategies are the values of --diff-strategy: all (the whole live
// object), subset (only the fields the config sets), last-applied (the
// object its last-applied-configuration annotation records).
var Strategies = []string{"all", "subset", "last-applied"}

// The annotations that record the object last applied: kubecfg's own
// (gzipped, base64 JSON), read first, then kubectl's (JSON).
const (
	KubecfgLastApplied = "kubecfg.ksonnet.io/last-applied-configuration"
	KubectlLastApplied = "kubectl.kubernetes.io/last-applied-configuration"
)

// ErrNoLastApplied is last-applied's error for a live object without
// either annotation (kubecfg's words).
var ErrNoLastApplied = errors.New("no original object annotation")

// Options are kubecfg diff's flags.
type Options struct {
	// Strategy is --diff-strategy: "all" (or ""), "subset" or
	// "last-applied".
	Strategy string
	// OmitSecrets is --omit-secrets: a Secret's diff shows only its
	// changed lines, each "key": "value" as key: <omitted>.
	OmitSecrets bool
	// Namespace is the namespace an object without one is looked for in
	// among the live objects when none without a namespace matches
	// ("default" when empty).
	Namespace string
}

// State is what the comparison found for one object.
type State int

// The states.
const (
	// Changed: the object differs from the live one.
	Changed State = iota
	// Unchanged: it is the same.
	Unchanged
	// Missing: no live object has its group, kind, namespace and name
	// ("doesn't exist on server").
	Missing
	// OnlyLive: a live object that no object of the config matches.
	OnlyLive
)

// Entry is one object's comparison: its description as kubecfg writes it
// (the lowercase plural of its kind, then NAMESPACE.NAME), its state and
// its text (the headers and the diff or the state's line).
type Entry struct {
	Desc  string
	State State
	Text  string
}

// Report is a comparison: the config's objects in kubecfg's order
// (namespace, name, kind), then the live objects no config object
// matched, in the same order; Err is the error that stopped it (the
// entries before it are kept, the last one's headers among them, as
// kubecfg prints them).
type Report struct {
	Entries []Entry
	Err     error
}

// Differs says whether a config object differs from the live ones
// (changed, or missing from them): kubecfg diff's exit status 10. Live
// objects that no config object matches do not count (kubecfg diff
// never sees them).
func (r Report) Differs() bool {
	for _, e := range r.Entries {
		if e.State == Changed || e.State == Missing {
			return true
		}
	}
	return false
}

// Text is the report as kubecfg diff prints it on standard output.
func (r Report) Text() string {
	var b strings.Builder
	for _, e := range r.Entries {
		b.WriteString(e.Text)
	}
	return b.String()
}

// key is the identity objects are matched by.
type key struct{ group, kind, namespace, name string }

func keyOf(o map[string]any, ns string) key {
	av, _ := o["apiVersion"].(string)
	group := ""
	if i := strings.Index(av, "/"); i >= 0 {
		group = av[:i]
	}
	return key{group, str(o, "kind"), ns, meta(o, "name")}
}

func str(o map[string]any, k string) string { s, _ := o[k].(string); return s }

func meta(o map[string]any, k string) string {
	m, _ := o["metadata"].(map[string]any)
	s, _ := m[k].(string)
	return s
}

// Compare compares each config object with the live object of the same
// group, kind, namespace and name, as kubecfg diff does.
func Compare(config, live []map[string]any, opts Options) Report {
	switch opts.Strategy {
	case "", "all", "subset", "last-applied":
	default:
		return Report{Err: fmt.Errorf("unknown --diff-strategy %q: want all, subset or last-applied", opts.Strategy)}
	}
	defNS := opts.Namespace
	if defNS == "" {
		defNS = "default"
	}
	index := map[key]int{}
	for i, o := range live {
		k := keyOf(o, meta(o, "namespace"))
		if _, dup := index[k]; !dup {
			index[k] = i
		}
	}
	used := make([]bool, len(live))
	objs := sorted(config)
	var r Report
	for _, o := range objs {
		desc := Describe(o)
		if meta(o, "name") == "" {
			r.Err = fmt.Errorf("Error fetching one of the %s: it does not have a name set", resourceName(str(o, "kind")))
			return r
		}
		ns := meta(o, "namespace")
		i, ok := index[keyOf(o, ns)]
		if !ok && ns == "" {
			i, ok = index[keyOf(o, defNS)]
		}
		head := "--- live " + desc + "\n+++ config " + desc + "\n"
		if !ok {
			r.Entries = append(r.Entries, Entry{desc, Missing, head + desc + " doesn't exist on server\n"})
			continue
		}
		used[i] = true
		e, err := compareOne(desc, head, o, live[i], opts)
		r.Entries = append(r.Entries, e)
		if err != nil {
			r.Err = err
			return r
		}
	}
	var rest []map[string]any
	for i, o := range live {
		if !used[i] {
			rest = append(rest, o)
		}
	}
	for _, o := range sorted(rest) {
		desc := Describe(o)
		r.Entries = append(r.Entries, Entry{desc, OnlyLive, desc + " doesn't exist in config\n"})
	}
	return r
}

// sorted is objs in kubecfg's alphabetical order: namespace, name, kind.
func sorted(objs []map[string]any) []map[string]any {
	out := append([]map[string]any(nil), objs...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if x, y := meta(a, "namespace"), meta(b, "namespace"); x != y {
			return x < y
		}
		if x, y := meta(a, "name"), meta(b, "name"); x != y {
			return x < y
		}
		return str(a, "kind") < str(b, "kind")
	})
	return out
}

// Describe is an object as kubecfg diff names it: its resource (the
// kind's lowercase plural) and NAMESPACE.NAME, or NAME without a
// namespace.
func Describe(o map[string]any) string {
	name := meta(o, "name")
	if ns := meta(o, "namespace"); ns != "" {
		name = ns + "." + name
	}
	return resourceName(str(o, "kind")) + " " + name
}

// compareOne is one object's entry when a live one matched.
func compareOne(desc, head string, config, live map[string]any, opts Options) (Entry, error) {
	e := Entry{Desc: desc, Text: head}
	against, err := liveSide(config, live, opts.Strategy)
	if err != nil {
		return e, err
	}
	from, err := indent(against)
	if err != nil {
		return e, err
	}
	to, err := indent(config)
	if err != nil {
		return e, err
	}
	if from == to {
		e.State = Unchanged
		e.Text += desc + " unchanged\n"
		return e, nil
	}
	e.State = Changed
	e.Text += Format(Unified(from, to), opts.OmitSecrets && str(config, "kind") == "Secret") + "\n"
	return e, nil
}

// indent is an object as kubecfg diffs it: encoding/json's indented
// text, two spaces, keys sorted.
func indent(o map[string]any) (string, error) {
	b, err := json.MarshalIndent(o, "", "  ")
	if err != nil {
		return "", fmt.Errorf("encoding an object as JSON: %w", err)
	}
	return string(b), nil
}

// liveSide is the live object as the strategy compares it.
func liveSide(config, live map[string]any, strategy string) (map[string]any, error) {
	switch strategy {
	case "subset":
		return subsetMap(config, live), nil
	case "last-applied":
		return lastApplied(live)
	}
	return live, nil
}

// lastApplied is the object a live object's annotation records.
func lastApplied(live map[string]any) (map[string]any, error) {
	m, _ := live["metadata"].(map[string]any)
	annos, _ := m["annotations"].(map[string]any)
	var data []byte
	if s, _ := annos[KubecfgLastApplied].(string); s != "" {
		zr, err := gzip.NewReader(base64.NewDecoder(base64.StdEncoding, strings.NewReader(s)))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", KubecfgLastApplied, err)
		}
		if data, err = io.ReadAll(zr); err != nil {
			return nil, fmt.Errorf("%s: %w", KubecfgLastApplied, err)
		}
	} else if s, ok := annos[KubectlLastApplied].(string); ok {
		data = []byte(s)
	} else {
		return nil, ErrNoLastApplied
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out map[string]any
	if err := dec.Decode(&out); err != nil {
		return nil, fmt.Errorf("the last-applied configuration: %w", err)
	}
	return out, nil
}

// subsetMap is the live map with only the keys config has; an empty
// config value the live map lacks is kept as the config has it (the API
// server drops empty values).
func subsetMap(config, live map[string]any) map[string]any {
	out := map[string]any{}
	for k, cv := range config {
		lv, ok := live[k]
		if !ok {
			if isEmpty(cv) {
				out[k] = cv
			}
			continue
		}
		out[k] = subset(cv, lv)
	}
	return out
}

// subset is the live value with only what config sets: maps by key,
// lists element by element (live's extra elements kept whole).
func subset(config, live any) any {
	switch c := config.(type) {
	case map[string]any:
		if l, ok := live.(map[string]any); ok {
			return subsetMap(c, l)
		}
	case []any:
		if l, ok := live.([]any); ok {
			out := make([]any, 0, len(l))
			for i, lv := range l {
				if i < len(c) {
					out = append(out, subset(c[i], lv))
				} else {
					out = append(out, lv)
				}
			}
			return out
		}
	}
	return live
}

// isEmpty is JSON's zero value: null, false, 0, "", [] or {}.
func isEmpty(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case bool:
		return !v
	case string:
		return v == ""
	case []any:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0
	case float64:
		return v == 0
	case int64:
		return v == 0
	case int:
		return v == 0
	case json.Number:
		f, err := v.Float64()
		return err == nil && f == 0
	}
	return false
}

// secretValue is a line's "key": "value" that --omit-secrets hides.
var secretValue = regexp.MustCompile(`"([-._a-zA-Z0-9]+)":\s"([[:alnum:]=+]+)",?`)

// Format is the hunks as kubecfg prints them: an @@ line each (a count
// only when it is not 1), then the lines; a line without a newline is
// followed by "\ No newline at end of file". With omit (a Secret under
// --omit-secrets) unchanged lines are left out and "key": "value" is
// key: <omitted>.
func Format(hs []Hunk, omit bool) string {
	var b strings.Builder
	for _, h := range hs {
		from, to := 0, 0
		for _, l := range h.Lines {
			if l.Op != Insert {
				from++
			}
			if l.Op != Delete {
				to++
			}
		}
		b.WriteString("@@ " + rangeText('-', h.FromLine, from) + " " + rangeText('+', h.ToLine, to) + " @@\n")
		for _, l := range h.Lines {
			text := l.Text
			if omit {
				text = secretValue.ReplaceAllString(text, "$1: <omitted>")
			}
			if l.Op != Keep || !omit {
				b.WriteByte(byte(l.Op))
				b.WriteString(text)
			}
			if !strings.HasSuffix(l.Text, "\n") {
				b.WriteString("\n\\ No newline at end of file\n")
			}
		}
	}
	return b.String()
}

func rangeText(sign byte, line, n int) string {
	if n > 1 {
		return fmt.Sprintf("%c%d,%d", sign, line, n)
	}
	return fmt.Sprintf("%c%d", sign, line)
}
