// Package share is the snippet-share service of the kubecfg playground: one
// http.Handler for the share API (POST /api/snippets, GET
// /api/snippets/ID), content-addressed IDs, a per-client rate limit, and the
// Store interface with its two real implementations: a bbolt file on local
// disk (OpenBolt) and Workers KV (NewKV, js builds only).
//
// The service stores JSON objects as data. It never evaluates code and never
// serves a stored body as anything but application/json.
package share
