import RunCLI
