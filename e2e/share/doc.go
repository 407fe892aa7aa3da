// Package sharee2e holds the end-to-end tests of the share service, run by
// `make test` through mk/share.mk: load and crash tests against a real
// server process on 127.0.0.1 backed by bbolt (SHARE_E2E=1), and the API
// round trip against the worker under `wrangler dev` (SHARE_E2E_WRANGLER=1).
// Without those variables the tests skip and say why.
package sharee2e
