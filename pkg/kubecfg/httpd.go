package kubecfg

// EvaluateHook evaluates one hook file (kubecfg httpd) with a fresh VM,
// passing request, the body of the HTTP request, as the top-level argument
// request (code), and returns the JSON result. internal/hook serves it over
// HTTP; this package stays free of net/http so the browser build does not
// carry it.
func (c *Config) EvaluateHook(file, request string) (string, error) {
	s, err := c.NewSession()
	if err != nil {
		return "", err
	}
	s.vm.TLACode("request", request)
	return s.evaluateURL(c.fileURL(file))
}

// EvaluateFile evaluates one Jsonnet file with this configuration and
// returns its JSON (the rc file is read this way, with default gates).
func (c *Config) EvaluateFile(p string) (string, error) {
	s, err := c.NewSession()
	if err != nil {
		return "", err
	}
	return s.evaluateURL(c.fileURL(p))
}
