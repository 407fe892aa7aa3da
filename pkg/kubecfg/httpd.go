package kubecfg

// EvaluateHook evaluates one hook file (kubecfg httpd) with a fresh VM,
// passing request, the body of the HTTP request, as the top-level argument
// request (code), and returns the JSON result. pkg/hook serves it over
// HTTP; this package stays free of net/http so the browser build does not
// carry it.
func (c *Config) EvaluateHook(file, request string) (string, error) {
	vm, imp, err := c.newVM()
	if err != nil {
		return "", err
	}
	vm.TLACode("request", request)
	return evaluateURL(vm, imp, c.fileURL(file))
}

// EvaluateFile evaluates one Jsonnet file with this configuration and
// returns its JSON (the rc file is read this way, with default gates).
func (c *Config) EvaluateFile(p string) (string, error) {
	vm, imp, err := c.newVM()
	if err != nil {
		return "", err
	}
	return evaluateURL(vm, imp, c.fileURL(p))
}
