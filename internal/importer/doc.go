// Package importer is kubecfg's universal Jsonnet importer: file://,
// internal:///, http(s):// and oci:// (native builds: handed to the
// Fetcher, which for oci:// must be a Bundles), binary:// and yakl: imports,
// search-path order, a per-VM cache, and kubecfg's not-found message.
// The file system and the network come in as values, so the CLI, the
// browser and the tests share one code path.
package importer
