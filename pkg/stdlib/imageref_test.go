package stdlib

import (
	"strings"
	"testing"

	"github.com/distribution/reference"
)

// referenceAnswer is what distribution/reference, the parser kubecfg uses,
// makes of s: the normalised reference and whether it has a digest, or ok
// false when it refuses s.
func referenceAnswer(s string) (norm string, digested, ok bool) {
	named, err := reference.ParseDockerRef(s)
	if err != nil {
		return "", false, false
	}
	_, digested = named.(reference.Digested)
	return named.String(), digested, true
}

// checkSameAsReference fails when NormalizeImage and distribution/reference
// disagree on s.
func checkSameAsReference(t *testing.T, s string) {
	t.Helper()
	want, wantDigested, wantOK := referenceAnswer(s)
	got, gotDigested, err := NormalizeImage(s)
	switch {
	case wantOK && err != nil:
		t.Errorf("NormalizeImage(%q) refused it (%v); kubecfg's parser gives %q", s, err, want)
	case !wantOK && err == nil:
		t.Errorf("NormalizeImage(%q) = %q; kubecfg's parser refuses it", s, got)
	case wantOK && (got != want || gotDigested != wantDigested):
		t.Errorf("NormalizeImage(%q) = %q, digested %v; kubecfg's parser gives %q, %v", s, got, gotDigested, want, wantDigested)
	}
}

var (
	sha256Hex = strings.Repeat("7c", 32)
	sha384Hex = strings.Repeat("ab", 48)
	sha512Hex = strings.Repeat("0f", 64)
)

// imageRefCases are references at the grammar's edges, each compared with
// kubecfg's parser.
var imageRefCases = []string{
	"", "nginx", "nginx:1.27", "nginx:latest", "library/nginx", "bitnami/redis",
	"docker.io/nginx", "docker.io/library/nginx", "index.docker.io/nginx", "index.docker.io/a/b",
	"docker.io/a/b/c", "quay.io/foo/bar", "quay.io/foo", "localhost/app", "localhost:5000/app:v1",
	"localhost", "localhost:5000", "LocalHost/app", "Foo/bar", "foo/Bar", "NGINX", "Nginx",
	"UPPER/x::", "a.b/c", "a_b.c/x", "a-b.com/c", "-a.com/c", "a-.com/c", "a..com/c", ".a/c",
	"my.registry:0/x", "my.registry:/x", "my.registry:x/y", "[::1]/a", "[::1]:5000/a:t",
	"[]/a", "[g::1]/a", "[::1/a", "::1/a", "a:b:5000/c",
	"a/b__c", "a/b___c", "a/b_c", "a/b._c", "a/b.c", "a/b..c", "a/b---c", "a/-b", "a/b-", "a/b_",
	"a//b", "a/", "/a", "a/b/", "a b", "a/b c", "ünicode", "a/ünicode", "a:täg",
	"nginx:", "nginx:-x", "nginx:.x", "nginx:_x", "nginx:x.y-z_W", "nginx:" + strings.Repeat("t", 128),
	"nginx:" + strings.Repeat("t", 129), "nginx:a:b", "nginx:a/b", "a/b:c/d",
	"nginx@sha256:" + sha256Hex, "nginx:1@sha256:" + sha256Hex, "nginx@sha384:" + sha384Hex,
	"nginx@sha512:" + sha512Hex, "nginx@sha256:" + strings.ToUpper(sha256Hex),
	"nginx@sha256:" + sha256Hex[:62], "nginx@sha256:" + sha256Hex + "00", "nginx@md5:" + sha256Hex,
	"nginx@SHA256:" + sha256Hex, "nginx@sha+256:" + sha256Hex, "nginx@sha256", "nginx@",
	"nginx@sha256:" + sha256Hex + "@x", "nginx@a.b-c_d+e:" + sha256Hex, "nginx@a..b:" + sha256Hex,
	"nginx@1a:" + sha256Hex, "nginx@a-:" + sha256Hex, "@sha256:" + sha256Hex,
	sha256Hex, "a/" + sha256Hex, sha256Hex + ":tag", strings.ToUpper(sha256Hex),
	strings.Repeat("a", 255), strings.Repeat("a", 256), "x.io/" + strings.Repeat("a", 255),
	"x.io/" + strings.Repeat("a", 256), "library/" + strings.Repeat("a", 247), "library/" + strings.Repeat("a", 248),
	strings.Repeat("a", 248), strings.Repeat("a", 247),
}

func TestImageRefMatchesReference(t *testing.T) {
	for _, s := range imageRefCases {
		checkSameAsReference(t, s)
	}
}

// FuzzImageRef holds the hand-written parser to kubecfg's on any input.
func FuzzImageRef(f *testing.F) {
	for _, s := range imageRefCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkSameAsReference(t, s)
	})
}
