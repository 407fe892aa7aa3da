package sharetest

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kubecfg/kubecfg/internal/lex"
	"github.com/kubecfg/kubecfg/pkg/share"
)

// APIOptions configures RunAPI.
type APIOptions struct {
	// Client sends the requests (a client with a 30 s timeout unless
	// given).
	Client *http.Client
	// Atomic servers answer 201 to exactly one of several racing POSTs of
	// one snippet.
	Atomic bool
	// WaitsForBody says that the platform's HTTP server, not the handler,
	// holds a request until its declared body has come (wrangler dev's
	// workerd): a Content-Length that the client never sends gets no
	// early 413 there, whatever the handler does, so that check is left
	// out (with a log line saying so).
	WaitsForBody bool
}

// Response is one answer of the API, read in full.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// Do sends one request to the API and reads the whole answer.
func Do(client *http.Client, method, url, contentType string, body io.Reader) (*Response, error) {
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, url, err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("%s %s: read body: %w", method, url, err)
	}
	return &Response{Status: resp.StatusCode, Header: resp.Header, Body: b}, nil
}

type api struct {
	base   string
	client *http.Client
	nonce  string
}

func (a *api) do(t *testing.T, method, path, contentType string, body []byte) *Response {
	t.Helper()
	var r io.Reader
	if body != nil {
		r = bytes.NewReader(body)
	}
	resp, err := Do(a.client, method, a.base+path, contentType, r)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// wantError checks that resp is a JSON error with the given status, never
// cached.
func wantError(t *testing.T, what string, resp *Response, status int) {
	t.Helper()
	if resp.Status != status {
		t.Errorf("%s: status %d, want %d (body %s)", what, resp.Status, status, resp.Body)
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("%s: Content-Type %q, want application/json", what, ct)
	}
	if cc := resp.Header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("%s: Cache-Control %q, want no-store", what, cc)
	}
	var e share.Error
	if err := json.Unmarshal(resp.Body, &e); err != nil || e.Error == "" {
		t.Errorf("%s: body %q is not a JSON error object (%v)", what, resp.Body, err)
	}
	WantSecurityHeaders(t, what, resp.Header)
}

// SecurityHeaders are the headers every answer of the share API carries,
// in both builds, with their values.
var SecurityHeaders = map[string]string{
	"X-Content-Type-Options":       "nosniff",
	"X-Frame-Options":              "DENY",
	"Referrer-Policy":              "no-referrer",
	"Cross-Origin-Opener-Policy":   "same-origin",
	"Cross-Origin-Resource-Policy": "same-origin",
	"Content-Security-Policy":      "default-src 'none'; frame-ancestors 'none'; sandbox",
}

// WantSecurityHeaders checks that h has every one of SecurityHeaders.
func WantSecurityHeaders(t *testing.T, what string, h http.Header) {
	t.Helper()
	for name, want := range SecurityHeaders {
		if got := h.Get(name); got != want {
			t.Errorf("%s: %s = %q, want %q", what, name, got, want)
		}
	}
}

// RunAPI runs the API-level round trip against the share API at base (for
// example "http://127.0.0.1:8080"). Snippets carry a random nonce, so the
// suite can run again against a store that is not empty.
func RunAPI(t *testing.T, base string, opts APIOptions) {
	client := opts.Client
	if client == nil {
		client = &http.Client{Timeout: 30 * time.Second}
	}
	var nb [8]byte
	rand.Read(nb[:])
	a := &api{base: strings.TrimSuffix(base, "/"), client: client, nonce: hex.EncodeToString(nb[:])}

	t.Run("round_trip", func(t *testing.T) {
		body := fmt.Sprintf(`{"version": 1, "nonce": %q, "entry": "main.jsonnet", "files": {"main.jsonnet": "{ a: 1 } <b>&"}}`, a.nonce)
		first := a.do(t, "POST", share.CollectionPath, "application/json", []byte(body))
		if first.Status != http.StatusCreated {
			t.Fatalf("first POST: status %d, want 201 (body %s)", first.Status, first.Body)
		}
		var c share.Created
		if err := json.Unmarshal(first.Body, &c); err != nil {
			t.Fatalf("first POST: body %q: %v", first.Body, err)
		}
		if !share.ValidID(c.ID) || c.URL != share.PagePrefix+c.ID {
			t.Fatalf("first POST: answer %+v, want a valid id and url /s/id", c)
		}
		if loc := first.Header.Get("Location"); loc != share.ItemPrefix+c.ID {
			t.Errorf("first POST: Location %q, want %q", loc, share.ItemPrefix+c.ID)
		}

		reordered := fmt.Sprintf("{\n  \"files\": {\"main.jsonnet\": \"{ a: 1 } <b>&\"},\n  \"entry\": \"main.jsonnet\", \"nonce\": %q, \"version\": 1\n}\n", a.nonce)
		second := a.do(t, "POST", share.CollectionPath, "text/plain;charset=UTF-8", []byte(reordered))
		if second.Status != http.StatusOK {
			t.Fatalf("POST of the same snippet: status %d, want 200 (body %s)", second.Status, second.Body)
		}
		var c2 share.Created
		if err := json.Unmarshal(second.Body, &c2); err != nil || c2 != c {
			t.Fatalf("POST of the same snippet: answer %s (%v), want %+v", second.Body, err, c)
		}

		got := a.do(t, "GET", share.ItemPrefix+c.ID, "", nil)
		if got.Status != http.StatusOK {
			t.Fatalf("GET: status %d, want 200 (body %s)", got.Status, got.Body)
		}
		want, err := share.Canonicalize([]byte(body))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Body, want) {
			t.Errorf("GET body = %s, want %s", got.Body, want)
		}
		for name, want := range map[string]string{
			"Content-Type":           "application/json",
			"X-Content-Type-Options": "nosniff",
			"Cache-Control":          "public, max-age=31536000, immutable",
		} {
			if v := got.Header.Get(name); v != want {
				t.Errorf("GET: %s = %q, want %q", name, v, want)
			}
		}
		WantSecurityHeaders(t, "GET", got.Header)
		WantSecurityHeaders(t, "first POST", first.Header)
		WantSecurityHeaders(t, "second POST", second.Header)

		// HEAD answers the headers of GET and no body (on Workers it was a
		// 500: FixedLengthStream did not see all expected bytes).
		head := a.do(t, "HEAD", share.ItemPrefix+c.ID, "", nil)
		if head.Status != http.StatusOK || len(head.Body) != 0 {
			t.Errorf("HEAD: status %d, body %q; want 200 and no body", head.Status, head.Body)
		}
		for _, name := range []string{"Content-Type", "Cache-Control", "ETag"} {
			if head.Header.Get(name) != got.Header.Get(name) {
				t.Errorf("HEAD: %s = %q, want %q as GET", name, head.Header.Get(name), got.Header.Get(name))
			}
		}
		WantSecurityHeaders(t, "HEAD", head.Header)

		// A client that has the body revalidates it.
		req, _ := http.NewRequest("GET", a.base+share.ItemPrefix+c.ID, nil)
		req.Header.Set("If-None-Match", `"`+c.ID+`"`)
		resp, err := a.client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotModified {
			t.Errorf("GET with If-None-Match of its ETag: status %d, want 304", resp.StatusCode)
		}
	})

	t.Run("conditional_get_of_unknown_id", func(t *testing.T) {
		// No snippet, no representation: a precondition cannot make it 304.
		id := share.ID([]byte("never stored, conditional " + a.nonce))
		for _, inm := range []string{"*", `"` + id + `"`} {
			req, _ := http.NewRequest("GET", a.base+share.ItemPrefix+id, nil)
			req.Header.Set("If-None-Match", inm)
			resp, err := a.client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			wantError(t, "GET unknown with If-None-Match: "+inm, &Response{Status: resp.StatusCode, Header: resp.Header, Body: body}, http.StatusNotFound)
		}
	})

	t.Run("unknown_id", func(t *testing.T) {
		id := share.ID([]byte("never stored " + a.nonce))
		wantError(t, "GET unknown", a.do(t, "GET", share.ItemPrefix+id, "", nil), http.StatusNotFound)
	})

	t.Run("malformed_ids", func(t *testing.T) {
		good := share.ID([]byte(a.nonce))
		for _, tc := range []struct{ name, id string }{
			{"empty", ""},
			{"short", good[:share.IDLen-1]},
			{"long", good + "A"},
			{"bad_character", "!" + good[1:]},
			{"padding", good[:20] + "=="},
			// The last of 22 characters holds two bits: only A, Q, g, w.
			{"noncanonical_last_character", good[:21] + "B"},
			{"dots", "..."},
			{"nested_path", good + "/x"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				wantError(t, "GET "+tc.id, a.do(t, "GET", share.ItemPrefix+tc.id, "", nil), http.StatusBadRequest)
			})
		}
	})

	t.Run("bad_bodies", func(t *testing.T) {
		for _, tc := range []struct {
			name, contentType, body string
			status                  int
		}{
			{"array", "application/json", `[1,2]`, 400},
			{"string", "application/json", `"x"`, 400},
			{"number", "application/json", `1`, 400},
			{"null", "application/json", `null`, 400},
			{"empty", "application/json", ``, 400},
			{"not_json", "application/json", `{nope}`, 400},
			{"truncated", "application/json", `{"a":`, 400},
			{"trailing_data", "application/json", `{"a":1} {"b":2}`, 400},
			{"form_encoded", "application/x-www-form-urlencoded", `a=1`, 415},
			// Text that is not UTF-8 was stored as U+FFFD: two file names
			// became one and a file was lost.
			{"invalid_utf8", "application/json", "{\"a\":\"\xff\"}", 400},
			{"invalid_utf8_file_names", "application/json", "{\"files\":{\"a\xff\":\"1\",\"a\xfe\":\"2\"}}", 400},
			{"lone_surrogate", "application/json", `{"a":"\ud800"}`, 400},
			{"lone_surrogate_file_names", "application/json", `{"files":{"\ud800":"1","\udbff":"2"}}`, 400},
			{"nested_past_the_limit", "application/json", nestedBody(lex.MaxDepth + 1), 400},
			{"nested_9000", "application/json", nestedBody(9000), 400},
			{"nested_10000", "application/json", nestedBody(10000), 400},
		} {
			t.Run(tc.name, func(t *testing.T) {
				wantError(t, "POST "+tc.name, a.do(t, "POST", share.CollectionPath, tc.contentType, []byte(tc.body)), tc.status)
			})
		}
	})

	t.Run("nesting_at_the_limit", func(t *testing.T) {
		body := fmt.Sprintf(`{"nonce":%q,"a":%s}`, a.nonce, strings.Repeat("[", lex.MaxDepth-1)+strings.Repeat("]", lex.MaxDepth-1))
		if resp := a.do(t, "POST", share.CollectionPath, "application/json", []byte(body)); resp.Status != 201 && resp.Status != 200 {
			t.Errorf("POST nested %d deep: status %d, want 201 or 200 (body %s)", lex.MaxDepth, resp.Status, resp.Body)
		}
	})

	t.Run("stored_size", func(t *testing.T) {
		// 64 KiB of "<" was stored as 393 KB (each escaped as \u003c).
		body := paddedWith(a.nonce, share.MaxBody, "<")
		resp := a.do(t, "POST", share.CollectionPath, "application/json", body)
		if resp.Status != 201 && resp.Status != 200 {
			t.Fatalf("POST 64 KiB of <: status %d, want 201 or 200 (body %s)", resp.Status, resp.Body)
		}
		var c share.Created
		json.Unmarshal(resp.Body, &c)
		got := a.do(t, "GET", share.ItemPrefix+c.ID, "", nil)
		if got.Status != 200 || len(got.Body) > share.MaxBody {
			t.Errorf("GET of 64 KiB of <: status %d, %d bytes stored; want 200 and at most %d", got.Status, len(got.Body), share.MaxBody)
		}
		// U+2028 is 3 bytes and stored as the 6 of \u2028: a body under the
		// limit whose stored form is over it is refused.
		wantError(t, "POST of U+2028 stored past the limit", a.do(t, "POST", share.CollectionPath, "application/json", paddedWith(a.nonce, 48<<10, "\u2028")), http.StatusRequestEntityTooLarge)
	})

	t.Run("declared_length_without_body", func(t *testing.T) {
		// Natively a 413 at once; on Workers it was no answer at all.
		resp := rawPost(t, a.base, fmt.Sprint(int64(99999999999)), 10*time.Second)
		wantError(t, "POST with Content-Length 99999999999 and no body", resp, http.StatusRequestEntityTooLarge)
		// Past the limit but under net/http's 256 KiB drain threshold:
		// the 413 came only after the server had waited for the body
		// (its read timeout, 30 s for kubecfg playground). The answer must
		// arrive while the client still holds the connection open
		// without sending anything, well within 5 s.
		if opts.WaitsForBody {
			t.Log("the platform's HTTP server waits for a declared body before the handler runs: the early 413 for a length under 256 KiB is not checked here")
			return
		}
		for _, n := range []int{share.MaxBody + 1, 256<<10 - 1} {
			resp := rawPost(t, a.base, fmt.Sprint(n), 5*time.Second)
			wantError(t, fmt.Sprintf("POST with Content-Length %d and no body", n), resp, http.StatusRequestEntityTooLarge)
		}
	})

	t.Run("size_limit", func(t *testing.T) {
		exact := padded(a.nonce, share.MaxBody)
		if resp := a.do(t, "POST", share.CollectionPath, "application/json", exact); resp.Status != 201 && resp.Status != 200 {
			t.Errorf("POST of exactly %d bytes: status %d, want 201 or 200 (body %s)", share.MaxBody, resp.Status, resp.Body)
		}
		over := padded(a.nonce, 65<<10)
		wantError(t, "POST 65 KiB", a.do(t, "POST", share.CollectionPath, "application/json", over), http.StatusRequestEntityTooLarge)
		oneOver := padded(a.nonce, share.MaxBody+1)
		wantError(t, "POST 64 KiB + 1", a.do(t, "POST", share.CollectionPath, "application/json", oneOver), http.StatusRequestEntityTooLarge)

		// Without a Content-Length the limit holds while reading.
		resp, err := Do(a.client, "POST", a.base+share.CollectionPath, "application/json", io.MultiReader(bytes.NewReader(over)))
		if err != nil {
			t.Fatal(err)
		}
		wantError(t, "POST 65 KiB chunked", resp, http.StatusRequestEntityTooLarge)

		// A refused body must not stall what comes next (it did under
		// wrangler dev, one time in six, until the worker drained it).
		quick := &http.Client{Timeout: 10 * time.Second, Transport: a.client.Transport}
		for i := range 6 {
			resp, err := Do(quick, "POST", a.base+share.CollectionPath, "application/json", io.MultiReader(bytes.NewReader(over)))
			if err != nil {
				t.Fatalf("round %d: %v", i, err)
			}
			wantError(t, "POST 65 KiB chunked", resp, http.StatusRequestEntityTooLarge)
			if _, err := Do(quick, "GET", a.base+share.ItemPrefix+share.ID([]byte(a.nonce)), "", nil); err != nil {
				t.Fatalf("round %d: the GET after a refused chunked body: %v", i, err)
			}
		}
	})

	t.Run("methods", func(t *testing.T) {
		id := share.ID([]byte(a.nonce))
		for _, tc := range []struct{ method, path, allow string }{
			{"GET", share.CollectionPath, "POST"},
			{"PUT", share.CollectionPath, "POST"},
			{"DELETE", share.CollectionPath, "POST"},
			{"POST", share.ItemPrefix + id, "GET, HEAD"},
			{"PUT", share.ItemPrefix + id, "GET, HEAD"},
			{"DELETE", share.ItemPrefix + id, "GET, HEAD"},
		} {
			t.Run(tc.method+"_"+strings.ReplaceAll(strings.Trim(tc.path, "/"), "/", "_"), func(t *testing.T) {
				var body []byte
				if tc.method == "POST" || tc.method == "PUT" {
					body = []byte(`{}`)
				}
				resp := a.do(t, tc.method, tc.path, "application/json", body)
				wantError(t, tc.method+" "+tc.path, resp, http.StatusMethodNotAllowed)
				if got := resp.Header.Get("Allow"); got != tc.allow {
					t.Errorf("Allow = %q, want %q", got, tc.allow)
				}
			})
		}
	})

	t.Run("racing_posts_of_one_snippet", func(t *testing.T) {
		body := []byte(fmt.Sprintf(`{"nonce":%q,"race":true}`, a.nonce))
		const n = 20
		statuses := make([]int, n)
		ids := make([]string, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				resp, err := Do(a.client, "POST", a.base+share.CollectionPath, "application/json", bytes.NewReader(body))
				if err != nil {
					t.Error(err)
					return
				}
				statuses[i] = resp.Status
				var c share.Created
				json.Unmarshal(resp.Body, &c)
				ids[i] = c.ID
			}()
		}
		wg.Wait()
		created := 0
		for i := range n {
			switch statuses[i] {
			case 201:
				created++
			case 200:
			default:
				t.Errorf("racing POST %d: status %d, want 201 or 200", i, statuses[i])
			}
			if ids[i] != ids[0] {
				t.Errorf("racing POST %d: id %q, want %q like the first", i, ids[i], ids[0])
			}
		}
		if created < 1 || (opts.Atomic && created != 1) {
			t.Errorf("%d racing POSTs answered 201, want exactly one (atomic=%v)", created, opts.Atomic)
		}
	})
}

// padded returns a JSON object of exactly size bytes.
func padded(nonce string, size int) []byte {
	return paddedWith(nonce, size, "x")
}

// paddedWith returns a JSON object of size bytes (at most size, and less
// than one unit of pad below it) whose string value repeats pad.
func paddedWith(nonce string, size int, pad string) []byte {
	head := fmt.Sprintf(`{"nonce":%q,"pad":"`, nonce)
	tail := `"}`
	n := (size - len(head) - len(tail)) / len(pad)
	return []byte(head + strings.Repeat(pad, n) + tail)
}

// nestedBody returns a JSON object whose text opens depth brackets in all.
func nestedBody(depth int) string {
	return `{"a":` + strings.Repeat("[", depth-1) + strings.Repeat("]", depth-1) + `}`
}

// rawPost sends a POST to the collection over a fresh connection with the
// given Content-Length header and no body, and reads the answer within
// timeout.
func rawPost(t *testing.T, base, contentLength string, timeout time.Duration) *Response {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := net.DialTimeout("tcp", u.Host, timeout)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(timeout))
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %s\r\n\r\n", share.CollectionPath, u.Host, contentLength)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("POST with Content-Length %s and no body: no answer within %v: %v", contentLength, timeout, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("POST with Content-Length %s and no body: read answer: %v", contentLength, err)
	}
	return &Response{Status: resp.StatusCode, Header: resp.Header, Body: body}
}
