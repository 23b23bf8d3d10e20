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
  const bootstrap = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve(line.trim());
    });
    child.once('exit', (code) => reject(new Error(`Kafka test broker exited (${code}): ${stderr}`)));
    child.once('error', reject);
  });
  return {
    brokers: bootstrap.split(','),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.stdin.end();
      }),
  };
}
