package pack

import (
	"encoding/json"
	"fmt"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/kubecfg/kubecfg/internal/bundle"
	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// Session is what packing asks of an evaluator (kubecfg.Session).
type Session interface {
	Dependencies(u string) ([]string, error)
	ImportData(u string) ([]byte, error)
	EvaluateCode(code string) (string, error)
	Gates() *features.Gates
}

// Bundle is a packed bundle before it is pushed.
type Bundle struct {
	// Files are the packed files, sorted by URL, their names trimmed of
	// the common directory.
	Files []bundle.File
	// Entrypoint is the root's name among them.
	Entrypoint string
	// Features are the features the files need, sorted.
	Features []string
}

// Collect packs the root at rootURL (a file:// URL): its dependencies,
// their contents and the features they need.
func Collect(s Session, rootURL string) (*Bundle, error) {
	root, err := url.Parse(rootURL)
	if err != nil || root.Scheme != "file" {
		return nil, fmt.Errorf("unsupported scheme: %s", rootURL)
	}
	isYAKL := path.Ext(root.Path) == ".yakl"
	entry := rootURL
	if isYAKL {
		entry = importer.YAKLScheme + rootURL
	}
	deps, err := s.Dependencies(entry)
	if err != nil {
		return nil, err
	}
	type dep struct {
		u    *url.URL
		code string // the URL whose contents are code to scan, or ""
	}
	files := map[string]dep{rootURL: {root, entry}}
	yakl := isYAKL
	for _, d := range deps {
		code := d
		if rest, ok := strings.CutPrefix(d, importer.YAKLScheme); ok {
			yakl = true
			d = rest
		} else if !importer.IsCode(d) {
			code = ""
		}
		u, err := url.Parse(d)
		if err != nil {
			return nil, err
		}
		if u.Scheme == "internal" {
			continue
		}
		if u.Scheme != "file" {
			return nil, fmt.Errorf("unsupported scheme: %s", d)
		}
		if have, ok := files[d]; ok && have.code != "" {
			code = have.code
		}
		files[d] = dep{u, code}
	}
	urls := make([]string, 0, len(files))
	for u := range files {
		urls = append(urls, u)
	}
	slices.Sort(urls)
	paths := make([]string, len(urls))
	for i, u := range urls {
		paths[i] = files[u].u.Path
	}
	prefix := commonDir(paths)
	b := &Bundle{Entrypoint: strings.TrimPrefix(root.Path, prefix)}
	need := map[*features.Feature]bool{features.YAKL: yakl}
	for i, u := range urls {
		data, err := s.ImportData(u)
		if err != nil {
			return nil, err
		}
		name := strings.TrimPrefix(paths[i], prefix)
		if err := bundle.CheckName(name); err != nil {
			return nil, err
		}
		b.Files = append(b.Files, bundle.File{Name: name, Data: data})
		if c := files[u].code; c != "" {
			code := data
			if c != u {
				if code, err = s.ImportData(c); err != nil {
					return nil, err
				}
			}
			if err := scanFeatures(c, string(code), need); err != nil {
				return nil, err
			}
		}
	}
	for f, used := range need {
		if used && s.Gates().Enabled(f) {
			b.Features = append(b.Features, f.Name)
		}
	}
	slices.Sort(b.Features)
	return b, nil
}

// commonDir is the directory, with its trailing slash, that holds every
// path: the one file's directory, or the longest run of leading path
// segments they share.
func commonDir(paths []string) string {
	if len(paths) == 0 {
		return ""
	}
	common := strings.Split(path.Dir(paths[0]), "/")
	for _, p := range paths[1:] {
		segs := strings.Split(path.Dir(p), "/")
		n := 0
		for n < len(common) && n < len(segs) && common[n] == segs[n] {
			n++
		}
		common = common[:n]
	}
	dir := strings.Join(common, "/")
	if !strings.HasSuffix(dir, "/") {
		dir += "/"
	}
	return dir
}

// Metadata evaluates the bundle's metadata as kubecfg does: kubecfg's
// entry (the version, and here the features the bundle needs) plus the
// root's _kubecfg_pack_metadata field.
func Metadata(s Session, rootURL, version string, need []string) (json.RawMessage, error) {
	base, err := json.Marshal(map[string]bundle.PackMetadata{bundle.MetadataKey: {Version: version}})
	if err != nil {
		return nil, err
	}
	var expr string
	if path.Ext(rootURL) == ".yakl" {
		// A YAKL root may be a list of documents: only an object has the field.
		expr = fmt.Sprintf(`local root = import %q; %s + (if std.isObject(root) then std.get(root, %q, {}) else {})`,
			importer.YAKLScheme+rootURL, base, bundle.MetadataField)
	} else {
		expr = fmt.Sprintf(`%s + std.get(import %q, %q, {})`, base, rootURL, bundle.MetadataField)
	}
	if len(need) > 0 {
		quoted := make([]string, len(need))
		for i, n := range need {
			quoted[i] = strconv.Quote(n)
		}
		expr += fmt.Sprintf(` + {%q+: {features: [%s]}}`, bundle.MetadataKey, strings.Join(quoted, ", "))
	}
	out, err := s.EvaluateCode(expr)
	if err != nil {
		return nil, err
	}
	return json.RawMessage(out), nil
}

// Config returns the config blob.
func Config(entrypoint string, metadata json.RawMessage) ([]byte, error) {
	return json.Marshal(bundle.Config{Entrypoint: entrypoint, Metadata: metadata})
}
