package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"log"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/google/go-containerregistry/pkg/registry"
	"github.com/opencontainers/image-spec/specs-go"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"github.com/rogpeppe/go-internal/testscript"
	"oras.land/oras-go/v2/content"

	"github.com/kubecfg/kubecfg/internal/bundle"
	"github.com/kubecfg/kubecfg/internal/oci"
)

// registries are a script's running registries, by host, with the
// options that reach them.
type registries map[string]oci.Options

// cmdRegistry is the scripts' registry command: go-containerregistry's
// registry in the test process, reached by the kubecfg under test.
//
//	registry http NAME        start one over plain HTTP; $NAME is its host:port
//	registry tls NAME         start one over TLS; $NAME, and $NAME_CA the
//	                          test CA's PEM file (hand it over as SSL_CERT_FILE)
//	registry manifest REF     print REF's manifest, indented
//	registry config REF       print REF's config blob
//	registry files REF        print the body layer's files: name, size
//	registry digest REF [NAME]  print REF's manifest digest (and set $NAME to it)
//	registry push-bad KIND REF  push a broken bundle: wrongtype (its layer
//	                          is an image layer), corrupt (a tar.gz with a
//	                          bad checksum), escape (a file ../../x.jsonnet)
func cmdRegistry(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("registry does not fail on purpose")
	}
	if len(args) < 2 {
		ts.Fatalf("usage: registry http|tls NAME, registry manifest|config|files|digest REF, registry push-bad KIND REF")
	}
	regs := ts.Value("registries").(registries)
	switch args[0] {
	case "http":
		srv := httptest.NewServer(registry.New(registry.Logger(log.New(io.Discard, "", 0))))
		ts.Defer(srv.Close)
		host := strings.TrimPrefix(srv.URL, "http://")
		regs[host] = oci.Options{PlainHTTP: true, NoCredentials: true}
		ts.Setenv(args[1], host)
	case "tls":
		srv, err := registry.TLS("registry.test")
		ts.Check(err)
		ts.Defer(srv.Close)
		host := strings.TrimPrefix(srv.URL, "https://")
		regs[host] = oci.Options{HTTPClient: srv.Client(), NoCredentials: true}
		ca := filepath.Join(ts.Getenv("WORK"), args[1]+"-ca.pem")
		ts.Check(os.WriteFile(ca, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw}), 0o644))
		ts.Setenv(args[1], host)
		ts.Setenv(args[1]+"_CA", ca)
	case "manifest", "config", "files", "digest":
		ref, err := bundle.ParseRef(args[1])
		ts.Check(err)
		bun, err := oci.Fetch(context.Background(), ref, regs[ref.Registry], nil)
		ts.Check(err)
		switch args[0] {
		case "manifest":
			b, err := json.MarshalIndent(bun.Manifest, "", "  ")
			ts.Check(err)
			fmt.Fprintf(ts.Stdout(), "%s\n", b)
		case "config":
			b, err := json.Marshal(bun.Config)
			ts.Check(err)
			fmt.Fprintf(ts.Stdout(), "%s\n", b)
		case "files":
			var names []string
			for n := range bun.Files {
				names = append(names, n)
			}
			sort.Strings(names)
			for _, n := range names {
				fmt.Fprintf(ts.Stdout(), "%s %d\n", n, len(bun.Files[n]))
			}
		case "digest":
			fmt.Fprintln(ts.Stdout(), bun.Digest)
			if len(args) > 2 {
				ts.Setenv(args[2], bun.Digest)
			}
		}
	case "push-bad":
		if len(args) != 3 {
			ts.Fatalf("usage: registry push-bad KIND REF")
		}
		ref, err := bundle.ParseRef(args[2])
		ts.Check(err)
		ts.Check(pushBad(args[1], ref, regs[ref.Registry]))
	default:
		ts.Fatalf("unknown registry command %q", args[0])
	}
}

// pushBad pushes a broken bundle of the given kind to the real registry,
// as a broken or hostile pusher would.
func pushBad(kind string, ref bundle.Ref, opts oci.Options) error {
	files := []bundle.File{{Name: "main.jsonnet", Data: []byte("{}")}}
	mediaType := bundle.BodyMediaType
	body, err := bundle.Body(files)
	if err != nil {
		return err
	}
	switch kind {
	case "wrongtype":
		mediaType = ocispec.MediaTypeImageLayerGzip
	case "corrupt":
		body[len(body)-5] ^= 0xff // the gzip trailer's checksum
	case "escape":
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		tw := tar.NewWriter(zw)
		tw.WriteHeader(&tar.Header{Name: "../../x.jsonnet", Size: 2, Typeflag: tar.TypeReg})
		tw.Write([]byte("{}"))
		tw.Close()
		zw.Close()
		body = b.Bytes()
	default:
		return fmt.Errorf("unknown kind %q", kind)
	}
	cfg := []byte(`{"entrypoint":"main.jsonnet"}`)
	repo, err := oci.Repository(ref, opts)
	if err != nil {
		return err
	}
	ctx := context.Background()
	layer := content.NewDescriptorFromBytes(mediaType, body)
	config := content.NewDescriptorFromBytes(bundle.ConfigMediaType, cfg)
	if err := repo.Push(ctx, layer, bytes.NewReader(body)); err != nil {
		return err
	}
	if err := repo.Push(ctx, config, bytes.NewReader(cfg)); err != nil {
		return err
	}
	m, err := json.Marshal(ocispec.Manifest{Versioned: specs.Versioned{SchemaVersion: 2}, Config: config, Layers: []ocispec.Descriptor{layer}})
	if err != nil {
		return err
	}
	return repo.PushReference(ctx, content.NewDescriptorFromBytes(ocispec.MediaTypeImageManifest, m), bytes.NewReader(m), ref.Tag)
}
