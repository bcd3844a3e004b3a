// Outside programs that tests run (Envoy, Prometheus, ...): a free port to give them, and a
// child process that never outlives the test run.
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

export interface OwnedProcess {
  child: ChildProcess;
  /** Everything it wrote so far ('' when its output is discarded). */
  stdout: () => string;
  stderr: () => string;
  /** Why it is no longer running, with what it wrote to stderr; undefined while it runs. */
  exitReason: () => string | undefined;
  /** SIGTERM, then SIGKILL after 5 s; removes `workDir` once it has exited. */
  stop: () => Promise<void>;
}

/** Starts `binary`; it is killed when this process exits, even if a test never calls stop(). */
export function startOwnedProcess(binary: string, args: readonly string[], options: { name: string; workDir?: string; discardStdout?: boolean }): OwnedProcess {
  // Discarded output goes to /dev/null rather than through this process (a benchmark's load
  // generator must not spend its time reading a server's access log).
  const child = spawn(binary, args, { stdio: ['ignore', options.discardStdout ? 'ignore' : 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve();
    }),
  );
  const killOnExit = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  const running = (): boolean => child.exitCode === null && child.signalCode === null;
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exitReason: () => (running() ? undefined : `${options.name} exited (${String(child.exitCode ?? child.signalCode)}): ${stderr.trim()}`),
    stop: async () => {
      process.removeListener('exit', killOnExit);
      if (running()) {
        child.kill('SIGTERM');
        const escalate = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(escalate);
      }
      if (options.workDir) await rm(options.workDir, { recursive: true, force: true });
    },
  };
}
