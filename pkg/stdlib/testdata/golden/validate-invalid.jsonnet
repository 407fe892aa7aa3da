// An object with three problems against its schema: every one is named.
local kubecfg = import 'kubecfg.libsonnet';

local schema = {
  type: 'object',
  required: ['name', 'replicas'],
  properties: {
    name: { type: 'string', pattern: '^[a-z]+$' },
    replicas: { type: 'integer', minimum: 1 },
    ports: { type: 'array', items: { type: 'integer' } },
  },
  additionalProperties: false,
};

kubecfg.validateJSONSchema({ name: 'Web', ports: [80, '443'], extra: true }, schema)
