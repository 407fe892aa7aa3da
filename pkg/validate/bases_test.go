package validate

import (
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// Valid objects of the kinds the table test breaks, one edit at a time.
var bases = map[string]string{
	"Deployment": `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: prod
  labels: {app.kubernetes.io/name: web}
  annotations: {example.com/owner: team-a}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  strategy: {type: RollingUpdate, rollingUpdate: {maxSurge: 25%, maxUnavailable: 1}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: web
        image: nginx:1.27
        imagePullPolicy: IfNotPresent
        ports: [{containerPort: 80, name: http}, {containerPort: 80, protocol: UDP}]
        resources: {limits: {cpu: 500m, memory: 128Mi}, requests: {cpu: 0.25}}
        readinessProbe: {httpGet: {path: /, port: http}}
        env: [{name: MODE, value: prod}]
      volumes: [{name: cache, emptyDir: {sizeLimit: 1Gi}}]
`,
	"Service": `
apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  type: ClusterIP
  selector: {app: web}
  ports: [{name: http, port: 80, targetPort: http}, {name: dns, port: 53, protocol: UDP, targetPort: 5353}]
`,
	"Job": `
apiVersion: batch/v1
kind: Job
metadata: {name: migrate}
spec:
  backoffLimit: 3
  template:
    spec:
      restartPolicy: Never
      containers: [{name: migrate, image: migrate:v1, args: [up]}]
`,
	"CronJob": `
apiVersion: batch/v1
kind: CronJob
metadata: {name: nightly}
spec:
  schedule: "0 3 * * *"
  concurrencyPolicy: Forbid
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers: [{name: backup, image: backup:v2}]
`,
	"Ingress": `
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata: {name: web, annotations: {nginx.ingress.kubernetes.io/rewrite-target: /}}
spec:
  ingressClassName: nginx
  tls: [{hosts: [example.com], secretName: web-tls}]
  rules:
  - host: example.com
    http:
      paths:
      - path: /
        pathType: Prefix
        backend: {service: {name: web, port: {number: 80}}}
`,
	"Role": `
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: "system:reader", namespace: prod}
rules:
- apiGroups: [""]
  resources: [pods]
  verbs: [get, list]
`,
	"RoleBinding": `
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: reader, namespace: prod}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: "system:reader"}
subjects: [{kind: ServiceAccount, name: default, namespace: prod}]
`,
	"PodDisruptionBudget": `
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: web}
spec:
  minAvailable: 50%
  selector: {matchLabels: {app: web}}
`,
	"HorizontalPodAutoscaler": `
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: web}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 2
  maxReplicas: 10
  metrics:
  - type: Resource
    resource: {name: cpu, target: {type: Utilization, averageUtilization: 70}}
`,
	"Secret": `
apiVersion: v1
kind: Secret
metadata: {name: creds}
type: Opaque
data: {password: aHVudGVyMg==}
stringData: {user: admin}
`,
	"Pod": `
apiVersion: v1
kind: Pod
metadata: {name: debug}
spec:
  containers: [{name: shell, image: busybox, command: [sleep, "3600"]}]
`,
	"Namespace": `
apiVersion: v1
kind: Namespace
metadata: {name: prod}
`,
	"ConfigMap": `
apiVersion: v1
kind: ConfigMap
metadata: {name: settings}
data: {config.yaml: "a: 1", mode: prod}
`,
}

// base returns a fresh copy of a base object.
func base(tb testing.TB, kind string) map[string]any {
	tb.Helper()
	src, ok := bases[kind]
	if !ok {
		tb.Fatalf("no base object %s", kind)
	}
	var m map[string]any
	if err := yaml.Unmarshal([]byte(src), &m); err != nil {
		tb.Fatalf("base %s: %v", kind, err)
	}
	return m
}

// remove is the value edit sets to delete a field.
type removeT struct{}

var remove = removeT{}

// edit sets the value at a dotted path (numbers index arrays), or deletes
// it when v is remove.
func edit(tb testing.TB, obj map[string]any, path string, v any) {
	tb.Helper()
	parts := strings.Split(path, ".")
	var cur any = obj
	for i, p := range parts {
		last := i == len(parts)-1
		switch c := cur.(type) {
		case map[string]any:
			if last {
				if v == remove {
					delete(c, p)
				} else {
					c[p] = v
				}
				return
			}
			if c[p] == nil {
				c[p] = map[string]any{}
			}
			cur = c[p]
		case []any:
			n, err := strconv.Atoi(p)
			if err != nil || n >= len(c) {
				tb.Fatalf("edit %s: bad index %q", path, p)
			}
			if last {
				c[n] = v
				return
			}
			cur = c[n]
		default:
			tb.Fatalf("edit %s: %q is not in an object or array", path, p)
		}
	}
}

// parseYAML decodes a YAML object for a test.
func parseYAML(tb testing.TB, src string) map[string]any {
	tb.Helper()
	var m map[string]any
	if err := yaml.Unmarshal([]byte(src), &m); err != nil {
		tb.Fatal(err)
	}
	return m
}

func TestBasesValid(t *testing.T) {
	s := mustSchemas(t, "1.35")
	for kind := range bases {
		known, probs := s.Validate(base(t, kind))
		if !known || len(probs) != 0 {
			t.Errorf("%s: known %v, problems %v", kind, known, probs)
		}
	}
}
