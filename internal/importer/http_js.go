//go:build js

package importer

import (
	"fmt"
	"io/fs"
	"syscall/js"
	"time"
)

// FetchTimeout bounds one http(s) import, from the request to the last
// byte of the answer.
const FetchTimeout = 15 * time.Second

// DefaultFetcher returns a BrowserFetcher: in the browser, http(s)
// imports and -U search URLs are read with the page's fetch, as far as
// the server allows cross-origin reads.
func DefaultFetcher() Fetcher { return BrowserFetcher{} }

// BrowserFetcher fetches with the JavaScript host's fetch (a browser's, or
// Node's), without net/http. The calling goroutine waits for the answer;
// the evaluation runs on a goroutine of its own, so the host's event loop
// goes on meanwhile.
type BrowserFetcher struct{}

// Fetch gets url; a 404 wraps fs.ErrNotExist.
func (BrowserFetcher) Fetch(url string) ([]byte, error) {
	fetch := js.Global().Get("fetch")
	if fetch.Type() != js.TypeFunction {
		return nil, fmt.Errorf("%s: this JavaScript host has no fetch", url)
	}
	opts := js.Global().Get("Object").New()
	if ab := js.Global().Get("AbortSignal"); ab.Type() == js.TypeFunction && ab.Get("timeout").Type() == js.TypeFunction {
		opts.Set("signal", ab.Call("timeout", FetchTimeout.Milliseconds()))
	}
	resp, err := await(fetch.Invoke(url, opts))
	if err != nil {
		// The browser does not say why a fetch failed: most often the
		// server does not allow cross-origin reads.
		return nil, fmt.Errorf("%s: %s (the server must allow cross-origin reads)", url, err)
	}
	switch status := resp.Get("status").Int(); {
	case status == 404:
		return nil, fmt.Errorf("%s: %w", url, fs.ErrNotExist)
	case status != 200:
		return nil, fmt.Errorf("error reading content: %d %s", status, resp.Get("statusText").String())
	}
	buf, err := await(resp.Call("arrayBuffer"))
	if err != nil {
		return nil, fmt.Errorf("%s: %s", url, err)
	}
	bytes := js.Global().Get("Uint8Array").New(buf)
	if bytes.Length() > MaxFileSize {
		return nil, fmt.Errorf("%s is larger than the %d MiB one import may read", url, MaxFileSize>>20)
	}
	b := make([]byte, bytes.Length())
	js.CopyBytesToGo(b, bytes)
	return b, nil
}

// await waits for promise p: its value, or its rejection's message.
func await(p js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	done := make(chan result, 1)
	ok := js.FuncOf(func(_ js.Value, args []js.Value) any {
		done <- result{v: args[0]}
		return nil
	})
	defer ok.Release()
	fail := js.FuncOf(func(_ js.Value, args []js.Value) any {
		msg := "the request failed"
		if len(args) > 0 && args[0].Type() == js.TypeObject && args[0].Get("message").Type() == js.TypeString {
			msg = args[0].Get("message").String()
		} else if len(args) > 0 {
			msg = args[0].String()
		}
		done <- result{err: fmt.Errorf("%s", msg)}
		return nil
	})
	defer fail.Release()
	p.Call("then", ok, fail)
	r := <-done
	return r.v, r.err
}
