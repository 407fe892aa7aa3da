package validate

import (
	"fmt"
	"strings"
	"testing"
)

// change is one edit of a base object: set Value at Path (remove deletes).
type change struct {
	Path  string
	Value any
}

// want is one expected problem: its path as Path.String writes it, the
// missing field, the code and the message.
type want struct {
	Path, Missing, Code, Message string
}

func (w want) String() string {
	return fmt.Sprintf("%s|%s|%s|%s", w.Path, w.Missing, w.Code, w.Message)
}

// checkProblems fails t unless probs are exactly wants, in order.
func checkProblems(t *testing.T, probs []Problem, wants []want) {
	t.Helper()
	var got, exp []string
	for _, p := range probs {
		got = append(got, want{p.Path.String(), p.Missing, p.Code, p.Message}.String())
	}
	for _, w := range wants {
		exp = append(exp, w.String())
	}
	if strings.Join(got, "\n") != strings.Join(exp, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(exp, "\n"))
	}
}

type mistake struct {
	name    string
	kind    string // the base object
	changes []change
	want    []want
}

var longName = strings.Repeat("a", 53)

var mistakes = []mistake{
	// unknown fields
	{"Deployment: a typo'd container field", "Deployment",
		[]change{{"spec.template.spec.containers.0.imagePullPolcy", "Always"}},
		[]want{{"spec.template.spec.containers[0].imagePullPolcy", "", CodeUnknownField, `unknown field "imagePullPolcy"`}}},
	{"Deployment: a field at the top", "Deployment",
		[]change{{"replicas", 3}},
		[]want{{"replicas", "", CodeUnknownField, `unknown field "replicas"`}}},
	{"Service: a field of a port", "Service",
		[]change{{"spec.ports.0.nodeport", 30080}},
		[]want{{"spec.ports[0].nodeport", "", CodeUnknownField, `unknown field "nodeport"`}}},
	{"Ingress: the old backend form", "Ingress",
		[]change{{"spec.rules.0.http.paths.0.backend", map[string]any{"serviceName": "web", "servicePort": 80}}},
		[]want{
			{"spec.rules[0].http.paths[0].backend.serviceName", "", CodeUnknownField, `unknown field "serviceName"`},
			{"spec.rules[0].http.paths[0].backend.servicePort", "", CodeUnknownField, `unknown field "servicePort"`},
		}},
	{"RoleBinding: a subject field", "RoleBinding",
		[]change{{"subjects.0.namespaces", "prod"}},
		[]want{{"subjects[0].namespaces", "", CodeUnknownField, `unknown field "namespaces"`}}},
	{"HPA: a v1 field in v2", "HorizontalPodAutoscaler",
		[]change{{"spec.targetCPUUtilizationPercentage", 80}},
		[]want{{"spec.targetCPUUtilizationPercentage", "", CodeUnknownField, `unknown field "targetCPUUtilizationPercentage"`}}},
	{"metadata: an unknown field", "Job",
		[]change{{"metadata.label", map[string]any{"a": "b"}}},
		[]want{{"metadata.label", "", CodeUnknownField, `unknown field "label"`}}},
	// types
	{"Deployment: replicas as a string", "Deployment",
		[]change{{"spec.replicas", "3"}},
		[]want{{"spec.replicas", "", CodeType, `expected integer, got string`}}},
	{"Deployment: replicas with a fraction", "Deployment",
		[]change{{"spec.replicas", 1.5}},
		[]want{{"spec.replicas", "", CodeType, `expected integer, got number`}}},
	{"Deployment: args as a string", "Deployment",
		[]change{{"spec.template.spec.containers.0.args", "--verbose"}},
		[]want{{"spec.template.spec.containers[0].args", "", CodeType, `expected array, got string`}}},
	{"Deployment: an env value as a number", "Deployment",
		[]change{{"spec.template.spec.containers.0.env.0.value", 8080}},
		[]want{{"spec.template.spec.containers[0].env[0].value", "", CodeType, `expected string, got integer`}}},
	{"Job: backoffLimit as a boolean", "Job",
		[]change{{"spec.backoffLimit", true}},
		[]want{{"spec.backoffLimit", "", CodeType, `expected integer, got boolean`}}},
	{"CronJob: suspend as a string", "CronJob",
		[]change{{"spec.suspend", "true"}},
		[]want{{"spec.suspend", "", CodeType, `expected boolean, got string`}}},
	{"ConfigMap: data as a list", "ConfigMap",
		[]change{{"data", []any{"a"}}},
		[]want{{"data", "", CodeType, `expected object, got array`}}},
	{"ConfigMap: a data value as an object", "ConfigMap",
		[]change{{"data.mode", map[string]any{"a": 1}}},
		[]want{{"data.mode", "", CodeType, `expected string, got object`}}},
	{"Role: verbs as a string", "Role",
		[]change{{"rules.0.verbs", "get"}},
		[]want{{"rules[0].verbs", "", CodeType, `expected array, got string`}}},
	// required
	{"Deployment: no selector", "Deployment",
		[]change{{"spec.selector", remove}},
		[]want{{"spec", "selector", CodeRequired, `missing required field "selector"`}}},
	{"Deployment: no containers", "Deployment",
		[]change{{"spec.template.spec.containers", remove}},
		[]want{{"spec.template.spec", "containers", CodeRequired, `missing required field "containers"`}}},
	{"Deployment: a container without a name", "Deployment",
		[]change{{"spec.template.spec.containers.0.name", remove}},
		[]want{{"spec.template.spec.containers[0]", "name", CodeRequired, `missing required field "name"`}}},
	{"Service: a port without its port", "Service",
		[]change{{"spec.ports.0.port", remove}},
		[]want{{"spec.ports[0]", "port", CodeRequired, `missing required field "port"`}}},
	{"CronJob: no schedule", "CronJob",
		[]change{{"spec.schedule", remove}},
		[]want{{"spec", "schedule", CodeRequired, `missing required field "schedule"`}}},
	{"RoleBinding: no roleRef", "RoleBinding",
		[]change{{"roleRef", remove}},
		[]want{{"", "roleRef", CodeRequired, `missing required field "roleRef"`}}},
	{"HPA: no maxReplicas", "HorizontalPodAutoscaler",
		[]change{{"spec.maxReplicas", remove}},
		[]want{{"spec", "maxReplicas", CodeRequired, `missing required field "maxReplicas"`}}},
	{"Ingress: a path without pathType", "Ingress",
		[]change{{"spec.rules.0.http.paths.0.pathType", remove}},
		[]want{{"spec.rules[0].http.paths[0]", "pathType", CodeRequired, `missing required field "pathType"`}}},
	{"a null required field is missing", "Job",
		[]change{{"spec.template.spec.containers", nil}},
		[]want{{"spec.template.spec", "containers", CodeRequired, `missing required field "containers"`}}},
	// enums
	{"Deployment: imagePullPolicy", "Deployment",
		[]change{{"spec.template.spec.containers.0.imagePullPolicy", "Sometimes"}},
		[]want{{"spec.template.spec.containers[0].imagePullPolicy", "", CodeEnum, `unsupported value "Sometimes": supported values: "Always", "IfNotPresent", "Never"`}}},
	{"Deployment: strategy type", "Deployment",
		[]change{{"spec.strategy.type", "Rolling"}},
		[]want{{"spec.strategy.type", "", CodeEnum, `unsupported value "Rolling": supported values: "Recreate", "RollingUpdate"`}}},
	{"Deployment: an empty imagePullPolicy (defaulted)", "Deployment",
		[]change{{"spec.template.spec.containers.0.imagePullPolicy", ""}},
		nil},
	{"Ingress: an empty pathType (a pointer: no default)", "Ingress",
		[]change{{"spec.rules.0.http.paths.0.pathType", ""}},
		[]want{{"spec.rules[0].http.paths[0].pathType", "", CodeEnum, `unsupported value "": supported values: "Exact", "ImplementationSpecific", "Prefix"`}}},
	{"Service: type", "Service",
		[]change{{"spec.type", "Internal"}},
		[]want{{"spec.type", "", CodeEnum, `unsupported value "Internal": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"`}}},
	{"Service: a port's protocol in lower case", "Service",
		[]change{{"spec.ports.1.protocol", "udp"}},
		[]want{{"spec.ports[1].protocol", "", CodeEnum, `unsupported value "udp": supported values: "TCP", "UDP", "SCTP"`}}},
	{"Job: restartPolicy", "Job",
		[]change{{"spec.template.spec.restartPolicy", "Sometimes"}},
		[]want{{"spec.template.spec.restartPolicy", "", CodeEnum, `unsupported value "Sometimes": supported values: "Always", "OnFailure", "Never"`}}},
	{"CronJob: concurrencyPolicy", "CronJob",
		[]change{{"spec.concurrencyPolicy", "Never"}},
		[]want{{"spec.concurrencyPolicy", "", CodeEnum, `unsupported value "Never": supported values: "Allow", "Forbid", "Replace"`}}},
	{"Ingress: pathType", "Ingress",
		[]change{{"spec.rules.0.http.paths.0.pathType", "prefix"}},
		[]want{{"spec.rules[0].http.paths[0].pathType", "", CodeEnum, `unsupported value "prefix": supported values: "Exact", "ImplementationSpecific", "Prefix"`}}},
	{"RoleBinding: a subject's kind", "RoleBinding",
		[]change{{"subjects.0.kind", "Serviceaccount"}},
		[]want{{"subjects[0].kind", "", CodeEnum, `unsupported value "Serviceaccount": supported values: "Group", "ServiceAccount", "User"`}}},
	{"HPA: a metric target's type", "HorizontalPodAutoscaler",
		[]change{{"spec.metrics.0.resource.target.type", "Percent"}},
		[]want{{"spec.metrics[0].resource.target.type", "", CodeEnum, `unsupported value "Percent": supported values: "AverageValue", "Utilization", "Value"`}}},
	{"PDB: unhealthyPodEvictionPolicy", "PodDisruptionBudget",
		[]change{{"spec.unhealthyPodEvictionPolicy", "Always"}},
		[]want{{"spec.unhealthyPodEvictionPolicy", "", CodeEnum, `unsupported value "Always": supported values: "AlwaysAllow", "IfHealthyBudget"`}}},
	// int-or-string and quantities
	{"PDB: minAvailable as a boolean", "PodDisruptionBudget",
		[]change{{"spec.minAvailable", true}},
		[]want{{"spec.minAvailable", "", CodeType, `expected integer or string, got boolean`}}},
	{"Service: targetPort as a list", "Service",
		[]change{{"spec.ports.0.targetPort", []any{80}}},
		[]want{{"spec.ports[0].targetPort", "", CodeType, `expected integer or string, got array`}}},
	{"Deployment: maxSurge with a fraction", "Deployment",
		[]change{{"spec.strategy.rollingUpdate.maxSurge", 0.5}},
		[]want{{"spec.strategy.rollingUpdate.maxSurge", "", CodeType, `expected integer or string, got number`}}},
	{"Deployment: memory in MB", "Deployment",
		[]change{{"spec.template.spec.containers.0.resources.limits.memory", "512MB"}},
		[]want{{"spec.template.spec.containers[0].resources.limits.memory", "", CodeFormat, `invalid value "512MB": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`}}},
	{"Deployment: cpu as a boolean", "Deployment",
		[]change{{"spec.template.spec.containers.0.resources.requests.cpu", false}},
		[]want{{"spec.template.spec.containers[0].resources.requests.cpu", "", CodeType, `expected string or number, got boolean`}}},
	// formats
	{"Deployment: replicas beyond int32", "Deployment",
		[]change{{"spec.replicas", 3000000000}},
		[]want{{"spec.replicas", "", CodeFormat, `invalid value 3000000000: out of range for int32`}}},
	{"Secret: data not base64", "Secret",
		[]change{{"data.password", "hunter2!"}},
		[]want{{"data.password", "", CodeFormat, `invalid value "hunter2!": not base64: illegal base64 data at input byte 7`}}},
	// list-map keys and sets
	{"Deployment: two containers of one name", "Deployment",
		[]change{{"spec.template.spec.containers", []any{
			map[string]any{"name": "web", "image": "a"}, map[string]any{"name": "web", "image": "b"}}}},
		[]want{{"spec.template.spec.containers[1]", "", CodeListMapKey, `duplicate entries for key [name="web"]`}}},
	{"Deployment: a port twice (protocol TCP by default)", "Deployment",
		[]change{{"spec.template.spec.containers.0.ports", []any{
			map[string]any{"containerPort": 80}, map[string]any{"containerPort": 80, "protocol": "TCP"}}}},
		[]want{{"spec.template.spec.containers[0].ports[1]", "", CodeListMapKey, `duplicate entries for key [containerPort=80,protocol="TCP"]`}}},
	{"Service: two ports of one number and protocol", "Service",
		[]change{{"spec.ports.1", map[string]any{"name": "http2", "port": 80, "targetPort": 8080}}},
		[]want{{"spec.ports[1]", "", CodeListMapKey, `duplicate entries for key [port=80,protocol="TCP"]`}}},
	{"Deployment: an env var twice", "Deployment",
		[]change{{"spec.template.spec.containers.0.env", []any{
			map[string]any{"name": "A", "value": "1"}, map[string]any{"name": "A", "value": "2"}}}},
		[]want{{"spec.template.spec.containers[0].env[1]", "", CodeListMapKey, `duplicate entries for key [name="A"]`}}},
	{"Ingress: a TLS host twice (an atomic list: allowed)", "Ingress",
		[]change{{"spec.tls.0.hosts", []any{"example.com", "example.com"}}},
		nil},
	// metadata.name and namespace
	{"Deployment: no name", "Deployment",
		[]change{{"metadata.name", remove}},
		[]want{{"metadata", "name", CodeName, `missing required field "name"`}}},
	{"Deployment: a generateName in its place", "Deployment",
		[]change{{"metadata.name", remove}, {"metadata.generateName", "web-"}},
		nil},
	{"Deployment: a name with capitals", "Deployment",
		[]change{{"metadata.name", "Web"}},
		[]want{{"metadata.name", "", CodeName, `invalid value "Web": ` + dns1123SubdomainMsg}}},
	{"Service: a name with a dot (a DNS-1035 label)", "Service",
		[]change{{"metadata.name", "web.v2"}},
		[]want{{"metadata.name", "", CodeName, `invalid value "web.v2": ` + dns1035LabelMsg}}},
	{"Service: a name starting with a digit", "Service",
		[]change{{"metadata.name", "2web"}},
		[]want{{"metadata.name", "", CodeName, `invalid value "2web": ` + dns1035LabelMsg}}},
	{"Namespace: a name with a dot (a DNS-1123 label)", "Namespace",
		[]change{{"metadata.name", "team.prod"}},
		[]want{{"metadata.name", "", CodeName, `invalid value "team.prod": ` + dns1123LabelMsg}}},
	{"Role: a name with a slash (a path segment)", "Role",
		[]change{{"metadata.name", "system/reader"}},
		[]want{{"metadata.name", "", CodeName, `invalid value "system/reader": may not contain '/'`}}},
	{"CronJob: a name over 52 characters", "CronJob",
		[]change{{"metadata.name", longName}},
		[]want{{"metadata.name", "", CodeName, `invalid value "` + longName + `": must be no more than 52 characters`}}},
	{"Job: a namespace with capitals", "Job",
		[]change{{"metadata.namespace", "Prod"}},
		[]want{{"metadata.namespace", "", CodeName, `invalid value "Prod": ` + dns1123LabelMsg}}},
	// labels and annotations
	{"Deployment: a label key with a space", "Deployment",
		[]change{{"metadata.labels", map[string]any{"my app": "web"}}},
		[]want{{`metadata.labels["my app"]`, "", CodeLabel, `invalid label key "my app": ` + qualifiedNameMsg}}},
	{"Deployment: a label value with a slash", "Deployment",
		[]change{{"spec.template.metadata.labels.app", "web/v2"}},
		[]want{{"spec.template.metadata.labels.app", "", CodeLabel, `invalid label value "web/v2": ` + labelValueMsg}}},
	{"Deployment: a label value over 63 characters", "Deployment",
		[]change{{"metadata.labels.tier", strings.Repeat("x", 64)}},
		[]want{{"metadata.labels.tier", "", CodeLabel, `invalid label value "` + strings.Repeat("x", 64) + `": must be no more than 63 characters`}}},
	{"Deployment: a label key's prefix with capitals", "Deployment",
		[]change{{"metadata.labels", map[string]any{"Example.com/app": "web"}}},
		[]want{{`metadata.labels["Example.com/app"]`, "", CodeLabel, `invalid label key "Example.com/app": prefix part ` + dns1123SubdomainMsg}}},
	{"Ingress: an annotation key with two slashes", "Ingress",
		[]change{{"metadata.annotations", map[string]any{"a/b/c": "x"}}},
		[]want{{`metadata.annotations["a/b/c"]`, "", CodeAnnotation, `invalid annotation key "a/b/c": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`}}},
	{"ConfigMap: annotations over 256 KiB", "ConfigMap",
		[]change{{"metadata.annotations", map[string]any{"big": strings.Repeat("x", 262142)}}},
		[]want{{"metadata.annotations", "", CodeAnnotation, `annotations must have at most 262144 bytes (they have 262145)`}}},
	// Kubernetes' validation code: a Pod's containers need an image
	{"Pod: a container without an image", "Pod",
		[]change{{"spec.containers.0.image", remove}},
		[]want{{"spec.containers[0]", "image", CodeRequired, `missing required field "image"`}}},
	{"Pod: an init container with an empty image", "Pod",
		[]change{{"spec.initContainers", []any{map[string]any{"name": "init", "image": ""}}}},
		[]want{{"spec.initContainers[0]", "image", CodeRequired, `missing required field "image"`}}},
	{"Deployment: a template's container without an image (allowed)", "Deployment",
		[]change{{"spec.template.spec.containers.0.image", remove}},
		nil},
	// names and ports of containers, volumes and Services
	{"Deployment: a container name with capitals", "Deployment",
		[]change{{"spec.template.spec.containers.0.name", "Web"}},
		[]want{{"spec.template.spec.containers[0].name", "", CodeName, `invalid value "Web": ` + dns1123LabelMsg}}},
	{"Deployment: a volume name with a dot", "Deployment",
		[]change{{"spec.template.spec.volumes.0.name", "cache.v1"}},
		[]want{{"spec.template.spec.volumes[0].name", "", CodeName, `invalid value "cache.v1": ` + dns1123LabelMsg}}},
	{"Deployment: a port name over 15 characters", "Deployment",
		[]change{{"spec.template.spec.containers.0.ports.0.name", "http-metrics-port"}},
		[]want{{"spec.template.spec.containers[0].ports[0].name", "", CodeName, `invalid value "http-metrics-port": must be no more than 15 characters`}}},
	{"Deployment: a port name of digits", "Deployment",
		[]change{{"spec.template.spec.containers.0.ports.0.name", "8080"}},
		[]want{{"spec.template.spec.containers[0].ports[0].name", "", CodeName, `invalid value "8080": must contain at least one letter (a-z)`}}},
	{"Deployment: containerPort 0", "Deployment",
		[]change{{"spec.template.spec.containers.0.ports.0.containerPort", 0}},
		[]want{{"spec.template.spec.containers[0].ports[0].containerPort", "", CodeRange, `invalid value 0: must be between 1 and 65535, inclusive`}}},
	{"Job: a containerPort over 65535", "Job",
		[]change{{"spec.template.spec.containers.0.ports", []any{map[string]any{"containerPort": 80800}}}},
		[]want{{"spec.template.spec.containers[0].ports[0].containerPort", "", CodeRange, `invalid value 80800: must be between 1 and 65535, inclusive`}}},
	{"Service: two ports, one without a name", "Service",
		[]change{{"spec.ports.1.name", remove}},
		[]want{{"spec.ports[1]", "name", CodeRequired, `missing required field "name"`}}},
	{"Service: one port needs no name", "Service",
		[]change{{"spec.ports", []any{map[string]any{"port": 80}}}},
		nil},
	{"Service: two ports of one name", "Service",
		[]change{{"spec.ports.1.name", "http"}},
		[]want{{"spec.ports[1].name", "", CodeName, `duplicate value "http"`}}},
	{"Service: a targetPort name with an underscore", "Service",
		[]change{{"spec.ports.0.targetPort", "http_alt"}},
		[]want{{"spec.ports[0].targetPort", "", CodeName, `invalid value "http_alt": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)`}}},
	{"Service: a port over 65535", "Service",
		[]change{{"spec.ports.0.port", 70000}},
		[]want{{"spec.ports[0].port", "", CodeRange, `invalid value 70000: must be between 1 and 65535, inclusive`}}},
	// data keys
	{"ConfigMap: a key with a slash", "ConfigMap",
		[]change{{"data", map[string]any{"conf/app.yaml": "a: 1"}}},
		[]want{{`data["conf/app.yaml"]`, "", CodeKey, `invalid key "conf/app.yaml": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')`}}},
	{"Secret: a stringData key starting with ..", "Secret",
		[]change{{"stringData", map[string]any{"..data": "x"}}},
		[]want{{`stringData["..data"]`, "", CodeKey, `invalid key "..data": must not start with '..'`}}},
	// several at once, sorted by path
	{"Job: three mistakes, in path order", "Job",
		[]change{{"spec.template.spec.containers.0.image", 1}, {"spec.backoffLimit", "3"}, {"metadata.name", "Migrate"}},
		[]want{
			{"metadata.name", "", CodeName, `invalid value "Migrate": ` + dns1123SubdomainMsg},
			{"spec.backoffLimit", "", CodeType, `expected integer, got string`},
			{"spec.template.spec.containers[0].image", "", CodeType, `expected string, got integer`},
		}},
}

func TestMistakes(t *testing.T) {
	s := mustSchemas(t, "1.35")
	for _, m := range mistakes {
		t.Run(m.name, func(t *testing.T) {
			obj := base(t, m.kind)
			for _, c := range m.changes {
				edit(t, obj, c.Path, c.Value)
			}
			known, probs := s.Validate(obj)
			if !known {
				t.Fatalf("%s is not known", m.kind)
			}
			checkProblems(t, probs, m.want)
		})
	}
}
