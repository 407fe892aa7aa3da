package share

import "testing"

// FuzzValidID: the ID parser accepts exactly what ID can return: any
// string it accepts decodes to 16 bytes and encodes back to itself.
func FuzzValidID(f *testing.F) {
	for _, s := range []string{ID([]byte("{}")), "", "x", "AAAAAAAAAAAAAAAAAAAAAA", "AAAAAAAAAAAAAAAAAAAAAB", "a/b", "%2e%2e"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		if !ValidID(id) {
			return
		}
		b, err := idEncoding.DecodeString(id)
		if err != nil || len(b) != idBytes || idEncoding.EncodeToString(b) != id {
			t.Fatalf("ValidID(%q) but it decodes to %x, %v", id, b, err)
		}
	})
}
