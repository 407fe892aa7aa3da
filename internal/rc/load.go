package rc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/kubecfg/kubecfg/pkg/features"
)

// File is what an rc file says: its features, and the default values of
// the other flags.
type File struct {
	// Path is the file's path, as given to Load or Parse.
	Path string
	// Features is flags.features, as a source for features.New.
	Features features.Source
	// Flags are the other keys of flags, each as flag values: a string,
	// number or boolean is one value, an array one value per element, and
	// an object {k: v} one "k=v" value per key in key order (the form of
	// --ext-str and --tla-str). Paths are as written; RFC02 resolves
	// relative ones against the rc file's directory.
	Flags map[string][]string
	// Commands are the flags under commands.<name> (directly, or under
	// commands.<name>.flags), in the same form as Flags.
	Commands map[string]map[string][]string
}

// Load evaluates the rc file at path with eval, which must return the
// file's value as JSON and must evaluate with every gate at its default
// (features.Defaults()), and returns its features as a source named
// .kubecfgrc.jsonnet. A path of "" (no rc file) gives an empty source.
func Load(path string, eval func(path string) ([]byte, error)) (features.Source, error) {
	f, err := LoadFile(path, eval)
	if err != nil {
		return features.Source{}, err
	}
	return f.Features, nil
}

// LoadFile is Load returning the whole file.
func LoadFile(path string, eval func(path string) ([]byte, error)) (*File, error) {
	if path == "" {
		return &File{Features: features.Source{Name: FileName}}, nil
	}
	data, err := eval(path)
	if err != nil {
		return nil, fmt.Errorf("evaluating %s: %w", path, err)
	}
	return Parse(path, data)
}

// Parse reads an rc file's value, given as JSON. Errors name the file and
// the field: features under commands, and values of the wrong type.
func Parse(path string, data []byte) (*File, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var top any
	if err := dec.Decode(&top); err != nil {
		return nil, fmt.Errorf("%s: reading its value: %w", path, err)
	}
	p := parser{path: path}
	root, ok := top.(map[string]any)
	if !ok {
		return nil, p.errorf("", "the file must evaluate to an object, got %s", typeName(top))
	}
	f := &File{Path: path, Features: features.Source{Name: FileName}, Flags: map[string][]string{}, Commands: map[string]map[string][]string{}}
	for _, key := range slices.Sorted(maps.Keys(root)) {
		switch key {
		case "flags":
			flags, err := p.object("flags", root[key])
			if err != nil {
				return nil, err
			}
			if v, ok := flags["features"]; ok {
				if f.Features.Items, err = p.features("flags.features", v); err != nil {
					return nil, err
				}
				delete(flags, "features")
			}
			if f.Flags, err = p.flags("flags", flags); err != nil {
				return nil, err
			}
		case "commands":
			if err := p.commands(root[key], f.Commands); err != nil {
				return nil, err
			}
		}
	}
	return f, nil
}

type parser struct{ path string }

func (p parser) errorf(field, format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if field != "" {
		msg = field + ": " + msg
	}
	return fmt.Errorf("%s: %s", p.path, msg)
}

func (p parser) object(field string, v any) (map[string]any, error) {
	if v == nil {
		return map[string]any{}, nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, p.errorf(field, "must be an object, got %s", typeName(v))
	}
	return m, nil
}

// features reads flags.features: {name: bool} or [item, ...].
func (p parser) features(field string, v any) ([]string, error) {
	var items []string
	switch v := v.(type) {
	case nil:
		return nil, nil
	case map[string]any:
		for _, name := range slices.Sorted(maps.Keys(v)) {
			on, ok := v[name].(bool)
			if !ok {
				return nil, p.errorf(field+"."+name, "must be true or false, got %s", typeName(v[name]))
			}
			item := fmt.Sprintf("%s=%t", name, on)
			if _, _, err := features.ParseItem(item); err != nil {
				return nil, p.errorf(field+"."+name, "%v", err)
			}
			items = append(items, item)
		}
	case []any:
		for i, e := range v {
			s, ok := e.(string)
			if !ok {
				return nil, p.errorf(fmt.Sprintf("%s[%d]", field, i), "must be a string such as 'yakl' or 'knit=false', got %s", typeName(e))
			}
			if _, _, err := features.ParseItem(s); err != nil {
				return nil, p.errorf(fmt.Sprintf("%s[%d]", field, i), "%v", err)
			}
			items = append(items, s)
		}
	default:
		return nil, p.errorf(field, "must be an object ({yakl: true}) or an array (['yakl']), got %s", typeName(v))
	}
	return items, nil
}

// commands reads commands.<name>, rejecting features anywhere under it.
func (p parser) commands(v any, out map[string]map[string][]string) error {
	cmds, err := p.object("commands", v)
	if err != nil {
		return err
	}
	for _, name := range slices.Sorted(maps.Keys(cmds)) {
		field := "commands." + name
		cmd, err := p.object(field, cmds[name])
		if err != nil {
			return err
		}
		merged := map[string]any{}
		for k, v := range cmd {
			if k != "flags" {
				merged[k] = v
			}
		}
		if raw, ok := cmd["flags"]; ok {
			sub, err := p.object(field+".flags", raw)
			if err != nil {
				return err
			}
			if _, ok := sub["features"]; ok {
				return p.errorf(field+".flags.features", "features can only be set under flags, for every command at once")
			}
			for k, v := range sub {
				if _, dup := merged[k]; dup {
					return p.errorf(field, "flag %s is set both directly and under flags", k)
				}
				merged[k] = v
			}
		}
		if _, ok := merged["features"]; ok {
			return p.errorf(field+".features", "features can only be set under flags, for every command at once")
		}
		flags, err := p.flags(field, merged)
		if err != nil {
			return err
		}
		out[name] = flags
	}
	return nil
}

// flags turns an object of flag settings into flag values.
func (p parser) flags(field string, m map[string]any) (map[string][]string, error) {
	out := map[string][]string{}
	for _, name := range slices.Sorted(maps.Keys(m)) {
		f := field + "." + name
		switch v := m[name].(type) {
		case nil:
		case []any:
			vals := []string{}
			for i, e := range v {
				s, err := p.scalar(fmt.Sprintf("%s[%d]", f, i), e)
				if err != nil {
					return nil, err
				}
				vals = append(vals, s)
			}
			out[name] = vals
		case map[string]any:
			vals := []string{}
			for _, k := range slices.Sorted(maps.Keys(v)) {
				s, err := p.scalar(f+"."+k, v[k])
				if err != nil {
					return nil, err
				}
				vals = append(vals, k+"="+s)
			}
			out[name] = vals
		default:
			s, err := p.scalar(f, v)
			if err != nil {
				return nil, err
			}
			out[name] = []string{s}
		}
	}
	return out, nil
}

func (p parser) scalar(field string, v any) (string, error) {
	switch v := v.(type) {
	case string:
		return v, nil
	case bool:
		return fmt.Sprint(v), nil
	case json.Number:
		return v.String(), nil
	}
	return "", p.errorf(field, "must be a string, number or boolean, got %s", typeName(v))
}

func typeName(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
	case string:
		return fmt.Sprintf("a string (%q)", truncate(v))
	case bool:
		return fmt.Sprintf("a boolean (%t)", v)
	case json.Number:
		return fmt.Sprintf("a number (%s)", v)
	}
	return fmt.Sprintf("%T", v)
}

func truncate(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return strings.ReplaceAll(s, "\n", `\n`)
}
