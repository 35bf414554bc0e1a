// A real `seaview serve` for the browser tests: a process on 127.0.0.1 over an SQLite
// file, its chance seeded, started (again, on the same port and database) and stopped.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

export class Serving {
  constructor(db, seed, python = process.env.PYTHON ?? "python3") {
    this.args = ["-m", "seaview_rules.cli", "serve", "--db", db, "--seeded", String(seed)];
    this.python = python;
    this.process = null;
  }

  // Start on ``port`` (0: a free one); the server's origin once it listens.
  start(port = 0) {
    return new Promise((resolve, reject) => {
      this.process = spawn(this.python, [...this.args, "--port", String(port)], { stdio: ["ignore", "pipe", "inherit"] });
      createInterface({ input: this.process.stdout }).once("line", (line) => {
        const found = line.match(/listening on (http:\/\/127\.0\.0\.1:\d+)\//);
        found ? resolve(found[1]) : reject(new Error(`the server did not start: ${line}`));
      });
      this.process.once("exit", (code) => reject(new Error(`the server exited (${code})`)));
    });
  }

  // Whether the process has ended.
  get ended() {
    return !this.process || this.process.exitCode !== null || this.process.signalCode !== null;
  }

  // Stop it (SIGTERM) and wait until it has ended.
  stop() {
    return new Promise((resolve) => {
      if (this.ended) return resolve();
      this.process.removeAllListeners("exit");
      this.process.once("exit", resolve);
      this.process.kill("SIGTERM");
    });
  }

  // Stop it without waiting (a watchdog, a test's end).
  kill() {
    if (this.ended) return;
    this.process.removeAllListeners("exit");
    this.process.kill("SIGTERM");
  }
}
