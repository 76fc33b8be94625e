// CPU time of the API and of the database over a bench's window, read from /proc (Linux): the
// API's process and its descendants (WORKERS forks them), and the PostgreSQL backends serving one
// database (their command line names it). A sampler reads them every 500 ms and keeps each
// process's last figure, so a backend that exits mid-run (an idle pool connection closed) still
// counts what it used. PGlite runs inside the API process: its CPU is the API's.
import { readdir, readFile } from 'node:fs/promises';

/** USER_HZ: utime and stime in /proc/<pid>/stat count these ticks per second (100 on Linux). */
const TICKS_PER_SECOND = 100;
const SAMPLE_MS = 500;

type Stat = { pid: number; ppid: number; cpuMs: number };

/** /proc/<pid>/stat: the command is in parentheses and may hold spaces, so split after it. */
function parseStat(text: string): Stat | null {
  const close = text.lastIndexOf(')');
  if (close < 0) return null;
  const pid = Number(text.slice(0, text.indexOf(' ')));
  const fields = text.slice(close + 2).split(' ');
  // fields[0] is field 3 (state): ppid is field 4, utime 14 and stime 15.
  const ppid = Number(fields[1]);
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { pid, ppid, cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
}

async function readProcesses(): Promise<Stat[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const stats = await Promise.all(
    pids.map((pid) => readFile(`/proc/${pid}/stat`, 'utf8').then(parseStat, () => null)),
  );
  return stats.filter((stat): stat is Stat => stat !== null);
}

/** Whether /proc can be read here (not on macOS or Windows). */
export async function canReadProc(): Promise<boolean> {
  try {
    await readFile('/proc/self/stat', 'utf8');
    return true;
  } catch {
    return false;
  }
}

/** The pids of `root` and every process under it. */
function treeOf(root: number, stats: Stat[]): Set<number> {
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const stat of stats) {
      if (!tree.has(stat.pid) && tree.has(stat.ppid)) {
        tree.add(stat.pid);
        grew = true;
      }
    }
  }
  return tree;
}

async function backendsOf(databaseName: string, stats: Stat[]): Promise<Set<number>> {
  const backends = new Set<number>();
  await Promise.all(
    stats.map(async ({ pid }) => {
      try {
        const command = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
        // "postgres: 15/main: postgres motor_bench_x 127.0.0.1(51234) idle"
        if (command.startsWith('postgres:') && command.includes(` ${databaseName} `)) {
          backends.add(pid);
        }
      } catch {
        // gone
      }
    }),
  );
  return backends;
}

export type CpuFigures = {
  /** The API's processes (and PGlite, which runs in them). */
  apiMs: number;
  /** The database's backends; null on PGlite (no processes of its own) or without /proc. */
  databaseMs: number | null;
  /** The largest resident set of the API's processes seen, summed over them (bytes). */
  apiRssPeak: number;
};

export type CpuSampler = { stop: () => Promise<CpuFigures> };

/** Starts sampling the API at `apiPid` and, on PostgreSQL, the backends of `databaseName`. */
export async function startCpuSampler(options: {
  apiPid: number;
  databaseName: string | null;
}): Promise<CpuSampler> {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const kinds = new Map<number, 'api' | 'database'>();
  let rssPeak = 0;
  const sample = async (isFirst: boolean) => {
    const stats = await readProcesses();
    const api = treeOf(options.apiPid, stats);
    const database = options.databaseName
      ? await backendsOf(options.databaseName, stats)
      : new Set<number>();
    for (const stat of stats) {
      const kind = api.has(stat.pid) ? 'api' : database.has(stat.pid) ? 'database' : null;
      if (!kind) continue;
      kinds.set(stat.pid, kind);
      if (isFirst) first.set(stat.pid, stat.cpuMs);
      last.set(stat.pid, stat.cpuMs);
    }
    let rss = 0;
    for (const pid of api) {
      try {
        const status = await readFile(`/proc/${pid}/status`, 'utf8');
        rss += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      } catch {
        // gone
      }
    }
    rssPeak = Math.max(rssPeak, rss);
  };
  await sample(true);
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(() => sample(false)).catch(() => undefined);
  }, SAMPLE_MS);
  return {
    async stop() {
      clearInterval(timer);
      await sampling;
      await sample(false);
      const sum = (kind: 'api' | 'database') =>
        [...last]
          .filter(([pid]) => kinds.get(pid) === kind)
          .reduce((total, [pid, ms]) => total + ms - (first.get(pid) ?? 0), 0);
      return {
        apiMs: sum('api'),
        databaseMs: options.databaseName ? sum('database') : null,
        apiRssPeak: rssPeak,
      };
    },
  };
}

/** The resident set of a process tree now (bytes), from /proc. */
export async function residentSetOf(rootPid: number): Promise<number> {
  const tree = treeOf(rootPid, await readProcesses());
  let rss = 0;
  for (const pid of tree) {
    try {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      rss += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      // gone
    }
  }
  return rss;
}
