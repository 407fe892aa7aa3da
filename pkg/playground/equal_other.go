//go:build !wasm

package playground

// sameText says whether b holds s's bytes.
func sameText(b []byte, s string) bool { return string(b) == s }
