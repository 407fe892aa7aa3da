// Package pack is kubecfg pack's first half, as kubecfg does it: the
// root's file:// dependencies (internal:/// left out, other schemes
// refused), their common directory trimmed, the body layer, the config
// with the entrypoint and the metadata (kubecfg's entry, with the
// features the bundle needs, and the root's _kubecfg_pack_metadata), and
// the git revision of the root's work tree. internal/oci pushes the result.
package pack
