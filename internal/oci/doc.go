// Package oci talks to OCI registries for kubecfg's bundles, with
// oras-go: Push writes a bundle as kubecfg pack does, Bundles serves
// oci:// imports (each bundle fetched once per run, kept by digest, its
// files in memory, the features it records checked against the run's
// gates first). Credentials come from the Docker config as kubecfg reads
// them. Native builds only: nothing in the browser engines imports it.
package oci
