//go:build ignore

// build-web bundles the playground's front end with esbuild's Go API:
// web/src/main.js (and the CSS it imports) and web/src/worker.js become
// content-hashed files in static/dist/, and web/index.html becomes
// static/index.html with those names (and a hash of static/kubecfg.wasm)
// filled in. Run from the module root: go run ./scripts/build-web.go
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
	if err := os.RemoveAll("static/dist"); err != nil {
		return fmt.Errorf("cleaning static/dist: %w", err)
	}
	names := map[string]string{}
	for _, e := range []struct {
		entry  string
		format api.Format
	}{{"web/src/main.js", api.FormatESModule}, {"web/src/worker.js", api.FormatIIFE}} {
		out, err := bundle(e.entry, e.format, minify)
		if err != nil {
			return err
		}
		for k, v := range out {
			names[k] = v
		}
	}
	wasm, err := fileHash("static/kubecfg.wasm")
	if err != nil {
		return err
	}
	tmpl, err := os.ReadFile("web/index.html")
	if err != nil {
		return fmt.Errorf("reading the page template: %w", err)
	}
	page := strings.NewReplacer(
		"{{MAIN}}", names["main.js"], "{{CSS}}", names["main.css"], "{{WORKER}}", names["worker.js"],
		"{{WASM}}", "kubecfg.wasm?v="+wasm, "{{WASM_EXEC}}", "wasm_exec.js?v="+wasm,
	).Replace(string(tmpl))
	if strings.Contains(page, "{{") {
		return errors.New("web/index.html: a placeholder was left unfilled (missing bundle output?)")
	}
	if err := os.WriteFile("static/index.html", []byte(page), 0o644); err != nil {
		return fmt.Errorf("writing static/index.html: %w", err)
	}
	return writeAssetList(names, wasm)
}

// bundle builds one entry point and returns its outputs by kind: main.js →
// dist/main-HASH.js, main.css → dist/main-HASH.css.
func bundle(entry string, format api.Format, minify bool) (map[string]string, error) {
	res := api.Build(api.BuildOptions{
		EntryPoints:       []string{entry},
		Bundle:            true,
		Outdir:            "static/dist",
		EntryNames:        "[name]-[hash]",
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
		return nil, fmt.Errorf("bundling %s:\n%s", entry, strings.Join(msgs, ""))
	}
	var meta struct {
		Outputs map[string]struct {
			EntryPoint string `json:"entryPoint"`
			CSSBundle  string `json:"cssBundle"`
		} `json:"outputs"`
	}
	if err := json.Unmarshal([]byte(res.Metafile), &meta); err != nil {
		return nil, fmt.Errorf("bundling %s: reading the metafile: %w", entry, err)
	}
	names := map[string]string{}
	base := strings.TrimSuffix(filepath.Base(entry), ".js")
	for out, o := range meta.Outputs {
		if o.EntryPoint != entry {
			continue
		}
		names[base+".js"] = rel(out)
		if o.CSSBundle != "" {
			names[base+".css"] = rel(o.CSSBundle)
		}
	}
	if names[base+".js"] == "" {
		return nil, fmt.Errorf("bundling %s: no output for the entry point", entry)
	}
	return names, nil
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
// worker caches for offline use.
func writeAssetList(names map[string]string, wasm string) error {
	list := []string{"index.html", "kubecfg.wasm?v=" + wasm, "wasm_exec.js?v=" + wasm, "manifest.webmanifest", "icon.svg"}
	for _, k := range []string{"main.js", "main.css", "worker.js"} {
		list = append(list, names[k])
	}
	if _, err := os.Stat("static/embed.html"); err == nil {
		list = append(list, "embed.html")
	}
	b, err := json.MarshalIndent(map[string]any{"assets": list}, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile("static/dist/assets.json", append(b, '\n'), 0o644)
}
