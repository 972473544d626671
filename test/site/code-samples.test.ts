// The code samples a reader copies, run as they are shown. A description whose every value
// tries to break out of its string (quotes, backticks, `${…}`, `$(…)`, backslashes, line
// breaks) in each sample's language, or to be read as an instruction (curl's `@file`,
// HTTPie's `:@file`, `:=@file`, `:=`), is built with `npm run build`; the samples are read from
// the pages in Chromium and run against a server the test starts: curl by sh, HTTPie by sh,
// JavaScript by Node, Python by python3, Go by `go run` and Java by `java` where this machine has
// them. Nothing of the description may run (each payload would create a marker file), the file a
// value names is never read (its content never reaches the server), and the server must receive
// exactly the values the description gives. Go's source is also checked literal by literal.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { ROOT } from '../helpers/paths.ts';
import { run } from '../helpers/processes.ts';
import { startRecorder, type Recorded, type Recorder } from '../helpers/recorder.ts';
import { openPanel } from '../try-it/helpers.ts';
import { removeTempDirs, serveBuiltSite, tempDir, type ServedSite } from './helpers.ts';

const NODE = join(ROOT, 'node_modules/.bin/node');
const RUN_TIMEOUT_MS = 30_000;

let dir: string;
let marker: string;
let secret: string;
let recorder: Recorder;
let site: ServedSite;
let page: Page;
let doc: Record<string, any>;
let python: { command: string; env: NodeJS.ProcessEnv; stubbed: boolean };

/** Whether a command runs at all on this machine (asked as the tests are collected). */
const available = (command: string, args: string[]): boolean => spawnSync(command, args, { stdio: 'ignore', timeout: RUN_TIMEOUT_MS }).status === 0;
// `.ci/run` installs Go; Java comes with the machine where it does. Without them, Go's source is still checked below.
const hasGo = available('go', ['version']);
const hasJava = available('java', ['-version']);

// Stands in for `requests` where it is not installed: sends the call with urllib, so the server sees it all the same.
const REQUESTS_STUB = `
import json, urllib.request, urllib.parse, uuid
def _send(method, url, headers=None, json_body=None, data=None, files=None):
    headers = dict(headers or {})
    body = None
    if json_body is not None:
        body = json.dumps(json_body).encode()
    elif files is not None:
        boundary = uuid.uuid4().hex
        parts = []
        for name, (filename, value, content_type) in files:
            parts.append(('--%s\\r\\nContent-Disposition: form-data; name="%s"\\r\\nContent-Type: %s\\r\\n\\r\\n' % (boundary, name, content_type)).encode() + value.encode() + b'\\r\\n')
        body = b''.join(parts) + ('--%s--\\r\\n' % boundary).encode()
        headers['Content-Type'] = 'multipart/form-data; boundary=' + boundary
    elif isinstance(data, dict):
        body = urllib.parse.urlencode(data).encode()
    elif data is not None:
        body = data
    with urllib.request.urlopen(urllib.request.Request(url, data=body, headers=headers, method=method)) as answer:
        return answer.read()
def post(url, headers=None, json=None, data=None, files=None):
    return _send('POST', url, headers, json, data, files)
`;
import { defined } from '../helpers/defined.ts';

/** Text of a page's code sample in one language, as a reader copies it. */
async function sample(slug: string, lang: string): Promise<string> {
  await page.goto(`${site.server.url}/operations/${slug}/`);
  const code = await page.locator(`pre[data-lang="${lang}"] code`).textContent();
  expect(code, `${slug} ${lang}`).toBeTruthy();
  return code!;
}

/** Runs a sample file and returns the one request the server received from it. */
async function runSample(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Recorded> {
  recorder.requests.length = 0;
  const result = await run(command, args, { cwd: dir, env, timeoutMs: RUN_TIMEOUT_MS });
  expect(result.code, `${command} ${args.join(' ')}:\n${result.output}`).toBe(0);
  return defined(recorder.requests[0], 'the request the sample sent');
}

type Lang = 'sh' | 'httpie' | 'js' | 'python' | 'go' | 'java';

/** Each language's way to run a sample saved in a file. */
const runners: Record<Lang, (code: string, name: string) => Promise<Recorded>> = {
  sh: (code, name) => {
    writeFileSync(join(dir, `${name}.sh`), code);
    return runSample('sh', [`${name}.sh`]);
  },
  httpie: (code, name) => {
    writeFileSync(join(dir, `${name}.httpie.sh`), code);
    return runSample('sh', [`${name}.httpie.sh`]);
  },
  go: (code, name) => {
    writeFileSync(join(dir, `${name}.go`), code);
    return runSample('go', ['run', `${name}.go`]);
  },
  // The sample is the request's statements: a class around them makes a program `java` runs from source.
  java: (code, name) => {
    const file = `${name.replace(/\W/g, '_')}.java`;
    writeFileSync(
      join(dir, file),
      `import java.net.http.*;\n\npublic class Sample {\n  public static void main(String[] args) throws Exception {\n${code}\n  }\n}\n`,
    );
    return runSample('java', [file]);
  },
  js: (code, name) => {
    writeFileSync(join(dir, `${name}.mjs`), code);
    return runSample(NODE, [`${name}.mjs`]);
  },
  python: (code, name) => {
    writeFileSync(join(dir, `${name}.py`), code);
    return runSample(python.command, [`${name}.py`], python.env);
  },
};

const markers = () => readdirSync(dir).filter((f) => f.startsWith('pwned'));

/** The example an operation's first request body declares, from the description itself. */
const bodyExample = (path: string): any => Object.values(doc.paths[path].post.requestBody.content as Record<string, { example: unknown }>)[0]?.example;
/** A parameter of the main operation, by its name or, for the one of its kind, its location. */
const parameter = (nameOrLocation: string): any =>
  (doc.paths['/things/{id}'].post.parameters as any[]).find((p) => p.name === nameOrLocation || p.in === nameOrLocation);

/** The body of a multipart request as name → value pairs, read by the platform's own parser. */
async function multipartFields(request: Recorded): Promise<[string, string][]> {
  const form = await new Response(new Uint8Array(request.body), { headers: { 'content-type': String(request.headers['content-type']) } }).formData();
  return Promise.all([...form.entries()].map(async ([name, value]) => [name, typeof value === 'string' ? value : await value.text()] as [string, string]));
}

beforeAll(async () => {
  dir = tempDir('samples');
  marker = join(dir, 'pwned');
  secret = join(dir, 'secret.txt');
  writeFileSync(secret, 'SECRET-CONTENT\n');
  recorder = await startRecorder();
  const text = readFileSync(join(ROOT, 'test/site/fixtures/hostile-samples.yaml'), 'utf8')
    .replaceAll('__PORT__', String(recorder.port))
    .replaceAll('__MARKER__', marker)
    .replaceAll('__SECRET__', secret);
  const spec = join(dir, 'openapi.yaml');
  writeFileSync(spec, text);
  doc = parseYaml(text);
  site = await serveBuiltSite('samples-site', spec);
  page = await site.browser.newPage();
  const stubbed = !available('python3', ['-c', 'import requests']);
  const env = { ...process.env };
  if (stubbed) {
    mkdirSync(join(dir, 'pystub/requests'), { recursive: true });
    writeFileSync(join(dir, 'pystub/requests/__init__.py'), REQUESTS_STUB);
    env.PYTHONPATH = [join(dir, 'pystub'), process.env.PYTHONPATH].filter(Boolean).join(delimiter);
  }
  python = { command: 'python3', env, stubbed };
  console.log(stubbed ? 'requests is not installed: the Python samples run with a stand-in module' : 'the Python samples run with requests');
  console.log(`Go samples ${hasGo ? 'run' : 'checked only (no Go here)'}; Java samples ${hasJava ? 'run' : 'not run (no Java here)'}`);
});

afterAll(async () => {
  await page?.close();
  await site?.close();
  await recorder?.close();
  removeTempDirs();
});

/** Everything the server received of one request: nothing of the file a value names may be in it. */
const received = (request: Recorded): string => `${request.target}\n${JSON.stringify(request.headers)}\n${request.body.toString('utf8')}`;

/** The request the make-thing sample must send: every value exactly as the description gives it. */
function expectMadeThing(request: Recorded): void {
  const tenant: string = doc.servers[0].variables.tenant.default;
  const [path = '', query] = request.target.split('?');
  expect(decodeURIComponent(path)).toBe(`/${tenant}/things/${parameter('id').example}`);
  // The value's own `/` is encoded: the server sees one segment for it.
  expect(path.split('/')).toHaveLength(tenant.split('/').length + 3);
  const params = [...new URLSearchParams(query)];
  expect(params).toEqual([
    [parameter('query').name, parameter('query').example],
    ['every', parameter('every').example],
  ]);
  // Header values a client could read as "this file" or "this JSON" arrive as the text they are.
  for (const name of ['X-Note', 'X-Client', 'X-Json', 'X-Raw']) expect(request.headers[name.toLowerCase()], name).toBe(parameter(name).example);
  // A header whose example has a line break is not sent at all, and nothing it carried becomes a header.
  expect(request.headers['x-broken']).toBeUndefined();
  expect(request.headers['x-injected']).toBeUndefined();
  const cookies = String(request.headers.cookie).split('; ');
  expect(cookies).toHaveLength(1);
  expect(cookies[0]?.startsWith('session=')).toBe(true);
  expect(decodeURIComponent(cookies[0]?.slice('session='.length) ?? '')).toBe(parameter('cookie').example);
  expect(JSON.parse(request.body.toString('utf8'))).toEqual(bodyExample('/things/{id}'));
  expect(received(request)).not.toContain('SECRET-CONTENT');
}

const RUN: Lang[] = ['sh', 'httpie', 'js', 'python', ...(hasGo ? (['go'] as const) : [])];

describe('code samples of a hostile description, run as shown', () => {
  for (const lang of RUN) {
    it(`${lang}: path, query, header, cookie, server variable and JSON body arrive as written; no file read, nothing runs`, async () => {
      expectMadeThing(await runners[lang](await sample('make-thing', lang), `make-thing-${lang}`));
      expect(markers()).toEqual([]);
    });

    it(`${lang}: a text body starting with @ is sent as text, not as the file it names`, async () => {
      const code = await sample('add-note', lang);
      if (lang === 'python') expect(code).toContain('data=b"');
      const request = await runners[lang](code, `add-note-${lang}`);
      expect(request.body.toString('utf8')).toBe(bodyExample('/notes'));
      expect(received(request)).not.toContain('SECRET-CONTENT');
      expect(markers()).toEqual([]);
    });

    it(`${lang}: multipart fields arrive as written (no file read for @, no ;headers=), nothing runs`, async () => {
      const code = await sample('upload', lang);
      if (lang === 'httpie') {
        // HTTPie writes multipart parts from files or printf only: its sample points to curl's instead.
        expect(code).toMatch(/curl sample sends it/);
        return;
      }
      const request = await runners[lang](code, `upload-${lang}`);
      expect(String(request.headers['content-type'])).toMatch(/^multipart\/form-data; ?boundary=/);
      expect(await multipartFields(request)).toEqual(Object.entries(bodyExample('/uploads')));
      expect(received(request)).not.toContain('SECRET-CONTENT');
      expect(markers()).toEqual([]);
    });

    it(`${lang}: a binary body arrives byte for byte, nothing runs`, async () => {
      const request = await runners[lang](await sample('put-blob', lang), `put-blob-${lang}`);
      expect(request.body.equals(Buffer.from(bodyExample('/blobs'), 'utf8'))).toBe(true);
      expect(markers()).toEqual([]);
    });

    it(`${lang}: a urlencoded form arrives as written, nothing runs`, async () => {
      const request = await runners[lang](await sample('send-form', lang), `send-form-${lang}`);
      expect([...new URLSearchParams(request.body.toString('utf8'))]).toEqual(Object.entries(bodyExample('/forms')));
      expect(received(request)).not.toContain('SECRET-CONTENT');
      expect(markers()).toEqual([]);
    });
  }

  if (hasJava) {
    it('java: a query value with {} and every other character, and every hostile value, arrive as written; nothing runs', async () => {
      expectMadeThing(await runners.java(await sample('make-thing', 'java'), 'make-thing-java'));
      expect(markers()).toEqual([]);
    });
  }

  it('values a reader types in the panel arrive as typed from the samples the page writes again; no file read, nothing runs', async () => {
    await page.goto(`${site.server.url}/operations/make-thing/`);
    // The description's own server (the test's), where the panel starts.
    await openPanel(page, { target: 'first' });
    const typed = { 'X-Client': `@${secret}`, 'X-Json': `=@${secret}`, every: `{}==@${secret}$(touch ${marker}-typed)` };
    for (const [label, value] of Object.entries(typed)) await page.getByLabel(label).fill(value);
    const code = page.locator('pre[data-lang="httpie"] code');
    // The last value typed is in the sample the page wrote again.
    await expect.poll(() => code.textContent()).toContain('pwned-typed');
    for (const lang of ['httpie', 'sh', 'python'] as const) {
      const request = await runners[lang]((await page.locator(`pre[data-lang="${lang}"] code`).textContent()) ?? '', `typed-${lang}`);
      expect(request.headers['x-client'], lang).toBe(typed['X-Client']);
      expect(request.headers['x-json'], lang).toBe(typed['X-Json']);
      expect(new URLSearchParams(request.target.split('?')[1]).get('every'), lang).toBe(typed.every);
      expect(received(request), lang).not.toContain('SECRET-CONTENT');
    }
    expect(markers()).toEqual([]);
  });

  it('Go: every hostile value stays inside a string literal, and the literals hold the values as written', async () => {
    for (const slug of ['make-thing', 'add-note', 'upload', 'put-blob', 'send-form']) {
      const code = await sample(slug, 'go');
      const literals = goLiterals(code);
      let at = code.indexOf('pwned');
      expect(at, slug).toBeGreaterThan(0);
      for (; at >= 0; at = code.indexOf('pwned', at + 1)) {
        expect(
          literals.some((l) => l.start < at && at < l.end),
          `${slug}: "pwned" outside a string at ${at}`,
        ).toBe(true);
      }
      const values = literals.map((l) => l.value);
      if (slug === 'make-thing') expect(values).toContain(parameter('X-Note').example);
      if (slug === 'upload') for (const value of Object.values(bodyExample('/uploads'))) expect(values).toContain(value);
      if (slug === 'put-blob') expect(values).toContain(bodyExample('/blobs'));
    }
    expect(markers()).toEqual([]);
  });

  it('says beside the samples which header they leave out, and why', async () => {
    await page.goto(`${site.server.url}/operations/make-thing/`);
    const notes = await page.locator('[data-sample-omitted]').allTextContents();
    expect(notes).toEqual(['Left out of the samples: the value of the X-Broken header has a line break (CR or LF), which would end the header early.']);
    for (const lang of ['sh', 'js', 'python', 'go']) expect(await page.locator(`pre[data-lang="${lang}"] code`).textContent()).not.toContain('X-Broken');
  });
});

interface Literal {
  start: number;
  end: number;
  /** The string's value: raw strings as written, interpreted ones decoded. */
  value: string;
}

/**
 * The string and rune literals of Go source, comments skipped: enough to tell whether a piece of
 * text sits inside a literal. Interpreted strings are decoded as JSON, the escapes the generator writes.
 */
function goLiterals(source: string): Literal[] {
  const out: Literal[] = [];
  let i = 0;
  while (i < source.length) {
    const two = source.slice(i, i + 2);
    if (two === '//') i = source.indexOf('\n', i) < 0 ? source.length : source.indexOf('\n', i);
    else if (two === '/*') i = source.indexOf('*/', i + 2) + 2;
    else if (source[i] === '`') {
      const end = source.indexOf('`', i + 1);
      if (end < 0) throw new Error(`unterminated raw string at ${i}`);
      out.push({ start: i, end, value: source.slice(i + 1, end) });
      i = end + 1;
    } else if (source[i] === '"' || source[i] === "'") {
      const quote = source[i];
      let j = i + 1;
      while (source[j] !== quote) {
        if (j >= source.length || source[j] === '\n') throw new Error(`unterminated literal at ${i}`);
        j += source[j] === '\\' ? 2 : 1;
      }
      out.push({ start: i, end: j, value: quote === '"' ? (JSON.parse(source.slice(i, j + 1)) as string) : source.slice(i + 1, j) });
      i = j + 1;
    } else i++;
  }
  return out;
}
