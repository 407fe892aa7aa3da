# nothing here
null
