// Placeholder so the module compiles before its first real file lands; delete it then.
enum StringKitPlaceholder {}
