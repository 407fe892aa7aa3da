package docs

// InTest is in a test file, which readDocs leaves out.
type InTest struct{}
