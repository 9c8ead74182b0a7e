import ArgumentParser
@main struct Feel: ParsableCommand { func run() throws { print("ok") } }
