// Package stdlib is kubecfg's built-in Jsonnet library: the text of
// kubecfg.libsonnet, served at internal:///kubecfg.libsonnet, and the
// native functions it calls through std.native.
//
// The library has the names and meanings of kubecfg's own library, so code
// written for kubecfg runs unchanged, and the natives are registered under
// kubecfg's names with kubecfg's parameters, so a vendored copy of kubecfg's
// library works against them too. A VM gets everything with
//
//	vm.Importer(...) // serving URL with Library
//	for _, f := range stdlib.Natives(opts) {
//		vm.NativeFunction(f)
//	}
//
// The package does no I/O: no network, no file system, no os/exec. It builds
// for GOOS=js GOARCH=wasm as well as natively. Registry lookups for
// resolveImage come in through Options.ResolveImage; feature gates through
// Options.Gates.
package stdlib
