// Starting the mock servers compared: ours (`npm run mock`) and `prism mock`, each with its
// default logging or with logging off, on a free port of 127.0.0.1.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, waitForOk, type Probe } from './http.ts';
import { treeRss } from './memory.ts';
import { DOCS, NODE, TMP, TOOLS, type DocName } from './paths.ts';
import { start, type Started } from './processes.ts';

export interface MockSetup {
  subject: string;
  args(spec: string, port: number): [string, string[]];
}

export const PRISM = 'prism mock 5.16.0';

export const MOCKS: Record<'ours' | 'oursQuiet' | 'prism' | 'prismSilent', MockSetup> = {
  ours: { subject: 'ours', args: (spec, port) => [NODE, [TOOLS.ourMock, '--spec', spec, '--host', '127.0.0.1', '--port', String(port)]] },
  oursQuiet: {
    subject: 'ours --quiet',
    args: (spec, port) => [NODE, [TOOLS.ourMock, '--spec', spec, '--host', '127.0.0.1', '--port', String(port), '--quiet']],
  },
  prism: { subject: PRISM, args: (spec, port) => [NODE, [TOOLS.prism, 'mock', '-h', '127.0.0.1', '-p', String(port), spec]] },
  prismSilent: {
    subject: `${PRISM} -v silent`,
    args: (spec, port) => [NODE, [TOOLS.prism, 'mock', '-h', '127.0.0.1', '-p', String(port), '-v', 'silent', spec]],
  },
};

/**
 * The per-session caps lifted for a throughput loop that creates for seconds in one session (a
 * few hundred thousand records): the loop measures answering, not the 507 past the default cap.
 */
export const UNCAPPED = ['--max-records', '100000000', '--max-session-bytes', '64GiB'];

/** Ours with `--stateful`, its records in the process or, given an address, in Redis. */
export function statefulMock(redisUrl?: string, extra: string[] = UNCAPPED, nodeFlags: string[] = []): MockSetup {
  return {
    subject: redisUrl ? 'ours --state redis' : 'ours --stateful',
    args: (spec, port) => [
      NODE,
      [
        ...nodeFlags,
        TOOLS.ourMock,
        '--spec',
        spec,
        '--host',
        '127.0.0.1',
        '--port',
        String(port),
        ...(redisUrl ? ['--state', redisUrl] : ['--stateful']),
        ...extra,
      ],
    ],
  };
}

/** A request each document's mock answers with 200 once it is up. */
export const FIRST_ANSWER: Record<DocName, Probe> = {
  ours: { method: 'GET', path: '/pets', headers: { authorization: 'Bearer bench-token' } },
  galaxy: { method: 'GET', path: '/planets', headers: { authorization: 'Bearer bench-token' } },
  github: { method: 'GET', path: '/' },
};

export interface RunningMock {
  url: string;
  process: Started;
  /** From spawn to the first 200. */
  startupMs: number;
  /** RSS of the process tree at the first 200. */
  rssAtFirstAnswer: number;
}

let count = 0;

/** Starts a mock and waits for its first 200; its log (with every request line) goes to a file. */
export function startMock(setup: MockSetup, doc: DocName): Promise<RunningMock> {
  return startMockOn(setup, { spec: DOCS[doc].path, name: doc, firstAnswer: FIRST_ANSWER[doc] });
}

/** The same on any description, given a request its mock answers with 200 once it is up. */
export async function startMockOn(setup: MockSetup, on: { spec: string; name: string; firstAnswer: Probe }): Promise<RunningMock> {
  const port = await freePort();
  const [command, args] = setup.args(on.spec, port);
  mkdirSync(join(TMP, 'logs'), { recursive: true });
  const log = join(TMP, 'logs', `mock-${++count}-${setup.subject.replace(/\W+/g, '-')}-${on.name}.log`);
  const url = `http://127.0.0.1:${port}`;
  const since = performance.now();
  const process = start(command, args, { log });
  try {
    const startupMs = await waitForOk(url, on.firstAnswer, since, process.exited);
    return { url, process, startupMs, rssAtFirstAnswer: treeRss(process.pid) };
  } catch (error) {
    await process.stop();
    throw new Error(`${setup.subject} on ${on.name}: ${(error as Error).message}; see ${log}`);
  }
}
