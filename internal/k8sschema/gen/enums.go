package main

// enums are the closed value sets that Kubernetes' own validation enforces
// (its NotSupported errors) but that the published OpenAPI leaves as plain
// strings. Each is TYPE.FIELD (TYPE.FIELD[] for the items of a list) over
// the short type names. A field a minor does not have is left alone.
var enums = map[string][]string{
	"core.v1.Container.imagePullPolicy":                            {"Always", "IfNotPresent", "Never"},
	"core.v1.EphemeralContainer.imagePullPolicy":                   {"Always", "IfNotPresent", "Never"},
	"core.v1.Container.terminationMessagePolicy":                   {"File", "FallbackToLogsOnError"},
	"core.v1.EphemeralContainer.terminationMessagePolicy":          {"File", "FallbackToLogsOnError"},
	"core.v1.PodSpec.restartPolicy":                                {"Always", "OnFailure", "Never"},
	"core.v1.PodSpec.dnsPolicy":                                    {"ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"},
	"core.v1.ContainerPort.protocol":                               {"TCP", "UDP", "SCTP"},
	"core.v1.ServicePort.protocol":                                 {"TCP", "UDP", "SCTP"},
	"networking.v1.NetworkPolicyPort.protocol":                     {"TCP", "UDP", "SCTP"},
	"core.v1.ServiceSpec.type":                                     {"ClusterIP", "ExternalName", "LoadBalancer", "NodePort"},
	"core.v1.ServiceSpec.sessionAffinity":                          {"ClientIP", "None"},
	"core.v1.ServiceSpec.externalTrafficPolicy":                    {"Cluster", "Local"},
	"core.v1.ServiceSpec.internalTrafficPolicy":                    {"Cluster", "Local"},
	"core.v1.ServiceSpec.ipFamilyPolicy":                           {"SingleStack", "PreferDualStack", "RequireDualStack"},
	"core.v1.PersistentVolumeClaimSpec.accessModes[]":              {"ReadWriteOnce", "ReadOnlyMany", "ReadWriteMany", "ReadWriteOncePod"},
	"core.v1.PersistentVolumeClaimSpec.volumeMode":                 {"Block", "Filesystem"},
	"core.v1.SeccompProfile.type":                                  {"Localhost", "RuntimeDefault", "Unconfined"},
	"core.v1.AppArmorProfile.type":                                 {"Localhost", "RuntimeDefault", "Unconfined"},
	"core.v1.NodeSelectorRequirement.operator":                     {"In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt"},
	"meta.v1.LabelSelectorRequirement.operator":                    {"In", "NotIn", "Exists", "DoesNotExist"},
	"apps.v1.DeploymentStrategy.type":                              {"Recreate", "RollingUpdate"},
	"apps.v1.StatefulSetSpec.podManagementPolicy":                  {"OrderedReady", "Parallel"},
	"apps.v1.StatefulSetUpdateStrategy.type":                       {"OnDelete", "RollingUpdate"},
	"apps.v1.DaemonSetUpdateStrategy.type":                         {"OnDelete", "RollingUpdate"},
	"batch.v1.CronJobSpec.concurrencyPolicy":                       {"Allow", "Forbid", "Replace"},
	"batch.v1.JobSpec.completionMode":                              {"NonIndexed", "Indexed"},
	"networking.v1.HTTPIngressPath.pathType":                       {"Exact", "ImplementationSpecific", "Prefix"},
	"networking.v1.NetworkPolicySpec.policyTypes[]":                {"Ingress", "Egress"},
	"rbac.v1.Subject.kind":                                         {"Group", "ServiceAccount", "User"},
	"policy.v1.PodDisruptionBudgetSpec.unhealthyPodEvictionPolicy": {"AlwaysAllow", "IfHealthyBudget"},
	"autoscaling.v2.MetricSpec.type":                               {"ContainerResource", "External", "Object", "Pods", "Resource"},
	"autoscaling.v2.MetricTarget.type":                             {"AverageValue", "Utilization", "Value"},
	"autoscaling.v2.HPAScalingPolicy.type":                         {"Percent", "Pods"},
	"autoscaling.v2.HPAScalingRules.selectPolicy":                  {"Disabled", "Max", "Min"},
	"apiextensions.v1.JSONSchemaProps.type":                        {"array", "boolean", "integer", "number", "object", "string"},
}

// applyEnums sets the "e" of each field of enums that the types have.
func applyEnums(types map[string]any) {
	for spec, values := range enums {
		field, items := spec, false
		if len(field) > 2 && field[len(field)-2:] == "[]" {
			field, items = field[:len(field)-2], true
		}
		dot := lastDot(field)
		t, _ := types[field[:dot]].(map[string]any)
		props, _ := t["p"].(map[string]any)
		n, _ := props[field[dot+1:]].(map[string]any)
		if n == nil {
			continue
		}
		if items {
			n, _ = n["i"].(map[string]any)
			if n == nil {
				continue
			}
		}
		e := make([]any, len(values))
		for i, v := range values {
			e[i] = v
		}
		n["e"] = e
	}
}

func lastDot(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '.' {
			return i
		}
	}
	return -1
}
