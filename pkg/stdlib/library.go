package stdlib

import _ "embed"

// URL is where the importer serves Library.
const URL = "internal:///kubecfg.libsonnet"

// Library is the text of kubecfg.libsonnet.
//
//go:embed kubecfg.libsonnet
var Library string
