import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SOURCE = path.join(ROOT, 'scripts', 'kafka', 'kafka-mock-broker.c');
const BINARY = path.join(ROOT, 'node_modules', '.cache', 'scentinel', 'kafka-mock-broker');

export interface KafkaTestBroker {
  /** Bootstrap addresses (`host:port`). */
  brokers: string[];
  /**
   * Takes every broker off the network (`down`: connections closed, new ones refused) or back
   * (`up`), for fault tests; the topics and their messages stay.
   */
  setNetwork(state: 'down' | 'up'): Promise<void>;
  stop(): Promise<void>;
}

/** Compiles the launcher (`scripts/kafka/kafka-mock-broker.c`) when it is missing or older than its source. */
function launcher(): string {
  if (existsSync(BINARY) && statSync(BINARY).mtimeMs >= statSync(SOURCE).mtimeMs) return BINARY;
  mkdirSync(path.dirname(BINARY), { recursive: true });
  try {
    execFileSync('cc', ['-O2', '-o', BINARY, SOURCE, '-lrdkafka'], { stdio: 'pipe' });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    throw new Error(
      `Could not build the Kafka test broker (needs a C compiler and librdkafka-dev: apt-get install librdkafka-dev):\n${stderr}`,
    );
  }
  return BINARY;
}

/**
 * The Kafka test broker: librdkafka's built-in mock cluster in a child process (adapters are
 * tested against it). `topics`: `name:partitions` to create up front (others are auto-created).
 */
export async function startKafkaTestBroker(brokerCount = 1, topics: string[] = []): Promise<KafkaTestBroker> {
  const child = spawn(launcher(), [String(brokerCount), ...topics], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += String(d);
  });
  // stdout: the bootstrap line, then one answer per command.
  let out = '';
  const waiting: ((line: string) => void)[] = [];
  child.stdout.on('data', (d) => {
    out += String(d);
    for (let nl = out.indexOf('\n'); nl >= 0 && waiting.length > 0; nl = out.indexOf('\n')) {
      const line = out.slice(0, nl).trim();
      out = out.slice(nl + 1);
      waiting.shift()!(line);
    }
  });
  const nextLine = () => new Promise<string>((resolve) => waiting.push(resolve));
  const bootstrap = await new Promise<string>((resolve, reject) => {
    nextLine().then(resolve);
    child.once('exit', (code) => reject(new Error(`Kafka test broker exited (${code}): ${stderr}`)));
    child.once('error', reject);
  });
  return {
    brokers: bootstrap.split(','),
    async setNetwork(state) {
      const answer = nextLine();
      child.stdin.write(`${state} -1\n`);
      const line = await answer;
      if (line !== 'ok') throw new Error(`Kafka test broker: ${state}: ${line}`);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.stdin.end();
      }),
  };
}
