package validate

import (
	"fmt"
	"regexp"
	"strings"
)

// The checks of Kubernetes' validation code, beyond the schema, that this
// package makes: by kind (kindRules, on the root) and by type (typeRules,
// on every value of the type wherever it is: a Deployment's template's
// containers as a Pod's).

// kindRules are keyed by GROUP/KIND.
var kindRules = map[string]func(w *walker, obj map[string]any){
	"/Pod":       podImages,
	"/ConfigMap": func(w *walker, obj map[string]any) { dataKeys(w, obj, "data", "binaryData") },
	"/Secret":    func(w *walker, obj map[string]any) { dataKeys(w, obj, "data", "stringData") },
}

// typeRules are keyed by the type names of internal/k8sschema.
var typeRules = map[string]func(w *walker, m map[string]any){
	"core.v1.Container":          containerName,
	"core.v1.EphemeralContainer": containerName,
	"core.v1.ContainerPort":      containerPort,
	"core.v1.Volume":             volumeName,
	"core.v1.ServiceSpec":        servicePorts,
}

// at runs f with the walker's path extended by the elements.
func (w *walker) at(f func(), elems ...any) {
	n := len(w.path)
	w.path = append(w.path, elems...)
	f()
	w.path = w.path[:n]
}

// podImages: a Pod's containers need an image (a workload's template may
// leave it out, for a controller or a tool to fill in).
func podImages(w *walker, obj map[string]any) {
	spec, _ := obj["spec"].(map[string]any)
	for _, list := range []string{"containers", "initContainers", "ephemeralContainers"} {
		cs, _ := spec[list].([]any)
		for i, c := range cs {
			cm, ok := c.(map[string]any)
			if !ok {
				continue
			}
			if img, ok := cm["image"]; ok && img != nil && img != "" {
				continue
			}
			w.at(func() { w.missing(CodeRequired, "image") }, "spec", list, i)
		}
	}
}

// checkString reports each message of check on the string field of m.
func (w *walker) checkString(m map[string]any, field, code string, check func(string) []string) {
	s, ok := m[field].(string)
	if !ok || s == "" {
		return
	}
	w.at(func() {
		for _, msg := range check(s) {
			w.report(code, fmt.Sprintf("invalid value %s: %s", show(s), msg))
		}
	}, field)
}

func containerName(w *walker, m map[string]any) { w.checkString(m, "name", CodeName, isDNS1123Label) }
func volumeName(w *walker, m map[string]any)    { w.checkString(m, "name", CodeName, isDNS1123Label) }

const portRangeMsg = "must be between 1 and 65535, inclusive"

// checkPort reports a port number out of 1..65535 (0 too unless zeroOK).
func (w *walker) checkPort(m map[string]any, field string, zeroOK bool) {
	v, ok := m[field]
	if !ok || jsonType(v) != "integer" {
		return
	}
	f, _ := number(v)
	if (f == 0 && zeroOK) || (f >= 1 && f <= 65535) {
		return
	}
	w.at(func() { w.report(CodeRange, fmt.Sprintf("invalid value %s: %s", show(v), portRangeMsg)) }, field)
}

func containerPort(w *walker, m map[string]any) {
	w.checkPort(m, "containerPort", false)
	w.checkPort(m, "hostPort", true)
	w.checkString(m, "name", CodeName, isPortName)
}

var portNameCharsRe = regexp.MustCompile(`^[-a-z0-9]+$`)

// isPortName: an IANA service name, as a named port must be.
func isPortName(s string) []string {
	var errs []string
	if len(s) > 15 {
		errs = append(errs, maxLen(15))
	}
	if !portNameCharsRe.MatchString(s) {
		errs = append(errs, "must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)")
	}
	if !strings.ContainsAny(s, "abcdefghijklmnopqrstuvwxyz") {
		errs = append(errs, "must contain at least one letter (a-z)")
	}
	if strings.Contains(s, "--") {
		errs = append(errs, "must not contain consecutive hyphens")
	}
	if strings.HasPrefix(s, "-") || strings.HasSuffix(s, "-") {
		errs = append(errs, "must not begin or end with a hyphen")
	}
	return errs
}

// servicePorts: a Service's ports are in range, named (DNS-1123 labels,
// each once) when there are several, and a targetPort is a port number or
// a port name.
func servicePorts(w *walker, spec map[string]any) {
	ports, _ := spec["ports"].([]any)
	names := map[string]bool{}
	for i, p := range ports {
		pm, ok := p.(map[string]any)
		if !ok {
			continue
		}
		w.at(func() {
			w.checkPort(pm, "port", false)
			switch tp := pm["targetPort"].(type) {
			case string:
				w.checkString(pm, "targetPort", CodeName, isPortName)
			default:
				if tp != nil {
					w.checkPort(pm, "targetPort", true)
				}
			}
			name, _ := pm["name"].(string)
			switch {
			case name == "" && len(ports) > 1:
				w.missing(CodeRequired, "name")
			case name != "":
				w.checkString(pm, "name", CodeName, isDNS1123Label)
				if names[name] {
					w.at(func() { w.report(CodeName, fmt.Sprintf("duplicate value %s", show(name))) }, "name")
				}
				names[name] = true
			}
		}, "ports", i)
	}
}

var configKeyRe = regexp.MustCompile(`^[-._a-zA-Z0-9]+$`)

// isConfigKey: a key of a ConfigMap's or Secret's data (a file name when
// mounted).
func isConfigKey(s string) []string {
	var errs []string
	if len(s) > 253 {
		errs = append(errs, maxLen(253))
	}
	if !configKeyRe.MatchString(s) {
		errs = append(errs, "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')")
	}
	switch {
	case s == "." || s == "..":
		errs = append(errs, fmt.Sprintf("must not be '%s'", s))
	case strings.HasPrefix(s, ".."):
		errs = append(errs, "must not start with '..'")
	}
	return errs
}

func dataKeys(w *walker, obj map[string]any, fields ...string) {
	for _, f := range fields {
		data, _ := obj[f].(map[string]any)
		for k := range data {
			w.at(func() {
				for _, msg := range isConfigKey(k) {
					w.report(CodeKey, fmt.Sprintf("invalid key %s: %s", show(k), msg))
				}
			}, f, k)
		}
	}
}
