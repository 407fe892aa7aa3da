//go:build wasm

package playground

import "unsafe"

// sameText says whether b holds s's bytes. Go's wasm port compares memory
// a byte at a time; eight at a time is several times faster, and an edit
// of a big workspace compares every unchanged file it is sent.
func sameText(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	n := len(b)
	if n == 0 {
		return true
	}
	p, q := unsafe.Pointer(unsafe.SliceData(b)), unsafe.Pointer(unsafe.StringData(s))
	i := 0
	for ; i+8 <= n; i += 8 {
		if *(*uint64)(unsafe.Add(p, i)) != *(*uint64)(unsafe.Add(q, i)) {
			return false
		}
	}
	for ; i < n; i++ {
		if *(*byte)(unsafe.Add(p, i)) != *(*byte)(unsafe.Add(q, i)) {
			return false
		}
	}
	return true
}
