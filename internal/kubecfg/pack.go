//go:build !js

package kubecfg

import "github.com/kubecfg/kubecfg/pkg/features"

// What kubecfg pack (internal/pack) asks of a session; native builds
// only, the browser engines have no pack.

// Dependencies returns the URLs u imports, transitively (import,
// importstr, importbin), as the importer found them, sorted; u itself is
// left out.
func (s *Session) Dependencies(u string) ([]string, error) {
	return s.vm.FindDependencies(".", []string{u})
}

// ImportData returns the bytes at u as an import reads them (a yakl:
// URL's compiled code).
func (s *Session) ImportData(u string) ([]byte, error) {
	c, _, err := s.vm.ImportData(".", u)
	return []byte(c), err
}

// EvaluateCode evaluates code from the current directory to JSON.
func (s *Session) EvaluateCode(code string) (string, error) {
	return s.evaluate(s.cfg.cwdURL(), code)
}

// Gates returns the session's feature gates.
func (s *Session) Gates() *features.Gates { return s.cfg.Gates }
