package importer

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"strconv"
	"strings"
	"sync"

	jsonnet "github.com/google/go-jsonnet"

	"github.com/kubecfg/kubecfg/internal/lex"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// YAKLScheme prefixes imports of compiled .yakl files: import 'yakl:app.yakl'.
const YAKLScheme = "yakl:"

// errNotFound makes the search move on to the next candidate.
var errNotFound = errors.New("not found")

// ErrNotFound is what a Bundles answers for a file its bundle does not
// hold, so that the search moves on to the next candidate.
var ErrNotFound = errNotFound

// Fetcher gets http(s):// URLs. A 404 must be reported as an error for which
// errors.Is(err, fs.ErrNotExist) holds, so the search moves on.
type Fetcher interface {
	Fetch(url string) ([]byte, error)
}

// Compiler turns a .yakl file into Jsonnet; filename is the URL it was
// found at.
type Compiler func(filename string, src []byte) (string, error)

// Options configure an Importer.
type Options struct {
	// FS serves file:// URLs.
	FS FS
	// Cwd is the absolute slash path of the current directory. Code whose
	// import base is not a URL (eval -e, --ext-code, --tla-code) imports
	// relative to it.
	Cwd string
	// SearchURLs are the library search path in order (KUBECFG_JPATH,
	// -J, -U), each a URL ending in '/'. internal:/// is always searched
	// last.
	SearchURLs []string
	// Internal serves internal:///NAME.
	Internal map[string]string
	// Fetch serves http(s)://; nil means such imports fail with a clear
	// error (the browser build). When it is also a Bundles it serves
	// oci:// imports too.
	Fetch Fetcher
	// Gates decides the gated schemes (binary://, yakl:, kustomize+https://).
	Gates *features.Gates
	// YAKL compiles yakl: imports; nil means they fail with a clear error.
	YAKL Compiler
}

// Bundles serves oci:// imports: the files of OCI bundles by URL. A
// Fetcher that is also a Bundles serves them (internal/oci's, natively);
// without one they fail with the browser's one-line answer. The importer
// only hands URLs over, so that the browser engines carry no more of it
// than that answer.
type Bundles interface {
	// Open returns the bytes at an oci:// URL inside a bundle or, for
	// the bundle's root URL (oci://REGISTRY/REPO:TAG), code that imports
	// its entrypoint. It applies the oci-import gate and refuses a bundle
	// that needs features gates has off. A file the bundle does not hold
	// is ErrNotFound (wrapped or not): the search moves on.
	Open(url string, gates *features.Gates) ([]byte, error)
	// Contains refuses importedPath, imported from the bundle's file at
	// from, when it resolved to a URL outside that bundle.
	Contains(from, importedPath, resolved string) error
}

// Importer implements jsonnet.Importer with kubecfg's rules. One Importer
// belongs to one VM; it caches every file it read.
type Importer struct {
	opts  Options
	mu    sync.Mutex
	cache map[string]jsonnet.Contents
	// nested remembers the code that passed the nesting check, by URL
	// and the address of the bytes checked: go-jsonnet asks for an import
	// every time it evaluates the import, and an edit of a big
	// workspace's entry would check every library it imports again.
	nested map[string]*byte
	// snippets are the texts of code that is not a file, by the name
	// go-jsonnet evaluates it under (NoteCode).
	snippets map[string]string
	kinds    map[kindKey]kind
	// bundles is Fetch when it serves oci:// imports too.
	bundles Bundles
}

// New returns an Importer.
func New(opts Options) *Importer {
	if opts.Cwd == "" {
		opts.Cwd = "/"
	}
	b, _ := opts.Fetch.(Bundles)
	return &Importer{opts: opts, bundles: b, cache: map[string]jsonnet.Contents{}}
}

// DirURL returns the file:// URL of a directory, with a trailing slash.
func DirURL(dir string) string {
	u := FileURL(path.Clean(dir))
	if !strings.HasSuffix(u, "/") {
		u += "/"
	}
	return u
}

// Import implements jsonnet.Importer.
func (im *Importer) Import(importedFrom, importedPath string) (jsonnet.Contents, string, error) {
	switch {
	case strings.HasPrefix(importedPath, YAKLScheme):
		return im.importYAKL(importedFrom, strings.TrimPrefix(importedPath, YAKLScheme))
	case strings.HasPrefix(importedPath, "binary://"):
		if err := im.opts.Gates.Require(features.BinaryImport); err != nil {
			return jsonnet.Contents{}, "", err
		}
		return im.importBinary(importedFrom, strings.TrimPrefix(importedPath, "binary://"))
	case strings.HasPrefix(importedPath, "kustomize+"):
		if err := im.opts.Gates.Require(features.KustomizeImport); err != nil {
			return jsonnet.Contents{}, "", err
		}
		return jsonnet.Contents{}, "", fmt.Errorf("kustomize+https:// imports are not supported by this build of kubecfg")
	}
	c, foundAt, err := im.search(importedFrom, importedPath)
	if err == nil && (IsCode(foundAt) || im.importsAsCode(importedFrom, importedPath)) {
		err = im.checkNesting(foundAt, c)
	}
	return c, foundAt, err
}

// checkNesting is CheckNesting, once per URL and contents.
func (im *Importer) checkNesting(foundAt string, c jsonnet.Contents) error {
	data := c.Data()
	if len(data) == 0 {
		return CheckNesting(foundAt, c.String(), lex.MaxDepth)
	}
	im.mu.Lock()
	done := im.nested[foundAt] == &data[0]
	im.mu.Unlock()
	if done {
		return nil
	}
	if err := CheckNesting(foundAt, c.String(), lex.MaxDepth); err != nil {
		return err
	}
	im.mu.Lock()
	if im.nested == nil {
		im.nested = map[string]*byte{}
	}
	im.nested[foundAt] = &data[0]
	im.mu.Unlock()
	return nil
}

// IsCode reports whether a file is Jsonnet code by its extension, so that
// Import refuses it when it nests too deeply; other files may be read as
// data (importstr, importbin), and Import cannot tell which it serves.
func IsCode(u string) bool {
	switch path.Ext(u) {
	case ".jsonnet", ".libsonnet", ".json":
		return true
	}
	return false
}

// search tries each candidate URL in order; the first found wins.
func (im *Importer) search(importedFrom, importedPath string) (jsonnet.Contents, string, error) {
	cands, err := im.candidates(importedFrom, importedPath)
	if err != nil {
		return jsonnet.Contents{}, "", err
	}
	var tried []string
	for _, u := range cands {
		tried = append(tried, u)
		c, err := im.read(u)
		if err == nil {
			return c, u, nil
		}
		if !errors.Is(err, errNotFound) {
			return jsonnet.Contents{}, "", err
		}
	}
	return jsonnet.Contents{}, "", fmt.Errorf("Couldn't open import %q, no match locally or in library search paths. Tried: %s",
		importedPath, strings.Join(tried, ";"))
}

// candidates expands an import to the URLs to try, in order.
func (im *Importer) candidates(importedFrom, importedPath string) ([]string, error) {
	if out, ok := im.simpleCandidates(importedFrom, importedPath); ok {
		return out, nil
	}
	return im.urlCandidates(importedFrom, importedPath)
}

// urlCandidates is candidates through net/url.
func (im *Importer) urlCandidates(importedFrom, importedPath string) ([]string, error) {
	ref, err := url.Parse(importedPath)
	if err != nil {
		return nil, fmt.Errorf("Import path %q is not valid", importedPath)
	}
	if ref.IsAbs() {
		return []string{ref.String()}, nil
	}
	base, err := im.baseURL(importedFrom)
	if err != nil {
		return nil, err
	}
	out := []string{base.ResolveReference(ref).String()}
	if base.Scheme == "oci" && im.bundles != nil {
		if err := im.bundles.Contains(base.String(), importedPath, out[0]); err != nil {
			return nil, err
		}
	}
	for _, s := range append(append([]string(nil), im.opts.SearchURLs...), "internal:///") {
		su, err := url.Parse(s)
		if err != nil {
			return nil, fmt.Errorf("invalid search URL %q: %w", s, err)
		}
		out = append(out, su.ResolveReference(ref).String())
	}
	return out, nil
}

// baseURL turns go-jsonnet's importedFrom (the importing code's file name)
// into a URL that imports resolve against. A name without a scheme is a
// path relative to the current directory (RFC06's import fix): eval -e is
// named after the evaluated file, --ext-code and --tla-code values after
// their variable.
func (im *Importer) baseURL(importedFrom string) (*url.URL, error) {
	importedFrom = strings.TrimPrefix(importedFrom, YAKLScheme)
	if u, err := url.Parse(importedFrom); err == nil && u.IsAbs() {
		return u, nil
	}
	if importedFrom == "" || strings.HasSuffix(importedFrom, "/") {
		return url.Parse(DirURL(path.Join(im.opts.Cwd, importedFrom)))
	}
	p := importedFrom
	if !path.IsAbs(p) {
		p = path.Join(im.opts.Cwd, p)
	}
	return &url.URL{Scheme: "file", Path: p}, nil
}

// read fetches one URL through the cache.
func (im *Importer) read(u string) (jsonnet.Contents, error) {
	im.mu.Lock()
	c, ok := im.cache[u]
	im.mu.Unlock()
	if ok {
		return c, nil
	}
	data, err := im.fetch(u)
	if err != nil {
		return jsonnet.Contents{}, err
	}
	c = jsonnet.MakeContentsRaw(data)
	im.mu.Lock()
	im.cache[u] = c
	im.mu.Unlock()
	return c, nil
}

func (im *Importer) fetch(raw string) ([]byte, error) {
	u, err := parseSimple(raw)
	if err != nil {
		return nil, err
	}
	switch u.Scheme {
	case "file":
		if im.opts.FS == nil {
			return nil, errNotFound
		}
		b, err := im.opts.FS.ReadFile(u.Path)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, errNotFound
		}
		if err != nil {
			return nil, err
		}
		return b, nil
	case "internal":
		s, ok := im.opts.Internal[strings.TrimPrefix(u.Path, "/")]
		if !ok {
			return nil, errNotFound
		}
		return []byte(s), nil
	case "http", "https":
		if im.opts.Fetch == nil {
			return nil, fmt.Errorf("cannot import %s: http(s) imports are not available in this build", raw)
		}
		b, err := im.opts.Fetch.Fetch(raw)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, errNotFound
		}
		return b, err
	case "oci":
		if im.bundles == nil {
			return nil, errors.New("cannot import " + raw + ": oci:// bundles are read by the kubecfg command line (a browser cannot reach most registries)")
		}
		return im.bundles.Open(raw, im.opts.Gates)
	case "":
		return nil, fmt.Errorf("cannot import %q: not a URL", raw)
	}
	// kubecfg hands any other scheme to its http client, whose words these are.
	return nil, fmt.Errorf("Get %q: unsupported protocol scheme %q", raw, u.Scheme)
}

// importYAKL resolves a yakl: import like any import, then compiles it.
// Its foundAt keeps the yakl: prefix, so importstr of the same file still
// returns the source.
func (im *Importer) importYAKL(importedFrom, p string) (jsonnet.Contents, string, error) {
	if err := im.opts.Gates.Require(features.YAKL); err != nil {
		return jsonnet.Contents{}, "", err
	}
	src, foundAt, err := im.search(importedFrom, p)
	if err != nil {
		return jsonnet.Contents{}, "", err
	}
	key := YAKLScheme + foundAt
	im.mu.Lock()
	c, ok := im.cache[key]
	im.mu.Unlock()
	if ok {
		return c, key, nil
	}
	if im.opts.YAKL == nil {
		return jsonnet.Contents{}, "", fmt.Errorf("cannot import %s: this build has no YAKL compiler", key)
	}
	code, err := im.opts.YAKL(foundAt, src.Data())
	if err == nil {
		err = CheckNesting(key, code, lex.MaxDepth)
	}
	if err != nil {
		return jsonnet.Contents{}, "", err
	}
	c = jsonnet.MakeContents(code)
	im.mu.Lock()
	im.cache[key] = c
	im.mu.Unlock()
	return c, key, nil
}

// importBinary resolves binary://PATH like any import and returns its bytes
// as a Jsonnet array of numbers.
func (im *Importer) importBinary(importedFrom, p string) (jsonnet.Contents, string, error) {
	data, foundAt, err := im.search(importedFrom, p)
	if err != nil {
		return jsonnet.Contents{}, "", err
	}
	b := data.Data()
	var sb strings.Builder
	sb.Grow(len(b)*4 + 2)
	sb.WriteByte('[')
	for i, c := range b {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(strconv.Itoa(int(c)))
	}
	sb.WriteByte(']')
	return jsonnet.MakeContents(sb.String()), "binary://" + foundAt, nil
}

// ReadInput reads an input file that the evaluator hands to
// EvaluateSnippet itself (not an import), so it is code whatever its
// extension, and is refused when it nests deeper than lex.MaxDepth. A
// file:// URL that exists is read without going into the cache, so Rebase
// can move the importer to a workspace where only such files changed;
// anything else reads as Import does, with its errors.
func (im *Importer) ReadInput(u string) (jsonnet.Contents, string, error) {
	if strings.HasPrefix(u, "file://") && !strings.Contains(u, "#") {
		if data, err := im.fetch(u); err == nil {
			c := jsonnet.MakeContentsRaw(data)
			return c, u, CheckNesting(u, c.String(), lex.MaxDepth)
		}
	}
	c, foundAt, err := im.Import("", u)
	if err == nil && !IsCode(foundAt) { // Import checked code already
		err = CheckNesting(foundAt, c.String(), lex.MaxDepth)
	}
	return c, foundAt, err
}

// Rebase points the importer at fsys, a new version of the workspace, if
// no file it has served (which its VM may have cached) is one that
// changed says changed (given the file's absolute slash path); else it
// changes nothing and returns false. The caller knows what changed between
// the versions, so nothing is read or compared. Code given to Define and
// yakl: compilations are kept: they follow from files that are checked.
func (im *Importer) Rebase(fsys FS, changed func(name string) bool) bool {
	im.mu.Lock()
	defer im.mu.Unlock()
	for key := range im.cache {
		if !strings.HasPrefix(key, "file://") || strings.Contains(key, "#") {
			continue
		}
		u, err := url.Parse(key)
		if err != nil || fsys == nil || changed(u.Path) {
			return false
		}
	}
	im.opts.FS = fsys
	return true
}

// Define serves code at url from now on, as if a file held it. url must
// not be a real file's; the evaluator uses it for code it writes itself
// and wants imported once (and so cached) per VM.
func (im *Importer) Define(url, code string) {
	im.mu.Lock()
	defer im.mu.Unlock()
	if _, ok := im.cache[url]; !ok {
		im.cache[url] = jsonnet.MakeContents(code)
	}
}
