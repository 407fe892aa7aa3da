package langserv

import (
	"strings"
	"sync"
)

// keywords are offered where a name can start.
var keywords = []string{"assert", "else", "error", "false", "for", "function", "if", "import",
	"importbin", "importstr", "in", "local", "null", "self", "super", "then", "true"}

// complete answers complete: names at the cursor, none in a comment or a
// string, except the workspace's files in an import's string.
func (c *cursor) complete() *Completions {
	text := c.f.src.text
	_, here := place(c.f, c.off)
	out := &Completions{From: here, To: here, Items: []Completion{}}
	switch c.kind {
	case inComment:
		return out
	case inString:
		if !isImportString(text, c.str) {
			return out
		}
		_, out.From = place(c.f, c.str)
		out.Items = c.ws.importFiles(c.f.path)
		return out
	}
	from, _ := c.f.src.wordAt(c.off)
	if from < c.off && '0' <= text[from] && text[from] <= '9' {
		return out // a number
	}
	_, out.From = place(c.f, from)
	if from > 0 && text[from-1] == '.' {
		if from > 1 && text[from-2] == '.' {
			return out
		}
		v, _ := c.target(from - 1)
		switch {
		case v == nil:
		case v.isStd:
			out.Items = stdItems()
		default:
			out.Items = memberItems(v)
		}
		return out
	}
	out.Items = c.scopeItems()
	return out
}

// isImportString reports whether the string whose content starts at str
// is an import's path.
func isImportString(text string, str int) bool {
	before := strings.TrimRight(text[:max(str-1, 0)], " \t\r\n")
	if strings.HasSuffix(before, "@") {
		before = strings.TrimRight(before[:len(before)-1], " \t\r\n")
	}
	for _, kw := range []string{"importstr", "importbin", "import"} {
		if strings.HasSuffix(before, kw) && (len(before) == len(kw) || !isIdent(before[len(before)-len(kw)-1])) {
			return true
		}
	}
	return false
}

// stdItems are the completions after std. (made once; not changed).
var stdItems = sync.OnceValue(func() []Completion { return memberItems(stdValue()) })

// memberItems are the completions after a dot for a value.
func memberItems(v *value) []Completion {
	seen := map[string]int{}
	var items []Completion
	for _, m := range v.members {
		it := Completion{Label: m.name, Kind: m.kind, Detail: m.sig, Doc: m.doc}
		if i, ok := seen[m.name]; ok {
			if it.Detail == "" {
				it.Detail = items[i].Detail
			}
			if it.Doc == "" {
				it.Doc = items[i].Doc
			}
			items[i] = it
			continue
		}
		seen[m.name] = len(items)
		items = append(items, it)
	}
	if items == nil {
		items = []Completion{}
	}
	return items
}

// scopeItems are the names in scope at the cursor, then std (and
// kubecfg where it is predefined), self, super and $ inside an object,
// and the keywords.
func (c *cursor) scopeItems() []Completion {
	sc := c.scope()
	var items []Completion
	seen := map[string]bool{}
	add := func(it Completion) {
		if !seen[it.Label] {
			seen[it.Label] = true
			items = append(items, it)
		}
	}
	for _, b := range sc.env.names() {
		if b.name == "__ls" {
			continue
		}
		it := Completion{Label: b.name, Kind: "variable", Detail: b.kind}
		if b.fn != nil {
			it.Kind, it.Detail = "function", b.kind+" "+signature(b.name, b.fn)
		}
		add(it)
	}
	add(Completion{Label: "std", Kind: "namespace", Detail: "the standard library", Doc: "Jsonnet's standard library, " + stdVersion + " of go-jsonnet."})
	if c.f.predefined {
		add(Completion{Label: "kubecfg", Kind: "namespace", Detail: "kubecfg.libsonnet (predefined)", Doc: "kubecfg's library, predefined here (RFC06)."})
	}
	if len(sc.frames) > 0 || c.f.path == ExpressionPath {
		add(Completion{Label: "$", Kind: "keyword", Detail: "the outermost object"})
	}
	for _, kw := range keywords {
		if (kw == "self" || kw == "super") && len(sc.frames) == 0 {
			continue
		}
		add(Completion{Label: kw, Kind: "keyword"})
	}
	return items
}
