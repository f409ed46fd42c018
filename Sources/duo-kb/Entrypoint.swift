import DuoKBCLI

print("duo-kb \(DuoKBCLI.version)")
