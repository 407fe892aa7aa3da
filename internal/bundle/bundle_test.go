package bundle

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	digest := "sha256:" + strings.Repeat("ab", 32)
	for _, tc := range []struct {
		in, ref, path, err string
	}{
		{in: "oci://example.com/app:v1", ref: "example.com/app:v1"},
		{in: "oci://example.com/app:v1/", ref: "example.com/app:v1"},
		{in: "oci://localhost:5000/team/app:v1.2-rc_3/lib/a.libsonnet", ref: "localhost:5000/team/app:v1.2-rc_3", path: "lib/a.libsonnet"},
		{in: "oci://127.0.0.1:5000/app@" + digest + "/main.jsonnet", ref: "127.0.0.1:5000/app@" + digest, path: "main.jsonnet"},
		{in: "oci://[::1]:5000/app:x", ref: "[::1]:5000/app:x"},
		{in: "oci://example.com/app", err: "missing tag"},
		{in: "oci://example.com/app:", err: "missing tag after ':'"},
		{in: "oci://example.com/app:/x", err: "missing tag after ':'"},
		{in: "oci://example.com/App:v1", err: "not a repository name"},
		{in: "oci://example.com/app@sha256:abc", err: "not a digest"},
		{in: "oci://example.com/app:v/../x", err: "escapes the bundle"},
		{in: "oci://example.com/app:v//x", err: "escapes the bundle"},
		{in: "oci://exa_mple.com/app:v", err: "not a registry host"},
		{in: "oci:///app:v", err: "not a registry host"},
		{in: "https://example.com/app:v", err: "not an oci:// URL"},
		{in: "oci://example.com/app:" + strings.Repeat("t", 129), err: "not a tag"},
	} {
		r, p, err := Parse(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("Parse(%q) = %v, %q, %v; want error %q", tc.in, r, p, err, tc.err)
			}
			continue
		}
		if err != nil || r.String() != tc.ref || p != tc.path {
			t.Errorf("Parse(%q) = %q, %q, %v; want %q, %q", tc.in, r, p, err, tc.ref, tc.path)
		}
		if r.URL() != "oci://"+tc.ref+"/" {
			t.Errorf("URL() = %q", r.URL())
		}
	}
	if _, err := ParseRef("example.com/app:v1/x"); err == nil {
		t.Error("ParseRef took a path")
	}
}

func TestBodyRoundTripAndReproducible(t *testing.T) {
	files := []File{{"a/main.jsonnet", []byte("import 'lib.libsonnet'")}, {"a/lib.libsonnet", []byte("{}")}, {"b/c.yakl", nil}}
	b1, err := Body(files)
	if err != nil {
		t.Fatal(err)
	}
	b2, _ := Body(files)
	if !bytes.Equal(b1, b2) {
		t.Fatal("the same files gave different bytes")
	}
	// No time and no name in the gzip header: bytes 4-9 are flags and mtime.
	if b1[3] != 0 || !bytes.Equal(b1[4:8], []byte{0, 0, 0, 0}) {
		t.Errorf("gzip header has flags %x and mtime %x", b1[3], b1[4:8])
	}
	zr, _ := gzip.NewReader(bytes.NewReader(b1))
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err != nil {
			break
		}
		if h.ModTime.Unix() != 0 || h.Uid != 0 || h.Gid != 0 || h.Mode != 0o666 || h.Uname != "" {
			t.Errorf("%s: header %+v", h.Name, h)
		}
	}
	got, err := ReadBody(bytes.NewReader(b1), MaxBundleSize)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]byte{"a/main.jsonnet": files[0].Data, "a/lib.libsonnet": files[1].Data, "b/c.yakl": {}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ReadBody = %q, want %q", got, want)
	}
}

// rawTar builds a tar.gz with the given headers, bypassing WriteBody's
// checks, as a hostile bundle would.
func rawTar(t *testing.T, entries ...tar.Header) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	tw := tar.NewWriter(zw)
	for _, h := range entries {
		data := strings.Repeat("x", int(h.Size))
		if err := tw.WriteHeader(&h); err != nil {
			t.Fatal(err)
		}
		tw.Write([]byte(data))
	}
	tw.Close()
	zw.Close()
	return b.Bytes()
}

func TestReadBodyBad(t *testing.T) {
	good := rawTar(t, tar.Header{Name: "a.jsonnet", Size: 3, Mode: 0o644, Typeflag: tar.TypeReg})
	corrupt := append([]byte(nil), good...)
	corrupt[len(corrupt)-6] ^= 0xff // the gzip trailer's checksum
	for _, tc := range []struct {
		name string
		data []byte
		max  int64
		err  string
	}{
		{"not gzip", []byte("plain text"), MaxBundleSize, "not a tar.gz"},
		{"truncated", good[:len(good)/2], MaxBundleSize, "not a tar.gz"},
		{"checksum", corrupt, MaxBundleSize, "not a tar.gz"},
		{"dotdot", rawTar(t, tar.Header{Name: "../evil.jsonnet", Size: 1, Typeflag: tar.TypeReg}), MaxBundleSize, "escapes the bundle"},
		{"absolute", rawTar(t, tar.Header{Name: "/etc/passwd", Size: 1, Typeflag: tar.TypeReg}), MaxBundleSize, "escapes the bundle"},
		{"inner dotdot", rawTar(t, tar.Header{Name: "a/../../b", Size: 1, Typeflag: tar.TypeReg}), MaxBundleSize, "escapes the bundle"},
		{"twice", rawTar(t, tar.Header{Name: "a", Size: 1, Typeflag: tar.TypeReg}, tar.Header{Name: "./a", Size: 1, Typeflag: tar.TypeReg}), MaxBundleSize, "twice"},
		{"over the cap", rawTar(t, tar.Header{Name: "a", Size: 600, Typeflag: tar.TypeReg}, tar.Header{Name: "b", Size: 600, Typeflag: tar.TypeReg}), 1000, "larger than"},
	} {
		_, err := ReadBody(bytes.NewReader(tc.data), tc.max)
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: err = %v, want %q", tc.name, err, tc.err)
		}
	}
	files, err := ReadBody(bytes.NewReader(rawTar(t,
		tar.Header{Name: "dir/", Typeflag: tar.TypeDir},
		tar.Header{Name: "link", Linkname: "../../etc/passwd", Typeflag: tar.TypeSymlink},
		tar.Header{Name: "./dir/a", Size: 2, Typeflag: tar.TypeReg})), MaxBundleSize)
	if err != nil || len(files) != 1 || string(files["dir/a"]) != "xx" {
		t.Errorf("links and directories: %q, %v", files, err)
	}
	if err := WriteBody(&bytes.Buffer{}, []File{{Name: "../x"}}); !errors.Is(err, ErrEscapes) {
		t.Errorf("WriteBody(../x) = %v", err)
	}
}

func TestFeatures(t *testing.T) {
	for _, tc := range []struct {
		meta string
		want []string
		err  bool
	}{
		{``, nil, false},
		{`{"other":1}`, nil, false},
		{`{"pack.kubecfg.dev/v1alpha1":{"version":"v1"}}`, nil, false},
		{`{"pack.kubecfg.dev/v1alpha1":{"version":"v1","features":["yakl","knit"]}}`, []string{"knit", "yakl"}, false},
		{`[1]`, nil, true},
		{`{"pack.kubecfg.dev/v1alpha1":{"features":"yakl"}}`, nil, true},
	} {
		got, err := Features(json.RawMessage(tc.meta))
		if (err != nil) != tc.err || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Features(%s) = %q, %v", tc.meta, got, err)
		}
	}
}
