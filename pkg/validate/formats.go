package validate

import (
	"encoding/base64"
	"net"
	"regexp"
	"strings"
	"time"
)

// quantityRegexp is the expression Kubernetes names in its message for a
// quantity it cannot parse.
const quantityRegexp = `^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$`

// isQuantity reports whether s is a resource.Quantity: a signed decimal
// number and a suffix: a binary SI one (Ki ... Ei), a decimal SI one
// (n u m "" k M G T P E) or a decimal exponent (e3, E-2).
func isQuantity(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits, dot := 0, false
	for ; i < len(s); i++ {
		c := s[i]
		if c >= '0' && c <= '9' {
			digits++
		} else if c == '.' && !dot {
			dot = true
		} else {
			break
		}
	}
	if digits == 0 {
		return false
	}
	switch suffix := s[i:]; suffix {
	case "", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "n", "u", "m", "k", "M", "G", "T", "P", "E":
		return true
	default:
		if suffix[0] != 'e' && suffix[0] != 'E' {
			return false
		}
		exp := suffix[1:]
		if exp != "" && (exp[0] == '+' || exp[0] == '-') {
			exp = exp[1:]
		}
		if exp == "" {
			return false
		}
		for _, c := range exp {
			if c < '0' || c > '9' {
				return false
			}
		}
		return true
	}
}

var (
	uuidRe  = regexp.MustCompile(`^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$`)
	emailRe = regexp.MustCompile(`^[^@\s]+@[^@\s]+$`)
)

// checkFormat checks a string of a format Kubernetes validates (the
// built-in schemas' byte and date-time, and those of custom resources'
// schemas that kube-openapi knows); it returns what is wrong, or "".
// Formats it does not know are not checked, as the API server does.
func checkFormat(format, s string) string {
	switch format {
	case "byte":
		if _, err := base64.StdEncoding.DecodeString(s); err != nil {
			return "not base64: " + err.Error()
		}
	case "date-time", "datetime":
		if _, err := time.Parse(time.RFC3339Nano, s); err != nil {
			return "must be an RFC 3339 date-time (2006-01-02T15:04:05Z)"
		}
	case "date":
		if _, err := time.Parse(time.DateOnly, s); err != nil {
			return "must be a date (2006-01-02)"
		}
	case "duration":
		if _, err := time.ParseDuration(s); err != nil {
			return "must be a duration (1h30m)"
		}
	case "ipv4":
		if ip := net.ParseIP(s); ip == nil || ip.To4() == nil || strings.Contains(s, ":") {
			return "must be an IPv4 address"
		}
	case "ipv6":
		if ip := net.ParseIP(s); ip == nil || !strings.Contains(s, ":") {
			return "must be an IPv6 address"
		}
	case "cidr":
		if _, _, err := net.ParseCIDR(s); err != nil {
			return "must be a CIDR (10.0.0.0/8)"
		}
	case "mac":
		if _, err := net.ParseMAC(s); err != nil {
			return "must be a MAC address"
		}
	case "uuid":
		if !uuidRe.MatchString(s) {
			return "must be a UUID"
		}
	case "email":
		if !emailRe.MatchString(s) {
			return "must be an email address"
		}
	case "hostname":
		if len(s) > 253 || !dns1123SubdomainRe.MatchString(strings.ToLower(s)) {
			return "must be a hostname"
		}
	}
	return ""
}
