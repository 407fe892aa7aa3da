std.parseJson('{"name":"web","replicas":3,"ports":[80,443],"octal":17,"hex":31,"enabled":"yes","empty":null,"note":"Two lines,\\nkept as written.\\n"}')









