package validate

import (
	"fmt"
	"regexp"
	"strings"
)

// Kubernetes' name and label rules (k8s.io/apimachinery's validation),
// with its messages.
const (
	dns1123LabelFmt     = "[a-z0-9]([-a-z0-9]*[a-z0-9])?"
	dns1123SubdomainFmt = dns1123LabelFmt + "(\\." + dns1123LabelFmt + ")*"
	dns1035LabelFmt     = "[a-z]([-a-z0-9]*[a-z0-9])?"
	qualifiedNameFmt    = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]"
	labelValueFmt       = "(" + qualifiedNameFmt + ")?"

	dns1123SubdomainMsg = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '" + dns1123SubdomainFmt + "')"
	dns1123LabelMsg     = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '" + dns1123LabelFmt + "')"
	dns1035LabelMsg     = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '" + dns1035LabelFmt + "')"
	qualifiedNameMsg    = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '" + qualifiedNameFmt + "')"
	labelValueMsg       = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '" + labelValueFmt + "')"

	totalAnnotationSizeLimit = 256 * 1024
)

var (
	dns1123LabelRe     = regexp.MustCompile("^" + dns1123LabelFmt + "$")
	dns1123SubdomainRe = regexp.MustCompile("^" + dns1123SubdomainFmt + "$")
	dns1035LabelRe     = regexp.MustCompile("^" + dns1035LabelFmt + "$")
	qualifiedNameRe    = regexp.MustCompile("^" + qualifiedNameFmt + "$")
	labelValueRe       = regexp.MustCompile("^" + labelValueFmt + "$")
)

func maxLen(n int) string { return fmt.Sprintf("must be no more than %d characters", n) }

// isDNS1123Subdomain returns what is wrong with s as a DNS-1123 subdomain.
func isDNS1123Subdomain(s string) []string {
	var errs []string
	if len(s) > 253 {
		errs = append(errs, maxLen(253))
	}
	if !dns1123SubdomainRe.MatchString(s) {
		errs = append(errs, dns1123SubdomainMsg)
	}
	return errs
}

func isDNS1123Label(s string) []string {
	var errs []string
	if len(s) > 63 {
		errs = append(errs, maxLen(63))
	}
	if !dns1123LabelRe.MatchString(s) {
		errs = append(errs, dns1123LabelMsg)
	}
	return errs
}

func isDNS1035Label(s string) []string {
	var errs []string
	if len(s) > 63 {
		errs = append(errs, maxLen(63))
	}
	if !dns1035LabelRe.MatchString(s) {
		errs = append(errs, dns1035LabelMsg)
	}
	return errs
}

// isPathSegment: the names of RBAC objects go into URL paths whole.
func isPathSegment(s string) []string {
	switch s {
	case ".", "..":
		return []string{fmt.Sprintf("may not be '%s'", s)}
	}
	var errs []string
	for _, c := range []string{"/", "%"} {
		if strings.Contains(s, c) {
			errs = append(errs, fmt.Sprintf("may not contain '%s'", c))
		}
	}
	return errs
}

// isQualifiedName: a label key or an annotation key, [prefix/]name.
func isQualifiedName(s string) []string {
	var errs []string
	parts := strings.Split(s, "/")
	name := parts[0]
	switch len(parts) {
	case 1:
	case 2:
		var prefix string
		prefix, name = parts[0], parts[1]
		if prefix == "" {
			errs = append(errs, "prefix part must be non-empty")
		} else {
			for _, e := range isDNS1123Subdomain(prefix) {
				errs = append(errs, "prefix part "+e)
			}
		}
	default:
		return []string{"a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '" + qualifiedNameFmt + "') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"}
	}
	switch {
	case name == "":
		errs = append(errs, "name part must be non-empty")
	case len(name) > 63:
		errs = append(errs, "name part "+maxLen(63))
	}
	if name != "" && !qualifiedNameRe.MatchString(name) {
		errs = append(errs, qualifiedNameMsg)
	}
	return errs
}

func isLabelValue(s string) []string {
	var errs []string
	if len(s) > 63 {
		errs = append(errs, maxLen(63))
	}
	if !labelValueRe.MatchString(s) {
		errs = append(errs, labelValueMsg)
	}
	return errs
}

// nameRule is how Kubernetes checks the metadata.name of one kind.
type nameRule struct {
	check  func(string) []string
	maxLen int // a further limit (a CronJob's 52), 0 for none
}

// nameRules are the kinds (GROUP/KIND) whose names are not DNS-1123
// subdomains, or have a further limit; every other kind's name, custom
// resources' too, is a DNS-1123 subdomain.
var nameRules = map[string]nameRule{
	"/Namespace":                                   {check: isDNS1123Label},
	"/Service":                                     {check: isDNS1035Label},
	"rbac.authorization.k8s.io/Role":               {check: isPathSegment},
	"rbac.authorization.k8s.io/ClusterRole":        {check: isPathSegment},
	"rbac.authorization.k8s.io/RoleBinding":        {check: isPathSegment},
	"rbac.authorization.k8s.io/ClusterRoleBinding": {check: isPathSegment},
	"batch/CronJob":                                {check: isDNS1123Subdomain, maxLen: 52},
}

// objectName checks the root's metadata.name (present, or a generateName
// in its place, and valid for the kind) and metadata.namespace.
func (w *walker) objectName(group, kind string, obj map[string]any) {
	meta, ok := obj["metadata"].(map[string]any)
	if !ok {
		if obj["metadata"] == nil {
			w.missing(CodeName, "metadata")
		}
		return // a metadata of the wrong type is reported by the schema
	}
	w.push("metadata")
	defer w.pop()
	name, isString := meta["name"].(string)
	if name == "" {
		if gen, _ := meta["generateName"].(string); gen == "" && (meta["name"] == nil || isString) {
			w.missing(CodeName, "name")
		}
	} else {
		rule, ok := nameRules[group+"/"+kind]
		if !ok {
			rule = nameRule{check: isDNS1123Subdomain}
		}
		w.push("name")
		for _, msg := range rule.check(name) {
			w.report(CodeName, fmt.Sprintf("invalid value %s: %s", show(name), msg))
		}
		if rule.maxLen > 0 && len(name) > rule.maxLen {
			w.report(CodeName, fmt.Sprintf("invalid value %s: %s", show(name), maxLen(rule.maxLen)))
		}
		w.pop()
	}
	if ns, _ := meta["namespace"].(string); ns != "" {
		w.push("namespace")
		for _, msg := range isDNS1123Label(ns) {
			w.report(CodeName, fmt.Sprintf("invalid value %s: %s", show(ns), msg))
		}
		w.pop()
	}
}

// meta checks the label keys and values and the annotation keys of an
// ObjectMeta (an object's, or a template's), and the annotations' total
// size.
func (w *walker) meta(m map[string]any) {
	if labels, ok := m["labels"].(map[string]any); ok {
		w.push("labels")
		for k, v := range labels {
			w.push(k)
			for _, msg := range isQualifiedName(k) {
				w.report(CodeLabel, fmt.Sprintf("invalid label key %s: %s", show(k), msg))
			}
			if s, ok := v.(string); ok {
				for _, msg := range isLabelValue(s) {
					w.report(CodeLabel, fmt.Sprintf("invalid label value %s: %s", show(s), msg))
				}
			}
			w.pop()
		}
		w.pop()
	}
	if ann, ok := m["annotations"].(map[string]any); ok {
		w.push("annotations")
		total := 0
		for k, v := range ann {
			w.push(k)
			for _, msg := range isQualifiedName(strings.ToLower(k)) {
				w.report(CodeAnnotation, fmt.Sprintf("invalid annotation key %s: %s", show(k), msg))
			}
			w.pop()
			s, _ := v.(string)
			total += len(k) + len(s)
		}
		if total > totalAnnotationSizeLimit {
			w.report(CodeAnnotation, fmt.Sprintf("annotations must have at most %d bytes (they have %d)", totalAnnotationSizeLimit, total))
		}
		w.pop()
	}
}
