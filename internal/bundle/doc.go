// Package bundle is the format of kubecfg's OCI bundles, with no network:
// the media types and annotations kubecfg pack writes, the config blob,
// the body layer (a reproducible tar.gz of the packed files, read back
// with a size cap and no path that leaves the bundle), the features a
// bundle records, and oci:// import URLs (Parse). Talking to a registry
// is internal/oci's.
package bundle
