import Foundation
import RunCLI

exit(CLI.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
             console: .standard()))
