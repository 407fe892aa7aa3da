package stdlib

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestDecodeJSON: integers that fit are int64 (apimachinery's
// PreserveInts), other numbers float64, and errors are encoding/json's.
func TestDecodeJSON(t *testing.T) {
	v, err := DecodeJSON([]byte(`{"a": 9007199254740993, "b": 1.0, "c": 1e3, "d": [92233720368547758070, -0]}`))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"a": int64(9007199254740993), "b": 1.0, "c": 1000.0, "d": []any{92233720368547758070.0, int64(0)}}
	if !reflect.DeepEqual(v, want) {
		t.Errorf("DecodeJSON = %#v, want %#v", v, want)
	}
	for _, bad := range []string{`{"a": `, `{"a": 1e400}`, `{} x`, ``} {
		var plain any
		want := json.Unmarshal([]byte(bad), &plain)
		_, err := DecodeJSON([]byte(bad))
		if err == nil || want == nil || err.Error() != want.Error() {
			t.Errorf("DecodeJSON(%q) error %v, want encoding/json's %v", bad, err, want)
		}
	}
}
