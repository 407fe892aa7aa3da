package stdlib

import "testing"

func TestKnitGate(t *testing.T) {
	const off = "knit is an alpha feature; turn it on with --features=knit"
	runCases(t, Options{}, []evalCase{
		{name: "reading knit", expr: `kubecfg.knit`, err: off},
		{name: "reading knit.keys", expr: `kubecfg.knit.keys`, err: off},
		{name: "merge", expr: `kubecfg.knit.merge({}, {})`, err: off},
		{name: "rest of the library works", expr: `kubecfg.parseJson('1')`, want: 1},
	})
	runCases(t, Options{Gates: gates(t, true, "knit=false")}, []evalCase{
		{name: "off despite --alpha", expr: `kubecfg.knit`, err: off},
	})
	runCases(t, Options{Gates: gates(t, true)}, []evalCase{
		{name: "on through --alpha", expr: `kubecfg.knit.keys.env`, want: "name"},
	})
}

func TestKnitKeys(t *testing.T) {
	runCases(t, knitOn(t), []evalCase{
		{name: "keys", expr: `kubecfg.knit.keys`, want: obj{
			"containers":          "name",
			"initContainers":      "name",
			"ephemeralContainers": "name",
			"env":                 "name",
			"volumes":             "name",
			"imagePullSecrets":    "name",
			"volumeMounts":        "mountPath",
			"ports":               "containerPort",
		}},
	})
}

func TestKnitMerge(t *testing.T) {
	c := func(name string, extra obj) obj {
		o := obj{"name": name}
		for k, v := range extra {
			o[k] = v
		}
		return o
	}
	runCases(t, knitOn(t), []evalCase{
		{name: "containers by name: matched merge, new appended",
			expr: `kubecfg.knit.merge({containers: [{name: 'a', image: 'x'}, {name: 'b', image: 'y', args: ['1']}]}, {containers: [{name: 'b', image: 'z'}, {name: 'c', image: 'w'}]})`,
			want: obj{"containers": arr{c("a", obj{"image": "x"}), c("b", obj{"image": "z", "args": arr{"1"}}), c("c", obj{"image": "w"})}}},
		{name: "base order kept",
			expr: `kubecfg.knit.merge({containers: [{name: 'a'}, {name: 'b'}, {name: 'c'}]}, {containers: [{name: 'c', x: 3}, {name: 'a', x: 1}]})`,
			want: obj{"containers": arr{c("a", obj{"x": 1}), c("b", nil), c("c", obj{"x": 3})}}},
		{name: "env by name inside a matched container",
			expr: `kubecfg.knit.merge({containers: [{name: 'a', env: [{name: 'A', value: '1'}, {name: 'B', value: '2'}]}]}, {containers: [{name: 'a', env: [{name: 'B', value: 'two'}, {name: 'C', value: '3'}]}]})`,
			want: obj{"containers": arr{c("a", obj{"env": arr{obj{"name": "A", "value": "1"}, obj{"name": "B", "value": "two"}, obj{"name": "C", "value": "3"}}})}}},
		{name: "env valueFrom replaces value only by deep merge",
			expr: `kubecfg.knit.merge({env: [{name: 'A', valueFrom: {secretKeyRef: {name: 's', key: 'k'}}}]}, {env: [{name: 'A', valueFrom: {secretKeyRef: {key: 'k2'}}}]})`,
			want: obj{"env": arr{obj{"name": "A", "valueFrom": obj{"secretKeyRef": obj{"name": "s", "key": "k2"}}}}}},
		{name: "volumeMounts by mountPath",
			expr: `kubecfg.knit.merge({volumeMounts: [{name: 'v1', mountPath: '/a'}, {name: 'v2', mountPath: '/b'}]}, {volumeMounts: [{name: 'v3', mountPath: '/a', readOnly: true}, {name: 'v2', mountPath: '/c'}]})`,
			want: obj{"volumeMounts": arr{obj{"name": "v3", "mountPath": "/a", "readOnly": true}, obj{"name": "v2", "mountPath": "/b"}, obj{"name": "v2", "mountPath": "/c"}}}},
		{name: "ports by containerPort",
			expr: `kubecfg.knit.merge({ports: [{containerPort: 80, name: 'http'}]}, {ports: [{containerPort: 80, protocol: 'TCP'}, {containerPort: 443}]})`,
			want: obj{"ports": arr{obj{"containerPort": 80, "name": "http", "protocol": "TCP"}, obj{"containerPort": 443}}}},
		{name: "other arrays replace",
			expr: `kubecfg.knit.merge({containers: [{name: 'a', args: ['x', 'y'], command: ['sh']}]}, {containers: [{name: 'a', args: ['z']}]})`,
			want: obj{"containers": arr{c("a", obj{"args": arr{"z"}, "command": arr{"sh"}})}}},
		{name: "objects deep-merge, scalars replace",
			expr: `kubecfg.knit.merge({metadata: {name: 'n', labels: {a: '1', b: '2'}}, spec: {replicas: 1}}, {metadata: {labels: {b: 'two', c: '3'}}, spec: {replicas: 3}})`,
			want: obj{"metadata": obj{"name": "n", "labels": obj{"a": "1", "b": "two", "c": "3"}}, "spec": obj{"replicas": 3}}},
		{name: "element without key appended",
			expr: `kubecfg.knit.merge({containers: [{name: 'a'}]}, {containers: [{image: 'anon'}]})`,
			want: obj{"containers": arr{c("a", nil), obj{"image": "anon"}}}},
		{name: "repeated key in patch merges twice",
			expr: `kubecfg.knit.merge({env: [{name: 'A', value: '1'}]}, {env: [{name: 'A', value: '2'}, {name: 'A', x: 1}]})`,
			want: obj{"env": arr{obj{"name": "A", "value": "2", "x": 1}}}},
		{name: "keyed array over a non-array replaces",
			expr: `kubecfg.knit.merge({containers: null}, {containers: [{name: 'a'}]})`,
			want: obj{"containers": arr{c("a", nil)}}},
		{name: "new field taken as is",
			expr: `kubecfg.knit.merge({a: 1}, {spec: {containers: [{name: 'a'}]}})`,
			want: obj{"a": 1, "spec": obj{"containers": arr{c("a", nil)}}}},
		{name: "object replaced by scalar",
			expr: `kubecfg.knit.merge({a: {b: 1}}, {a: 'x'})`,
			want: obj{"a": "x"}},
		{name: "overlay is a mixin",
			expr: `{spec: {containers: [{name: 'a', image: 'x'}], replicas: 1}} + kubecfg.knit.overlay({spec: {containers: [{name: 'a', image: 'y'}]}})`,
			want: obj{"spec": obj{"containers": arr{c("a", obj{"image": "y"})}, "replicas": 1}}},
		{name: "custom keys",
			expr: `kubecfg.knit.merge({items: [{id: 1, v: 'a'}], containers: [{name: 'a'}]}, {items: [{id: 1, v: 'b'}], containers: [{name: 'a', x: 1}]}, keys={items: 'id'})`,
			want: obj{"items": arr{obj{"id": 1, "v": "b"}}, "containers": arr{c("a", obj{"x": 1})}}},
		{name: "custom keys on overlay",
			expr: `{ports: [{port: 80, name: 'a'}]} + kubecfg.knit.overlay({ports: [{port: 80, name: 'b'}]}, {ports: 'port'})`,
			want: obj{"ports": arr{obj{"port": 80, "name": "b"}}}},
		{name: "keys extended through knit",
			expr: `(kubecfg.knit {keys+: {rules: 'host'}}).merge({rules: [{host: 'a', x: 1}]}, {rules: [{host: 'a', y: 2}]})`,
			want: obj{"rules": arr{obj{"host": "a", "x": 1, "y": 2}}}},
		{name: "base hidden field stays hidden",
			expr: `std.objectFields(kubecfg.knit.merge({h:: {a: 1}, v: 1}, {h: {b: 2}}))`,
			want: arr{"v"}},
		{name: "service ports appended by default",
			expr: `kubecfg.knit.merge({ports: [{port: 80, name: 'a'}]}, {ports: [{port: 80, name: 'b'}]})`,
			want: obj{"ports": arr{obj{"port": 80, "name": "a"}, obj{"port": 80, "name": "b"}}}},
		{name: "service ports keyed by port",
			expr: `kubecfg.knit.merge({ports: [{port: 80, name: 'a'}]}, {ports: [{port: 80, name: 'b'}]}, kubecfg.knit.keys { ports: 'port' })`,
			want: obj{"ports": arr{obj{"port": 80, "name": "b"}}}},
		{name: "patch not an object",
			expr: `kubecfg.knit.merge({}, [1])`,
			err:  "knit.overlay: patch must be an object, got array"},
		{name: "keys not an object",
			expr: `kubecfg.knit.merge({}, {}, keys='name')`,
			err:  "knit.overlay: keys must be an object, got string"},
		{name: "key not a string",
			expr: `kubecfg.knit.merge({env: [{name: 'a'}]}, {env: [{name: 'a'}]}, keys={env: 1})`,
			err:  "knit.overlay: keys.env must be a string, got number"},
	})
}
