// build-web bundles the playground's front end with esbuild's Go API:
// web/src/main.js, worker.js, lang-worker.js, boot.js and embed-page.js
// (and the CSS they import) become content-hashed files in static/dist/,
// with the chunks split off main.js (web/src/lazy.js) beside them and in
// static/dist/assets.json, the service worker's list; web/src/embed.js
// becomes static/embed.js, and web/index.html and
// web/embed.html become static/index.html and static/embed.html with those
// names (and hashes of static/kubecfg-core.wasm, static/kubecfg.wasm and
// static/kubecfg-lang.wasm) filled in. The Kubernetes schemas of
// internal/k8sschema/data/1.NN.json, which the page's Validate switch
// fetches, are copied to static/schemas/k8s-1.NN.json; web/index.html's
// version picker must list exactly those minors. Run from the module
// root: go run ./scripts/build-web
package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

func main() {
	minify := flag.Bool("minify", true, "minify the bundles")
	flag.Parse()
	if err := build(*minify); err != nil {
		fmt.Fprintln(os.Stderr, "build-web:", err)
		os.Exit(1)
	}
}

func build(minify bool) error {
	if _, err := os.Stat("web/node_modules/@codemirror/view"); err != nil {
		return fmt.Errorf("web/node_modules is missing: run npm ci --prefix web first: %w", err)
	}
	// Compressed copies (scripts/compress.mjs) of an earlier build would be
	// served in place of the new files: they go too.
	stale, _ := filepath.Glob("static/*.[bg][rz]")
	for _, old := range append([]string{"static/dist", "static/embed.js", "static/embed.js.map", "static/schemas"}, stale...) {
		if err := os.RemoveAll(old); err != nil {
			return fmt.Errorf("cleaning %s: %w", old, err)
		}
	}
	if minify {
		if err := minifyScript("static/wasm_exec.js"); err != nil {
			return err
		}
	}
	names := map[string]string{}
	var chunks []string
	for _, e := range []struct {
		entry  string
		format api.Format
		outdir string
		naming string
		split  bool
	}{
		// The page's bundle is split at its import()s (web/src/lazy.js):
		// what its first result does without is in chunks of their own.
		{"web/src/main.js", api.FormatESModule, "static/dist", "[name]-[hash]", true},
		{"web/src/worker.js", api.FormatIIFE, "static/dist", "[name]-[hash]", false},
		{"web/src/lang-worker.js", api.FormatIIFE, "static/dist", "[name]-[hash]", false},
		{"web/src/boot.js", api.FormatIIFE, "static/dist", "[name]-[hash]", false},
		{"web/src/embed-page.js", api.FormatESModule, "static/dist", "[name]-[hash]", false},
		// embed.js keeps its name: docs pages link to it.
		{"web/src/embed.js", api.FormatIIFE, "static", "[name]", false},
	} {
		out, more, err := bundle(e.entry, e.format, e.outdir, e.naming, e.split, minify)
		if err != nil {
			return err
		}
		for k, v := range out {
			names[k] = v
		}
		chunks = append(chunks, more...)
	}
	wasm, err := fileHash("static/kubecfg.wasm")
	if err != nil {
		return err
	}
	core, err := fileHash("static/kubecfg-core.wasm")
	if err != nil {
		return err
	}
	lang, err := fileHash("static/kubecfg-lang.wasm")
	if err != nil {
		return err
	}
	// The page shows the engine's download as a share of its size: the
	// bytes a browser reads after decoding the brotli or gzip copy.
	coreInfo, err := os.Stat("static/kubecfg-core.wasm")
	if err != nil {
		return err
	}
	fill := strings.NewReplacer(
		"{{WASM_BYTES}}", strconv.FormatInt(coreInfo.Size(), 10),
		"{{LANG_WORKER}}", names["lang-worker.js"], "{{LANG_WASM}}", "kubecfg-lang.wasm?v="+lang,
		"{{MAIN}}", names["main.js"], "{{CSS}}", names["main.css"], "{{WORKER}}", names["worker.js"], "{{BOOT}}", names["boot.js"],
		"{{EMBED_MAIN}}", names["embed-page.js"], "{{EMBED_CSS}}", names["embed-page.css"],
		"{{WASM}}", "kubecfg-core.wasm?v="+core, "{{WASM_FULL}}", "kubecfg.wasm?v="+wasm,
		"{{WASM_EXEC}}", "wasm_exec.js?v="+wasm,
	)
	for _, page := range []string{"index.html", "embed.html"} {
		if err := writePage(page, fill); err != nil {
			return err
		}
	}
	schemas, err := copySchemas()
	if err != nil {
		return err
	}
	return writeAssetList(names, chunks, wasm, core, lang, schemas)
}

// schemaData is where internal/k8sschema's generator writes a minor's
// schemas (1.NN.json); schemaPicker finds the version picker's options in
// web/index.html.
const schemaData = "internal/k8sschema/data"

var schemaPicker = regexp.MustCompile(`(?s)<select id="k8s-version"[^>]*>(.*?)</select>`)

// copySchemas copies each minor's schemas to static/schemas/k8s-1.NN.json
// and returns their site paths, after checking that web/index.html's
// version picker lists exactly those minors, in order.
func copySchemas() ([]string, error) {
	files, err := filepath.Glob(filepath.Join(schemaData, "1.*.json"))
	if err != nil {
		return nil, err
	}
	var versions []string
	for _, f := range files {
		versions = append(versions, strings.TrimSuffix(filepath.Base(f), ".json"))
	}
	sort.Slice(versions, func(i, j int) bool { return minor(versions[i]) < minor(versions[j]) })
	page, err := os.ReadFile("web/index.html")
	if err != nil {
		return nil, fmt.Errorf("reading the page template: %w", err)
	}
	m := schemaPicker.FindSubmatch(page)
	if m == nil {
		return nil, fmt.Errorf("web/index.html: no <select id=\"k8s-version\"> (the Validate switch's version picker)")
	}
	var listed []string
	for _, o := range regexp.MustCompile(`<option[^>]*>([^<\s]+)`).FindAllSubmatch(m[1], -1) {
		listed = append(listed, string(o[1]))
	}
	if len(versions) == 0 {
		return nil, fmt.Errorf("no %s/1.*.json: the page's Validate switch has no Kubernetes schemas (make k8sschema)", schemaData)
	}
	if strings.Join(listed, " ") != strings.Join(versions, " ") {
		return nil, fmt.Errorf("web/index.html: the Kubernetes version picker lists %v, but %s has %v", listed, schemaData, versions)
	}
	if err := os.MkdirAll("static/schemas", 0o755); err != nil {
		return nil, err
	}
	var out []string
	for _, v := range versions {
		b, err := os.ReadFile(filepath.Join(schemaData, v+".json"))
		if err != nil {
			return nil, fmt.Errorf("reading the schemas of Kubernetes %s: %w", v, err)
		}
		name := "schemas/k8s-" + v + ".json"
		if err := os.WriteFile("static/"+name, b, 0o644); err != nil {
			return nil, fmt.Errorf("writing static/%s: %w", name, err)
		}
		out = append(out, name)
	}
	return out, nil
}

// minor is the NN of a version 1.NN (-1 when it is not one).
func minor(v string) int {
	n, err := strconv.Atoi(strings.TrimPrefix(v, "1."))
	if err != nil || !strings.HasPrefix(v, "1.") {
		return -1
	}
	return n
}

// writePage fills in web/NAME and writes it to static/NAME.
func writePage(name string, fill *strings.Replacer) error {
	tmpl, err := os.ReadFile("web/" + name)
	if err != nil {
		return fmt.Errorf("reading the page template: %w", err)
	}
	page := fill.Replace(string(tmpl))
	if strings.Contains(page, "{{") {
		return fmt.Errorf("web/%s: a placeholder was left unfilled (missing bundle output?)", name)
	}
	if err := os.WriteFile("static/"+name, []byte(page), 0o644); err != nil {
		return fmt.Errorf("writing static/%s: %w", name, err)
	}
	return nil
}

// bundle builds one entry point into outdir and returns its outputs by
// kind, relative to static/: main.js → dist/main-HASH.js, main.css →
// dist/main-HASH.css. With split, the bundle is split at its dynamic
// import()s (esbuild's code splitting, ES modules only): the modules they
// load, and any code they share with the entry, are chunks
// (dist/chunk-HASH.js), returned as chunks, also relative to static/.
func bundle(entry string, format api.Format, outdir, naming string, split, minify bool) (names map[string]string, chunks []string, err error) {
	res := api.Build(api.BuildOptions{
		EntryPoints:       []string{entry},
		Bundle:            true,
		Splitting:         split,
		Outdir:            outdir,
		EntryNames:        naming,
		ChunkNames:        "chunk-[hash]",
		Format:            format,
		Target:            api.ES2022,
		MinifyWhitespace:  minify,
		MinifyIdentifiers: minify,
		MinifySyntax:      minify,
		Sourcemap:         api.SourceMapLinked,
		Metafile:          true,
		Write:             true,
		LogLevel:          api.LogLevelWarning,
	})
	if len(res.Errors) > 0 {
		msgs := api.FormatMessages(res.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage})
		return nil, nil, fmt.Errorf("bundling %s:\n%s", entry, strings.Join(msgs, ""))
	}
	var meta struct {
		Outputs map[string]struct {
			EntryPoint string `json:"entryPoint"`
			CSSBundle  string `json:"cssBundle"`
		} `json:"outputs"`
	}
	if err := json.Unmarshal([]byte(res.Metafile), &meta); err != nil {
		return nil, nil, fmt.Errorf("bundling %s: reading the metafile: %w", entry, err)
	}
	names = map[string]string{}
	base := strings.TrimSuffix(filepath.Base(entry), ".js")
	for out, o := range meta.Outputs {
		switch {
		case o.EntryPoint == entry:
			names[base+".js"] = rel(out)
			if o.CSSBundle != "" {
				names[base+".css"] = rel(o.CSSBundle)
			}
		case split && strings.HasSuffix(out, ".js"):
			chunks = append(chunks, rel(out))
		}
	}
	if names[base+".js"] == "" {
		return nil, nil, fmt.Errorf("bundling %s: no output for the entry point", entry)
	}
	sort.Strings(chunks)
	return names, chunks, nil
}

// minifyScript minifies a script in place: static/wasm_exec.js, Go's
// copy from its GOROOT, loaded before the first result (its comments are
// a third of its bytes after brotli). Minifying it again changes nothing.
func minifyScript(path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("minifying %s: %w", path, err)
	}
	res := api.Transform(string(b), api.TransformOptions{
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		Target:            api.ES2022,
	})
	if len(res.Errors) > 0 {
		msgs := api.FormatMessages(res.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage})
		return fmt.Errorf("minifying %s:\n%s", path, strings.Join(msgs, ""))
	}
	return os.WriteFile(path, res.Code, 0o644)
}

// rel makes an output path relative to static/.
func rel(p string) string {
	return strings.TrimPrefix(filepath.ToSlash(p), "static/")
}

// fileHash is the first 12 hex digits of a file's SHA-256.
func fileHash(path string) (string, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("%s is missing: build it first (make static/kubecfg.wasm)", path)
	} else if err != nil {
		return "", fmt.Errorf("hashing %s: %w", path, err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])[:12], nil
}

// writeAssetList writes static/dist/assets.json: the files the service
// worker caches for offline use, the page's chunks and the Kubernetes
// schemas among them.
func writeAssetList(names map[string]string, chunks []string, wasm, core, lang string, schemas []string) error {
	list := []string{"index.html", "kubecfg-core.wasm?v=" + core, "kubecfg.wasm?v=" + wasm, "kubecfg-lang.wasm?v=" + lang,
		"wasm_exec.js?v=" + wasm, "manifest.webmanifest", "icon.svg"}
	for _, k := range []string{"boot.js", "main.js", "main.css", "worker.js", "lang-worker.js"} {
		list = append(list, names[k])
	}
	list = append(list, chunks...)
	list = append(list, "embed.html", "embed.js", names["embed-page.js"], names["embed-page.css"])
	list = append(list, schemas...)
	b, err := json.MarshalIndent(map[string]any{"assets": list}, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile("static/dist/assets.json", append(b, '\n'), 0o644)
}
