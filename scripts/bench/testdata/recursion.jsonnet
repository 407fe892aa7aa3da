// Deep recursion: non-tail recursive functions 200 frames deep, called
// many times, and a naive Fibonacci. (400 frames deep, as first written,
// crashes the wasm build in Node: see e2e/hostile/cases/wasm-host-stack.)
local sum(n) = if n == 0 then 0 else n + sum(n - 1);
local depth(xs, i) = if i == std.length(xs) then 0 else 1 + depth(xs, i + 1);
local fib(n) = if n < 2 then n else fib(n - 1) + fib(n - 2);
local xs = std.range(1, 200);
{
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'recursion' },
  data: {
    sums: std.toString([sum(200 - i) for i in std.range(0, 39)]),
    depth: std.toString(depth(xs, 0)),
    fib: std.toString(fib(18)),
  },
}
