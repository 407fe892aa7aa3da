package objdiff

import "strings"

// irregular are the kinds whose resource is not the guessed plural.
var irregular = map[string]string{
	"endpoints": "endpoints",
}

// resourceName is a kind's resource as kubecfg names it in diff's lines
// (the cluster's REST mapping; offline, the lowercase kind made plural as
// Kubernetes guesses it: -s, -x, -z, -ch, -sh take -es, a -y after a
// consonant takes -ies, the rest -s).
func resourceName(kind string) string {
	k := strings.ToLower(kind)
	if r, ok := irregular[k]; ok {
		return r
	}
	switch {
	case k == "":
		return ""
	case strings.HasSuffix(k, "s"), strings.HasSuffix(k, "x"), strings.HasSuffix(k, "z"),
		strings.HasSuffix(k, "ch"), strings.HasSuffix(k, "sh"):
		return k + "es"
	case strings.HasSuffix(k, "y") && len(k) > 1 && !strings.ContainsRune("aeiou", rune(k[len(k)-2])):
		return k[:len(k)-1] + "ies"
	}
	return k + "s"
}
