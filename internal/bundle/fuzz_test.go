package bundle

import (
	"archive/tar"
	"bytes"
	"testing"
)

// FuzzParse: Parse never panics, and what it accepts prints back to a URL
// that parses to the same reference and path.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"oci://example.com/app:v1", "oci://localhost:5000/a/b@sha256:" + string(bytes.Repeat([]byte("0"), 64)) + "/x/y.jsonnet",
		"oci://h/a:", "oci://h/a", "oci://[::1]:1/a:b/../c", "oci://h/a:b//c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, p, err := Parse(s)
		if err != nil {
			return
		}
		again, p2, err := Parse(r.URL() + p)
		if err != nil || again != r || p2 != p {
			t.Fatalf("Parse(%q) = %+v %q, but its URL %q parses to %+v %q %v", s, r, p, r.URL()+p, again, p2, err)
		}
		if p != "" && CheckName(p) != nil {
			t.Fatalf("path %q escapes", p)
		}
	})
}

// FuzzReadBody: ReadBody never panics, returns only names inside the
// bundle and never more than the cap.
func FuzzReadBody(f *testing.F) {
	good, _ := Body([]File{{"a/b.jsonnet", []byte("{}")}, {"c.yakl", []byte("a: 1")}})
	f.Add(good)
	f.Add([]byte("not gzip"))
	var b bytes.Buffer
	tw := tar.NewWriter(&b)
	tw.WriteHeader(&tar.Header{Name: "../x", Size: 1, Typeflag: tar.TypeReg})
	tw.Write([]byte("x"))
	tw.Close()
	f.Add(b.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		const max = 1 << 16
		files, err := ReadBody(bytes.NewReader(data), max)
		if err != nil {
			return
		}
		total := 0
		for name, b := range files {
			if CheckName(name) != nil {
				t.Fatalf("name %q escapes", name)
			}
			total += len(b)
		}
		if total > max {
			t.Fatalf("%d bytes over the cap", total)
		}
	})
}
