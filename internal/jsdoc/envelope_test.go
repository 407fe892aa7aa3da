package jsdoc

import (
	"reflect"
	"testing"

	"github.com/kubecfg/kubecfg/internal/golden"
	"github.com/kubecfg/kubecfg/pkg/features"
	"github.com/kubecfg/kubecfg/pkg/playground"
)

// envelopeModule is the page's typed mirror of the envelope, from this
// package's directory.
const envelopeModule = "../../web/src/envelope.gen.js"

// envelope is what envelopeModule holds: the request and response of
// pkg/playground and every struct type they reach. A new message type of
// the envelope is added here, then `go test ./internal/jsdoc -update`.
var envelope = Options{
	Header: `The envelope between the page and the engine, as JSDoc types: the
JSON that pkg/playground's Request and Response (and the types they
reach) are written as. Generated from the Go types by internal/jsdoc
(go test ./internal/jsdoc -update), checked for staleness by its test.
Use: /** @param {import("./envelope.gen.js").Response} resp */`,
	Roots: []reflect.Type{
		reflect.TypeFor[playground.Request](),
		reflect.TypeFor[playground.Response](),
	},
	Names: map[reflect.Type]string{
		// playground.FeatureRow is an alias.
		reflect.TypeFor[features.Row](): "FeatureRow",
	},
	Docs: SourceDocs("github.com/kubecfg/kubecfg", "../.."),
}

// TestEnvelopeModule fails while web/src/envelope.gen.js differs from what
// pkg/playground's types make; -update rewrites it.
func TestEnvelopeModule(t *testing.T) {
	got, err := Module(envelope)
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, envelopeModule, string(got))
}
