import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { processCpuSeconds } from './proc-cpu.ts';

/** TCP connections from /proc/net (Linux): local port, remote port and socket inode. */
function tcpSockets(): { local: number; remote: number; inode: string }[] {
  const sockets: { local: number; remote: number; inode: string }[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10) continue;
      const port = (address: string) => Number.parseInt(address.slice(address.lastIndexOf(':') + 1), 16);
      sockets.push({ local: port(f[1]!), remote: port(f[2]!), inode: f[9]! });
    }
  }
  return sockets;
}

function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return inodes;
  }
  for (const fd of fds) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      if (target.startsWith('socket:[')) inodes.add(target.slice(8, -1));
    } catch {
      // closed meanwhile
    }
  }
  return inodes;
}

/**
 * The Postgres backends (on this machine) serving the connections `clientPid` holds to port
 * `pgPort` now: their process ids. Empty when Postgres runs elsewhere or /proc is not readable.
 */
export function postgresBackendsOf(clientPid: number, pgPort = 5432): number[] {
  const sockets = tcpSockets();
  const clientInodes = socketInodes(clientPid);
  const clientPorts = new Set(
    sockets.filter((s) => s.remote === pgPort && clientInodes.has(s.inode)).map((s) => s.local),
  );
  const backendInodes = new Set(
    sockets.filter((s) => s.local === pgPort && clientPorts.has(s.remote)).map((s) => s.inode),
  );
  if (backendInodes.size === 0) return [];
  const backends: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === clientPid) continue;
    let comm: string;
    try {
      comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (!comm.startsWith('postgres')) continue;
    for (const inode of socketInodes(pid)) {
      if (backendInodes.has(inode)) {
        backends.push(pid);
        break;
      }
    }
  }
  return backends;
}

/** CPU seconds the given processes have used so far (a process gone since counts 0). */
export function cpuSecondsOf(pids: readonly number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      total += processCpuSeconds(pid);
    } catch {
      // ended
    }
  }
  return total;
}
