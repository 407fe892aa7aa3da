// nothing here
null
