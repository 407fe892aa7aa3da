// String work: formatting, joining, splitting, replacing and
// manifesting a few hundred strings.
local words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'];
local line(i) = std.join('-', [words[(i + k) % std.length(words)] for k in std.range(0, 5)]) + '-' + i;
local lines = [line(i) for i in std.range(0, 299)];
local text = std.join('\n', lines);
{
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'strings' },
  data: {
    upper: std.asciiUpper(std.substr(text, 0, 2000)),
    replaced: std.length(std.strReplace(text, 'charlie', 'CHARLIE')),
    fields: std.length(std.flattenArrays([std.split(l, '-') for l in lines])),
    formatted: std.join(',', ['%s=%05d' % [words[i % 8], i] for i in std.range(0, 199)]),
    env: std.manifestJsonEx({ ['K' + i]: line(i) for i in std.range(0, 299) }, '  '),
    ini: std.manifestIni({ sections: { ['s' + i]: { key: line(i) } for i in std.range(0, 49) } }),
  },
}
